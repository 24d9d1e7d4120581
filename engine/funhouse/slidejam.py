"""Room 1, Slide Jam: take families of three tiles off a 4x6 grid onto two stacks, sliding the grid after each.

The board is a list of 24 cells in reading order, each a tile or None. Families follow the chain rule (the middle
value touches both ends, orthogonally or diagonally); after a take every row (or column) closes up against the edge
named, tiles keeping their order. The stacks hold whole families, bottom to top, in the order their tiles were named.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations
from typing import Any

from engine.funhouse.seedstreams import Draws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, CELL_NAMES, CELLS, parse_cell, value

NAME = "slide-jam"
DIRECTIONS = ("up", "down", "left", "right")
FAMILY_TOTALS = (3, 6, 9, 12)
STACK_SIZE = 12

Board = tuple[str | None, ...]


def _touching(cell: int) -> tuple[int, ...]:
    column, row = cell % 4, cell // 4
    return tuple((row + dy) * 4 + column + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if (dx or dy) and 0 <= column + dx < 4 and 0 <= row + dy < 6)


TOUCHING = tuple(_touching(cell) for cell in range(CELLS))
LINES = {
    "left": [[row * 4 + column for column in range(4)] for row in range(6)],
    "right": [[row * 4 + column for column in range(3, -1, -1)] for row in range(6)],
    "up": [[row * 4 + column for row in range(6)] for column in range(4)],
    "down": [[row * 4 + column for row in range(5, -1, -1)] for column in range(4)],
}
"""Each line's cells from the edge the tiles close up against."""


def families(board: Board) -> Iterator[tuple[int, int, int]]:
    """Every family on the board once, as (low end, middle, high end) cells: the chain read up the value cycle."""
    for middle, tile in enumerate(board):
        if tile is None:
            continue
        low, high = (value(tile) - 1) % 6, (value(tile) + 1) % 6
        near = [(cell, value(other)) for cell in TOUCHING[middle] if (other := board[cell]) is not None]
        for low_cell, low_value in near:
            if low_value == low:
                for high_cell, high_value in near:
                    if high_value == high:
                        yield low_cell, middle, high_cell


def is_family(board: Board, cells: tuple[int, int, int]) -> bool:
    """Whether the three cells (all holding tiles, in any order) are a family by the chain rule."""
    values = {cell: value(board[cell] or "") for cell in cells}
    return any(middle in TOUCHING[end1] and middle in TOUCHING[end2]
               and {values[end1], values[end2]} == {(values[middle] - 1) % 6, (values[middle] + 1) % 6}
               for end1, middle, end2 in permutations(cells))


def slide(board: list[str | None], direction: str) -> None:
    """Close every line up against the edge named, tiles keeping their order (in place)."""
    for line in LINES[direction]:
        tiles = [board[cell] for cell in line if board[cell] is not None]
        for place, cell in enumerate(line):
            board[cell] = tiles[place] if place < len(tiles) else None


def board_points(board: Board | list[str | None]) -> int:
    return sum(value(tile) for tile in board if tile is not None)


def family_total(family: tuple[str, ...]) -> int:
    return sum(value(tile) for tile in family)


def settle(left: list[tuple[str, ...]], right: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The ``return`` ruling, in place: while one stack holds more families, its cheapest (lowest total; on a tie,
    nearer the top) comes off. Returns the families taken off, in that order."""
    returned = []
    while len(left) != len(right):
        taller = left if len(left) > len(right) else right
        cheapest = min(range(len(taller)), key=lambda i: (family_total(taller[i]), -i))
        returned.append(taller.pop(cheapest))
    return returned


@lru_cache(maxsize=65536)
def least_returned(left: tuple[int, ...], right: tuple[int, ...], future: tuple[int, ...]) -> int:
    """The fewest points the ``return`` ruling costs when the stacks hold families of these totals and the families
    ``future`` may still go on either stack, as the player likes."""
    best = None
    for mask in range(1 << len(future)):
        on_left = left + tuple(t for i, t in enumerate(future) if mask >> i & 1)
        on_right = right + tuple(t for i, t in enumerate(future) if not mask >> i & 1)
        taller, shorter = sorted((on_left, on_right), key=len, reverse=True)
        cost = sum(sorted(taller)[:len(taller) - len(shorter)])
        best = cost if best is None else min(best, cost)
    return best or 0


def deal(draws: Draws) -> dict[str, Any]:
    """The room's setup alone and at the start of a run: the 24 tiles, shuffled, fill the grid in reading order."""
    return {"board": shuffled(ALL_PIECES, draws)}


class SlideJam:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.options = options
        self.board: list[str | None] = list(setup["board"])
        self.stacks: dict[str, list[tuple[str, ...]]] = {side: [tuple(f) for f in setup.get(side, [])] for side in "LR"}
        self.returned: list[tuple[str, ...]] = []
        self.over = False
        self.stopped = False
        if not any(True for _ in families(tuple(self.board))):
            self._end()

    def forced(self) -> str | None:
        return None

    # -- moves ------------------------------------------------------------------------------------------------------

    def moves(self) -> list[str]:
        if self.over:
            return []
        found = [f"take {CELL_NAMES[a]} {CELL_NAMES[b]} {CELL_NAMES[c]} {side} {direction}"
                 for a, b, c in families(tuple(self.board)) for side in "LR" for direction in DIRECTIONS]
        return found + [STOP]

    def _parse(self, command: str) -> tuple[tuple[int, int, int], str, str] | str:
        parts = words(command)
        if len(parts) != 6 or parts[0] != "take":
            return "Take a family: take <cell> <cell> <cell> L|R up|down|left|right (or stop)."
        cells = tuple(parse_cell(part) for part in parts[1:4])
        if None in cells:
            return "Cells are named a1 to d6: column a-d, row 1-6."
        if len(set(cells)) != 3:
            return "A family is three different tiles."
        if parts[4] not in ("l", "r"):
            return "Name the stack the family goes on: L or R."
        if parts[5] not in DIRECTIONS:
            return "Name the slide: up, down, left or right."
        return cells, parts[4].upper(), parts[5]  # type: ignore[return-value]

    def why_not(self, command: str) -> str | None:
        if self.over:
            return "Slide Jam is over."
        if words(command) == [STOP]:
            return None
        parsed = self._parse(command)
        if isinstance(parsed, str):
            return parsed
        cells = parsed[0]
        empty = [CELL_NAMES[cell] for cell in cells if self.board[cell] is None]
        if empty:
            return f"There is no tile on {', '.join(empty)}."
        if not is_family(tuple(self.board), cells):
            return ("Those three are not a family: their values must follow one another round null-ace-2-3-4-5, "
                    "and the middle one must touch the other two.")
        return None

    def play(self, command: str, draws: Draws) -> None:
        if words(command) == [STOP]:
            self.stopped = True
            self._end()
            return
        parsed = self._parse(command)
        assert not isinstance(parsed, str)
        cells, side, direction = parsed
        self.stacks[side].append(tuple(self.board[cell] for cell in cells))  # type: ignore[misc]
        for cell in cells:
            self.board[cell] = None
        slide(self.board, direction)
        if not any(True for _ in families(tuple(self.board))):
            self._end()

    def _end(self) -> None:
        self.over = True
        if self.options.slide_stacks == "return":
            self.returned = settle(self.stacks["L"], self.stacks["R"])

    # -- figures ----------------------------------------------------------------------------------------------------

    def score(self) -> int:
        if self.over:
            return board_points(self.board) + sum(family_total(family) for family in self.returned)
        return board_points(self.board)

    def view(self) -> dict[str, Any]:
        return {
            "room": NAME, "board": list(self.board), "over": self.over,
            "stacks": {side: [list(family) for family in stack] for side, stack in self.stacks.items()},
            "returned": [list(family) for family in self.returned], "points": self.score(),
        }

    snapshot = view

    def pieces(self) -> list[str]:
        return [tile for tile in self.board if tile] + [
            tile for group in (*self.stacks.values(), self.returned) for family in group for tile in family]

    def carry(self) -> dict[str, Any]:
        """The leftovers (board in reading order, then returned families) go onto the shorter stack (L when equal),
        then the taller stack's tiles above twelve move together onto the other: 12 and 12."""
        stacks = {side: [tile for family in stack for tile in family] for side, stack in self.stacks.items()}
        leftovers = [tile for tile in self.board if tile] + [tile for family in self.returned for tile in family]
        stacks["L" if len(stacks["L"]) <= len(stacks["R"]) else "R"].extend(leftovers)
        taller, other = ("L", "R") if len(stacks["L"]) > len(stacks["R"]) else ("R", "L")
        excess = stacks[taller][STACK_SIZE:]
        del stacks[taller][STACK_SIZE:]
        stacks[other].extend(excess)
        return {"L": stacks["L"], "R": stacks["R"]}

    def best(self, cap: int = 200_000) -> Best:
        """Every reachable board (stack choices never change the board), each with the totals of the families taken
        on the way; the score of stopping there assigns those families to the stacks as well as can be."""
        if self.over:
            return Best(self.score(), True)
        totals = {side: tuple(sorted(family_total(f) for f in stack)) for side, stack in self.stacks.items()}
        free = self.options.slide_stacks == "free"

        def stop_value(board: Board, future: tuple[int, ...]) -> int:
            return board_points(board) + (0 if free else least_returned(totals["L"], totals["R"], future))

        start = (tuple(self.board), ())
        seen = {start}
        todo = [start]
        best = stop_value(*start)
        capped = False
        while todo and best > 0:
            board, future = todo.pop()
            best = min(best, stop_value(board, future))
            for family in set(tuple(sorted(cells)) for cells in families(board)):
                total = sum(value(board[cell]) for cell in family)  # type: ignore[arg-type]
                taken = tuple(sorted(future + (total,)))
                for direction in DIRECTIONS:
                    after = list(board)
                    for cell in family:
                        after[cell] = None
                    slide(after, direction)
                    state = (tuple(after), taken)
                    if state not in seen:
                        if len(seen) >= cap:
                            capped = True
                            continue
                        seen.add(state)
                        todo.append(state)
        return Best(best, best == 0 or not capped)
