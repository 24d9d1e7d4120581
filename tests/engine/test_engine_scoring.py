"""score_throw against RULES.md "Scoring one throw": every rule and ruling, each scoring option on and off."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engine.wimpout import Game, SeededDice
from engine.wimpout.cubes import COMMON_FACES, SUN_CUBE_FACES, Face, Throw, parse_throw
from engine.wimpout.rules import RuleSet
from engine.wimpout.scoring import Outcome, SunUse, score_throw

DEFAULT = RuleSet()


def score(text: str, clearing: tuple[int, ...] = (), **options: object):
    rules = RuleSet(**options) if options else DEFAULT
    return score_throw(parse_throw(text), rules, frozenset(Face(value) for value in clearing))


def only(text: str, clearing: tuple[int, ...] = (), **options: object):
    """The single forced scoring of a throw."""
    scorings = score(text, clearing, **options)
    assert len(scorings) == 1, scorings
    return scorings[0]


def ways(text: str, clearing: tuple[int, ...] = (), **options: object) -> dict[SunUse | None, int]:
    """What the sun did -> points, for throws whose options differ by the sun's use."""
    scorings = score(text, clearing, **options)
    result = {s.sun: s.points for s in scorings}
    assert len(result) == len(scorings), scorings
    return result


def kept(text: str) -> Throw:
    return parse_throw(text) if text else Throw(())


# -- numbers --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points", "kept_text"),
    [
        ("5 2 3 4 s6", 5, "5"),
        ("10 2 3 4 s6", 10, "10"),
        ("10 5 2 3 s6", 15, "10 5"),
        ("10 10 5 5 s6", 30, "10 10 5 5"),
        ("2 3 4 6 s5", 5, "s5"),
        ("2 3 4 6 s10", 10, "s10"),
        ("5 10 s10", 25, "5 10 s10"),
        ("5", 5, "5"),
    ],
)
def test_fives_and_tens_score_as_numbers_and_are_all_set_aside(text: str, points: int, kept_text: str) -> None:
    scoring = only(text)
    assert (scoring.outcome, scoring.points, scoring.kept, scoring.flash, scoring.sun) == (
        Outcome.SCORE, points, kept(kept_text), None, None,
    )


# -- flashes --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "face", "points"),
    [
        ("2 2 2 3 s4", 2, 20),
        ("3 3 3 2 s4", 3, 30),
        ("4 4 4 2 s6", 4, 40),
        ("5 5 5 2 s6", 5, 50),
        ("6 6 6 2 s4", 6, 60),
        ("10 10 10 2 s6", 10, 100),
    ],
)
def test_three_of_a_face_is_a_flash_worth_ten_times_the_face(text: str, face: int, points: int) -> None:
    scoring = only(text)
    assert (scoring.outcome, scoring.points, scoring.flash) == (Outcome.SCORE, points, Face(face))
    assert scoring.kept == Throw((Face(face),) * 3)


def test_a_flash_with_numbers_beside_it_scores_both() -> None:
    scoring = only("6 6 6 5 s10")
    assert (scoring.points, scoring.flash, scoring.kept) == (75, Face.SIX, kept("6 6 6 5 s10"))


def test_the_sun_cube_showing_a_number_counts_towards_a_flash() -> None:
    scoring = only("4 4 2 3 s4")
    assert (scoring.points, scoring.flash, scoring.kept, scoring.sun) == (40, Face.FOUR, kept("4 4 s4"), None)


def test_a_flash_can_be_thrown_with_three_cubes() -> None:
    assert (only("2 2 2").points, only("2 2 2").flash) == (20, Face.TWO)


# -- the Flaming Sun --------------------------------------------------------------------------------------------------


def test_flaming_sun_rule_a_sun_with_a_pair_must_complete_the_flash() -> None:
    scoring = only("4 4 2 3 S")
    assert (scoring.points, scoring.flash, scoring.sun, scoring.kept) == (40, Face.FOUR, SunUse.FLASH, kept("4 4 S"))


def test_flaming_sun_completes_a_pair_of_threes_into_a_flash_of_thirty() -> None:
    assert (only("3 3 2 4 S").points, only("3 3 2 4 S").flash) == (30, Face.THREE)


def test_flaming_sun_flash_plus_numbers() -> None:
    scoring = only("2 2 5 10 S")
    assert (scoring.points, scoring.flash, scoring.kept) == (35, Face.TWO, kept("2 2 5 10 S"))


def test_flaming_sun_with_a_pair_of_fives_is_a_flash_not_numbers() -> None:
    scoring = only("5 5 2 3 S")
    assert (scoring.points, scoring.flash, scoring.sun) == (50, Face.FIVE, SunUse.FLASH)


def test_two_pairs_and_a_sun_the_player_chooses_which_pair() -> None:
    scorings = score("2 2 4 4 S")
    assert {(s.flash, s.points, s.kept) for s in scorings} == {
        (Face.TWO, 20, kept("2 2 S")),
        (Face.FOUR, 40, kept("4 4 S")),
    }
    assert all(s.sun is SunUse.FLASH and s.outcome is Outcome.SCORE for s in scorings)


def test_two_pairs_of_numbers_and_a_sun_the_other_pair_scores_as_numbers() -> None:
    scorings = score("5 5 10 10 S")
    assert {(s.flash, s.points) for s in scorings} == {(Face.FIVE, 70), (Face.TEN, 110)}


def test_a_free_sun_may_score_5_or_10_or_be_thrown_again() -> None:
    assert ways("5 2 3 4 S") == {SunUse.FIVE: 10, SunUse.TEN: 15, SunUse.REROLL: 5}
    by_use = {s.sun: s.kept for s in score("5 2 3 4 S")}
    assert by_use[SunUse.REROLL] == kept("5")
    assert by_use[SunUse.TEN] == kept("5 S")


def test_the_sun_must_score_when_it_is_the_only_scoring_cube() -> None:
    assert ways("2 3 4 6 S") == {SunUse.FIVE: 5, SunUse.TEN: 10}
    assert ways("S") == {SunUse.FIVE: 5, SunUse.TEN: 10}
    assert ways("2 2 3 S") == {SunUse.FLASH: 20}  # a pair: the Flaming Sun Rule first


def test_the_sun_is_never_a_three_of_its_own() -> None:
    # 3 3 3 with the sun would be four 3s; the sun stays free
    assert ways("3 3 3 2 S") == {SunUse.FIVE: 35, SunUse.TEN: 40, SunUse.REROLL: 30}


def test_three_tens_and_a_sun_the_sun_is_free_beside_the_flash() -> None:
    assert ways("10 10 10 2 S") == {SunUse.FIVE: 105, SunUse.TEN: 110, SunUse.REROLL: 100}
    assert all(s.flash is Face.TEN for s in score("10 10 10 2 S"))


# -- the fourth matching cube -----------------------------------------------------------------------------------------


def test_official_example_four_fours_and_a_five_is_45() -> None:
    scoring = only("4 4 4 4 s5")
    assert (scoring.points, scoring.flash, scoring.kept) == (45, Face.FOUR, kept("4 4 4 s5"))
    assert len(parse_throw("4 4 4 4 s5")) - len(scoring.kept) == 1  # the fourth 4 is thrown again


def test_four_fives_and_a_two_is_50_with_two_non_scoring_cubes() -> None:
    scoring = only("5 5 5 5 s2")
    assert (scoring.points, scoring.flash, scoring.kept) == (50, Face.FIVE, kept("5 5 5"))
    assert len(parse_throw("5 5 5 5 s2")) - len(scoring.kept) == 2


def test_four_tens_the_fourth_ten_does_not_score() -> None:
    assert (only("10 10 10 10 s2").points, only("10 10 10 10 s2").kept) == (100, kept("10 10 10"))
    assert only("10 10 10 10 s5").points == 105


def test_option_fourth_number_scores_the_extra_five_or_ten_scores_as_a_single() -> None:
    five = only("5 5 5 5 s2", fourth_number_scores=True)
    assert (five.points, five.kept, five.flash) == (55, kept("5 5 5 5"), Face.FIVE)
    ten = only("10 10 10 10 s2", fourth_number_scores=True)
    assert (ten.points, ten.kept) == (110, kept("10 10 10 10"))


def test_option_fourth_number_scores_does_not_touch_other_faces() -> None:
    scoring = only("4 4 4 4 s5", fourth_number_scores=True)
    assert (scoring.points, scoring.kept) == (45, kept("4 4 4 s5"))


def test_ruling_the_sun_cube_showing_the_fourth_face_is_the_non_scoring_one() -> None:
    scoring = only("4 4 4 2 s4")
    assert (scoring.points, scoring.kept) == (40, kept("4 4 4"))  # the sun cube (and the 2) are thrown again
    five = only("5 5 5 2 s5")
    assert (five.points, five.kept) == (50, kept("5 5 5"))


def test_ruling_with_fourth_number_scores_the_sun_cube_five_scores_in_the_flash() -> None:
    scoring = only("5 5 5 2 s5", fourth_number_scores=True)
    assert (scoring.points, scoring.kept) == (55, kept("5 5 5 s5"))


def test_four_of_a_face_and_a_flaming_sun_default_is_a_flash_with_a_free_sun() -> None:
    assert ways("4 4 4 4 S") == {SunUse.FIVE: 45, SunUse.TEN: 50, SunUse.REROLL: 40}
    assert {s.kept for s in score("4 4 4 4 S")} == {kept("4 4 4 S"), kept("4 4 4")}


# -- freight trains ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "outcome", "points"),
    [
        ("2 2 2 2 s2", Outcome.FREIGHT_TRAIN, 200),
        ("4 4 4 4 s4", Outcome.FREIGHT_TRAIN, 400),
        ("5 5 5 5 s5", Outcome.FREIGHT_TRAIN, 500),
        ("6 6 6 6 s6", Outcome.INSTANT_WIN, 0),
        ("10 10 10 10 s10", Outcome.SUPERNOVA, 0),
    ],
)
def test_freight_trains(text: str, outcome: Outcome, points: int) -> None:
    scoring = only(text)
    assert (scoring.outcome, scoring.points, scoring.kept) == (outcome, points, parse_throw(text))
    assert scoring.scores


def test_no_natural_freight_train_of_threes() -> None:
    assert "s3" not in [f"s{int(face)}" for face in SUN_CUBE_FACES]
    assert only("3 3 3 3 s2").outcome is Outcome.SCORE  # a flash of 30, the fourth 3 non-scoring
    assert only("3 3 3 3 s2").points == 30


@pytest.mark.parametrize("face", ["2", "3", "4", "5", "6", "10"])
def test_ruling_the_sun_does_not_complete_a_freight_train_by_default(face: str) -> None:
    scorings = score(f"{face} {face} {face} {face} S")
    assert all(s.outcome is Outcome.SCORE and s.flash is Face(int(face)) for s in scorings)
    assert {s.sun for s in scorings} == {SunUse.FIVE, SunUse.TEN, SunUse.REROLL}


@pytest.mark.parametrize(
    ("face", "outcome", "points"),
    [
        ("2", Outcome.FREIGHT_TRAIN, 200),
        ("3", Outcome.FREIGHT_TRAIN, 300),
        ("4", Outcome.FREIGHT_TRAIN, 400),
        ("5", Outcome.FREIGHT_TRAIN, 500),
        ("6", Outcome.INSTANT_WIN, 0),
        ("10", Outcome.SUPERNOVA, 0),
    ],
)
def test_option_sun_completes_freight_train(face: str, outcome: Outcome, points: int) -> None:
    scoring = only(f"{face} {face} {face} {face} S", sun_completes_freight_train=True)
    assert (scoring.outcome, scoring.points) == (outcome, points)
    assert len(scoring.kept) == 5


def test_sun_completes_freight_train_needs_all_five_cubes() -> None:
    assert ways("4 4 4 S", sun_completes_freight_train=True) == {SunUse.FIVE: 45, SunUse.TEN: 50, SunUse.REROLL: 40}


# -- wimpouts and train wrecks ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["2 3 4 6 s2", "2 2 3 3 s4", "2 2 4 4 s6", "6 6 3 3 s4"])
def test_nothing_scoring_on_five_cubes_is_a_train_wreck(text: str) -> None:
    scoring = only(text)
    assert (scoring.outcome, scoring.points, scoring.kept) == (Outcome.TRAIN_WRECK, 0, Throw(()))
    assert not scoring.scores


@pytest.mark.parametrize("text", ["2 3 4", "2 2 s6", "6", "s4", "2 3 4 6"])
def test_nothing_scoring_on_fewer_cubes_is_a_wimpout(text: str) -> None:
    scoring = only(text)
    assert (scoring.outcome, scoring.points) == (Outcome.WIMPOUT, 0)
    assert not scoring.scores


# -- clearing a flash (Futtless Rule, Reroll Clause) -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "clearing"), [("4", (4,)), ("4 2", (4,)), ("2 3 s4", (4,)), ("10 10 10 2 s2", (10,))])
def test_a_clearing_throw_showing_the_flash_face_is_void(text: str, clearing: tuple[int, ...]) -> None:
    scoring = only(text, clearing)
    assert (scoring.outcome, scoring.points, scoring.kept) == (Outcome.VOID, 0, Throw(()))


def test_a_freight_train_of_the_face_being_cleared_is_void_too() -> None:
    assert only("6 6 6 6 s6", (6,)).outcome is Outcome.VOID


def test_the_sun_never_counts_as_a_flash_face_while_clearing() -> None:
    assert only("2 3 S", (10,)).outcome is Outcome.SCORE


def test_clearing_tens_a_lone_sun_scores_5() -> None:
    scoring = only("2 3 S", (10,))
    assert (scoring.points, scoring.sun, scoring.kept) == (5, SunUse.FIVE, kept("S"))


def test_clearing_fives_a_lone_sun_scores_10() -> None:
    scoring = only("2 3 S", (5,))
    assert (scoring.points, scoring.sun, scoring.kept) == (10, SunUse.TEN, kept("S"))


def test_clearing_another_face_a_lone_sun_scores_5_or_10() -> None:
    assert ways("2 3 S", (4,)) == {SunUse.FIVE: 5, SunUse.TEN: 10}
    assert ways("S", (6,)) == {SunUse.FIVE: 5, SunUse.TEN: 10}


def test_clearing_tens_a_sun_beside_a_five_may_be_5_or_thrown_again_never_10() -> None:
    assert ways("5 2 S", (10,)) == {SunUse.FIVE: 10, SunUse.REROLL: 5}
    assert ways("10 2 S", (5,)) == {SunUse.TEN: 20, SunUse.REROLL: 10}


def test_a_clearing_throw_without_the_flash_face_scores_or_wimps_out() -> None:
    assert (only("5 2", (4,)).outcome, only("5 2", (4,)).points) == (Outcome.SCORE, 5)
    assert only("2 3", (4,)).outcome is Outcome.WIMPOUT
    assert only("2 3 6 6 s2", (4,)).outcome is Outcome.TRAIN_WRECK


def test_a_new_flash_thrown_while_clearing_is_a_flash_of_its_own() -> None:
    scoring = only("6 6 6 2", (4,))
    assert (scoring.outcome, scoring.points, scoring.flash) == (Outcome.SCORE, 60, Face.SIX)
    sun_flash = only("2 2 3 10 S", (4,))
    assert (sun_flash.points, sun_flash.flash, sun_flash.sun) == (30, Face.TWO, SunUse.FLASH)


# -- exhaustive checks over every throw --------------------------------------------------------------------------------


def all_throws():
    for n in range(0, 5):
        for commons in itertools.combinations_with_replacement(COMMON_FACES, n):
            for sun in (None, *SUN_CUBE_FACES):
                if n or sun is not None:
                    yield Throw(commons, sun)


def reference_points(throw: Throw, clearing: frozenset[Face], rules: RuleSet) -> set[tuple[Outcome, int]]:
    """RULES.md "Scoring one throw", written again independently: the (outcome, points) of every legal way."""
    wild = throw.sun is Face.SUN
    faces = list(throw.commons) + ([throw.sun] if throw.sun is not None and not wild else [])
    if any(face in clearing for face in faces):
        return {(Outcome.VOID, 0)}
    counts = Counter(faces)
    if len(throw) == 5 and len(counts) == 1 and (not wild or rules.sun_completes_freight_train):
        face = faces[0]
        if face is Face.SIX:
            return {(Outcome.INSTANT_WIN, 0)}
        if face is Face.TEN:
            return {(Outcome.SUPERNOVA, 0)}
        return {(Outcome.FREIGHT_TRAIN, 100 * face)}

    def numbers(cubes: list[Face]) -> int:
        return sum(face for face in cubes if face in (Face.FIVE, Face.TEN))

    def with_free_sun(points: int, scored: bool) -> set[tuple[Outcome, int]]:
        if not wild:
            return {(Outcome.SCORE, points)} if scored else set()
        ways = {(Outcome.SCORE, points + v) for v in (5, 10) if Face(v) not in clearing}
        if scored:
            ways.add((Outcome.SCORE, points))
        return ways or {(Outcome.VOID, 0)}

    triples = [face for face, count in counts.items() if count >= 3]
    if triples:
        face = triples[0]
        extra = counts[face] - 3
        rest = [f for f in faces if f != face]
        points = 10 * face + numbers(rest)
        if extra and rules.fourth_number_scores and face in (Face.FIVE, Face.TEN):
            points += face
        return with_free_sun(points, True)
    pairs = [face for face, count in counts.items() if count == 2]
    if wild and pairs:
        result = set()
        for pair in pairs:
            result.add((Outcome.SCORE, 10 * pair + numbers([f for f in faces if f != pair])))
        return result
    points = numbers(faces)
    result = with_free_sun(points, points > 0)
    if not result:
        return {(Outcome.TRAIN_WRECK if len(throw) == 5 else Outcome.WIMPOUT, 0)}
    return result


@pytest.mark.parametrize(
    "options",
    [{}, {"fourth_number_scores": True}, {"sun_completes_freight_train": True}],
    ids=["default", "fourth_number_scores", "sun_completes_freight_train"],
)
@pytest.mark.parametrize("clearing", [(), (2,), (4,), (5,), (6,), (10,)])
def test_every_throw_matches_an_independent_reading_of_the_rules(options: dict, clearing: tuple[int, ...]) -> None:
    rules = RuleSet(**options)
    flash = frozenset(Face(v) for v in clearing)
    for throw in all_throws():
        scorings = score_throw(throw, rules, flash)
        assert scorings, throw
        got = {(s.outcome, s.points) for s in scorings}
        assert got == reference_points(throw, flash, rules), (str(throw), clearing)
        assert len(set(scorings)) == len(scorings), (str(throw), scorings)  # no duplicate ways
        for s in scorings:
            if not s.scores:
                assert len(scorings) == 1 and s.kept == Throw(()), (str(throw), scorings)
                continue
            # the cubes set aside are cubes of the throw, and every 5 and 10 common outside a flash is set aside
            assert not Counter(s.kept.commons) - Counter(throw.commons), (str(throw), s)
            assert s.kept.sun in (None, throw.sun), (str(throw), s)
            if s.sun in (SunUse.FIVE, SunUse.TEN, SunUse.FLASH):
                assert s.kept.sun is Face.SUN
            if s.sun is SunUse.REROLL:
                assert s.kept.sun is None
            if s.flash is None and s.outcome is Outcome.SCORE:
                assert Counter(s.kept.commons) == Counter(f for f in throw.commons if f in (Face.FIVE, Face.TEN))
            if flash and s.sun in (SunUse.FIVE, SunUse.TEN):
                assert Face(int(s.sun.value)) not in flash


def test_scoring_tables_of_rules_no_game_plays_are_not_all_kept() -> None:
    """A scoring table (~0.3 - 3 MiB, filled as throws are met) is made for each way of scoring: a player could open
    table after table with another ``sampler_points`` (200 values, times the other scoring options) and each table
    stayed for the life of the server (100 of them: +34 MiB). Only the latest few are kept besides those games use."""
    import gc

    from engine.wimpout.throws import ScoringTable

    in_play = Game.start(["Ann", "Bob"], RuleSet(cosmic_sampler=True, sampler_points=5), SeededDice(1))
    for points in range(10, 1005, 5):
        Game.start(["Ann", "Bob"], RuleSet(cosmic_sampler=True, sampler_points=points), SeededDice(1))
    gc.collect()
    kept = [o for o in gc.get_objects() if isinstance(o, ScoringTable) and o.rules.sampler_points > 5]
    assert len(kept) <= 32, len(kept)
    assert in_play.state.scoring.rules.sampler_points == 5  # a game keeps its own
    again = Game.start(["Ann", "Bob"], RuleSet(cosmic_sampler=True, sampler_points=5), SeededDice(1))
    assert again.state.scoring is in_play.state.scoring  # and a game under the same rules shares it
