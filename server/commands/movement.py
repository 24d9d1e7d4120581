"""Looking around and moving between rooms."""

from __future__ import annotations

import time

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import required
from server.commands.who import idle
from server.commands.registry import command, fallback
from server.session import Session


HERE = ("here", "room")
"""What 'look' and 'examine' take for the room itself."""


@command("look", "l", "examine", "ex", category="world")
async def look(session: Session, args: str) -> None:
    """look [player|me|here]      or      examine [player|me|here]

    Describe the room you are in ('look here' too): who else is here, the
    tables and who sits at them, and the ways out. 'look <player>' (or 'look
    me') shows a player here: what they are doing, their table and score, and
    how long they have been idle.
    """
    if args.strip() and args.strip().casefold() not in HERE:
        session.tell(_player(session, args.strip()), "look")
    else:
        session.send(session.services.world.describe(session.player))


@command("inventory", "inv", "i", category="world")
async def inventory(session: Session, args: str) -> None:
    """inventory

    What you carry: nothing here but your luck (the cubes are the table's).
    """
    session.tell(texts.INVENTORY)


def _player(session: Session, word: str) -> str:
    """What 'look <player>' shows: a person here, or a house bot at a table here."""
    services, name = session.services, session.player
    here = services.world.location(name).key
    wanted = name if word.casefold() in ("me", "myself") else word
    target = services.world.find_player(wanted)
    if target is None or services.world.location(target).key != here:
        bot = next((seat for live in services.tables.in_room(here) for seat in live.table.view().seats
                    if seat.bot and seat.name.casefold() in (wanted.casefold(), f"{wanted.casefold()}.bot")), None)
        if bot is None:
            raise Refusal(texts.NOT_HERE.format(name=word))
        live = services.tables.seat_of(bot.name)
        assert live is not None
        return texts.LOOK_BOT.format(name=bot.name, table=live.table.number, score=bot.score)
    other = services.presence.players[target]
    doing = "" if target in session.ignoring else other.doing
    lines = [f"{target}{f' ({doing})' if doing else ''}"]
    live = services.tables.followed(target)
    if live is None:
        lines.append(texts.LOOK_NO_TABLE.format(name=target))
    elif live.table.is_seated(target):
        seat = next(s for s in live.table.view().seats if s.name == target)
        state = "in the game" if seat.in_game else "not in the game yet"
        lines.append(texts.LOOK_SEATED.format(name=target, table=live.table.number, score=seat.score, state=state))
    else:
        lines.append(texts.LOOK_WATCHING.format(name=target, table=live.table.number))
    lines.append(texts.LOOK_IDLE.format(idle=idle(time.monotonic() - other.last_active)))
    return "\n".join(lines)


@command("go", "goto", "move", category="world")
async def go(session: Session, args: str) -> None:
    """go <exit>      or      go #<room>

    Leave the room through an exit. Typing the exit's name alone works too.
    A builder goes straight to a room they dug by its number: go #1.
    """
    word, world = required(args), session.services.world
    own = _own_room(session, word) if world.location(session.player).find_exit(word) is None else None
    if own is None:
        session.services.presence.deliver(world.go(session.player, word))
    else:
        session.services.presence.deliver(world.teleport(session.player, own))
    await session.services.presence.moved(session.player)


def _own_room(session: Session, word: str) -> str | None:
    """The key of the room ``#<number>`` if this player dug it (the way in, before any exit leads there)."""
    key = word.strip()
    if not key.startswith("#") or key not in {room.key for room in session.services.world.rooms()}:
        return None
    return key if session.services.world.room(key).owner == session.player else None


@command("home", category="world")
async def home(session: Session, args: str) -> None:
    """home

    Go back to the room where everyone arrives, from anywhere: whatever
    happens to a room's exits, nobody is ever stuck in it.
    """
    world = session.services.world
    start = world.room(world.start)
    if world.location(session.player).key == start.key:
        raise Refusal(texts.HOME_ALREADY.format(room=start.name))
    session.services.presence.deliver(world.teleport(session.player, start.key))
    await session.services.presence.moved(session.player)


@fallback
async def bare_exit(session: Session, line: str) -> bool:
    """An exit's name typed on its own moves you through it."""
    world = session.services.world
    if world.location(session.player).find_exit(line) is None:
        return False
    session.services.presence.deliver(world.go(session.player, line))
    await session.services.presence.moved(session.player)
    return True
