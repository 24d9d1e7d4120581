"""RuleSet: the defaults RULES.md names, reading options as typed, and refusals players can read."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.wimpout.rules import RuleError, RuleSet


def test_defaults_are_the_rulings_of_rules_md() -> None:
    rules = RuleSet()
    assert rules.goal == 500
    assert rules.last_licks == "official"
    assert rules.opening_minimum == 35
    assert rules.goal_must_be_passed is False
    assert rules.sun_completes_freight_train is False
    assert rules.fourth_number_scores is False
    assert rules.reroll_only_matching is False
    assert rules.last_player_wins is False
    assert RuleSet.from_options() == rules == RuleSet.from_options({})


def test_rule_sets_are_frozen() -> None:
    with pytest.raises(ValidationError):
        RuleSet().goal = 300  # type: ignore[misc]


def test_options_as_typed() -> None:
    rules = RuleSet.from_options(
        {
            "goal": " 300 ",
            "Last-Licks": "c",
            "opening_minimum": "0",
            "goal_must_be_passed": "ON",
            "sun_completes_freight_train": "yes",
            "fourth_number_scores": "true",
            "reroll_only_matching": "1",
            "last_player_wins": "on",
        }
    )
    assert (rules.goal, rules.last_licks, rules.opening_minimum) == (300, "C", 0)
    assert rules.goal_must_be_passed and rules.sun_completes_freight_train and rules.fourth_number_scores
    assert rules.reroll_only_matching and rules.last_player_wins
    assert RuleSet.from_options({"lastlicks": "single"}).last_licks == "single"
    assert RuleSet.from_options({"goal_must_be_passed": "off"}, base=rules).goal_must_be_passed is False
    assert RuleSet.from_options({"goal": 300}).goal == 300


@pytest.mark.parametrize("variant", ["official", "single", "A", "B", "C", "D"])
def test_every_last_licks_variant_is_accepted_in_any_case(variant: str) -> None:
    assert RuleSet.from_options({"last_licks": variant.lower()}).last_licks == variant
    assert RuleSet.from_options({"last_licks": variant.upper()}).last_licks == variant


def test_with_option_changes_one_rule_and_keeps_the_rest() -> None:
    base = RuleSet(goal=300, last_licks="B")
    changed = base.with_option("opening_minimum", "50")
    assert (changed.goal, changed.last_licks, changed.opening_minimum) == (300, "B", 50)
    assert base.opening_minimum == 35


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"goal": "301"}, "goal: the goal must be a multiple of 5 from 5 to 100000."),
        ({"goal": "0"}, "goal: the goal must be a multiple of 5 from 5 to 100000."),
        ({"goal": "-5"}, "goal: the goal must be a multiple of 5 from 5 to 100000."),
        ({"goal": "100005"}, "goal: the goal must be a multiple of 5 from 5 to 100000."),
        ({"goal": "abc"}, "goal must be a whole number, not 'abc'."),
        ({"goal": "3.5"}, "goal must be a whole number, not '3.5'."),
        ({"opening_minimum": "33"}, "opening_minimum: the opening minimum must be a multiple of 5 from 0 to 1000."),
        ({"opening_minimum": "1005"}, "opening_minimum: the opening minimum must be a multiple of 5 from 0 to 1000."),
        ({"last_licks": "E"}, "last_licks is one of official, single, A, B, C, D, not 'E'."),
        ({"goal_must_be_passed": "maybe"}, "goal_must_be_passed is on or off, not 'maybe'."),
        ({"last_player_wins": ""}, "last_player_wins is on or off, not ''."),
    ],
)
def test_refusals_say_what_is_wrong(options: dict, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        RuleSet.from_options(options)
    assert str(refused.value) == message


def test_an_unknown_rule_is_named_and_the_rules_are_listed() -> None:
    with pytest.raises(RuleError) as refused:
        RuleSet.from_options({"colour": "red"})
    message = str(refused.value)
    assert message.startswith("There is no rule called 'colour'. Rules: goal, last_licks, opening_minimum, ")
    for name in ("goal_must_be_passed", "sun_completes_freight_train", "fourth_number_scores",
                 "reroll_only_matching", "last_player_wins"):
        assert name in message
    assert message.endswith(".")


def test_a_refusal_leaves_the_base_untouched() -> None:
    base = RuleSet(goal=300)
    with pytest.raises(RuleError):
        base.with_option("goal", "7")
    assert base.goal == 300


def test_direct_construction_validates_too() -> None:
    with pytest.raises(ValidationError):
        RuleSet(goal=301)
    with pytest.raises(ValidationError):
        RuleSet(last_licks="E")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        RuleSet(no_such_rule=True)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("passed", "score", "reached"),
    [(False, 495, False), (False, 500, True), (False, 505, True), (True, 500, False), (True, 505, True)],
)
def test_goal_reached_or_passed(passed: bool, score: int, reached: bool) -> None:
    assert RuleSet(goal=500, goal_must_be_passed=passed).goal_reached(score) is reached


def test_a_copy_with_changes_reads_them_and_checks_them() -> None:
    rules = RuleSet()
    assert rules.goal_score == 500 and rules.scoring_key[3] is False  # cached on the original
    copy = rules.model_copy(update={"goal": 300, "full_house": True})
    assert copy.goal_reached(300) and copy.goal_score == 300
    assert copy.scoring_key == RuleSet(goal=300, full_house=True).scoring_key
    with pytest.raises(ValidationError):
        rules.model_copy(update={"goal": 301})
