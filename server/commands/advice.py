"""Advice, where the game gives it: 'hint' at your turn, and 'review' of a finished game (Cosmic Wimpout's by its
solved tables, New Cosmic Poker's by its strong house bot's estimates)."""

from __future__ import annotations

from rooms.messages import Refusal
from server.words import texts
from server.commands.records import finished_game
from server.commands.registry import command
from server.commands.seating import seated
from server.games.gametypes import GAME_TYPES, Advising, GameType
from server.session import Session


NO_HINT_RATED = ("No hints at a rated table while its game is on: open one with 'rated=off' to play with them, or"
                 " 'review' the game after it.")
"""The one refusal of advice during a rated game (issue 40): the solver's moves are not for rated play."""


def advising(kind: GameType) -> Advising:
    """The game's advice, or a refusal saying it gives none."""
    if not isinstance(kind, Advising):
        raise Refusal(texts.NO_ADVICE.format(game=kind.title))
    return kind


@command("hint", category="turn")
async def hint(session: Session, args: str) -> None:
    """hint

    At your turn, in a game that gives hints: each thing you may do now with
    your chance of winning if you do it and play perfectly after, best first.
    Not at a rated table while its game is on (the solver would play for
    you): at tables opened with 'rated=off', in the tutorial, and in
    'review' after the game.
    """
    live = seated(session)
    advice = advising(live.kind)
    if not live.table.advice and live.table.play.started and not live.table.play.is_over:
        raise Refusal(NO_HINT_RATED)
    session.send(await advice.hint(session.services, live.table, session.player))


@command("review", category="records")
async def review(session: Session, args: str) -> None:
    """review <game>

    The decisions of a finished game that lost the most winning chance, each
    with the best choice (game numbers from 'history'). Cosmic Wimpout's are
    exact (two-player games, by the solved tables); New Cosmic Poker's are the
    strong house bot's estimates, and show you only your own decisions.
    """
    game, played = await finished_game(session, args)
    text = await advising(GAME_TYPES.of_stored(played)).review(session.services, game, played.events,
                                                                session.player)
    session.page(text, "records")
