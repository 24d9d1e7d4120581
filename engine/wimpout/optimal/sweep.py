"""One turn solved as ``turn.solve_turn`` solves it, compiled, keeping only the turn's start: the solver's hot path.

Each row of values is one pass over the chance tables: for every kind of throw, the outcomes' values weighted by their
chances and summed exactly as ``np.add.reduceat`` sums them there (so the tables come out the same to the bit), the
best move of each choice, then stop or throw at each decision. numba compiles it: the same pass in numpy makes a
temporary array of every outcome's values for every row, read, copied and read again, and costs seven times as much.
Only the last MAX_POINTS + 1 rows are kept (a ring: no throw scores more), where the solver held every turn total's.

``turn.solve_turn`` stays numpy, the reference this agrees with to the bit, for the server's advice: a hint solves one
column, and the server process should not load a compiler for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit, types

from engine.wimpout.optimal.turn import (
    MAX_POINTS, SETTLE_STEPS, SETTLED, SLOPE_FLOOR, START, STATES, WIMP, Columns, ends, layout,
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
"""The argument types, given: each function is compiled once, as the module is imported (read from numba's cache
after the first time). Inferred from each call, the constants passed (``SUM``, ``0``, ``False``) made a second
compiled copy of each callee. With that, and rows copied value by value (an array assigned to a row compiles numpy's
broadcasting), the first solve on a new install compiles in a third of the time and 40 MB less (issue 28); the two
smallest are inlined where they are called."""


@dataclass(frozen=True)
class TurnStart:
    start: np.ndarray
    """(parts, columns): the value of a turn about to begin."""
    radius: np.ndarray
    """(columns,): how far the worth of a wimpout may move before any decision changes (with the WIMP part)."""


class Rows:
    """Room for the rows a turn keeps, reused from one turn to the next: a solve solves thousands of turns, and a new
    array for each left the allocator's heap 16 MB larger at goal 500 (freed arrays of that size stay in the heap)."""

    def __init__(self) -> None:
        self._room = np.empty(0)

    def ring(self, size: int) -> np.ndarray:
        """(RING, STATES, size), its values unset."""
        needed = RING * STATES * size
        if len(self._room) < needed:
            self._room = np.empty(needed)
        return self._room[:needed].reshape(RING, STATES, size)


def turn_start(rules: RuleSet, columns: Columns, rows: Rows | None = None) -> TurnStart:
    """``turn.solve_turn(rules, columns)``'s start and radius, the same to the bit (the radius is measured when the
    columns carry the WIMP part); ``rows``: room to reuse."""
    lay = layout(rules)
    bank = np.ascontiguousarray(columns.bank)
    turns, parts, width = len(bank) - 1, bank.shape[1], bank.shape[2]
    terminal = ends(lay, columns)
    forced = (lay.forced_prob, lay.forced_points, lay.forced_state, np.append(lay.forced_starts, len(lay.forced_prob)))
    choices = (lay.choice_prob, lay.choice_points, lay.choice_state, np.append(lay.choice_starts, len(lay.choice_prob)))
    tables = (terminal.reshape(len(terminal), parts * width), lay.scale, forced, choices, lay.decision_throw)
    ring = (rows or Rows()).ring(parts * width)  # row t at t % RING, each flat: every part for every column
    flat_bank = bank.reshape(turns + 1, parts * width)
    may_stop = np.ascontiguousarray(columns.may_stop)
    radius = np.full(width, np.inf)
    measure = parts > WIMP
    settle(ring, width, turns, flat_bank, may_stop, *tables, SETTLE_STEPS, SETTLED)
    sweep(ring, width, turns if measure else turns - 1, flat_bank, may_stop, *tables, radius, measure)
    return TurnStart(ring[0, START].reshape(parts, width).copy(), radius)


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


@njit(types.void(_F3, types.int64, types.int64, types.int64, _F3, types.int64, types.int64, types.float64), cache=True,
      nogil=True)
def _add(
    work: np.ndarray, into: int, i: int, m: int, source: np.ndarray, row: int, state: int, p: float,
) -> None:
    """Add the i-th of m terms (source[row, state] * p) to work's row ``into`` as numpy's pairwise sum adds a column
    (eight accumulators from eight terms on, then the rest one by one): what ``np.add.reduceat`` made of a segment."""
    size = work.shape[2]
    blocked = m - m % 8
    if m < 8 or i >= blocked:
        target, fresh = into, i == 0
    else:
        target, fresh = i % 8, i < 8
    if fresh:
        for n in range(size):
            work[0, target, n] = source[row, state, n] * p
    else:
        for n in range(size):
            work[0, target, n] += source[row, state, n] * p
    if m >= 8 and i == blocked - 1:
        r = work[0]
        for n in range(size):
            r[into, n] = ((r[0, n] + r[1, n]) + (r[2, n] + r[3, n])) + ((r[4, n] + r[5, n]) + (r[6, n] + r[7, n]))


@njit(types.void(_F3, types.int64, types.int64, types.int64, _CHOICES, _F1, types.boolean, _F3), cache=True, nogil=True)
def _choices(
    source: np.ndarray, t: int, k: int, width: int, choices: tuple, radius: np.ndarray, narrow: bool,
    work: np.ndarray,
) -> None:
    """work's CHOSEN row: the chance-weighted sum over throw ``k``'s choices of the best move's value (the best by the
    chance of winning, the first of equals); ``narrow``: narrow ``radius`` by how far each choice is from changing."""
    c_prob, c_points, c_state, c_starts = choices
    rows = len(source)
    size = work.shape[2]
    opening, end = c_starts[k] + 1, c_starts[k + 1]
    for i in range(size):
        work[0, CHOSEN, i] = 0.0
    for c in range(opening, end):
        r0, s0 = _above(t, c_points[c, 0], rows), c_state[c, 0]
        r1, s1 = _above(t, c_points[c, 1], rows), c_state[c, 1]
        r2, s2 = _above(t, c_points[c, 2], rows), c_state[c, 2]
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
        _add(work, CHOSEN, c - opening, end - opening, work, 0, BEST, c_prob[c])


@njit(types.void(_F3, types.int64, _F2, types.int64, _F1, types.boolean[::1], _F2, _F1, _FORCED, _CHOICES, _I1, _F1,
                 types.boolean, _F3), cache=True, nogil=True)
def _row(
    source: np.ndarray, t: int, out: np.ndarray, width: int, stop: np.ndarray, may_stop: np.ndarray,
    terminal: np.ndarray, scale: np.ndarray, forced: tuple, choices: tuple, decision_throw: np.ndarray,
    radius: np.ndarray, narrow: bool, work: np.ndarray,
) -> None:
    """One row: ``out`` from the rows above it, the one ``points`` above for each outcome (see ``_above``; ``t``: the
    row's place in ``source``). Each throw's segment opens with a weightless outcome, worth exactly 0: the sum is of
    the others. ``work`` holds one row of scratch: 0 - 7 the pairwise sums' accumulators, 8 the outcomes' sum, 9 the
    choices', 10 a choice's best move. Values are read by index, not through views: a view per outcome cost more
    than the arithmetic with narrow columns."""
    f_prob, f_points, f_state, f_starts = forced
    rows = len(source)
    decisions = len(decision_throw)
    size = out.shape[1]
    for k in range(len(scale)):
        opening, end = f_starts[k] + 1, f_starts[k + 1]
        for i in range(size):
            work[0, SUM, i] = 0.0
        for j in range(opening, end):
            _add(work, SUM, j - opening, end - opening, source, _above(t, f_points[j], rows), f_state[j], f_prob[j])
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


@njit(types.void(_F3, types.int64, types.int64, _F2, types.boolean[:, ::1], _F2, _F1, _FORCED, _CHOICES, _I1, types.int64,
                 types.float64), cache=True, nogil=True)
def settle(
    values: np.ndarray, width: int, turns: int, bank: np.ndarray, may_stop: np.ndarray, terminal: np.ndarray,
    scale: np.ndarray, forced: tuple, choices: tuple, decision_throw: np.ndarray, steps: int, settled: float,
) -> None:
    """Every row from ``turns`` on, where nothing changes with the total any more: one row's fixed point, found by
    repeating the row from the bank's last row (at most ``steps`` times, until no value moves by ``settled``) with
    every row above it equal to it. It is written to every row of ``values``; those below are written over later."""
    states, size = values.shape[1], values.shape[2]
    above = np.empty((1, states, size))
    for state in range(states):
        for i in range(size):
            above[0, state, i] = bank[turns, i]
    work = np.empty((1, SCRATCH, size))
    row = values[turns % len(values)]
    for _ in range(steps):
        _row(above, 0, row, width, bank[turns], may_stop[turns], terminal, scale, forced, choices, decision_throw,
             np.empty(0), False, work)
        moved = 0.0
        for state in range(states):
            for i in range(size):
                moved = max(moved, abs(row[state, i] - above[0, state, i]))
                above[0, state, i] = row[state, i]
        if moved < settled:
            break
    for t in range(len(values)):
        if t != turns % len(values):
            for state in range(states):
                for i in range(size):
                    values[t, state, i] = row[state, i]


@njit(types.void(_F3, types.int64, types.int64, _F2, types.boolean[:, ::1], _F2, _F1, _FORCED, _CHOICES, _I1, _F1,
                 types.boolean), cache=True, nogil=True)
def sweep(
    values: np.ndarray, width: int, first: int, bank: np.ndarray, may_stop: np.ndarray, terminal: np.ndarray,
    scale: np.ndarray, forced: tuple, choices: tuple, decision_throw: np.ndarray, radius: np.ndarray, narrow: bool,
) -> None:
    """Rows ``first`` down to 0, each from the rows above it; ``narrow``: narrow ``radius`` to the decisions made on
    the way."""
    work = np.empty((1, SCRATCH, values.shape[2]))
    for t in range(first, -1, -1):
        place = t % len(values)
        _row(values, place, values[place], width, bank[t], may_stop[t], terminal, scale, forced, choices,
             decision_throw, radius, narrow, work)
