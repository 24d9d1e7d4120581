"""New Cosmic Poker's figures of a finished game per player, read from its events, and how 'stats' and 'top' add
them up."""

from __future__ import annotations

from collections import Counter

from engine.poker import PokerGame
from engine.poker import happenings as ev
from rooms.tables import BOT_SUFFIX
from server.store import Result, Tally, Total

TALLY = Tally({"hands_won": Total.SUM, "bases": Total.SUM, "best_warp": Total.MAX}, tiebreak="hands_won")
"""Hands won and foreign bases over all games, and the biggest Warp ever taken; hands won break a tie."""


def results(game: PokerGame) -> list[Result]:
    """Each player's result: won or not, score (foreign bases at the end), and poker's own figures."""
    state = game.state
    hands: Counter[str] = Counter()
    best: Counter[str] = Counter()
    for event in game.events:
        if isinstance(event, ev.HandWon):
            hands[event.player] += 1
            best[event.player] = max(best[event.player], event.lucre)
    return [Result(name, name == state.winner, state.players[name].bases, name.endswith(BOT_SUFFIX),
                   {"hands_won": hands[name], "bases": state.players[name].bases, "best_warp": best[name]})
            for name in state.seats]
