"""The solver of two-player Cosmic Wimpout: its chance tables, and its values against an independent brute force."""

from __future__ import annotations

from fractions import Fraction
from importlib import resources

import support.optimal_brute as optimal_brute
import pytest

from engine.wimpout.__main__ import main
from engine.wimpout.odds import FLASH, throw_odds
from engine.wimpout.optimal.chance import THROWS, throw_tables
from engine.wimpout.optimal.solver import Caps, solve_model
from engine.wimpout.optimal.packing import from_bytes, to_bytes
from engine.wimpout.rules import RuleSet

RULE_SETS = [RuleSet(), RuleSet(sun_completes_freight_train=True, fourth_number_scores=True)]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_chance_table_sums_to_one_and_agrees_with_the_odds_command(rules: RuleSet) -> None:
    for table in throw_tables(rules):
        assert table.total == 1
        clearing = frozenset() if table.clearing is None else frozenset((table.clearing,))
        odds = throw_odds(table.commons, table.sun, rules, clearing)
        scoring = sum(p for p, _ in table.forced) + sum(p for p, _ in table.choices)
        assert table.void == odds["void"]
        assert table.wimpout == odds["wimpout"] + odds["train_wreck"]
        assert table.instant_win == odds["instant_win"]
        assert table.supernova == odds["supernova"]
        assert scoring == odds["score"] + odds["freight_train"]
    assert len(throw_tables(rules)) == len(THROWS)


def test_the_flash_odds_of_a_fresh_throw_show_in_the_tables() -> None:
    rules = RuleSet()
    fresh = throw_tables(rules)[THROWS.index((4, True, None))]
    assert fresh.void == 0
    assert fresh.instant_win == Fraction(1, 6**5)  # 6 6 6 6 and s6
    assert throw_odds(4, True, rules)[FLASH] > 0


SMALL = RuleSet(goal=15, opening_minimum=10)
SMALL_CAPS = Caps(deficit=3, lead=3)


@pytest.fixture(scope="module")
def small_solution():
    return solve_model(SMALL, SMALL_CAPS)


@pytest.mark.slow
def test_at_a_small_goal_the_solver_equals_a_brute_force_computation(small_solution) -> None:
    brute = optimal_brute.first_player_wins(SMALL, SMALL_CAPS.deficit, SMALL_CAPS.lead)
    assert small_solution.first_player_wins() == pytest.approx(brute, abs=1e-9)
    assert 0.5 < brute < 0.7  # the first player's edge


def test_values_are_chances_and_survive_the_compressed_tables(small_solution) -> None:
    win, lose = small_solution.win, small_solution.lose
    assert (win >= 0).all() and (lose >= 0).all() and (win + lose <= 1 + 1e-12).all()
    back = from_bytes(to_bytes(small_solution))
    assert back.rules == SMALL
    assert abs(back.win - win).max() < 1e-8 and abs(back.lose - lose).max() < 1e-8
    assert abs(back.chaser - small_solution.chaser).max() < 1e-8


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--goal", "500", "--rule", "bump=on"], "does not cover bump"),
        (["solve", "--goal", "50"], "goals from 100 to 1000"),
        (["solve", "--rule", "reroll_only_matching=on"], "does not cover reroll_only_matching"),
        (["solve", "--goal", "100", "--rule", "opening_minimum=200"], "opening minimum"),
    ],
)
def test_solve_refuses_rules_it_does_not_cover(argv: list[str], message: str, capsys) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("goal", "first"), [(100, 0.5472), (200, 0.5350), (300, 0.5293), (500, 0.5232)])
def test_the_shipped_tables_are_the_default_rules_at_the_common_goals(goal: int, first: float) -> None:
    """100 (the tutorial's goal), 200, 300 and 500 ship solved: a hint there is never 'being solved'."""
    solution = from_bytes((resources.files("engine.wimpout.optimal") / "data" / f"goal{goal}.cwopt").read_bytes())
    assert solution.rules == RuleSet(goal=goal)
    assert solution.first_player_wins() == pytest.approx(first, abs=1e-4)
    assert solution.win.shape == (goal // 5, goal // 5)
