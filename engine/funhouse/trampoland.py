"""Room 6, Trampo-Land: peg solitaire on a triangle of 15 trampolines. You (``Y``, the die) and the adults (``P``,
the pawns) jump and walk; the kids (``k``, face-down coins) only jump each other. Clear the kids and the adults.

Trampolines are numbered 1-15 in reading order: rows r = 1..5 with places c = 1..r.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from engine.funhouse.seedstreams import Draws, shuffled
from engine.funhouse.funroom import STOP, Best, FunOptions, words
from engine.funhouse.piecepack import ALL_PIECES, value

NAME = "trampo-land"
SIZE = 15
YOU, ADULT, KID, EMPTY = "Y", "P", "k", "."
POINTS = {KID: 4, ADULT: 1, YOU: 0}
EMPTY_BY_ROLL = (1, 1, 2, 2, 4, 4)
"""The die picks the empty trampoline: null or ace 1, 2 or 3 2, 4 or 5 4."""
JUMPS_OVER = {KID: {KID}, ADULT: {KID, ADULT}, YOU: {KID, ADULT}}


def _places() -> list[tuple[int, int]]:
    return [(r, c) for r in range(1, 6) for c in range(1, r + 1)]


PLACES = _places()
NUMBER = {place: n for n, place in enumerate(PLACES, start=1)}
LINES = ((0, -1), (0, 1), (-1, -1), (1, 1), (-1, 0), (1, 0))


def _steps() -> dict[int, list[tuple[int, int | None]]]:
    """For each trampoline, each touching one and the one just beyond it on the same line (None off the board)."""
    steps: dict[int, list[tuple[int, int | None]]] = {}
    for n, (r, c) in enumerate(PLACES, start=1):
        steps[n] = [(NUMBER[(r + dr, c + dc)], NUMBER.get((r + 2 * dr, c + 2 * dc)))
                    for dr, dc in LINES if (r + dr, c + dc) in NUMBER]
    return steps


STEPS = _steps()


def wrap(n: int) -> int:
    return (n - 1) % SIZE + 1


def place_on(board: list[str], n: int, piece: str) -> None:
    """Put ``piece`` on trampoline ``n`` (wrapped into 1-15), or the next free one on (15 goes on to 1)."""
    n = wrap(n)
    while board[n - 1] != EMPTY:
        n = wrap(n + 1)
    board[n - 1] = piece


def set_up(sums: list[int], draws: Draws) -> dict[str, Any]:
    """The die picks the empty trampoline; six coins (null to 5) cast until some value-up total is not 0 say where
    you go (one on if that is the empty one); each column sum places an adult; kids fill the rest."""
    roll = draws.roll()
    empty = EMPTY_BY_ROLL[roll]
    casts: list[list[bool]] = []
    total = 0
    while total == 0:
        casts.append([draws.cast() for _ in range(6)])
        total = sum(face for face, up in enumerate(casts[-1]) if up)
    you = total + 1 if total == empty else total
    board = [EMPTY] * SIZE
    board[you - 1] = YOU
    board[empty - 1] = "-"  # held while the adults take their places
    for n in sums:
        place_on(board, n, ADULT)
    board = [KID if piece == EMPTY else piece for piece in board]
    board[empty - 1] = EMPTY
    return {"board": "".join(board), "roll": roll, "casts": [[int(up) for up in cast] for cast in casts],
            "sums": list(sums)}


def deal(draws: Draws) -> dict[str, Any]:
    """Alone: the column sums of a random maze with every coin cast (value-up with chance 1/2)."""
    maze = shuffled(ALL_PIECES, draws)
    up = [draws.cast() for _ in maze]
    sums = [sum(value(coin) for cell, coin in enumerate(maze) if cell % 4 == column and up[cell]) for column in range(4)]
    return set_up(sums, draws)


def legal(board: str, walked: int | None) -> Iterator[tuple[str, int, int]]:
    """Every move as (kind, from, to): jumps over a touching piece into the empty one beyond, walks of an adult to a
    touching empty one (not the adult that walked last)."""
    for n, piece in enumerate(board, start=1):
        if piece == EMPTY:
            continue
        for near, beyond in STEPS[n]:
            jumped = board[near - 1]
            if jumped == EMPTY:
                if piece != KID and n != walked:
                    yield "walk", n, near
            elif beyond is not None and board[beyond - 1] == EMPTY and jumped in JUMPS_OVER[piece]:
                yield "jump", n, beyond


def moved(board: str, kind: str, start: int, end: int) -> tuple[str, str | None]:
    """The board after a move, and the piece jumped (None for a walk)."""
    cells = list(board)
    jumped = None
    if kind == "jump":
        (r1, c1), (r2, c2) = PLACES[start - 1], PLACES[end - 1]
        over = NUMBER[((r1 + r2) // 2, (c1 + c2) // 2)]
        jumped, cells[over - 1] = cells[over - 1], EMPTY
    cells[end - 1], cells[start - 1] = cells[start - 1], EMPTY
    return "".join(cells), jumped


def points(board: str) -> int:
    return sum(POINTS.get(piece, 0) for piece in board)


class TrampoLand:
    name = NAME

    def __init__(self, setup: dict[str, Any], options: FunOptions) -> None:
        self.setup = setup
        self.board: str = setup["board"]
        self.walked: int | None = None
        self.off: list[str] = []
        self.stopped = False
        self.over = self._finished()

    def forced(self) -> str | None:
        return None

    def moves(self) -> list[str]:
        if self.over:
            return []
        return [f"{kind} {start} {end}" for kind, start, end in legal(self.board, self.walked)] + [STOP]

    def why_not(self, command: str) -> str | None:
        if self.over:
            return "Trampo-Land is over."
        parts = words(command)
        if parts == [STOP]:
            return None
        if (len(parts) != 3 or parts[0] not in ("jump", "walk") or not parts[1].isdigit() or not parts[2].isdigit()
                or not 1 <= int(parts[1]) <= SIZE or not 1 <= int(parts[2]) <= SIZE):
            return "Move a piece: jump <from> <to> or walk <from> <to>, trampolines 1-15 (or stop)."
        kind, start, end = parts[0], int(parts[1]), int(parts[2])
        if (kind, start, end) in legal(self.board, self.walked):
            return None
        piece = self.board[start - 1]
        if piece == EMPTY:
            return f"Nobody is on trampoline {start}."
        if kind == "walk" and piece == KID:
            return "Kids only jump."
        if kind == "walk" and start == self.walked:
            return "That adult walked last move: it may jump, or another adult may walk."
        return ("Walk to a touching empty trampoline." if kind == "walk" else
                "Jump a touching piece, along a line, into the empty trampoline just beyond: kids jump only kids, "
                "adults jump kids and adults but never you, you jump anyone.")

    def play(self, command: str, draws: Draws) -> None:
        parts = words(command)
        if parts == [STOP]:
            self.stopped = self.over = True
            return
        kind, start, end = parts[0], int(parts[1]), int(parts[2])
        self.board, jumped = moved(self.board, kind, start, end)
        if jumped:
            self.off.append(jumped)
        self.walked = end if kind == "walk" else None
        self.over = self._finished()

    def _finished(self) -> bool:
        """No move is legal, or only you are left (nothing can change the score: a ruling)."""
        return self.board.count(EMPTY) == SIZE - 1 or not any(True for _ in legal(self.board, self.walked))

    def score(self) -> int:
        return points(self.board)

    def view(self) -> dict[str, Any]:
        return {"room": NAME, "board": self.board, "walked": self.walked, "off": self.off, "over": self.over,
                "kids": self.board.count(KID), "adults": self.board.count(ADULT), "points": self.score(),
                "roll": self.setup.get("roll"), "casts": self.setup.get("casts"), "sums": self.setup.get("sums")}

    snapshot = view

    def pieces(self) -> list[str]:
        return [piece for piece in self.board if piece != EMPTY] + self.off

    def carry(self) -> dict[str, Any]:
        return {}

    def best(self, cap: int = 2_000_000) -> Best:
        """Exact: every reachable position (the pieces, and which adult walked last); stopping is always allowed."""
        return best_from(self.board, self.walked, cap)


INTO = {c: [(a - 1, b - 1) for a in range(1, SIZE + 1) for b, beyond in STEPS[a] if beyond == c]
        for c in range(1, SIZE + 1)}
"""For each trampoline (1-15), the (from, over) places, 0-based, of the jumps that land on it."""
TOUCHING = {c: [near - 1 for near, _ in STEPS[c]] for c in range(1, SIZE + 1)}
FULL = (1 << SIZE) - 1


def best_from(board: str, walked: int | None, cap: int) -> Best:
    """The lowest score of any reachable position, searched in order of the walks it takes (jumps cost nothing, a
    walk one: a 0-1 breadth-first search), so a clearing needing few walks is found early and 0 needs no proof; any
    other score is proved by visiting every position, unless the cap cuts the search short. Positions are packed in
    one int: kids and adults as 15-bit masks, your place, the last walker's place (1-based, 0 none)."""
    kids = sum(1 << i for i, piece in enumerate(board) if piece == KID)
    adults = sum(1 << i for i, piece in enumerate(board) if piece == ADULT)
    start = kids | adults << 15 | board.index(YOU) << 30 | (walked or 0) << 34
    walks_used = {start: 0}
    todo = deque([start])
    best = points(board)
    while todo:
        state = todo.popleft()
        kids, adults, you, walked = state & FULL, state >> 15 & FULL, state >> 30 & 15, state >> 34
        score = 4 * kids.bit_count() + adults.bit_count()
        if score < best:
            best = score
            if not best:
                return Best(0, True)
        used = walks_used[state]
        walks, jumps = _moves(kids, adults, you, walked)
        for after in jumps:
            if walks_used.get(after, used + 1) > used:
                if after not in walks_used and len(walks_used) >= cap:
                    return Best(best, False)
                walks_used[after] = used
                todo.appendleft(after)
        for after in walks:
            if after not in walks_used:
                if len(walks_used) >= cap:
                    return Best(best, False)
                walks_used[after] = used + 1
                todo.append(after)
    return Best(best, True)


def _moves(kids: int, adults: int, you: int, walked: int) -> tuple[list[int], list[int]]:
    """The positions after each walk and after each jump."""
    occupied = kids | adults | 1 << you
    walks: list[int] = []
    jumps: list[int] = []
    free = ~occupied & FULL
    while free:
        low = free & -free
        free ^= low
        c = low.bit_length()
        for a in TOUCHING[c]:
            if a + 1 != walked and (adults >> a & 1 or a == you):
                if a == you:
                    walks.append(kids | adults << 15 | (c - 1) << 30 | c << 34)
                else:
                    walks.append(kids | (adults ^ (1 << a) ^ low) << 15 | you << 30 | c << 34)
        for a, b in INTO[c]:
            if kids >> b & 1:
                if kids >> a & 1:
                    jumps.append((kids ^ (1 << a) ^ (1 << b) ^ low) | adults << 15 | you << 30)
                elif adults >> a & 1:
                    jumps.append((kids ^ (1 << b)) | (adults ^ (1 << a) ^ low) << 15 | you << 30)
                elif a == you:
                    jumps.append((kids ^ (1 << b)) | adults << 15 | (c - 1) << 30)
            elif adults >> b & 1:
                if adults >> a & 1:
                    jumps.append(kids | (adults ^ (1 << a) ^ (1 << b) ^ low) << 15 | you << 30)
                elif a == you:
                    jumps.append(kids | (adults ^ (1 << b)) << 15 | (c - 1) << 30)
    return walks, jumps
