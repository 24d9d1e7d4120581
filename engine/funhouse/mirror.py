"""Room 2, Magic Mirror: pair the front tiles of two 4x3 grids facing across a mirror, values totalling 5.

Each of the eight columns is a stack whose top is its front tile (the one at the mirror): ``upper[j]`` lists column
j+1 from U1 to U3, ``lower[j]`` from L3 to L1, so the front tile is the last. A column closes up toward the mirror.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.funhouse.seedstreams import Draws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, compass_distance, suit, value

NAME = "magic-mirror"
KINDS = ("Twins", "Cousins", "Distant")
"""Pair kinds by compass distance of their suits: same suit 0 points, neighbours 1, opposite 2."""
STRANGER_POINTS = 3
GRID_ROWS = 3


def deal(draws: Draws) -> dict[str, Any]:
    """Alone: the 24 tiles shuffled and split into two stacks of 12 (bottom to top)."""
    tiles = shuffled(ALL_PIECES, draws)
    return {"L": tiles[:12], "R": tiles[12:]}


def _columns(stack: list[str], upper: bool) -> list[list[str]]:
    """Deal a stack from its top into a 4x3 grid in reading order; each column listed from the far row to the front."""
    dealt = list(reversed(stack))
    rows = [dealt[row * 4:row * 4 + 4] for row in range(GRID_ROWS)]
    return [[rows[row][column] for row in (range(GRID_ROWS) if upper else range(GRID_ROWS - 1, -1, -1))]
            for column in range(4)]


class MagicMirror:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.stacks_in: dict[str, list[str]] = {"L": list(setup["L"]), "R": list(setup["R"])}
        self.upper: list[list[str]] = []
        self.lower: list[list[str]] = []
        self.pairs: dict[str, list[str]] = {kind: [] for kind in KINDS}
        self.points = 0
        self.over = False
        self.stopped = False
        if "upper" in setup:  # a position set out directly (tests, puzzles)
            self.upper = [list(column) for column in setup["upper"]]
            self.lower = [list(column) for column in setup["lower"]]
            self.stacks_in = {"L": [], "R": []}

    def forced(self) -> str | None:
        return None

    @property
    def dealt(self) -> bool:
        return bool(self.upper)

    def _pairable(self) -> list[tuple[int, int]]:
        return [(u, l) for u, up in enumerate(self.upper) if up for l, low in enumerate(self.lower)
                if low and value(up[-1]) + value(low[-1]) == 5]

    def moves(self) -> list[str]:
        if self.over:
            return []
        if not self.dealt:
            return ["top L", "top R", STOP]
        return [f"pair u{u + 1} l{l + 1}" for u, l in self._pairable()] + [STOP]

    def why_not(self, command: str) -> str | None:
        if self.over:
            return "Magic Mirror is over."
        parts = words(command)
        if parts == [STOP]:
            return None
        if not self.dealt:
            if len(parts) == 2 and parts[0] == "top" and parts[1] in ("l", "r"):
                return None
            return "First choose which stack builds the upper grid: top L or top R."
        if (len(parts) != 3 or parts[0] != "pair" or len(parts[1]) != 2 or len(parts[2]) != 2
                or parts[1][0] != "u" or parts[2][0] != "l" or parts[1][1] not in "1234" or parts[2][1] not in "1234"):
            return "Pair two front tiles: pair u<column> l<column>, columns 1-4 (or stop)."
        up, low = self.upper[int(parts[1][1]) - 1], self.lower[int(parts[2][1]) - 1]
        if not up or not low:
            return "That column is empty."
        if value(up[-1]) + value(low[-1]) != 5:
            return f"{up[-1]} and {low[-1]} do not total 5."
        return None

    def play(self, command: str, draws: Draws) -> None:
        parts = words(command)
        if not self.dealt and parts[0] in ("top", STOP):
            top = parts[1].upper() if parts[0] == "top" else "L"
            other = "R" if top == "L" else "L"
            self.upper, self.lower = _columns(self.stacks_in[top], True), _columns(self.stacks_in[other], False)
            self.stacks_in = {"L": [], "R": []}
        if parts == [STOP]:
            self.stopped = True
            self.over = True
            return
        if parts[0] == "pair":
            up, low = self.upper[int(parts[1][1]) - 1], self.lower[int(parts[2][1]) - 1]
            kind = compass_distance(suit(up[-1]), suit(low[-1]))
            self.pairs[KINDS[kind]] += [up.pop(), low.pop()]
            self.points += kind
        self.over = not self._pairable()

    def score(self) -> int:
        return self.points + STRANGER_POINTS * sum(len(column) for column in self.upper)

    def grid(self) -> dict[str, list[str | None]]:
        """Rows U1-U3 and L1-L3 as shown, columns closed up toward the mirror (None an empty place)."""
        rows: dict[str, list[str | None]] = {}
        for row in range(GRID_ROWS):
            rows[f"U{row + 1}"] = [column[row - (GRID_ROWS - len(column))] if row >= GRID_ROWS - len(column) else None
                                   for column in self.upper]
        for row in range(GRID_ROWS):
            rows[f"L{row + 1}"] = [column[len(column) - 1 - row] if row < len(column) else None
                                   for column in self.lower]
        return rows

    def view(self) -> dict[str, Any]:
        return {"room": NAME, "over": self.over, "dealt": self.dealt, "stacks": self.stacks_in, "grid": self.grid(),
                "pairs": {kind: list(tiles) for kind, tiles in self.pairs.items()},
                "pair_points": self.points, "points": self.score()}

    snapshot = view

    def pieces(self) -> list[str]:
        return ([tile for stack in self.stacks_in.values() for tile in stack]
                + [tile for column in self.upper + self.lower for tile in column]
                + [tile for tiles in self.pairs.values() for tile in tiles])

    def carry(self) -> dict[str, Any]:
        """Twins, Cousins, Distant and the Strangers, these in reading order (upper grid, then lower), the last on top."""
        strangers = [tile for row in self.grid().values() for tile in row if tile]
        return {"T": self.pairs["Twins"], "C": self.pairs["Cousins"], "D": self.pairs["Distant"], "S": strangers}

    def best(self, cap: int = 0) -> Best:
        """Exact: a position is how many tiles each of the eight columns has lost."""
        if self.over:
            return Best(self.score(), True)
        if not self.dealt:
            return Best(min(_best(tuple(map(tuple, _columns(self.stacks_in[top], True))),
                                  tuple(map(tuple, _columns(self.stacks_in[other], False))), self.points)
                            for top, other in (("L", "R"), ("R", "L"))), True)
        return Best(_best(tuple(map(tuple, self.upper)), tuple(map(tuple, self.lower)), self.points), True)


def _best(upper: tuple[tuple[str, ...], ...], lower: tuple[tuple[str, ...], ...], points: int) -> int:
    @lru_cache(maxsize=None)
    def lowest(heights: tuple[int, ...]) -> int:
        up, low = heights[:4], heights[4:]
        result = STRANGER_POINTS * sum(up)
        for u in range(4):
            for l in range(4):
                if up[u] and low[l]:
                    a, b = upper[u][up[u] - 1], lower[l][low[l] - 1]
                    if value(a) + value(b) == 5:
                        after = list(heights)
                        after[u] -= 1
                        after[4 + l] -= 1
                        result = min(result, compass_distance(suit(a), suit(b)) + lowest(tuple(after)))
        return result

    return points + lowest(tuple(len(column) for column in upper + lower))
