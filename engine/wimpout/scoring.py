"""Scoring one throw into the legal ways it can score (RULES.md, "Scoring one throw").

A throw has one or more scorings; when it has more than one, the player chooses (the sun's value, or which pair the
sun joins). Everything else about a throw is forced.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from engine.wimpout.cubes import ALL_CUBES, Face, Throw
from engine.wimpout.rules import RuleSet

NUMBER_FACES: tuple[Face, ...] = (Face.FIVE, Face.TEN)


class Outcome(str, Enum):
    SCORE = "score"
    FREIGHT_TRAIN = "freight_train"
    INSTANT_WIN = "instant_win"
    SUPERNOVA = "supernova"
    WIMPOUT = "wimpout"
    TRAIN_WRECK = "train_wreck"
    VOID = "void"
    """The Reroll Clause: a clearing throw showing a face of the flash being cleared does not count."""


class SunUse(str, Enum):
    """What the Flaming Sun face did in a throw."""

    FLASH = "flash"
    FIVE = "5"
    TEN = "10"
    REROLL = "reroll"


class Special(str, Enum):
    """House-rule scorings (they earn no Insurance Point of their own: NBSAOOBS)."""

    COSMIC_SAMPLER = "cosmic_sampler"
    FULL_HOUSE = "full_house"


SUN_VALUES: dict[SunUse, int] = {SunUse.TEN: 10, SunUse.FIVE: 5}


@dataclass(frozen=True, slots=True)
class Scoring:
    """One legal way a throw scores: its points, the cubes set aside, the flash it makes, and what the sun did."""

    outcome: Outcome
    points: int = 0
    kept: Throw = Throw(())
    flashes: tuple[Face, ...] = ()
    """The flashes this throw makes, to be cleared: one, or two with Full House."""
    sun: SunUse | None = None
    special: Special | None = None

    @property
    def flash(self) -> Face | None:
        return self.flashes[0] if self.flashes else None

    @property
    def scores(self) -> bool:
        return self.outcome in (Outcome.SCORE, Outcome.FREIGHT_TRAIN, Outcome.INSTANT_WIN, Outcome.SUPERNOVA)


def flash_points(face: Face) -> int:
    return 10 * int(face)


def freight_train_outcome(face: Face) -> tuple[Outcome, int]:
    """Freight trains: 6s win the game at once, 10s are a Supernova, the others score 100 times the face."""
    if face is Face.SIX:
        return Outcome.INSTANT_WIN, 0
    if face is Face.TEN:
        return Outcome.SUPERNOVA, 0
    return Outcome.FREIGHT_TRAIN, 100 * int(face)


def score_throw(
    throw: Throw, rules: RuleSet, clearing: frozenset[Face] = frozenset(), at_once: bool = True
) -> tuple[Scoring, ...]:
    """Every legal scoring of ``throw`` while ``clearing`` the flashes of those faces (never empty).

    ``at_once`` is False when some of the cubes stayed on the table from a void throw (``reroll_only_matching``):
    a Freight Train, a Cosmic Sampler and a Train Wreck need five cubes thrown at once, so that throw is none of them.
    """
    return _cached_score(throw.commons, throw.sun, clearing, rules.scoring_key, at_once)


def score_uncached(throw: Throw, rules: RuleSet, clearing: frozenset[Face], at_once: bool) -> tuple[Scoring, ...]:
    """``score_throw`` for a caller that keeps its own table (``engine.throws``): its cache would only double it."""
    return _shared(_score(throw.commons, throw.sun, clearing, rules.scoring_key, at_once))


@cache
def _cached_score(*key: Any) -> tuple[Scoring, ...]:
    return _shared(_score(*key))


_SHARED: dict[object, object] = {}


def _shared(options: tuple[Scoring, ...]) -> tuple[Scoring, ...]:
    """The one kept object equal to ``options`` (and to each of its scorings): the ~10,000 throws of a rule set have
    a few hundred distinct scorings, so the scoring tables hold, and the garbage collector walks, hundreds of objects
    rather than tens of thousands."""
    shared = tuple(_SHARED.setdefault(option, option) for option in options)
    return _SHARED.setdefault(shared, shared)  # type: ignore[return-value]


def _score(
    commons: tuple[Face, ...],
    sun: Face | None,
    clearing: frozenset[Face],
    scoring_key: tuple[object, ...],
    at_once: bool,
) -> tuple[Scoring, ...]:
    sun_completes_freight_train, fourth_number_scores, sampler_points, full_house = scoring_key
    wild = sun is Face.SUN
    sun_number = None if wild else sun
    five_at_once = at_once and len(commons) + (sun is not None) == ALL_CUBES
    if clearing and (any(face in clearing for face in commons) or sun_number in clearing):
        return (Scoring(Outcome.VOID),)

    counts: dict[Face, int] = {}
    for face in commons:
        counts[face] = counts.get(face, 0) + 1
    if sun_number is not None:
        counts[sun_number] = counts.get(sun_number, 0) + 1

    if five_at_once and len(counts) == 1 and (not wild or sun_completes_freight_train):
        (face,) = counts
        outcome, points = freight_train_outcome(face)
        return (Scoring(outcome, points, Throw(commons, sun)),)

    if sampler_points and five_at_once and not clearing and _is_cosmic_sampler(commons, sun):
        return (Scoring(Outcome.SCORE, sampler_points, Throw(commons, sun), special=Special.COSMIC_SAMPLER),)
    triple = next((face for face, count in counts.items() if count >= 3), None)
    if triple is not None:
        return _flash_of_a_kind(commons, sun, triple, counts[triple], clearing, bool(fourth_number_scores))
    if wild:
        pairs = sorted(face for face, count in counts.items() if count == 2)
        if len(pairs) == 2 and full_house:
            points = flash_points(pairs[0]) + flash_points(pairs[1])
            return (Scoring(Outcome.SCORE, points, Throw(commons, sun), tuple(pairs), SunUse.FLASH, Special.FULL_HOUSE),)
        if pairs:
            return tuple(option for pair in pairs for option in _flash_with_sun(commons, pair, clearing))
    return _with_numbers(commons, sun, _Partial(), clearing, train_wreck=five_at_once)


def _is_cosmic_sampler(commons: tuple[Face, ...], sun: Face | None) -> bool:
    """A 5 or 10 with one each of 2, 3, 4 and 6 in one throw of five; the sun stands for the 3, or for the 5 or 10."""
    real = commons if sun is Face.SUN else (*commons, sun)
    faces = set(real)
    if len(faces) != len(real):
        return False
    numbers = len(faces & NUMBER_FACES_SET)
    others = faces - NUMBER_FACES_SET
    if sun is not Face.SUN:
        return numbers == 1 and others == SAMPLER_FACES
    return (numbers == 1 and others == SAMPLER_FACES - {Face.THREE}) or (numbers == 0 and others == SAMPLER_FACES)


SAMPLER_FACES = frozenset((Face.TWO, Face.THREE, Face.FOUR, Face.SIX))
NUMBER_FACES_SET = frozenset(NUMBER_FACES)


@dataclass(frozen=True, slots=True)
class _Partial:
    """What a flash has already scored and set aside before the remaining cubes are counted as numbers."""

    points: int = 0
    commons: tuple[Face, ...] = ()
    sun: Face | None = None
    flashes: tuple[Face, ...] = ()
    sun_use: SunUse | None = None


def _flash_of_a_kind(
    commons: tuple[Face, ...],
    sun: Face | None,
    face: Face,
    count: int,
    clearing: frozenset[Face],
    fourth_number_scores: bool,
) -> tuple[Scoring, ...]:
    """Three or more of a face. Beyond the flash they are non-scoring (4 4 4 4 5 = 45; five read with cubes that stayed
    on the table leave two) unless the option lets a fourth 5 or 10 score; the sun cube showing the face is the
    non-scoring one when there is one, so it is thrown again."""
    fourth_scores = count == 4 and fourth_number_scores and face in NUMBER_FACES
    in_flash = count if fourth_scores else 3
    extras = count - in_flash
    sun_extra = sun is face and extras > 0
    sun_in_flash = sun is face and not sun_extra
    flash_commons = in_flash - sun_in_flash
    rest = list(commons)
    for _ in range(flash_commons):
        rest.remove(face)
    partial = _Partial(
        points=flash_points(face) + (int(face) if fourth_scores else 0),
        commons=(face,) * flash_commons,
        sun=face if sun_in_flash else None,
        flashes=(face,),
    )
    for _ in range(extras - sun_extra):
        rest.remove(face)
    rest_sun = None if sun is face else sun
    return _with_numbers(tuple(rest), rest_sun, partial, clearing)


def _flash_with_sun(commons: tuple[Face, ...], pair: Face, clearing: frozenset[Face]) -> tuple[Scoring, ...]:
    """The Flaming Sun Rule: a sun thrown with a pair completes it into a flash."""
    rest = list(commons)
    rest.remove(pair)
    rest.remove(pair)
    partial = _Partial(flash_points(pair), (pair, pair), Face.SUN, (pair,), SunUse.FLASH)
    return _with_numbers(tuple(rest), None, partial, clearing)


def _with_numbers(
    commons: tuple[Face, ...], sun: Face | None, partial: _Partial, clearing: frozenset[Face], train_wreck: bool = False
) -> tuple[Scoring, ...]:
    """Count the remaining 5s and 10s, then the ways a free sun may be used (5, 10, or thrown again); nothing scoring
    is a wimpout, or a Train Wreck when ``train_wreck`` (five cubes thrown at once)."""
    numbers = tuple(face for face in commons if face in NUMBER_FACES)
    points = partial.points + sum(numbers)
    kept_commons = partial.commons + numbers
    kept_sun = partial.sun
    if sun is not None and sun is not Face.SUN and sun in NUMBER_FACES:
        points += int(sun)
        kept_sun = sun
    scored = bool(kept_commons) or kept_sun is not None
    if sun is not Face.SUN:
        if not scored:
            return (Scoring(Outcome.TRAIN_WRECK if train_wreck else Outcome.WIMPOUT),)
        return (Scoring(Outcome.SCORE, points, Throw(kept_commons, kept_sun), partial.flashes, partial.sun_use),)
    # A free Flaming Sun: never the value of a flash being cleared; it must score when it is the only scorer.
    options = [
        Scoring(Outcome.SCORE, points + value, Throw(kept_commons, Face.SUN), partial.flashes, use)
        for use, value in SUN_VALUES.items()
        if Face(value) not in clearing
    ]
    if scored:
        options.append(Scoring(Outcome.SCORE, points, Throw(kept_commons, None), partial.flashes, SunUse.REROLL))
    return tuple(options) or (Scoring(Outcome.VOID),)
