"""Every game's turn verbs as commands: ``roll`` (or ``hold``...) goes to the table the player sits at, whose game
reads it. Each verb is registered once, with the first game's docstring as its help (Cosmic Wimpout's, for the
verbs it has); a game registered later adds the verbs that are new. A verb that is also an exit's name here (poker's
'out', the default world's exits' alias) takes the exit for anyone whose table does not play it."""

from __future__ import annotations

import re

from rooms.messages import Refusal
from server.words import posttexts, texts
from server.commands.movement import bare_exit
from server.commands.registry import REGISTRY, Handler
from server.commands.seating import seated
from server.games.gametypes import GAME_TYPES, GameType, Verb
from server.tables.livetable import Live
from server.community.sanctions import may_talk
from server.session import Session

AT_TABLE = re.compile(r"@[0-9]{1,6}")
"""A move's table named among its words: 'roll @3'."""


def _aimed(session: Session, verb: str, args: str) -> tuple[Live | None, str]:
    """The table a move goes to, and the move's words: the one named by ``@N`` among them; else the current one
    (``Tables.seat_of``) if it is live, chosen ('play N', 'next', the last one sat at) or waits on the player; else
    the one correspondence table that waits on them. Where several wait on them, the move is refused as ambiguous."""
    tables, name = session.services.tables, session.player
    words = args.split()
    named = [word for word in words if AT_TABLE.fullmatch(word)]
    if named:
        live = tables.get(int(named[-1][1:]))
        if not live.table.is_seated(name):
            raise Refusal(posttexts.NOT_SEATED_AT.format(number=live.table.number))
        return live, " ".join(word for word in words if word not in named)
    live = tables.seat_of(name)
    if (live is None or live.post is None or tables.where.chosen(name, live)
            or name in live.table.play.waiting_on()):
        return live, args
    waiting = tables.posts.awaiting(name)
    if len(waiting) > 1:
        numbers = ", ".join(str(other.table.number) for other in waiting)
        raise Refusal(posttexts.WHICH.format(numbers=numbers, verb=verb, first=waiting[0].table.number))
    return (waiting[0] if waiting else live), args


def _dispatch(name: str, first: Verb) -> Handler:
    async def verb(session: Session, args: str) -> None:
        live, args = _aimed(session, name, args)
        found = None if live is None else next((v for v in live.kind.verbs if v.name == name), None)
        if found is None and await bare_exit(session, f"{name} {args}".strip()):
            return
        live = live or seated(session)
        if found is None:
            raise Refusal(texts.NOT_A_MOVE_HERE.format(verb=name, number=live.table.number, game=live.kind.title))
        if found.speaks(args):
            may_talk(session)
        await session.services.tables.act(live, found.run(session.player, live, args))

    verb.__doc__ = first.run.__doc__
    verb.__name__ = verb.__qualname__ = first.run.__name__
    return verb


def _install(game: GameType) -> None:
    for verb in game.verbs:
        if REGISTRY.find(verb.name) is None:
            REGISTRY.command(verb.name, *verb.aliases, category="turn")(_dispatch(verb.name, verb))


GAME_TYPES.on_register(_install)
