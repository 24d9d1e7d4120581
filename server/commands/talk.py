"""Talking: to the room, to one person here, to people anywhere (page, reply), and choosing whom not to hear."""

from __future__ import annotations

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError, required, target_and_text
from server.commands.registry import REGISTRY, command
from server.community.sanctions import may_talk
from server.community.names import skeleton
from server.session import Session


@command("say", '"', "'", category="talk")
def say(session: Session, args: str) -> None:
    """say <message>      or      "<message>      or      '<message>

    Say something to everyone in the room (and to the players and watchers of
    its tables, wherever they are). You see: You say, "hi"
    and the others see: Igor says, "hi"
    """
    text = required(args)
    may_talk(session)
    services = session.services
    services.presence.deliver(services.world.say(session.player, text))


@command("pose", ":", "emote", category="talk")
def pose(session: Session, args: str) -> None:
    """pose <action>      or      :<action>      or      emote <action>

    Act something out for the room: ":falls down" shows "Igor falls down."
    Start with ' to join your name: ":'s dice are hot" shows "Igor's dice are hot".
    """
    _pose(session, args, joined=False)


@command(";", category="talk")
def semipose(session: Session, args: str) -> None:
    """;<action>

    A pose joined to your name with no space: ";'s dice are hot" shows
    "Igor's dice are hot", ";-the-bold waves" shows "Igor-the-bold waves".
    """
    _pose(session, args, joined=True)


def _pose(session: Session, args: str, joined: bool) -> None:
    text = required(args)
    may_talk(session)
    services = session.services
    services.presence.deliver(services.world.pose(session.player, text, joined=joined))


@command("think", category="talk")
def think(session: Session, args: str) -> None:
    """think <thought>

    Show a line to yourself alone (nobody else sees it): a note, or a way to
    try out what a message looks like.
    """
    session.tell(required(args))


@command("page", "p", category="talk")
async def page(session: Session, args: str) -> None:
    """page <player> [<player> ...]=<message>      or      page =<message>

    Send a message to connected players wherever they are; the start of a name
    is enough if only one player's name starts so. 'page =<message>' pages
    the same people again; 'r <message>' answers who last paged you. They see:
      Igor pages from The Cosmic Lobby: "<message>"
    """
    names, sep, text = args.partition("=")
    words = names.replace(",", " ").split()
    if not sep or not text.strip() or (names.strip() and not words):  # (names that are only commas)
        raise UsageError
    world = session.services.world
    if words:
        targets = list(dict.fromkeys(world.match_player(word) for word in words))
    elif session.last_paged:
        targets = [world.match_player(name) for name in session.last_paged]
    else:
        raise Refusal(texts.NOBODY_PAGED)
    await _page(session, targets, text.strip())


@command("r", category="talk")
async def reply(session: Session, args: str) -> None:
    """r <message>      (r alone: roll)

    Answer the last player who paged you, wherever they are. On its own, at
    your table, 'r' throws the cubes.
    """
    if not args.strip():
        roll = REGISTRY.find("roll")
        assert roll is not None  # a turn verb of the default game
        rolled = roll.handler(session, args)
        if rolled is not None:
            await rolled
    elif session.last_pager is None:
        raise Refusal(texts.NOBODY_TO_ANSWER)
    else:
        await _page(session, [session.services.world.match_player(session.last_pager)], args.strip())


async def _page(session: Session, targets: list[str], text: str) -> None:
    """Page ``targets`` (except those with haven set, which the pager is told of); who hears it can 'r' back."""
    may_talk(session)
    services, me = session.services, session.player
    haven = [name for name in targets if services.presence.players[name].options.get("haven") == "on" and name != me]
    for name in haven:
        session.refuse(texts.HAVEN.format(name=name), "refused")
    targets = [name for name in targets if name not in haven]
    if not targets:
        return
    session.last_paged = targets
    services.presence.deliver(services.world.page(me, targets, text))
    for name in targets:
        other = services.presence.players[name]
        if me not in other.ignoring and name != me:
            other.last_pager = me


@command("whisper", "w", category="talk")
def whisper(session: Session, args: str) -> None:
    """whisper <player>=<message>

    Say something to one player in the same room; nobody else hears it.
    """
    target, text = target_and_text(args)
    may_talk(session)
    session.services.presence.deliver(session.services.world.whisper(session.player, target, text))


@command("ignore", category="talk")
async def ignore(session: Session, args: str) -> None:
    """ignore [player]

    Stop hearing a player anywhere: what they say, pose, page, whisper or say on
    a channel no longer reaches you, and they are not told. Kept for your next
    visits. 'ignore' alone lists whom you ignore; 'unignore <player>' undoes it.
    """
    if not args.strip():
        names = ", ".join(sorted(session.ignoring))
        session.tell(texts.IGNORE_LIST.format(names=names) if names else texts.IGNORE_NONE)
        return
    name = await player_name(session, args)
    if name == session.player:
        raise Refusal(texts.IGNORE_SELF)
    if name in session.ignoring:
        raise Refusal(texts.IGNORING_ALREADY.format(name=name))
    await _set_ignored(session, name, True)
    session.tell(texts.IGNORING.format(name=name))


@command("unignore", category="talk")
async def unignore(session: Session, args: str) -> None:
    """unignore <player>

    Hear a player you ignored again.
    """
    word = required(args)
    name = next((n for n in session.ignoring if n.casefold() == word.casefold()), None)
    if name is None:
        raise Refusal(texts.NOT_IGNORING.format(name=word))
    await _set_ignored(session, name, False)
    session.tell(texts.UNIGNORED.format(name=name))


async def _set_ignored(session: Session, name: str, ignored: bool) -> None:
    assert session.account is not None
    await session.services.store.set_ignored(session.account.skeleton, name, ignored)
    (session.ignoring.add if ignored else session.ignoring.discard)(name)


async def player_name(session: Session, args: str) -> str:
    """A player by name: a connected one by the start of their name, else any account by its whole name."""
    word = required(args)
    account = await session.services.store.find(skeleton(word))
    if account is not None and account.name.casefold() == word.casefold():
        return account.name
    if not session.services.world.matching(word):
        raise Refusal(texts.NO_SUCH_PLAYER.format(name=word))
    return session.services.world.match_player(word)
