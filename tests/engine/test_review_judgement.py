"""'review''s luck and skill: each player's accuracy against the optimal policy and the dice's share of how the
chance of winning moved. The optimal bot against itself is 100% accurate on both sides; a careless player gives up
chance the optimal one does not; and the three parts add up to the result."""

from __future__ import annotations

from functools import partial

import pytest

from engine.wimpout import Game, RuleSet, SeededDice
from engine.wimpout.strategies import threshold
from rooms.wimpout.advising import judge
from rooms.wimpout.advising import optimal as optimal_move
from server.wimpout.solutions import Solutions

GOAL = 300
SOLUTIONS = Solutions()
optimal = partial(optimal_move, SOLUTIONS)


def played(strategies: dict, seed: int) -> Game:
    game = Game.start(list(strategies), RuleSet(goal=GOAL), dice := SeededDice(seed))
    for _ in range(20_000):
        if game.is_over:
            return game
        (name,) = game.waiting_on()
        game.apply(name, strategies[name](game.state, name, game.legal_actions(name)), dice)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2])
def test_the_optimal_bot_against_itself_is_accurate_on_both_sides(seed: int) -> None:
    game = played({"Opti": optimal, "Mirror": optimal}, seed)
    first, second = judge(SOLUTIONS, game.events)
    assert (first.player, second.player) == ("Opti", "Mirror")
    assert first.accuracy == second.accuracy == 1.0 and first.given_up == second.given_up == 0.0
    assert first.decisions > 0 and second.decisions > 0
    won = 1.0 if game.state.winner == "Opti" else 0.0
    assert first.start + first.dice == pytest.approx(won, abs=1e-9)  # nobody erred: the dice did it all
    assert first.dice == -second.dice


def test_a_careless_player_gives_up_chance_and_the_parts_add_up_to_the_result() -> None:
    game = played({"Opti": optimal, "Careless": threshold(500, 1)}, 3)
    opti, careless = judge(SOLUTIONS, game.events)
    assert opti.accuracy == 1.0 and opti.given_up == 0.0
    assert careless.accuracy < 1.0 and careless.given_up > 0.0
    won = 1.0 if game.state.winner == "Opti" else 0.0
    assert opti.start - opti.given_up + careless.given_up + opti.dice == pytest.approx(won, abs=1e-9)
    assert 0.0 <= opti.start <= 1.0 and opti.start + careless.start == pytest.approx(1.0)


def test_only_a_finished_two_player_game_is_judged() -> None:
    with pytest.raises(ValueError, match="two-player"):
        judge(SOLUTIONS, Game.start(["A", "B", "C"], RuleSet(goal=GOAL), SeededDice(1)).events)
    with pytest.raises(ValueError, match="finished"):
        judge(SOLUTIONS, Game.start(["A", "B"], RuleSet(goal=GOAL), SeededDice(1)).events)
