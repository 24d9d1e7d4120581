"""One turn, solved backwards over the turn total for many situations ("columns") at once.

A column is a situation a turn is played in: what stopping with each turn total is worth, whether the player may stop,
and what a wimpout and a Supernova are worth (an instant win is worth 1). A value has up to three parts: the
player's chance of winning, the chance of wimping out on the way, and the other player's chance of winning (not
counting what follows a wimpout). Carrying the wimpout chance makes a turn's value linear in what a wimpout is worth,
which is how the solver closes the wimpout hand-over cycle. The player maximises the first part.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.wimpout.optimal.chance import DECISIONS, START, STATES, THROWS, ThrowTable, throw_tables
from engine.wimpout.rules import RuleSet

WIN, WIMP, OTHER = 0, 1, 2
"""The parts of a value, in this order; a column set may carry only the first one or two."""
MAX_POINTS = 100
"""The most units one throw scores (a freight train of 5s): how far beyond a turn total values are read."""
SETTLE_STEPS = 400
SETTLED = 1e-13
SLOPE_FLOOR = 1e-15
"""A decision's margin is only divided by a slope above this (below it the worth of a wimpout cannot change it)."""


@dataclass(frozen=True)
class Layout:
    """The chance tables as flat arrays, outcomes sorted by kind of throw (segments start at ``*_starts``)."""

    forced_prob: np.ndarray
    forced_points: np.ndarray
    forced_state: np.ndarray
    forced_starts: np.ndarray
    choice_prob: np.ndarray
    choice_points: np.ndarray
    """(choices, 3): the moves of each choice; fewer than 3 moves are padded by repeating the first."""
    choice_state: np.ndarray
    choice_starts: np.ndarray
    wimpout: np.ndarray
    instant_win: np.ndarray
    supernova: np.ndarray
    scale: np.ndarray
    """1 / (1 - chance of a void throw): a void throw is thrown again, so the other chances are renormalised."""
    decision_throw: np.ndarray
    """For each decision state, its throw (those cubes, no flash)."""


_LAYOUTS: dict[tuple[object, ...], Layout] = {}


def layout(rules: RuleSet) -> Layout:
    """The throw tables as arrays, made once for every rule set that scores throws alike (see ``throw_tables``)."""
    found = _LAYOUTS.get(rules.scoring_key)
    if found is None:
        found = _LAYOUTS[rules.scoring_key] = _layout(throw_tables(rules))
    return found


def _layout(tables: tuple[ThrowTable, ...]) -> Layout:
    forced: list[tuple[float, int, int]] = []
    choices: list[tuple[float, list[int], list[int]]] = []
    forced_starts, choice_starts = [], []
    for table in tables:
        # Each segment opens with a weightless outcome: np.add.reduceat cannot sum an empty segment.
        forced_starts.append(len(forced))
        forced.append((0.0, 1, 0))
        forced += [(float(p), points, state) for p, (points, state) in table.forced]
        choice_starts.append(len(choices))
        choices.append((0.0, [1] * 3, [0] * 3))
        for p, moves in table.choices:
            padded = list(moves) + [moves[0]] * (3 - len(moves))
            choices.append((float(p), [m[0] for m in padded], [m[1] for m in padded]))
    return Layout(
        forced_prob=np.array([f[0] for f in forced]),
        forced_points=np.array([f[1] for f in forced]),
        forced_state=np.array([f[2] for f in forced]),
        forced_starts=np.array(forced_starts),
        choice_prob=np.array([c[0] for c in choices]),
        choice_points=np.array([c[1] for c in choices]),
        choice_state=np.array([c[2] for c in choices]),
        choice_starts=np.array(choice_starts),
        wimpout=np.array([float(t.wimpout) for t in tables]),
        instant_win=np.array([float(t.instant_win) for t in tables]),
        supernova=np.array([float(t.supernova) for t in tables]),
        scale=np.array([1.0 / (1.0 - float(t.void)) for t in tables]),
        decision_throw=np.array([THROWS.index((*cubes, None)) for cubes in DECISIONS]),
    )


@dataclass(frozen=True)
class Columns:
    """The situations solved together, carrying ``parts`` parts of a value.

    ``bank`` is (turns + 1, parts, columns): what stopping with each turn total is worth; its last row stands for every
    larger total too, so beyond it nothing changes with the total (the solver's columns reach it only where that
    holds). ``may_stop`` is (turns + 1, columns); ``wimpout`` and ``supernova`` are (parts, columns).
    """

    bank: np.ndarray
    may_stop: np.ndarray
    wimpout: np.ndarray
    supernova: np.ndarray


@dataclass(frozen=True)
class TurnValues:
    values: np.ndarray
    """(turns + MAX_POINTS + 1, STATES, parts, columns): every state's value at every turn total."""
    radius: np.ndarray
    """(columns,): how far the worth of a wimpout may move before any decision changes (with the WIMP part)."""

    @property
    def start(self) -> np.ndarray:
        """(parts, columns): the value of a turn about to begin."""
        return self.values[0, START]


def ends(lay: Layout, columns: Columns) -> np.ndarray:
    """(THROWS, parts, columns): what each kind of throw is worth through the outcomes that end the turn (a wimpout,
    a Supernova, an instant win), weighted by their chances."""
    found = lay.wimpout[:, None, None] * columns.wimpout[None] + lay.supernova[:, None, None] * columns.supernova[None]
    found[:, WIN] += lay.instant_win[:, None]
    return found


def solve_turn(rules: RuleSet, columns: Columns, measure: bool = True) -> TurnValues:
    """Every state's value at every turn total; ``measure``: also the radius (it needs the WIMP part)."""
    lay = layout(rules)
    bank = columns.bank
    rows, parts, width = bank.shape
    turns = rows - 1
    values = np.zeros((turns + MAX_POINTS + 1, STATES, parts, width))
    flat = values.reshape(len(values) * STATES, parts * width)
    decisions = len(DECISIONS)
    terminal = ends(lay, columns)
    n_forced, n_choices = len(lay.forced_prob), len(lay.choice_prob)
    index = np.concatenate((lay.forced_points * STATES + lay.forced_state,
                            (lay.choice_points * STATES + lay.choice_state).ravel()))
    forced_weight = lay.forced_prob[:, None]
    choice_weight = lay.choice_prob[:, None, None]
    real_choice = lay.choice_prob > 0
    scale = lay.scale[:, None, None]
    radius = np.full(width, np.inf)
    measure = measure and parts > WIMP
    may_stop = columns.may_stop[:, None, None, :]

    def step(t: int, row: int, narrow: bool) -> np.ndarray:
        """values[t] from the rows above it, stopping as at ``row``; ``narrow``: narrow ``radius`` to the decisions
        made."""
        reached = flat[index + t * STATES]
        throws = np.add.reduceat(reached[:n_forced] * forced_weight, lay.forced_starts, axis=0)
        options = reached[n_forced:].reshape(n_choices, 3, parts, width)
        a0, a1, a2 = options[:, 0], options[:, 1], options[:, 2]
        if parts == 1:
            best = np.maximum(np.maximum(a0, a1), a2)
        else:
            best = np.where(a1[:, WIN : WIN + 1] > a0[:, WIN : WIN + 1], a1, a0)
            best = np.where(a2[:, WIN : WIN + 1] > best[:, WIN : WIN + 1], a2, best)
        throws += np.add.reduceat((best * choice_weight).reshape(n_choices, parts * width), lay.choice_starts, axis=0)
        new = values[t]
        throw_values = new[decisions:]
        np.multiply(throws.reshape(len(THROWS), parts, width) + terminal, scale, out=throw_values)
        go = throw_values[lay.decision_throw]
        stop = bank[row]
        take_stop = may_stop[row] & (stop[None, WIN : WIN + 1] >= go[:, WIN : WIN + 1])
        new[:decisions] = np.where(take_stop, stop[None], go)
        if narrow:
            may = columns.may_stop[row]
            margin = np.abs(stop[None, WIN] - go[:, WIN])
            _shrink(radius, np.where(may[None, :], _ratio(margin, go[:, WIMP]), np.inf))
            margins = best[:, None, WIN] - options[:, :, WIN]
            _shrink(radius, _ratio(margins, np.abs(best[:, None, WIMP] - options[:, :, WIMP]))[real_choice])
        return new

    # Beyond the last turn total nothing changes with the total: those values are one step's fixed point.
    values[turns:] = bank[turns][None, None]
    for _ in range(SETTLE_STEPS):
        before = values[turns].copy()
        step(turns, turns, False)
        values[turns + 1 :] = values[turns]
        if float(np.abs(values[turns] - before).max()) < SETTLED:
            break
    for t in range(turns if measure else turns - 1, -1, -1):
        step(t, t, measure)
    return TurnValues(values, radius)


def _ratio(margin: np.ndarray, slope: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(slope > SLOPE_FLOOR, margin / slope, np.inf)


def _shrink(radius: np.ndarray, candidates: np.ndarray) -> None:
    np.minimum(radius, candidates.reshape(-1, radius.shape[0]).min(axis=0), out=radius)
