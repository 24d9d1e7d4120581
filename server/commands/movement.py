"""Looking around and moving between rooms."""

from __future__ import annotations

from server.commands.args import required
from server.commands.registry import command, fallback
from server.session import Session


@command("look", "l", category="world")
async def look(session: Session, args: str) -> None:
    """look

    Describe the room you are in, who else is here and the ways out.
    """
    session.send(session.server.world.describe(session.player))


@command("go", "goto", "move", category="world")
async def go(session: Session, args: str) -> None:
    """go <exit>

    Leave the room through an exit. Typing the exit's name alone works too.
    """
    session.server.deliver(session.server.world.go(session.player, required(args)))


@fallback
async def bare_exit(session: Session, line: str) -> bool:
    """An exit's name typed on its own moves you through it."""
    world = session.server.world
    if world.location(session.player).find_exit(line) is None:
        return False
    session.server.deliver(world.go(session.player, line))
    return True
