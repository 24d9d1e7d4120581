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
from dataclasses import dataclass

import numpy as np

from engine.wimpout.optimal.chance import UNIT
from engine.wimpout.optimal.coverage import COVERED_LAST_LICKS, check_covered
from engine.wimpout.optimal.turn import OTHER, WIMP, WIN, Columns, solve_turn
from engine.wimpout.rules import RuleSet

@dataclass(frozen=True)
class Caps:
    """Where the solved model stops counting (in units): the only approximations of the solution."""

    deficit: int = 200
    """Last Licks deficits solved; a chaser further behind plays as if this far (the chance of winning from there is
    little more than that of an instant win, and falls by under 1e-6 beyond)."""
    lead: int = 100
    """A lead in Last Licks beyond this counts as this when a player weighs stopping: the chaser's chance changes by
    under 2e-4 beyond it, and such leads are rarely reached, so the start values move by much less."""
TOLERANCE = 1e-11
MAX_ROUNDS = 60


@dataclass(frozen=True)
class Solution:
    """The solved game. Scores and deficits are in 5-point units; ``reach`` is the first score that reaches the goal."""

    rules: RuleSet
    win: np.ndarray
    """win[i, j]: the chance that the player about to throw, with i, wins against j."""
    lose: np.ndarray
    """lose[i, j]: the chance that the other player wins (no one wins if both leave the game by Supernova)."""
    chaser: np.ndarray
    """chaser[d]: the chance that a player d behind in Last Licks, about to take a lick, wins."""
    alone: np.ndarray
    """alone[s]: the chance that the last player left, with s, reaches the goal."""
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def reach(self) -> int:
        return len(self.alone)

    @property
    def states(self) -> int:
        """Turn-start positions solved: score pairs, Last Licks deficits and lone scores."""
        return self.win.size + self.chaser.size + self.alone.size

    def first_player_wins(self) -> float:
        return float(self.win[0, 0])


def reach_of(rules: RuleSet) -> int:
    """The first score (units) that starts Last Licks."""
    return rules.goal // UNIT + rules.goal_must_be_passed


def solve(rules: RuleSet, caps: Caps = Caps()) -> Solution:
    """The exact solution under ``rules`` (NotCovered if they are not covered)."""
    check_covered(rules)
    return solve_model(rules, caps)


def solve_model(rules: RuleSet, caps: Caps) -> Solution:
    """The solution without the coverage check: tests solve small goals this way."""
    began, cpu = time.perf_counter(), time.process_time()
    chaser = solve_last_licks(rules, caps.deficit)
    alone = solve_alone(rules)
    win, lose = solve_pairs(rules, chaser, alone, caps.lead)
    return Solution(rules, win, lose, chaser, alone, time.perf_counter() - began, time.process_time() - cpu)


def may_stop(turns: int, in_game: np.ndarray, opening: int) -> np.ndarray:
    t = np.arange(turns + 1)[:, None]
    return (t >= 1) & (in_game[None, :] | (t >= opening))


def opening_units(rules: RuleSet) -> int:
    return -(-rules.opening_minimum // UNIT)


def last_licks_bank(rules: RuleSet, chaser: np.ndarray, turns: int, deficits: np.ndarray) -> np.ndarray:
    """(turns + 1, 1, columns): a chaser's chance of winning on stopping with each turn total, ``deficits`` behind."""
    t = np.arange(turns + 1)[:, None]
    margin = t - deficits[None, :]
    back = chaser[np.clip(margin, 0, len(chaser) - 1)] if COVERED_LAST_LICKS[rules.last_licks] == "rechase" else 0.0
    return np.where(margin > 0, 1.0 - back, 0.0)[:, None, :]


def solve_last_licks(rules: RuleSet, cap: int) -> np.ndarray:
    """chaser[d] for d in 0..cap. When a lick is answered (official), the values are a fixed point, found by
    iteration with Anderson acceleration."""
    deficits = np.arange(cap + 1)
    turns = 2 * cap
    nothing = np.zeros((1, len(deficits)))
    stopping = may_stop(turns, np.ones(len(deficits), bool), 0)

    def lick(chaser: np.ndarray) -> np.ndarray:
        columns = Columns(last_licks_bank(rules, chaser, turns, deficits), stopping, nothing, nothing)
        return solve_turn(rules, columns).start[WIN].copy()  # not a view: it would keep every state alive

    chaser = lick(np.zeros(len(deficits)))
    if COVERED_LAST_LICKS[rules.last_licks] == "once":
        return chaser
    return _anderson(lick, chaser)


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


def solve_alone(rules: RuleSet) -> np.ndarray:
    """alone[s]: the last player left, with s, must still reach the goal (or wins at once with last_player_wins)."""
    reach = reach_of(rules)
    alone = np.ones(reach)
    if rules.last_player_wins:
        return alone
    opening = opening_units(rules)
    nothing = np.zeros((2, 1))
    for score in range(reach - 1, -1, -1):
        turns = reach - score
        bank = np.zeros((turns + 1, 2, 1))
        totals = score + np.arange(turns + 1)
        bank[:, WIN, 0] = np.where(totals < reach, alone[np.minimum(totals, reach - 1)], 1.0)
        stopping = may_stop(turns, np.array([score > 0]), opening)
        guess = alone[min(score + 1, reach - 1)]
        for _ in range(MAX_ROUNDS):
            wimpout = np.array([[guess], [1.0]])
            turn = solve_turn(rules, Columns(bank, stopping, wimpout, nothing))
            win, wimped = float(turn.start[WIN, 0]), float(turn.start[WIMP, 0])
            new = (win - wimped * guess) / (1.0 - wimped)
            done = abs(new - guess) <= max(float(turn.radius[0]), TOLERANCE)
            guess = new
            if done:
                break
        alone[score] = guess
    return alone


def pair_columns(
    rules: RuleSet, mine: np.ndarray, theirs: np.ndarray, win: np.ndarray, lose: np.ndarray,
    chaser: np.ndarray, alone: np.ndarray, after_wimpout: np.ndarray, lead_cap: int,
) -> Columns:
    """The turns of the players with ``mine`` against ``theirs``, a wimpout worth ``after_wimpout`` to them."""
    reach = len(alone)
    turns = int(max(np.max(reach - mine), np.max(lead_cap + theirs - mine)))
    t = np.arange(turns + 1)[:, None]
    banked = mine[None, :] + t
    regular = banked < reach
    deficit = np.clip(banked - theirs[None, :], 0, lead_cap)
    kept = np.minimum(banked, reach - 1)
    other = np.broadcast_to(theirs[None, :], banked.shape)
    bank = np.zeros((turns + 1, 3, len(mine)))
    bank[:, WIN] = np.where(regular, lose[other, kept], 1.0 - chaser[deficit])
    bank[:, OTHER] = np.where(regular, win[other, kept], chaser[deficit])
    wimpout = np.zeros((3, len(mine)))
    wimpout[WIN] = after_wimpout
    wimpout[WIMP] = 1.0
    supernova = np.zeros((3, len(mine)))
    supernova[OTHER] = alone[theirs]
    return Columns(bank, may_stop(turns, mine > 0, opening_units(rules)), wimpout, supernova)


def _first_guess(lose: np.ndarray, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """What a wimpout is worth, extrapolated from the pairs one point higher (already solved): lose[theirs, mine]."""
    top = len(lose) - 1
    up, right = np.minimum(mine + 1, top), np.minimum(theirs + 1, top)
    return np.clip(lose[theirs, up] + lose[right, mine] - lose[right, up], 0.0, 1.0)


def solve_pairs(
    rules: RuleSet, chaser: np.ndarray, alone: np.ndarray, lead_cap: int
) -> tuple[np.ndarray, np.ndarray]:
    reach = len(alone)
    win = np.zeros((reach, reach))
    lose = np.zeros((reach, reach))
    for total in range(2 * reach - 2, -1, -1):
        low, high = max(0, total - reach + 1), min(total, reach - 1)
        mine = np.arange(low, high + 1)
        theirs = total - mine
        mirror = theirs - low
        guess = _first_guess(lose, mine, theirs)
        for _ in range(MAX_ROUNDS):
            turn = solve_turn(rules, pair_columns(rules, mine, theirs, win, lose, chaser, alone, guess, lead_cap))
            value = turn.start.copy()
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
    return win, lose
