"""One turn solved as ``turn.solve_turn`` solves it, compiled, keeping only the turn's start: the solver's hot path.

Each row of values is one pass over the chance tables: for every kind of throw, the outcomes' values weighted by their
chances and summed exactly as ``np.add.reduceat`` sums them there (so the tables come out the same to the bit), the
best move of each choice, then stop or throw at each decision. numba compiles it: the same pass in numpy makes a
temporary array of every outcome's values for every row, read, copied and read again, and costs seven times as much.
Rows above are kept in a ring of the last MAX_POINTS + 1 (no throw scores more), and of each row only the states an
outcome leads to (39 of 71: the others are read only within their own row): the ring is the largest array of a solve.

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

from engine.wimpout.optimal.turn import (
    MAX_POINTS, SETTLE_STEPS, SETTLED, SLOPE_FLOOR, START, WIMP, Columns, ends, layout,
)
from engine.wimpout.rules import RuleSet

RING = MAX_POINTS + 1
"""Rows kept: a row reads the MAX_POINTS rows above it."""
SUM, CHOSEN, BEST, SCRATCH = 8, 9, 10, 11
"""A row's scratch (``_row``): after the eight accumulators of a pairwise sum, the outcomes' sum, the choices' sum,
a choice's best move."""

_F3, _F2, _F1 = types.float64[:, :, ::1], types.float64[:, ::1], types.float64[::1]
_I2, _I1 = types.int64[:, ::1], types.int64[::1]
_FORCED, _CHOICES = types.Tuple((_F1, _I1, _I1, _I1)), types.Tuple((_F1, _I2, _I2, _I1))
_TURN = types.void(_F3, _I1, types.int64, types.int64, types.int64, _F2, types.boolean[:, ::1], _F2, _F1, _FORCED,
                   _CHOICES, _I1, types.int64, types.float64, _F1, types.boolean)
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
    """The chance tables as ``_turn`` reads them: each outcome leads to a place in a kept row, each segment's end is
    appended to its starts."""

    kept: np.ndarray
    """The state kept at each place of a row."""
    forced: tuple[np.ndarray, ...]
    choices: tuple[np.ndarray, ...]
    start: int
    """START's place."""


_TABLES: dict[tuple[object, ...], Tables] = {}


def tables(rules: RuleSet) -> Tables:
    """The tables, made once for every rule set that scores throws alike (as ``turn.layout``)."""
    found = _TABLES.get(rules.scoring_key)
    if found is None:
        lay = layout(rules)
        kept = np.unique(np.concatenate((lay.forced_state, lay.choice_state.ravel(), [START])))
        forced = (lay.forced_prob, lay.forced_points, np.searchsorted(kept, lay.forced_state),
                  np.append(lay.forced_starts, len(lay.forced_prob)))
        choices = (lay.choice_prob, lay.choice_points, np.searchsorted(kept, lay.choice_state),
                   np.append(lay.choice_starts, len(lay.choice_prob)))
        found = _TABLES[rules.scoring_key] = Tables(kept, forced, choices, int(np.searchsorted(kept, START)))
    return found


class Rows:
    """Room for the rows a turn keeps, reused from one turn to the next: a solve solves thousands of turns, and a new
    array for each left the allocator's heap 16 MB larger at goal 500 (freed arrays of that size stay in the heap)."""

    def __init__(self) -> None:
        self._room = np.empty(0)

    def ring(self, kept: int, size: int) -> np.ndarray:
        """(RING, kept, size), its values unset."""
        needed = RING * kept * size
        if len(self._room) < needed:
            self._room = np.empty(needed)
        return self._room[:needed].reshape(RING, kept, size)


def turn_start(rules: RuleSet, columns: Columns, rows: Rows | None = None) -> TurnStart:
    """``turn.solve_turn(rules, columns)``'s start and radius, the same to the bit (the radius is measured when the
    columns carry the WIMP part); ``rows``: room to reuse."""
    lay, tab = layout(rules), tables(rules)
    bank = np.ascontiguousarray(columns.bank)
    turns, parts, width = len(bank) - 1, bank.shape[1], bank.shape[2]
    terminal = ends(lay, columns)
    ring = (rows or Rows()).ring(len(tab.kept), parts * width)  # row t at t % RING, each flat: every part, every column
    radius = np.full(width, np.inf)
    measure = parts > WIMP
    _turn(ring, tab.kept, width, turns, turns if measure else turns - 1, bank.reshape(turns + 1, parts * width),
          np.ascontiguousarray(columns.may_stop), terminal.reshape(len(terminal), parts * width), lay.scale,
          tab.forced, tab.choices, lay.decision_throw, SETTLE_STEPS, SETTLED, radius, measure)
    return TurnStart(ring[0, tab.start].reshape(parts, width).copy(), radius)


@njit(**_HELPER)
def _keep(row: np.ndarray, kept: np.ndarray, into: np.ndarray, place: int) -> None:
    """The kept states of ``row`` into row ``place`` of ``into``."""
    for k in range(len(kept)):
        for i in range(row.shape[1]):
            into[place, k, i] = row[kept[k], i]


@njit(inline="always", cache=True, nogil=True)
def _above(t: int, points: int, rows: int) -> int:
    """Where the row ``points`` above source[t] is: ``source`` is a ring of rows (a row at t % rows), or a single row
    that stands for every row above (a fixed point)."""
    if rows == 1:
        return 0
    above = t + points
    return above - rows if above >= rows else above


@njit(inline="always", cache=True, nogil=True)
def _reach(radius: float, margin: float, slope: float) -> float:
    """``radius``, narrowed to how far the worth of a wimpout may move before a margin that moves by ``slope`` per
    unit of that worth is crossed."""
    return min(radius, margin / slope) if slope > SLOPE_FLOOR else radius


@njit(**_HELPER)
def _add(work: np.ndarray, into: int, i: int, m: int, source: np.ndarray, row: int, place: int, p: float) -> None:
    """Add the i-th of m terms (source[row, place] * p) to work's row ``into`` as numpy's pairwise sum adds a column
    (eight accumulators from eight terms on, then the rest one by one): what ``np.add.reduceat`` made of a segment."""
    size = work.shape[2]
    blocked = m - m % 8
    if m < 8 or i >= blocked:
        target, fresh = into, i == 0
    else:
        target, fresh = i % 8, i < 8
    if fresh:
        for n in range(size):
            work[0, target, n] = source[row, place, n] * p
    else:
        for n in range(size):
            work[0, target, n] += source[row, place, n] * p
    if m >= 8 and i == blocked - 1:
        r = work[0]
        for n in range(size):
            r[into, n] = ((r[0, n] + r[1, n]) + (r[2, n] + r[3, n])) + ((r[4, n] + r[5, n]) + (r[6, n] + r[7, n]))


@njit(**_HELPER)
def _choices(
    source: np.ndarray, t: int, k: int, width: int, choices: tuple, radius: np.ndarray, narrow: bool,
    work: np.ndarray,
) -> None:
    """work's CHOSEN row: the chance-weighted sum over throw ``k``'s choices of the best move's value (the best by the
    chance of winning, the first of equals); ``narrow``: narrow ``radius`` by how far each choice is from changing."""
    c_prob, c_points, c_place, c_starts = choices
    rows = len(source)
    size = work.shape[2]
    opening, end = c_starts[k] + 1, c_starts[k + 1]
    for i in range(size):
        work[0, CHOSEN, i] = 0.0
    for c in range(opening, end):
        r0, s0 = _above(t, c_points[c, 0], rows), c_place[c, 0]
        r1, s1 = _above(t, c_points[c, 1], rows), c_place[c, 1]
        r2, s2 = _above(t, c_points[c, 2], rows), c_place[c, 2]
        for w in range(width):
            a0, a1, a2 = source[r0, s0, w], source[r1, s1, w], source[r2, s2, w]
            third, second = a2 > max(a0, a1), a1 > a0
            for i in range(w, size, width):
                work[0, BEST, i] = source[r2, s2, i] if third else source[r1, s1, i] if second else source[r0, s0, i]
            if narrow:
                win, wimp = work[0, BEST, w], work[0, BEST, width + w]
                reach = _reach(radius[w], win - a0, abs(wimp - source[r0, s0, width + w]))
                reach = _reach(reach, win - a1, abs(wimp - source[r1, s1, width + w]))
                radius[w] = _reach(reach, win - a2, abs(wimp - source[r2, s2, width + w]))
        _add(work, int(CHOSEN), c - opening, end - opening, work, int(0), int(BEST), c_prob[c])


@njit(**_HELPER)
def _row(
    source: np.ndarray, t: int, out: np.ndarray, width: int, stop: np.ndarray, may_stop: np.ndarray,
    terminal: np.ndarray, scale: np.ndarray, forced: tuple, choices: tuple, decision_throw: np.ndarray,
    radius: np.ndarray, narrow: bool, work: np.ndarray,
) -> None:
    """One row, every state: ``out`` from the rows above it, the one ``points`` above for each outcome (see
    ``_above``; ``t``: the row's place in ``source``). Each throw's segment opens with a weightless outcome, worth
    exactly 0: the sum is of the others. ``work`` holds one row of scratch: 0 - 7 the pairwise sums' accumulators,
    8 the outcomes' sum, 9 the choices', 10 a choice's best move. Values are read by index, not through views: a view
    per outcome cost more than the arithmetic with narrow columns."""
    f_prob, f_points, f_place, f_starts = forced
    rows = len(source)
    decisions = len(decision_throw)
    size = out.shape[1]
    for k in range(len(scale)):
        opening, end = f_starts[k] + 1, f_starts[k + 1]
        for i in range(size):
            work[0, SUM, i] = 0.0
        for j in range(opening, end):
            _add(work, int(SUM), j - opening, end - opening, source, _above(t, f_points[j], rows), f_place[j],
                 f_prob[j])
        _choices(source, t, k, width, choices, radius, narrow, work)
        for i in range(size):
            out[decisions + k, i] = ((work[0, SUM, i] + work[0, CHOSEN, i]) + terminal[k, i]) * scale[k]
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
    ring: np.ndarray, kept: np.ndarray, width: int, turns: int, first: int, bank: np.ndarray, may_stop: np.ndarray,
    terminal: np.ndarray, scale: np.ndarray, forced: tuple, choices: tuple, decision_throw: np.ndarray, steps: int,
    settled: float, radius: np.ndarray, narrow: bool,
) -> None:
    """Every row of a turn into ``ring``, each from the rows above it. First the rows from ``turns`` on, where nothing
    changes with the total any more: one row's fixed point, found by repeating the row from the bank's last row (at
    most ``steps`` times, until no value of any state moves by ``settled``) with every row above it equal to it, and
    written to every row of the ring. Then rows ``first`` down to 0; ``narrow``: narrow ``radius`` to the decisions
    made on the way."""
    states, size = len(decision_throw) + len(scale), ring.shape[2]
    row, last = np.empty((states, size)), np.empty((states, size))  # a row's every state; settling: the last try
    above = np.empty((1, len(kept), size))  # settling: the last try, standing for every row above
    for state in range(states):
        for i in range(size):
            last[state, i] = bank[turns, i]
    _keep(last, kept, above, int(0))
    work = np.empty((1, SCRATCH, size))
    settling, step, t = steps > 0, 0, first
    while settling or t >= 0:
        source, place, line = (above, 0, turns) if settling else (ring, t % len(ring), t)
        _row(source, place, row, width, bank[line], may_stop[line], terminal, scale, forced, choices, decision_throw,
             radius, narrow and not settling, work)
        if not settling:
            _keep(row, kept, ring, place)
            t -= 1
            continue
        step += 1
        moved = 0.0
        for state in range(states):
            for i in range(size):
                moved = max(moved, abs(row[state, i] - last[state, i]))
                last[state, i] = row[state, i]
        _keep(row, kept, above, int(0))
        settling = moved >= settled and step < steps
        if not settling:
            for place in range(len(ring)):
                _keep(row, kept, ring, place)
