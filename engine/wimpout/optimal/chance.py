"""Chance tables of every throw the solver meets, built from ``engine.scoring.score_throw`` (one source of truth).

A throw is described by the cubes thrown (common cubes, the sun cube) and the flash being cleared. Its outcomes are
grouped by the choices they offer: a throw that scores one way is a *forced* outcome (points, then the state it
leads to); a throw that offers several ways (the sun's value, which pair the sun joins) is a *choice* the player
makes. Points are in 5-point units throughout the solver.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from engine.wimpout.cubes import ALL_CUBES, COMMON_CUBES, COMMON_FACES, SUN_CUBE_FACES, Face, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, Scoring, score_uncached

UNIT = 5
"""Every score of the game is a multiple of 5 points."""

CUBE_SETS: tuple[tuple[int, bool], ...] = tuple((c, s) for c in range(COMMON_CUBES + 1) for s in (False, True) if c + s)
"""The cubes that can be thrown together: (common cubes, sun cube)."""
CLEARINGS: tuple[Face | None, ...] = (None, *COMMON_FACES)
THROWS: tuple[tuple[int, bool, Face | None], ...] = tuple((c, s, f) for c, s in CUBE_SETS for f in CLEARINGS)
"""Every kind of throw: cubes and the flash being cleared (None: no flash)."""
DECISIONS: tuple[tuple[int, bool], ...] = tuple(cubes for cubes in CUBE_SETS if sum(cubes) < ALL_CUBES)
"""Cubes left when the player may choose to stop or throw (no flash to clear, not all five)."""
FRESH = THROWS.index((COMMON_CUBES, True, None))
"""The throw of all five cubes with no flash: a turn's first throw, and YMNWTBYM."""


def state_of_decision(cubes: tuple[int, bool]) -> int:
    return DECISIONS.index(cubes)


def state_of_throw(kind: tuple[int, bool, Face | None]) -> int:
    """States are numbered decisions first, then throws (a flash to clear or all five cubes: the throw is forced)."""
    return len(DECISIONS) + THROWS.index(kind)


STATES = len(DECISIONS) + len(THROWS)
START = state_of_throw(THROWS[FRESH])


def destination(commons: int, sun: bool, scoring: Scoring) -> int:
    """The state after ``scoring``: cubes left (all five again if none: YMNWTBYM), and the flash to clear if any."""
    left = (commons - len(scoring.kept.commons), sun and scoring.kept.sun is None)
    if left == (0, False):
        left = (COMMON_CUBES, True)
    if scoring.flash is not None or sum(left) == ALL_CUBES:
        return state_of_throw((*left, scoring.flash))
    return state_of_decision(left)


Move = tuple[int, int]
"""(points in units, state it leads to)."""


@dataclass(frozen=True, slots=True)
class ThrowTable:
    """The exact chances of one kind of throw, grouped by what the player can do next."""

    commons: int
    sun: bool
    clearing: Face | None
    void: Fraction
    wimpout: Fraction
    instant_win: Fraction
    supernova: Fraction
    forced: tuple[tuple[Fraction, Move], ...]
    choices: tuple[tuple[Fraction, tuple[Move, ...]], ...]

    @property
    def total(self) -> Fraction:
        return (
            self.void + self.wimpout + self.instant_win + self.supernova
            + sum(p for p, _ in self.forced) + sum(p for p, _ in self.choices)
        )


_THROW_TABLES: dict[tuple[object, ...], tuple[ThrowTable, ...]] = {}


def throw_tables(rules: RuleSet) -> tuple[ThrowTable, ...]:
    """One table per kind of throw in THROWS, in that order: the same for every rule set that scores throws alike
    (``RuleSet.scoring_key``), so made once for them all, not once for each goal a table has asked a hint for."""
    tables = _THROW_TABLES.get(rules.scoring_key)
    if tables is None:
        tables = _THROW_TABLES[rules.scoring_key] = tuple(_table(c, s, f, rules) for c, s, f in THROWS)
    return tables


def _table(commons: int, sun: bool, clearing: Face | None, rules: RuleSet) -> ThrowTable:
    cleared = frozenset() if clearing is None else frozenset((clearing,))
    counts: Counter[object] = Counter()
    total = 0
    for faces in product(COMMON_FACES, repeat=commons):
        for sun_face in SUN_CUBE_FACES if sun else (None,):
            options = score_uncached(Throw(faces, sun_face), rules, cleared, True)  # each throw once: no cache
            total += 1
            outcome = options[0].outcome
            if not options[0].scores or outcome in (Outcome.INSTANT_WIN, Outcome.SUPERNOVA):
                counts[Outcome.WIMPOUT if outcome is Outcome.TRAIN_WRECK else outcome] += 1
                continue
            moves = {(option.points // UNIT, destination(commons, sun, option)) for option in options}
            counts[tuple(sorted(moves))] += 1
    p = {key: Fraction(n, total) for key, n in counts.items()}
    moves_of = [key for key in p if isinstance(key, tuple)]
    return ThrowTable(
        commons, sun, clearing,
        void=p.get(Outcome.VOID, Fraction(0)),
        wimpout=p.get(Outcome.WIMPOUT, Fraction(0)),
        instant_win=p.get(Outcome.INSTANT_WIN, Fraction(0)),
        supernova=p.get(Outcome.SUPERNOVA, Fraction(0)),
        forced=tuple(sorted((p[key], key[0]) for key in moves_of if len(key) == 1)),
        choices=tuple(sorted((p[key], key) for key in moves_of if len(key) > 1)),
    )
