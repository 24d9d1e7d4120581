"""Solve two-player Cosmic Wimpout: each player's chance of winning at the start of every turn, under optimal play.

Scores never fall, so score pairs are solved from the highest sum down; banking leads to a higher sum, already solved.
The only cycle is the wimpout hand-over between (i, j) and (j, i) on the same sum: for a fixed policy a turn's value
is linear in what a wimpout is worth, so each sum is solved by Newton's method on that worth (policy iteration),
which ends when the policy stops changing. Last Licks reduces to how far the chaser is behind; when a Supernova leaves
one player alone, that player's chance of reaching the goal alone is solved the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import accumulate

import numpy as np

from engine.wimpout.optimal.coverage import COVERED_LAST_LICKS, check_covered
from engine.wimpout.optimal.positions import (
    Caps, Solution, last_licks_bank, may_stop, opening_units, pair_columns, reach_of,
)
from engine.wimpout.optimal.sweep import Rows, turn_start
from engine.wimpout.optimal.turn import OTHER, WIMP, WIN, Columns
from engine.wimpout.rules import RuleSet

TOLERANCE = 1e-11
MAX_ROUNDS = 60

Progress = Callable[[float], None]
"""Told the fraction of a solve done, from 0 to 1 and never falling, after each turn solved (a few hundred times a
solve): what a worker shows a table as "solving: 40%"."""
EXPECTED_ROUNDS = {"licks": 12, "alone": 2, "pairs": 3}
"""Turns solved per position on the way to a fixed point, about: how the progress reported weighs the three parts."""
SETTLING_ROWS, ROW_VALUES = 25, 120
"""What a turn costs beyond its rows and values, about: the rows its fixed point beyond the last total takes, and
what a row costs whatever its columns (a pass over every outcome), in values."""


def solve(rules: RuleSet, caps: Caps = Caps(), progress: Progress | None = None) -> Solution:
    """The exact solution under ``rules`` (NotCovered if they are not covered)."""
    check_covered(rules)
    return solve_model(rules, caps, progress)


def solve_model(rules: RuleSet, caps: Caps, progress: Progress | None = None) -> Solution:
    """The solution without the coverage check: tests solve small goals this way."""
    began, cpu = time.perf_counter(), time.process_time()
    licks, lone, pairs = _phases(progress or _unheard, _work(rules, caps))
    rows = Rows()
    chaser = solve_last_licks(rules, caps.deficit, licks, rows)
    alone = solve_alone(rules, lone, rows)
    win, lose = solve_pairs(rules, chaser, alone, caps.lead, pairs, rows)
    return Solution(rules, win, lose, chaser, alone, time.perf_counter() - began, time.process_time() - cpu)


def _unheard(fraction: float) -> None:
    """Progress no one asked for."""


def _work(rules: RuleSet, caps: Caps) -> tuple[float, float, float]:
    """What each part of the solve costs, about, in ``_turn_work``'s units."""
    reach = reach_of(rules)
    rechase = COVERED_LAST_LICKS[rules.last_licks] == "rechase"
    licks = _turn_work(2 * caps.deficit + 1, caps.deficit + 1) * (EXPECTED_ROUNDS["licks"] if rechase else 1)
    alone = sum(_alone_work(reach, score) for score in range(reach)) * EXPECTED_ROUNDS["alone"]
    pairs = sum(_pairs_work(reach, total, caps.lead) for total in range(2 * reach - 1))
    return licks, alone, pairs * EXPECTED_ROUNDS["pairs"]


def _turn_work(rows: int, values: int) -> int:
    """What solving a turn of ``rows`` turn totals for ``values`` values a row costs, about."""
    return (rows + SETTLING_ROWS) * (values + ROW_VALUES)


def _alone_work(reach: int, score: int) -> int:
    return _turn_work(reach - score + 1, 2)


def _pairs_work(reach: int, total: int, lead_cap: int) -> int:
    """A turn of the pairs on ``total`` (``pair_columns``' rows and columns, three parts)."""
    low, high = max(0, total - reach + 1), min(total, reach - 1)
    return _turn_work(max(reach - low, lead_cap + total - 2 * low) + 1, 3 * (high - low + 1))


def _phases(progress: Progress, work: tuple[float, ...]) -> list[Progress]:
    """One progress for each part of the solve, told that part's own fraction done, reporting the whole's."""
    whole = float(sum(work))
    starts = accumulate(work[:-1], initial=0.0)
    return [lambda done, start=start, share=share: progress((start + share * min(done, 1.0)) / whole)
            for start, share in zip(starts, work)]


def solve_last_licks(rules: RuleSet, cap: int, progress: Progress = _unheard, rows: Rows | None = None) -> np.ndarray:
    """chaser[d] for d in 0..cap. When a lick is answered (official), the values are a fixed point, found by
    iteration with Anderson acceleration."""
    deficits = np.arange(cap + 1)
    turns = 2 * cap
    nothing = np.zeros((1, len(deficits)))
    stopping = may_stop(turns, np.ones(len(deficits), bool), 0)

    rounds = 0

    def lick(chaser: np.ndarray) -> np.ndarray:
        nonlocal rounds
        columns = Columns(last_licks_bank(rules, chaser, turns, deficits), stopping, nothing, nothing)
        start = turn_start(rules, columns, rows).start[WIN]
        rounds += 1
        progress(rounds / EXPECTED_ROUNDS["licks"])
        return start

    chaser = lick(np.zeros(len(deficits)))
    if COVERED_LAST_LICKS[rules.last_licks] == "once":
        progress(1.0)
        return chaser
    chaser = _anderson(lick, chaser)
    progress(1.0)
    return chaser


def _anderson(update: Callable[[np.ndarray], np.ndarray], x: np.ndarray, memory: int = 6) -> np.ndarray:
    """The fixed point of ``update`` near ``x`` (Anderson mixing of the last few iterates)."""
    xs: list[np.ndarray] = []
    gs: list[np.ndarray] = []
    for _ in range(MAX_ROUNDS):
        g = update(x)
        if float(np.abs(g - x).max()) < TOLERANCE:
            return g
        xs.append(x)
        gs.append(g)
        xs, gs = xs[-memory:], gs[-memory:]
        residuals = np.array([g_ - x_ for g_, x_ in zip(gs, xs)])
        if len(xs) == 1:
            x = g
            continue
        differences = residuals[1:] - residuals[:-1]
        coefficients, *_ = np.linalg.lstsq(differences.T, residuals[-1], rcond=None)
        gs_array = np.array(gs)
        x = gs_array[-1] - coefficients @ (gs_array[1:] - gs_array[:-1])
    raise ArithmeticError("Last Licks values did not settle")


def solve_alone(rules: RuleSet, progress: Progress = _unheard, rows: Rows | None = None) -> np.ndarray:
    """alone[s]: the last player left, with s, must still reach the goal (or wins at once with last_player_wins)."""
    reach = reach_of(rules)
    alone = np.ones(reach)
    if rules.last_player_wins:
        progress(1.0)
        return alone
    opening = opening_units(rules)
    nothing = np.zeros((2, 1))
    work = np.cumsum([_alone_work(reach, score) for score in range(reach - 1, -1, -1)])
    for share, score in zip(work / work[-1], range(reach - 1, -1, -1)):
        turns = reach - score
        bank = np.zeros((turns + 1, 2, 1))
        totals = score + np.arange(turns + 1)
        bank[:, WIN, 0] = np.where(totals < reach, alone[np.minimum(totals, reach - 1)], 1.0)
        stopping = may_stop(turns, np.array([score > 0]), opening)
        guess = alone[min(score + 1, reach - 1)]
        for _ in range(MAX_ROUNDS):
            wimpout = np.array([[guess], [1.0]])
            turn = turn_start(rules, Columns(bank, stopping, wimpout, nothing), rows)
            win, wimped = float(turn.start[WIN, 0]), float(turn.start[WIMP, 0])
            new = (win - wimped * guess) / (1.0 - wimped)
            done = abs(new - guess) <= max(float(turn.radius[0]), TOLERANCE)
            guess = new
            if done:
                break
        alone[score] = guess
        progress(float(share))
    return alone


def _first_guess(lose: np.ndarray, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """What a wimpout is worth, extrapolated from the pairs one point higher (already solved): lose[theirs, mine]."""
    top = len(lose) - 1
    up, right = np.minimum(mine + 1, top), np.minimum(theirs + 1, top)
    return np.clip(lose[theirs, up] + lose[right, mine] - lose[right, up], 0.0, 1.0)


def solve_pairs(
    rules: RuleSet, chaser: np.ndarray, alone: np.ndarray, lead_cap: int, progress: Progress = _unheard,
    rows: Rows | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    reach = len(alone)
    work = np.cumsum([_pairs_work(reach, total, lead_cap) for total in range(2 * reach - 2, -1, -1)])
    """How much of the pairs' work is done once each sum of scores is solved, about."""
    win = np.zeros((reach, reach))
    lose = np.zeros((reach, reach))
    for share, total in zip(work / work[-1], range(2 * reach - 2, -1, -1)):
        low, high = max(0, total - reach + 1), min(total, reach - 1)
        mine = np.arange(low, high + 1)
        theirs = total - mine
        mirror = theirs - low
        guess = _first_guess(lose, mine, theirs)
        for _ in range(MAX_ROUNDS):
            columns = pair_columns(rules, mine, theirs, win, lose, chaser, alone, guess, lead_cap)
            turn = turn_start(rules, columns, rows)
            value = turn.start
            wimped = value[WIMP]
            base_win = value[WIN] - wimped * guess
            base_lose = value[OTHER]
            mine_wins = (base_win + wimped * base_lose[mirror]) / (1.0 - wimped * wimped[mirror])
            mine_loses = base_lose + wimped * mine_wins[mirror]
            new = mine_loses[mirror]
            done = bool(np.all(np.abs(new - guess) <= np.maximum(turn.radius, TOLERANCE)))
            guess = new
            if done:
                break
        win[mine, theirs] = mine_wins
        lose[mine, theirs] = mine_loses
        progress(float(share))
    return win, lose
