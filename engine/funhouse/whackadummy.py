"""Room 5, Whack-a-Dummy: the maze's coins lie face-down; move the die round the wrapping board, flipping each coin it
lands on, and activate the four corners in order (NW, NE, SE, SW). The values are never shown face-down: the player
saw the maze in room 4.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.funhouse.barrels import legalise
from engine.funhouse.seedstreams import Draws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, CELL_INDEX, CELL_NAMES, CELLS, ROWS, STEPS, value, worth

NAME = "whack-a-dummy"
CORNERS = (CELL_INDEX["a1"], CELL_INDEX["d1"], CELL_INDEX["d6"], CELL_INDEX["a6"])
CORNER_NAMES = ("NW", "NE", "SE", "SW")
STARTS = ("b3", "c3", "b4", "c4")
OUT_OF_SEQUENCE = 10
GIVING_UP = 15


def deal(draws: Draws) -> dict[str, Any]:
    """Alone: a new random maze (shuffled, then the barrel maze's passes), shown face-up until ``ready``."""
    return {"maze": legalise(shuffled(ALL_PIECES, draws)), "alone": True}


def landing(maze: list[str], up: int, cell: int, direction: str) -> int | None:
    """Where a move from ``cell`` ends (``up`` the face-up cells as a bit mask), or None when it would end where it
    began. A walk (1) from a face-down coin, else a jump of the coin's value; the board wraps both ways."""
    length = worth(value(maze[cell])) if up >> cell & 1 else 1
    dx, dy = STEPS[direction]
    target = (cell // 4 + dy * length) % ROWS * 4 + (cell % 4 + dx * length) % 4
    return None if target == cell else target


def corner_cost(up: int, progress: int, target: int) -> tuple[int, int]:
    """(penalty, progress after) for flipping the coin on ``target``. In order: things are right (exactly the first
    ``progress`` corners face-up) and it activates the next one. Free too: whacking a face-up corner beyond the first
    ``progress``, or reactivating one of them. Any other corner flip is out of sequence."""
    if target not in CORNERS:
        return 0, progress
    k = CORNERS.index(target)
    face_up = bool(up >> target & 1)
    right = all(bool(up >> corner & 1) == (i < progress) for i, corner in enumerate(CORNERS))
    if not face_up and k == progress and right:
        return 0, progress + 1
    if face_up != (k < progress):
        return 0, progress
    return OUT_OF_SEQUENCE, progress


class WhackADummy:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.maze: list[str] = list(setup["maze"])
        self.ready = not setup.get("alone", False)
        self.cell: int | None = None
        self.up = 0
        """Face-up cells, as a bit mask over reading order."""
        self.progress = 0
        self.penalties = 0
        self.over = False
        self.stopped = False

    def forced(self) -> str | None:
        return None

    @property
    def completed(self) -> bool:
        return self.progress == len(CORNERS)

    def moves(self) -> list[str]:
        if self.over:
            return []
        if not self.ready:
            return ["ready", STOP]
        if self.cell is None:
            return [f"start {cell}" for cell in STARTS] + [STOP]
        return [f"go {d}" for d in "nesw" if landing(self.maze, self.up, self.cell, d) is not None] + [STOP]

    def why_not(self, command: str) -> str | None:
        if self.over:
            return "Whack-a-Dummy is over."
        parts = words(command)
        if parts == [STOP]:
            return None
        if not self.ready:
            return None if parts == ["ready"] else "Look at the maze, then say ready: its coins turn face-down."
        if self.cell is None:
            if len(parts) == 2 and parts[0] == "start" and parts[1] in STARTS:
                return None
            return "Put the die on b3, c3, b4 or c4: start <cell>."
        if len(parts) != 2 or parts[0] != "go" or parts[1] not in ("n", "e", "s", "w"):
            return "Move the die: go n, e, s or w (or stop)."
        if landing(self.maze, self.up, self.cell, parts[1]) is None:
            return "That move would end where the die stands: it must reach another coin."
        return None

    def play(self, command: str, draws: Draws) -> None:
        parts = words(command)
        if parts == [STOP]:
            self.stopped = self.over = True
        elif parts == ["ready"]:
            self.ready = True
        elif parts[0] == "start":
            self.cell = CELL_INDEX[parts[1]]
        else:
            assert self.cell is not None
            target = landing(self.maze, self.up, self.cell, parts[1])
            assert target is not None
            penalty, self.progress = corner_cost(self.up, self.progress, target)
            self.penalties += penalty
            self.up ^= 1 << target
            self.cell = target
            self.over = self.completed

    def score(self) -> int:
        return self.penalties + (0 if self.completed else GIVING_UP)

    def column_sums(self) -> list[int]:
        """The four column sums (a to d) of the face-up coins, null 0 and ace 1."""
        return [sum(value(self.maze[cell]) for cell in range(column, CELLS, 4) if self.up >> cell & 1)
                for column in range(4)]

    def view(self) -> dict[str, Any]:
        shown = [coin if not self.ready or self.up >> cell & 1 else None for cell, coin in enumerate(self.maze)]
        move = None
        if self.cell is not None:
            move = f"jump {worth(value(self.maze[self.cell]))}" if self.up >> self.cell & 1 else "walk"
        return {"room": NAME, "maze": shown, "ready": self.ready,
                "die": CELL_NAMES[self.cell] if self.cell is not None else None,
                "next": None if self.completed else f"{CORNER_NAMES[self.progress]} {CELL_NAMES[CORNERS[self.progress]]}",
                "progress": self.progress, "penalties": self.penalties, "move": move, "over": self.over,
                "points": self.score()}

    def snapshot(self) -> dict[str, Any]:
        return {**self.view(), "maze": self.maze, "up": self.up}

    def pieces(self) -> list[str]:
        return list(self.maze)

    def carry(self) -> dict[str, Any]:
        return {"sums": self.column_sums()}

    def best(self, cap: int = 2_000_000) -> Best:
        """Giving up costs 15, so only completions costing 0 or 10 more need finding: a 0-1 breadth-first search over
        (cell, face-up set, progress), cheapest first, values known."""
        if self.over:
            return Best(self.score(), True)
        starts = [self.cell] if self.cell is not None else [CELL_INDEX[cell] for cell in STARTS]
        cost, proved = completion_cost(self.maze, starts, self.up, self.progress, cap)
        extra = GIVING_UP if cost is None else min(cost, GIVING_UP)
        return Best(self.penalties + extra, proved or extra == 0)


def completion_cost(maze: list[str], cells: list[int], up: int, progress: int,
                    cap: int) -> tuple[int | None, bool]:
    """The least penalty still to pay to complete from any of ``cells``, if at most 10 (else None), and whether the
    search was complete."""
    finish = len(CORNERS)
    cost_of = {(cell, up, progress): 0 for cell in cells}
    todo = deque([(0, start) for start in cost_of])
    best: int | None = None
    while todo:
        cost, state = todo.popleft()
        if cost > cost_of[state]:
            continue
        if best is not None and cost >= best:
            break
        here, mask, p = state
        for direction in "nesw":
            target = landing(maze, mask, here, direction)
            if target is None:
                continue
            penalty, after = corner_cost(mask, p, target)
            total = cost + penalty
            if total > OUT_OF_SEQUENCE:
                continue
            if after == finish:
                best = total if best is None else min(best, total)
                continue
            following = (target, mask ^ 1 << target, after)
            if cost_of.get(following, OUT_OF_SEQUENCE + 1) <= total:
                continue
            if len(cost_of) >= cap:
                return best, False
            cost_of[following] = total
            if penalty:
                todo.append((total, following))
            else:
                todo.appendleft((total, following))
    return best, True
