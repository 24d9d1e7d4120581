"""The positions the solver values and where its model stops counting: the caps, the solved game, and the columns of
a turn (what banking, a wimpout and a Supernova are worth) for score pairs and Last Licks.

No compiled code here: the server's advice reads solutions and builds columns with these alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.wimpout.optimal.chance import UNIT
from engine.wimpout.optimal.coverage import COVERED_LAST_LICKS
from engine.wimpout.optimal.turn import OTHER, WIMP, WIN, Columns
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
