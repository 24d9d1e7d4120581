"""What Cosmic Wimpout's daily challenge and puzzles keep (server.puzzles): its own protocol, beside the others of
``server.store.repositories``, and the rows it reads."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol


BOTS = "bots"
"""The source of the puzzles from house bots' games: the fallback of a server with too few real games, served last."""


@dataclass(frozen=True, slots=True)
class DailyPlay:
    """One player's daily challenge of one day: its events so far, its score, whether it is over."""

    events: list[dict[str, Any]]
    score: int
    finished: bool


@dataclass(frozen=True, slots=True)
class PuzzleRow:
    id: int
    source: str
    """Where its position comes from, in words ("game #12", "a bot game")."""
    position: list[dict[str, Any]]
    """The events of the game up to the decision."""
    choices: list[dict[str, Any]]
    """Each choice's command and chance of winning, best first."""
    rating: float
    plays: int


@dataclass(frozen=True, slots=True)
class Solver:
    """A player's puzzle record: rating, puzzles played and solved, the puzzle they were shown and have not answered."""

    rating: float
    played: int
    solved: int
    current: int | None


class PuzzleStore(Protocol):
    async def daily_play(self, day: str, player: str) -> DailyPlay | None: ...

    async def begin_daily(self, day: str, player: str, events: list[dict[str, Any]], now: float) -> bool:
        """Keep a new daily challenge: False (nothing changed) if the player has one that day already."""
        ...

    async def save_daily(self, day: str, player: str, events: list[dict[str, Any]], score: int,
                         finished: bool) -> None: ...

    async def daily_board(self, day: str, limit: int) -> list[tuple[str, int, bool]]:
        """The day's challenges, finished ones first, best score first: (player, score, finished)."""
        ...

    async def add_puzzles(self, puzzles: list[tuple[str, str, list[dict[str, Any]], list[dict[str, Any]], float]],
                          scanned: list[int]) -> None:
        """New puzzles, each (key, source, position, choices, rating), a key kept once; and the stored games whose
        decisions were read for them (never read again), in one transaction."""
        ...

    async def scanned(self, game: int) -> bool: ...

    async def puzzle_count(self, besides: str) -> int:
        """How many puzzles come from elsewhere than ``besides`` (real games: besides the bot games)."""
        ...

    async def game_bots(self, game: int) -> set[str]:
        """The house bots among a stored game's players."""
        ...

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None: ...

    async def next_puzzle(self, player: str, rating: float) -> int | None:
        """A puzzle the player has not played: one from a real game if any is left, its rating nearest theirs."""
        ...

    async def solver(self, player: str) -> Solver | None: ...

    async def set_current_puzzle(self, player: str, puzzle_id: int, rating: float) -> None: ...

    async def rate_puzzle(self, player: str, puzzle_id: int, answer: str, solved: bool, player_rating: float,
                          puzzle_rating: float, now: float) -> bool:
        """The attempt, the player's and the puzzle's new ratings, in one transaction: False (nothing changed) if the
        player had played that puzzle already."""
        ...

    async def puzzle_top(self, limit: int) -> list[tuple[str, float, int, int]]:
        """The best puzzle ratings: (player, rating, played, solved)."""
        ...


def daily_play_of(row: tuple[Any, ...] | None) -> DailyPlay | None:
    return None if row is None else DailyPlay(json.loads(row[0]), int(row[1]), bool(row[2]))


def puzzle_of(row: tuple[Any, ...] | None) -> PuzzleRow | None:
    return None if row is None else PuzzleRow(int(row[0]), str(row[1]), json.loads(row[2]), json.loads(row[3]),
                                              float(row[4]), int(row[5]))


def solver_of(row: tuple[Any, ...] | None) -> Solver | None:
    return None if row is None else Solver(float(row[0]), int(row[1]), int(row[2]),
                                           None if row[3] is None else int(row[3]))


def board_of(rows: list[tuple[Any, ...]]) -> list[tuple[str, int, bool]]:
    return [(str(name), int(score), bool(done)) for name, score, done in rows]


def top_of(rows: list[tuple[Any, ...]]) -> list[tuple[str, float, int, int]]:
    return [(str(name), float(rating), int(played), int(solved)) for name, rating, played, solved in rows]
