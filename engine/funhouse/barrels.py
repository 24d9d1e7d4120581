"""Room 4, Roll Out the Barrels: tip the die from a1 across the coin maze toward d6, onto coins that match its top
face (or any coin with null on top, or a null coin).

A die orientation is (top, north, east); opposite faces total 5, and null, ace, 2 run counterclockwise round their
shared corner: top null, north ace gives east 3.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.funhouse.seedstreams import Draws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, CELL_NAMES, CELLS, neighbour, orthogonal, value

NAME = "barrels"
START, GOAL = 0, CELLS - 1
POINTS_PER_STEP = 2
MAX_PASSES = 24

Die = tuple[int, int, int]


def tip(die: Die, direction: str) -> Die:
    """The die after tipping one cell ``direction``: tipping north turns the top face north and brings the south up."""
    top, north, east = die
    return {"n": (5 - north, top, east), "s": (north, 5 - top, east),
            "e": (5 - east, north, top), "w": (east, north, 5 - top)}[direction]


def _orientations() -> dict[tuple[int, int], Die]:
    found: dict[tuple[int, int], Die] = {}
    todo = [(0, 1, 3)]
    while todo:
        die = todo.pop()
        if die[:2] not in found:
            found[die[:2]] = die
            todo += [tip(die, direction) for direction in "nesw"]
    return found


ORIENTATIONS = _orientations()
"""The 24 orientations by (top, north)."""


def distance_to_goal(cell: int) -> int:
    return abs(cell % 4 - GOAL % 4) + abs(cell // 4 - GOAL // 4)


def legalise(maze: list[str]) -> list[str]:
    """The passes that part equal neighbours, in place (see FUNHOUSE-RULES.md); returns the maze."""
    def clashes(cell: int) -> bool:
        return any(value(maze[cell]) == value(maze[other]) for other in orthogonal(cell))

    def fits_after_swap(cell: int, other: int) -> bool:
        maze[cell], maze[other] = maze[other], maze[cell]
        fits = not clashes(cell) and not clashes(other)
        maze[cell], maze[other] = maze[other], maze[cell]
        return fits

    for _ in range(MAX_PASSES):
        swapped = False
        for cell in range(CELLS):
            if not any(value(maze[cell]) == value(maze[other]) for direction in "wn"
                       if (other := neighbour(cell, direction)) is not None):
                continue
            partner = next((other for other in range(cell + 1, CELLS) if fits_after_swap(cell, other)),
                           next((other for other in range(cell - 1, -1, -1) if fits_after_swap(cell, other)), None))
            if partner is not None:
                maze[cell], maze[partner] = maze[partner], maze[cell]
                swapped = True
        if not swapped:
            break
    return maze


def deal(draws: Draws) -> dict[str, Any]:
    """Alone: the 24 coins shuffled into the maze, then the passes."""
    return {"maze": legalise(shuffled(ALL_PIECES, draws))}


def after_catwalk(carry: dict[str, Any], draws: Draws) -> dict[str, Any]:
    """The scoreboard keeps its cells; the pool, face-down and shuffled, fills the rest in reading order."""
    return {"maze": legalise(carry["scoreboard"] + shuffled(carry["pool"], draws))}


def may_tip(maze: list[str], die: Die, cell: int, direction: str) -> int | None:
    """The cell the die tips onto, if it may: a neighbour matching the top face, or any with null on top, or a null."""
    target = neighbour(cell, direction)
    if target is None:
        return None
    landing = value(maze[target])
    return target if die[0] == 0 or landing == 0 or landing == die[0] else None


class Barrels:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.maze: list[str] = list(setup["maze"])
        self.cell = START
        self.die: Die | None = None
        self.visited = {START}
        self.over = False
        self.stopped = False

    def forced(self) -> str | None:
        return None

    def moves(self) -> list[str]:
        if self.over:
            return []
        starts = [f"{'restart' if self.die else 'start'} {top} {north}" for top, north in sorted(ORIENTATIONS)]
        tips = [f"tip {d}" for d in "nesw" if self.die and may_tip(self.maze, self.die, self.cell, d) is not None]
        return tips + starts + [STOP]

    def why_not(self, command: str) -> str | None:
        if self.over:
            return "Roll Out the Barrels is over."
        parts = words(command)
        if parts == [STOP]:
            return None
        verb = "restart" if self.die else "start"
        if parts and parts[0] in ("start", "restart"):
            if parts[0] != verb:
                return "The die is not on the maze yet: start <top> <north>." if self.die is None else (
                    "The die is on the maze: restart <top> <north> puts it back on a1.")
            if (len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit()
                    or (int(parts[1]), int(parts[2])) not in ORIENTATIONS):
                return f"{verb} <top> <north>: two faces 0-5 that meet at an edge (not opposite, not the same)."
            return None
        if self.die is None:
            return "Put the die on a1 first: start <top> <north>, for instance start 0 1."
        if len(parts) != 2 or parts[0] != "tip" or parts[1] not in ("n", "e", "s", "w"):
            return "Tip the die: tip n, e, s or w (or restart, or stop)."
        if neighbour(self.cell, parts[1]) is None:
            return "The die cannot leave the maze."
        if may_tip(self.maze, self.die, self.cell, parts[1]) is None:
            if not any(may_tip(self.maze, self.die, self.cell, d) is not None for d in "nesw"):
                return "No tip is legal from here: restart or stop."
            return f"The die may tip only onto a {self.die[0]}, a null, or anything with null on top."
        return None

    def play(self, command: str, draws: Draws) -> None:
        parts = words(command)
        if parts == [STOP]:
            self.stopped = self.over = True
        elif parts[0] in ("start", "restart"):
            self.die = ORIENTATIONS[(int(parts[1]), int(parts[2]))]
            self.cell = START
        else:
            assert self.die is not None
            target = may_tip(self.maze, self.die, self.cell, parts[1])
            assert target is not None
            self.cell = target
            self.die = tip(self.die, parts[1])
            self.visited.add(self.cell)
            self.over = self.cell == GOAL

    def nearest(self) -> int:
        """The cell visited that is nearest d6 (the first in reading order among equals)."""
        return min(sorted(self.visited), key=distance_to_goal)

    def score(self) -> int:
        return POINTS_PER_STEP * distance_to_goal(self.nearest())

    def view(self) -> dict[str, Any]:
        return {"room": NAME, "maze": self.maze, "cell": CELL_NAMES[self.cell], "die": list(self.die or ()),
                "visited": [CELL_NAMES[c] for c in sorted(self.visited)], "nearest": CELL_NAMES[self.nearest()],
                "steps": distance_to_goal(self.nearest()), "over": self.over, "points": self.score()}

    snapshot = view

    def pieces(self) -> list[str]:
        return list(self.maze)

    def carry(self) -> dict[str, Any]:
        return {"maze": list(self.maze)}

    def best(self, cap: int = 0) -> Best:
        """Exact: every cell the die can reach from any start on a1 (restarts are free) or from where it stands."""
        if self.over:
            return Best(self.score(), True)
        todo = deque([(START, die) for die in ORIENTATIONS.values()] + ([(self.cell, self.die)] if self.die else []))
        seen = set(todo)
        reached = set(self.visited)
        while todo:
            cell, die = todo.popleft()
            reached.add(cell)
            for direction in "nesw":
                target = may_tip(self.maze, die, cell, direction)
                if target is not None and (state := (target, tip(die, direction))) not in seen:
                    seen.add(state)
                    todo.append(state)
        return Best(POINTS_PER_STEP * min(map(distance_to_goal, reached)), True)
