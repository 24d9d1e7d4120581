"""The referee (tests/referee.py, written from RULES.md alone) against the engine's scoring: every fresh throw under
every option set and a seeded random sample of throws while clearing (benchmarks/referee_full.py compares every case);
and the referee itself on the examples RULES.md gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

from support.referee import SUN, VOID, Options, Way, ways
from support.referee_cases import (
    FACES,
    OPTION_SETS,
    SUN_FACES,
    clearings,
    engine_ways,
    referee_ways,
    rules_of,
    same_ways,
    throws,
)

SAMPLE = 15_000
NO_OPTIONS = Options()


def test_every_fresh_throw_under_every_option_set_is_scored_as_the_referee_does() -> None:
    """Fresh throws hold the specials (freight trains, Samplers, Full Houses, Train Wrecks): all of them, each in one
    order of its common cubes (benchmarks/referee_full.py tries every order)."""
    mismatches = []
    for options in OPTION_SETS:
        rules = rules_of(options)
        for commons, sun in throws(every_order=False):
            case = (commons, sun, frozenset(), True)
            engine, referee = engine_ways(rules, case), referee_ways(options, case)
            if not same_ways(engine, referee):
                mismatches.append((options, case, engine, referee))
    assert not mismatches, mismatches[:5]


def test_a_random_sample_of_throws_while_clearing_is_scored_as_the_referee_does() -> None:
    rng = random.Random(9)
    rules = {options: rules_of(options) for options in OPTION_SETS}
    mismatches = []
    for _ in range(SAMPLE):
        options = rng.choice(OPTION_SETS)
        commons = tuple(rng.choice(FACES) for _ in range(rng.randint(0, 4)))
        sun = rng.choice((None, *SUN_FACES)) if commons else rng.choice(SUN_FACES)
        at_once = rng.random() < 0.5 or len(commons) + (sun is not None) == 1
        case = (commons, sun, rng.choice(clearings(options)), at_once)
        engine, referee = engine_ways(rules[options], case), referee_ways(options, case)
        if not same_ways(engine, referee):
            mismatches.append((options, case, engine, referee))
    assert not mismatches, mismatches[:5]


# -- the referee on RULES.md's own examples (a referee that is wrong would pass an engine that is wrong) ---------------


def score(
    commons: tuple[int, ...], sun: int | str | None, options: Options = NO_OPTIONS, **context: Any
) -> set[tuple[str, int, int]]:
    return {(way.outcome, way.points, len(way.kept) + (way.kept_sun is not None)) for way in ways(commons, sun, options, **context)}


@pytest.mark.parametrize(
    ("commons", "sun", "options", "expected"),
    [
        ((4, 4, 4, 4), 5, NO_OPTIONS, {("score", 45, 4)}),  # "the fourth matching face is non-scoring"
        ((5, 5, 5, 5), 2, NO_OPTIONS, {("score", 50, 3)}),
        ((5, 5, 5, 5), 2, Options(fourth_number_scores=True), {("score", 55, 4)}),
        ((2, 2, 2, 2), 2, NO_OPTIONS, {("freight_train", 200, 5)}),
        ((6, 6, 6, 6), 6, NO_OPTIONS, {("instant_win", 0, 5)}),
        ((10, 10, 10, 10), 10, NO_OPTIONS, {("supernova", 0, 5)}),
        ((3, 3, 3, 3), SUN, NO_OPTIONS, {("score", 30, 3), ("score", 35, 4), ("score", 40, 4)}),
        ((3, 3, 3, 3), SUN, Options(sun_completes_freight_train=True), {("freight_train", 300, 5)}),
        ((2, 2, 3, 4), SUN, NO_OPTIONS, {("score", 20, 3)}),  # the sun must complete the pair
        ((10, 10, 5, 5), SUN, NO_OPTIONS, {("score", 110, 5), ("score", 70, 5)}),  # which pair: the player's choice
        ((10, 10, 5, 5), SUN, Options(full_house=True), {("score", 150, 5)}),
        ((2, 3, 4, 6), SUN, NO_OPTIONS, {("score", 5, 1), ("score", 10, 1)}),  # the lone sun must score
        ((2, 3, 4, 6), SUN, Options(sampler_points=50), {("score", 50, 5)}),
        ((2, 4, 6, 10), SUN, Options(sampler_points=25), {("score", 25, 5)}),
        ((2, 3, 4, 6), 2, NO_OPTIONS, {("train_wreck", 0, 0)}),
        ((2, 3), None, NO_OPTIONS, {("wimpout", 0, 0)}),
        ((5,), SUN, NO_OPTIONS, {("score", 10, 2), ("score", 15, 2), ("score", 5, 1)}),
    ],
)
def test_the_referee_on_fresh_throws(commons: tuple[int, ...], sun: object, options: Options, expected: set[tuple[str, int, int]]) -> None:
    assert score(commons, sun, options) == expected


def test_the_referee_while_clearing() -> None:
    assert ways((4, 2), 5, NO_OPTIONS, frozenset({4})) == [VOID]  # the Reroll Clause
    assert ways((4,), 2, NO_OPTIONS, frozenset({2})) == [VOID]  # the sun cube's 2 is a 2
    assert score((2,), SUN, clearing=frozenset({10})) == {("score", 5, 1)}  # clearing 10s, a lone sun scores 5
    assert ways((2, 3, 4, 6), SUN, Options(full_house=True, sampler_points=50), frozenset({5, 10})) == [VOID]
    assert score((2, 3, 4, 6), 2, clearing=frozenset({5})) == {("train_wreck", 0, 0)}
    assert score((6, 6, 6, 6), 6, clearing=frozenset({5})) == {("instant_win", 0, 5)}
    assert score((2, 2, 2), 6, clearing=frozenset({4})) == {("score", 20, 3)}  # a new flash, to be cleared


def test_the_referee_on_a_throw_completed_by_a_rethrow() -> None:
    """reroll_only_matching: nothing that needs five cubes thrown at once."""
    later = {"clearing": frozenset({5}), "at_once": False}
    assert ways((6, 6, 6, 6), 6, NO_OPTIONS, **later) == [Way("score", 60, (6, 6, 6), None, (6,))]
    assert score((10, 10, 10, 10), 10, Options(fourth_number_scores=True), **later) == {("score", 100, 3)}
    assert score((2, 3, 4, 6), 2, **later) == {("wimpout", 0, 0)}
    assert score((2, 4, 6, 10), SUN, Options(sampler_points=50), **later) == {("score", 20, 2), ("score", 10, 1)}
