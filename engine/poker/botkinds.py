"""The house bots a poker table can seat, by the word that names each ('table bot add strong'), and the one way the
table, the benchmark and the tests ask any of them for a move: ``bot_move(kind, seat, rng)``.

A bot is given its seat (``BotSeat``): the table as its seat may see it (``seatview.table_view``), what its seat has
seen of the game so far (``knowledge.SeatMemory``, folded from ``seatview.event_for``) and its legal moves; nothing
else of the game. Its randomness is the generator it is given."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.poker import moves as mv
from engine.poker.housebots import cautious_move, random_move
from engine.poker.knowledge import SeatMemory
from engine.poker.strongbot import strong_move
from engine.poker.threshold import threshold_move


@dataclass(frozen=True, slots=True)
class BotSeat:
    view: dict[str, Any]
    legal: Sequence[mv.Move]
    memory: SeatMemory


Strategy = Callable[[BotSeat, random.Random], mv.Move]

STRATEGIES: dict[str, Strategy] = {
    "strong": lambda seat, rng: strong_move(seat.view, seat.legal, seat.memory, rng),
    "threshold": lambda seat, rng: threshold_move(seat.view, seat.legal),
    "cautious": lambda seat, rng: cautious_move(seat.view, seat.legal),
    "random": lambda seat, rng: random_move(seat.view, seat.legal, rng),
}
"""Every strategy by name, strongest first; 'random' (any legal move) is the benchmark's yardstick, not a house bot."""
HOUSE_KINDS = ("strong", "threshold", "cautious")
"""The house bots a table can seat, strongest first (the first is the default)."""


def bot_move(kind: str, seat: BotSeat, rng: random.Random) -> mv.Move:
    return STRATEGIES[kind](seat, rng)
