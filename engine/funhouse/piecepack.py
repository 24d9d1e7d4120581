"""The piecepack's pieces as plain data, and the 4x6 grid's cell names, shared by every Funhouse room.

A tile or a coin is a two-character string, value then suit (``"3S"``, ``"0M"``): JSON-ready, hashable, and exactly
what the display shows. Null counts 0 and ace 1 unless a room says otherwise.
"""

from __future__ import annotations

SUITS = "SCAM"
"""Suns, Crowns, Arms, Moons: clockwise from north on the compass (S north, C east, A south, M west)."""
VALUES = range(6)
ALL_PIECES: tuple[str, ...] = tuple(f"{value}{suit}" for suit in SUITS for value in VALUES)
"""The 24 tiles, or the 24 coins, in suit order S, C, A, M and value order within a suit."""

COLUMNS = "abcd"
ROWS = 6
CELLS = 24
CELL_NAMES: tuple[str, ...] = tuple(f"{column}{row}" for row in range(1, ROWS + 1) for column in COLUMNS)
"""The 4x6 grid's cells in reading order: a1, b1, c1, d1, a2, ..."""
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}

STEPS: dict[str, tuple[int, int]] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
"""Grid steps as (column, row) deltas: row 1 is north."""


def value(piece: str) -> int:
    return ord(piece[0]) - 48


def suit(piece: str) -> str:
    return piece[1]


def worth(piece_value: int) -> int:
    """Null and ace both count 1 (Catwalk's falls, Whack-a-Dummy's jumps)."""
    return max(piece_value, 1)


def compass_distance(first: str, second: str) -> int:
    """0 for the same suit, 1 for neighbours on the compass, 2 for opposite suits."""
    apart = (SUITS.index(first) - SUITS.index(second)) % 4
    return min(apart, 4 - apart)


def cell_of(column: int, row: int) -> int:
    return row * 4 + column


def neighbour(cell: int, direction: str) -> int | None:
    """The orthogonal neighbour of ``cell`` (reading-order index) towards ``direction``, or None off the grid."""
    dx, dy = STEPS[direction]
    column, row = cell % 4 + dx, cell // 4 + dy
    return cell_of(column, row) if 0 <= column < 4 and 0 <= row < ROWS else None


def orthogonal(cell: int) -> list[int]:
    return [other for direction in "nesw" if (other := neighbour(cell, direction)) is not None]


def parse_cell(word: str) -> int | None:
    return CELL_INDEX.get(word.lower())
