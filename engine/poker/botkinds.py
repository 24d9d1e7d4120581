"""The house bots a poker table can seat, by the word that names each ('table bot add strong'), and the one way the
table, the benchmark and the tests ask any of them for a move: ``bot_move(kind, seat, rng)``.

A bot is given its seat (``knowledge.BotSeat``, made by ``seat_of``): the table as its seat may see it
(``seatview.table_view``), what its seat has seen of the game so far (``knowledge.SeatMemory``, folded from
``seatview.event_for``), its legal moves and the ids of its own cards; nothing else of the game. Its randomness is the
generator it is given."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.poker import moves as mv
from engine.poker.cards import listing
from engine.poker.housebots import cautious_move, random_move
from engine.poker.knowledge import BotSeat, SeatMemory
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import table_view
from engine.poker.strongbot import strong_move
from engine.poker.threshold import threshold_move

Strategy = Callable[[BotSeat, random.Random], mv.Move]

STRATEGIES: dict[str, Strategy] = {
    "strong": strong_move,
    "threshold": lambda seat, rng: threshold_move(seat.view, seat.legal),
    "cautious": lambda seat, rng: cautious_move(seat.view, seat.legal),
    "random": lambda seat, rng: random_move(seat.view, seat.legal, rng),
}
"""Every strategy by name, strongest first; 'random' (any legal move) is the benchmark's yardstick, not a house bot."""
HOUSE_KINDS = ("strong", "threshold", "cautious")
"""The house bots a table can seat, strongest first (the first is the default)."""


def bot_move(kind: str, seat: BotSeat, rng: random.Random) -> mv.Move:
    return STRATEGIES[kind](seat, rng)


def seat_of(game: PokerGame, name: str, memory: SeatMemory) -> BotSeat:
    """``name``'s seat in ``game`` as a bot is given it (``memory``: what the seat has seen, kept up to date by the
    caller): its view, its legal moves, the ids of the cards of its own it can see."""
    player = game.state.players[name]
    cards = listing(card for card in player.hand if card not in player.hidden)
    return BotSeat(table_view(game.state, name), game.legal_actions(name), memory, cards)
