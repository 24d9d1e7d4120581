"""One turn solved as ``turn.solve_turn`` solves it, compiled, keeping only the turn's start: the solver's hot path.

Each row of values is one pass over the chance tables: for every kind of throw, the outcomes' values weighted by their
chances and summed exactly as ``np.add.reduceat`` sums them there (so the tables come out the same to the bit), the
best move of each choice, then stop or throw at each decision. numba compiles it: the same pass in numpy makes a
temporary array of every outcome's values for every row, read, copied and read again, and costs seven times as much.

Rows above are kept only as far as they are read: a state is kept only if an outcome leads to it (39 of 71: the
others are read only within their own row), and only as many rows of it as the most points an outcome leading to it
scores, plus one (a ring: 101 rows for the turn's start, which a freight train of 5s reaches, 3 to 24 for the others).
That is 519 rows of one state, where the solver held 101 rows of every state (7,171): the largest array of a solve
was this one (17 MB at goal 500).

One function is compiled, ``_turn``, with its argument types given, as the module is imported (read from numba's cache
after the first time); the helpers are compiled into it, once each, with no wrapper to call them from Python. The first
solve on a machine pays that compile, and its process keeps much of what compiling took: five functions compiled
separately (before) kept a copy of each callee's code in each caller, and each wrapper and each copy a constant
argument made cost memory too (issue 28).

``turn.solve_turn`` stays numpy, the reference this agrees with to the bit, for the server's advice: a hint solves one
column, and the server process should not load a compiler for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit, types

from engine.wimpout.optimal.turn import SETTLE_STEPS, SETTLED, SLOPE_FLOOR, START, WIMP, Columns, ends, layout
from engine.wimpout.rules import RuleSet

SUM, CHOSEN, BEST, SCRATCH = 8, 9, 10, 11
"""A row's scratch (``_row``): after the eight accumulators of a pairwise sum, the outcomes' sum, the choices' sum,
a choice's best move."""

_F2, _F1 = types.float64[:, ::1], types.float64[::1]
_I2, _I1 = types.int64[:, ::1], types.int64[::1]
_FORCED, _CHOICES = types.Tuple((_F1, _I1, _I1, _I1)), types.Tuple((_F1, _I2, _I2, _I1))
_TURN = types.void(_F2, _I1, _I1, _I1, types.int64, types.int64, types.int64, _F2, types.boolean[:, ::1], _F2, _F1,
                   _FORCED, _CHOICES, _I1, types.int64, types.float64, _F1, types.boolean)
"""``_turn``'s argument types: given, it is compiled once, as the module is imported."""
_HELPER = {"nogil": True, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}
"""The helpers are compiled with ``_turn``, for the argument types it calls them with: a constant argument would
make a copy for its value (numba specializes on literals), so the few constants passed go through ``int()``."""


@dataclass(frozen=True)
class TurnStart:
    start: np.ndarray
    """(parts, columns): the value of a turn about to begin."""
    radius: np.ndarray
    """(columns,): how far the worth of a wimpout may move before any decision changes (with the WIMP part)."""


@dataclass(frozen=True)
class Tables:
    """The chance tables as ``_turn`` reads them: each outcome leads to a kept state (by its place in ``kept``), and
    each segment's end is appended to its starts."""

    kept: np.ndarray
    """The states kept."""
    depth: np.ndarray
    """Rows kept of each: the most points an outcome leading to it scores, plus one."""
    offset: np.ndarray
    """Where each one's rows begin in the ring."""
    forced: tuple[np.ndarray, ...]
    """Each forced outcome's chance, points and kept state; where each throw's outcomes begin, then their end."""
    choices: tuple[np.ndarray, ...]
    """The same for the choices, three moves each."""
    start: int
    """START's place in ``kept``."""


_TABLES: dict[tuple[object, ...], Tables] = {}


def tables(rules: RuleSet) -> Tables:
    """The tables, made once for every rule set that scores throws alike (as ``turn.layout``)."""
    found = _TABLES.get(rules.scoring_key)
    if found is None:
        lay = layout(rules)
        states = np.concatenate((lay.forced_state, lay.choice_state.ravel(), [START]))
        points = np.concatenate((lay.forced_points, lay.choice_points.ravel(), [1]))
        if points.min() < 1:
            raise ValueError("an outcome that scores nothing would read the row being made")
        kept = np.unique(states)
        depth = np.zeros(len(kept), dtype=np.int64)
        np.maximum.at(depth, np.searchsorted(kept, states), points + 1)
        forced = (lay.forced_prob, lay.forced_points, np.searchsorted(kept, lay.forced_state),
                  np.append(lay.forced_starts, len(lay.forced_prob)))
        choices = (lay.choice_prob, lay.choice_points, np.searchsorted(kept, lay.choice_state),
                   np.append(lay.choice_starts, len(lay.choice_prob)))
        offset = np.concatenate(([0], np.cumsum(depth)[:-1]))
        found = _TABLES[rules.scoring_key] = Tables(kept, depth, offset, forced, choices,
                                                    int(np.searchsorted(kept, START)))
    return found


class Rows:
    """Room for the rows a turn keeps, reused from one turn to the next: a solve solves thousands of turns, and a new
    array for each left the allocator's heap larger (freed arrays of that size stay in the heap)."""

    def __init__(self) -> None:
        self._room = np.empty(0)

    def ring(self, rows: int, size: int) -> np.ndarray:
        """(rows, size), its values unset."""
        needed = rows * size
        if len(self._room) < needed:
            self._room = np.empty(needed)
        return self._room[:needed].reshape(rows, size)


def turn_start(rules: RuleSet, columns: Columns, rows: Rows | None = None) -> TurnStart:
    """``turn.solve_turn(rules, columns)``'s start and radius, the same to the bit (the radius is measured when the
    columns carry the WIMP part); ``rows``: room to reuse."""
    lay, tab = layout(rules), tables(rules)
    bank = np.ascontiguousarray(columns.bank)
    turns, parts, width = len(bank) - 1, bank.shape[1], bank.shape[2]
    terminal = ends(lay, columns)
    ring = (rows or Rows()).ring(int(tab.depth.sum()), parts * width)  # each row flat: every part for every column
    radius = np.full(width, np.inf)
    measure = parts > WIMP
    _turn(ring, tab.kept, tab.depth, tab.offset, width, turns, turns if measure else turns - 1,
          bank.reshape(turns + 1, parts * width), np.ascontiguousarray(columns.may_stop),
          terminal.reshape(len(terminal), parts * width), lay.scale, tab.forced, tab.choices, lay.decision_throw,
          SETTLE_STEPS, SETTLED, radius, measure)
    return TurnStart(ring[tab.offset[tab.start]].reshape(parts, width).copy(), radius)


@njit(**_HELPER)
def _keep(row: np.ndarray, kept: np.ndarray, into: np.ndarray, at: np.ndarray) -> None:
    """The kept states of ``row`` into ``into``, each at its row ``at``."""
    for k in range(len(kept)):
        for i in range(row.shape[1]):
            into[at[k], i] = row[kept[k], i]


@njit(**_HELPER)
def _above(k: int, points: int, at: np.ndarray, offset: np.ndarray, depth: np.ndarray, fixed: bool) -> int:
    """Where the row ``points`` above the current one is of kept state ``k``, whose rows are a ring of ``depth[k]``
    from ``offset[k]``, the current one at ``at[k]``; ``fixed``: the current row stands for every row above it."""
    if fixed:
        return at[k]
    above = at[k] + points
    return above - depth[k] if above >= offset[k] + depth[k] else above


@njit(inline="always", cache=True, nogil=True)
def _reach(radius: float, margin: float, slope: float) -> float:
    """``radius``, narrowed to how far the worth of a wimpout may move before a margin that moves by ``slope`` per
    unit of that worth is crossed."""
    return min(radius, margin / slope) if slope > SLOPE_FLOOR else radius


@njit(**_HELPER)
def _add(work: np.ndarray, into: int, i: int, m: int, source: np.ndarray, row: int, p: float) -> None:
    """Add the i-th of m terms (source[row] * p) to work's row ``into`` as numpy's pairwise sum adds a column
    (eight accumulators from eight terms on, then the rest one by one): what ``np.add.reduceat`` made of a segment."""
    size = work.shape[1]
    blocked = m - m % 8
    if m < 8 or i >= blocked:
        target, fresh = into, i == 0
    else:
        target, fresh = i % 8, i < 8
    if fresh:
        for n in range(size):
            work[target, n] = source[row, n] * p
    else:
        for n in range(size):
            work[target, n] += source[row, n] * p
    if m >= 8 and i == blocked - 1:
        for n in range(size):
            work[into, n] = (((work[0, n] + work[1, n]) + (work[2, n] + work[3, n]))
                             + ((work[4, n] + work[5, n]) + (work[6, n] + work[7, n])))


@njit(**_HELPER)
def _choices(
    source: np.ndarray, at: np.ndarray, offset: np.ndarray, depth: np.ndarray, fixed: bool, k: int, width: int,
    choices: tuple, radius: np.ndarray, narrow: bool, work: np.ndarray,
) -> None:
    """work's CHOSEN row: the chance-weighted sum over throw ``k``'s choices of the best move's value (the best by the
    chance of winning, the first of equals); ``narrow``: narrow ``radius`` by how far each choice is from changing."""
    c_prob, c_points, c_state, c_starts = choices
    size = work.shape[1]
    opening, end = c_starts[k] + 1, c_starts[k + 1]
    for i in range(size):
        work[CHOSEN, i] = 0.0
    for c in range(opening, end):
        r0 = _above(c_state[c, 0], c_points[c, 0], at, offset, depth, fixed)
        r1 = _above(c_state[c, 1], c_points[c, 1], at, offset, depth, fixed)
        r2 = _above(c_state[c, 2], c_points[c, 2], at, offset, depth, fixed)
        for w in range(width):
            a0, a1, a2 = source[r0, w], source[r1, w], source[r2, w]
            third, second = a2 > max(a0, a1), a1 > a0
            for i in range(w, size, width):
                work[BEST, i] = source[r2, i] if third else source[r1, i] if second else source[r0, i]
            if narrow:
                win, wimp = work[BEST, w], work[BEST, width + w]
                reach = _reach(radius[w], win - a0, abs(wimp - source[r0, width + w]))
                reach = _reach(reach, win - a1, abs(wimp - source[r1, width + w]))
                radius[w] = _reach(reach, win - a2, abs(wimp - source[r2, width + w]))
        _add(work, int(CHOSEN), c - opening, end - opening, work, int(BEST), c_prob[c])


@njit(**_HELPER)
def _row(
    source: np.ndarray, at: np.ndarray, offset: np.ndarray, depth: np.ndarray, fixed: bool, out: np.ndarray,
    width: int, stop: np.ndarray, may_stop: np.ndarray, terminal: np.ndarray, scale: np.ndarray, forced: tuple,
    choices: tuple, decision_throw: np.ndarray, radius: np.ndarray, narrow: bool, work: np.ndarray,
) -> None:
    """One row, every state: ``out`` from the rows above it in ``source``, the one ``points`` above for each outcome
    (see ``_above``; ``fixed``: the current row stands for them all). Each throw's segment opens with a weightless
    outcome, worth exactly 0: the sum is of the others. ``work`` holds the scratch: 0 - 7 the pairwise sums'
    accumulators, 8 the outcomes' sum, 9 the choices', 10 a choice's best move. Values are read by index, not through
    views: a view per outcome cost more than the arithmetic with narrow columns."""
    f_prob, f_points, f_state, f_starts = forced
    decisions = len(decision_throw)
    size = out.shape[1]
    for k in range(len(scale)):
        opening, end = f_starts[k] + 1, f_starts[k + 1]
        for i in range(size):
            work[SUM, i] = 0.0
        for j in range(opening, end):
            _add(work, int(SUM), j - opening, end - opening, source,
                 _above(f_state[j], f_points[j], at, offset, depth, fixed), f_prob[j])
        _choices(source, at, offset, depth, fixed, k, width, choices, radius, narrow, work)
        for i in range(size):
            out[decisions + k, i] = ((work[SUM, i] + work[CHOSEN, i]) + terminal[k, i]) * scale[k]
    for d in range(decisions):
        go = decisions + decision_throw[d]
        for w in range(width):
            take = may_stop[w] and stop[w] >= out[go, w]
            for i in range(w, size, width):
                out[d, i] = stop[i] if take else out[go, i]
            if narrow and may_stop[w]:
                radius[w] = _reach(radius[w], abs(stop[w] - out[go, w]), out[go, width + w])


@njit(_TURN, cache=True, nogil=True)
def _turn(
    ring: np.ndarray, kept: np.ndarray, depth: np.ndarray, offset: np.ndarray, width: int, turns: int, first: int,
    bank: np.ndarray, may_stop: np.ndarray, terminal: np.ndarray, scale: np.ndarray, forced: tuple, choices: tuple,
    decision_throw: np.ndarray, steps: int, settled: float, radius: np.ndarray, narrow: bool,
) -> None:
    """Every row of a turn, each from the rows above it, the kept states into ``ring`` (see ``Tables``). First the
    rows from ``turns`` on, where nothing changes with the total any more: one row's fixed point, found by repeating
    the row from the bank's last row (at most ``steps`` times, until no value of any state moves by ``settled``) with
    every row above it equal to it, and written to every row of the ring. Then rows ``first`` down to 0; ``narrow``:
    narrow ``radius`` to the decisions made on the way."""
    states, size = len(decision_throw) + len(scale), ring.shape[1]
    row, last = np.empty((states, size)), np.empty((states, size))  # a row's every state; settling: the last try
    for state in range(states):
        for i in range(size):
            last[state, i] = bank[turns, i]
    at = offset.copy()  # the current row of each kept state; settling: the first, holding the last try
    _keep(last, kept, ring, at)
    work = np.empty((SCRATCH, size))
    settling, step, t = steps > 0, 0, first
    while settling or t >= 0:
        _row(ring, at, offset, depth, settling, row, width, bank[turns if settling else t],
             may_stop[turns if settling else t], terminal, scale, forced, choices, decision_throw, radius,
             narrow and not settling, work)
        _keep(row, kept, ring, at)
        if settling:
            step += 1
            moved = 0.0
            for state in range(states):
                for i in range(size):
                    moved = max(moved, abs(row[state, i] - last[state, i]))
                    last[state, i] = row[state, i]
            settling = moved >= settled and step < steps
            if not settling:
                for k in range(len(kept)):
                    for r in range(offset[k] + 1, offset[k] + depth[k]):
                        for i in range(size):
                            ring[r, i] = ring[offset[k], i]
        else:
            t -= 1
        if not settling:
            for k in range(len(kept)):
                at[k] = offset[k] + t % depth[k]
