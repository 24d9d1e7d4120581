"""Exact odds by enumeration, checked against counts made independently here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from engine.wimpout import RuleSet
from engine.wimpout.cubes import Face
from engine.wimpout.odds import odds_table, throw_odds

NON_SCORING_COMMON = (2, 3, 4, 6)
NON_SCORING_SUN_CUBE = (2, 4, 6)


def test_five_cubes_wreck_with_probability_450_in_7776() -> None:
    odds = throw_odds(4, True, RuleSet())
    assert odds["train_wreck"] == Fraction(450, 7776)
    assert round(float(odds["train_wreck"]) * 100, 2) == 5.79


def test_the_wreck_count_matches_an_independent_count() -> None:
    wrecks = sum(
        1
        for commons in product(NON_SCORING_COMMON, repeat=4)
        for sun in NON_SCORING_SUN_CUBE
        if max(Counter((*commons, sun)).values()) < 3
    )
    assert wrecks == 450


def test_small_throws() -> None:
    assert throw_odds(1, False, RuleSet()) == {**_zero(), "score": Fraction(1, 3), "wimpout": Fraction(2, 3)}
    assert throw_odds(0, True, RuleSet())["score"] == Fraction(1, 2)  # 5, 10 or the sun
    clearing_tens = throw_odds(0, True, RuleSet(), frozenset({Face.TEN}))
    assert (clearing_tens["void"], clearing_tens["score"]) == (Fraction(1, 6), Fraction(1, 3))


def test_freight_trains_supernova_and_instant_win_are_one_in_7776_each() -> None:
    odds = throw_odds(4, True, RuleSet())
    assert odds["freight_train"] == Fraction(3, 7776)
    assert odds["instant_win"] == odds["supernova"] == Fraction(1, 7776)
    with_sun = throw_odds(4, True, RuleSet(sun_completes_freight_train=True))
    assert with_sun["freight_train"] == Fraction(3 + 4, 7776)  # natural 2s 4s 5s, and 2s 3s 4s 5s with the sun


def test_every_row_of_the_table_sums_to_one() -> None:
    rows = odds_table(RuleSet())
    assert len(rows) == 9 * 7  # 1-4 cubes with and without the sun, 5 with it; fresh and clearing each face
    for row in rows:
        odds = dict(row["odds"])  # type: ignore[call-overload]
        odds.pop("flash", None)
        assert sum(odds.values()) == 1


def _zero() -> dict[str, Fraction]:
    return {name: Fraction(0) for name in throw_odds(1, False, RuleSet())}
