"""Every game's turn verbs as commands: ``roll`` (or ``hold``...) goes to the table the player sits at, whose game
reads it. Each verb is registered once, with the first game's docstring as its help (Cosmic Wimpout's, for the
verbs it has); a game registered later adds the verbs that are new. A verb that is also an exit's name here (poker's
'out', the default world's exits' alias) takes the exit for anyone whose table does not play it."""

from __future__ import annotations

from rooms.messages import Refusal
from server import texts
from server.commands.movement import bare_exit
from server.commands.registry import REGISTRY, Handler
from server.commands.seating import seated
from server.gametypes import GAME_TYPES, GameType, Verb
from server.sanctions import may_talk
from server.session import Session


def _dispatch(name: str, first: Verb) -> Handler:
    async def verb(session: Session, args: str) -> None:
        live = session.services.tables.seat_of(session.player)
        found = None if live is None else next((v for v in live.kind.verbs if v.name == name), None)
        if found is None and await bare_exit(session, f"{name} {args}".strip()):
            return
        live = seated(session)
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
