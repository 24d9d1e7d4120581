"""The first turn's worth in ratings (issue 40, server.skill.firstturn): the figures are the shipped solved tables'
own, and counted, they make the model predict exactly that figure for two equal players and rate a win from the
first turn for less than a win from the second."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.wimpout import Game, LoadedDice, RuleSet
from engine.wimpout.optimal.packing import from_bytes
from server.competition.ratingmodel import FirstTurn, Rating, chances, rate
from server.skill.firstturn import SOLVED_FIRST_TURN, first_turn, first_turn_chance


@pytest.mark.parametrize(("goal", "chance"), SOLVED_FIRST_TURN)
def test_the_figures_are_the_shipped_tables_own(goal: int, chance: float) -> None:
    solution = from_bytes((resources.files("engine.wimpout.optimal") / "data" / f"goal{goal}.cwopt").read_bytes())
    assert solution.first_player_wins() == pytest.approx(chance, abs=1e-4)
    assert first_turn_chance(goal) == chance


def test_other_goals_lie_between_the_nearest_figures() -> None:
    assert first_turn_chance(50) == 0.5472 and first_turn_chance(1000) == 0.5232
    assert 0.5293 > first_turn_chance(400) > 0.5232


@pytest.mark.parametrize("sigma", [8.333, 4.0, 1.0])
def test_equal_players_are_predicted_the_solver_figure_and_a_first_turn_win_counts_for_less(sigma: float) -> None:
    even = [Rating(25.0, sigma), Rating(25.0, sigma)]
    assert chances(even, FirstTurn(1, 0.5293)) == pytest.approx([0.4707, 0.5293], abs=1e-9)
    assert chances(even) == pytest.approx([0.5, 0.5])
    with_first, without = rate(even, [1, 2], FirstTurn(0, 0.5293)), rate(even, [1, 2])
    assert 0 < with_first[0].mu - 25 < without[0].mu - 25
    from_second = rate(even, [1, 2], FirstTurn(1, 0.5293))
    assert from_second[0].mu - 25 > without[0].mu - 25
    three = [Rating(), Rating(), Rating()]
    assert rate(three, [1, 2, 3], FirstTurn(0, 0.6)) == rate(three, [1, 2, 3])  # two players only


def test_the_roll_offs_winner_takes_the_first_turn() -> None:
    game = Game.start(["Ann", "Bob"], RuleSet(goal=300), LoadedDice(["2 5"]))  # Bob throws the higher face
    assert first_turn(game, ["Ann", "Bob"]) == FirstTurn(1, 0.5293)
    assert first_turn(game, ["Bob", "Ann"]) == FirstTurn(0, 0.5293)
