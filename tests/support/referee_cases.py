"""What the referee (tests/referee.py) and the engine are compared on, and the engine's answers in the referee's terms.

Every throw of 1-5 cubes (the common cubes in every order, with and without the sun cube), fresh and while clearing
each face (two faces at once under Full House), and, while clearing, also as a throw completed by rethrowing the
matching cubes (reroll_only_matching); under every combination of the options that change how a throw scores.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from engine.wimpout.cubes import COMMON_CUBES, COMMON_FACES, SUN_CUBE_FACES, Face, Throw
from engine.wimpout.rules import RuleSet
from engine.wimpout import scoring
from engine.wimpout.scoring import Scoring, score_throw
from support.referee import SUN, Options, Way, ways

Case = tuple[tuple[int, ...], int | str | None, frozenset[int], bool]
"""commons, sun, clearing, at_once"""

OPTION_SETS: tuple[Options, ...] = tuple(
    Options(sun_completes, fourth_scores, sampler_points, full_house)
    for sun_completes, fourth_scores, sampler_points, full_house in product(
        (False, True), (False, True), (0, 50, 25), (False, True)
    )
)
FACES = tuple(int(face) for face in COMMON_FACES)
SUN_FACES: tuple[int | str, ...] = tuple(SUN if face is Face.SUN else int(face) for face in SUN_CUBE_FACES)


def rules_of(options: Options) -> RuleSet:
    return RuleSet(
        sun_completes_freight_train=options.sun_completes_freight_train,
        fourth_number_scores=options.fourth_number_scores,
        cosmic_sampler=bool(options.sampler_points),
        sampler_points=options.sampler_points or 50,
        full_house=options.full_house,
    )


def clearings(options: Options) -> list[frozenset[int]]:
    single = [frozenset((face,)) for face in FACES]
    double = [frozenset(pair) for pair in combinations(FACES, 2)] if options.full_house else []
    return single + double


def throws(every_order: bool = True) -> Iterator[tuple[tuple[int, ...], int | str | None]]:
    """Every throw of 1-5 cubes; the common cubes in every order, or each multiset once (in sorted order)."""
    for count in range(COMMON_CUBES + 1):
        for commons in product(FACES, repeat=count) if every_order else combinations_with_replacement(FACES, count):
            for sun in (None, *SUN_FACES):
                if count or sun is not None:
                    yield commons, sun


def cases(options: Options) -> Iterator[Case]:
    """Every case for one option set."""
    contexts = [(frozenset(), True)] + [(clearing, at_once) for clearing in clearings(options) for at_once in (True, False)]
    for commons, sun in throws():
        for clearing, at_once in contexts:
            if at_once or len(commons) + (sun is not None) > 1:  # a rethrow completes a throw of two cubes or more
                yield commons, sun, clearing, at_once


FACE_OF: dict[int | str, Face] = {SUN: Face.SUN, **{int(face): face for face in COMMON_FACES}}


@cache
def _engine_clearing(clearing: frozenset[int]) -> frozenset[Face]:
    return frozenset(FACE_OF[face] for face in clearing)


def engine_ways(rules: RuleSet, case: Case) -> list[Way]:
    """The engine's answer (``engine.scoring.score_throw``) in the referee's terms."""
    commons, sun, clearing, at_once = case
    throw = Throw(tuple([FACE_OF[face] for face in commons]), None if sun is None else FACE_OF[sun])
    return [_as_way(scoring) for scoring in score_throw(throw, rules, _engine_clearing(clearing), at_once)]


def referee_ways(options: Options, case: Case) -> list[Way]:
    """The referee's answer; it reads the common cubes as a multiset, so it is asked once per sorted throw."""
    commons, sun, clearing, at_once = case
    return _referee(tuple(sorted(commons)), sun, options, clearing, at_once)


_referee = cache(ways)


def forget() -> None:
    """Drop what the referee and the engine's scoring have cached (after each option set, to bound the full run's
    memory: every case is distinct, so the engine's cache would otherwise hold all 7 million)."""
    _referee.cache_clear()
    engine_cache = getattr(scoring, "_score", None)  # a private detail of the engine: cleared if it is there
    if hasattr(engine_cache, "cache_clear"):
        engine_cache.cache_clear()


def same_ways(engine: list[Way], referee: list[Way]) -> bool:
    """The same ways to score, in any order, each as often."""
    return len(engine) == len(referee) and all(engine.count(way) == referee.count(way) for way in engine)


@cache
def _as_way(scoring: Scoring) -> Way:
    kept = scoring.kept
    return Way(
        scoring.outcome.value,
        scoring.points,
        tuple(sorted(int(face) for face in kept.commons)),
        None if kept.sun is None else (SUN if kept.sun is Face.SUN else int(kept.sun)),
        tuple(sorted(int(face) for face in scoring.flashes)),
        None if scoring.sun is None else scoring.sun.value,
        None if scoring.special is None else scoring.special.value,
    )
