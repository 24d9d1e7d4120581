"""Talking: to the room, to one person here, to one person anywhere."""

from __future__ import annotations

from server.commands.args import required, target_and_text
from server.commands.registry import command
from server.session import Session


@command("say", '"', category="talk")
async def say(session: Session, args: str) -> None:
    """say <message>      or      "<message>

    Say something to everyone in the room (and to the players and watchers of
    its tables, wherever they are). You see: You say, "hi"
    and the others see: Igor says, "hi"
    """
    server = session.server
    server.deliver(server.world.say(session.player, required(args), also=_table_listeners(session)))


@command("pose", ":", category="talk")
async def pose(session: Session, args: str) -> None:
    """pose <action>      or      :<action>

    Act something out for the room: ":falls down" shows "Igor falls down."
    Start with ' to join your name: ":'s dice are hot" shows "Igor's dice are hot".
    """
    server = session.server
    server.deliver(server.world.pose(session.player, required(args), also=_table_listeners(session)))


def _table_listeners(session: Session) -> list[str]:
    return session.server.tables.listeners(session.server.world.location(session.player).key)


@command("page", "p", category="talk")
async def page(session: Session, args: str) -> None:
    """page <player>=<message>

    Send a message to a connected player wherever they are. They see:
    Igor pages from The Cosmic Lobby: "<message>"
    """
    target, text = target_and_text(args)
    session.server.deliver(session.server.world.page(session.player, target, text))


@command("whisper", "w", category="talk")
async def whisper(session: Session, args: str) -> None:
    """whisper <player>=<message>

    Say something to one player in the same room; nobody else hears it.
    """
    target, text = target_and_text(args)
    session.server.deliver(session.server.world.whisper(session.player, target, text))
