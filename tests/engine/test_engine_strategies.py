"""House-bot strategies play whole games through the same actions as people."""

from __future__ import annotations

import pytest

from engine.wimpout import Game, RuleSet, SeededDice
from engine.wimpout.strategies import STRATEGIES, cautious, threshold


@pytest.mark.parametrize("strategy", [cautious, threshold(300), threshold(100, 3)])
def test_a_strategy_plays_games_to_the_end(strategy) -> None:  # type: ignore[no-untyped-def]
    for seed in range(20):
        dice = SeededDice(seed)
        game = Game.start(["Ann", "Bot"], RuleSet(goal=300, insurance=True), dice)
        moves = 0
        while not game.is_over and moves < 20_000:
            player = game.waiting_on()[0]
            legal = game.legal_actions(player)
            action = strategy(game.state, player, legal)
            assert action in legal
            game.apply(player, action, dice)
            moves += 1
        assert game.is_over


def test_cautious_stops_as_soon_as_allowed_and_threshold_waits_for_its_total() -> None:
    from engine.wimpout import LoadedDice, ROLL, STOP

    dice = LoadedDice(["10 2", "10 10 10 2 s2", "5 s2"])
    game = Game.start(["Ann", "Bob"], RuleSet(), dice)
    game.apply("Ann", ROLL, dice)  # flash of 10s: must clear
    assert cautious(game.state, "Ann", game.legal_actions("Ann")) is ROLL
    game.apply("Ann", ROLL, dice)  # cleared: 105, one cube left
    legal = game.legal_actions("Ann")
    assert cautious(game.state, "Ann", legal) is STOP
    assert threshold(200, cubes=1)(game.state, "Ann", legal) is ROLL
    assert threshold(100, cubes=1)(game.state, "Ann", legal) is STOP
    assert threshold(200, cubes=2)(game.state, "Ann", legal) is STOP  # too few cubes left to go on
    assert set(STRATEGIES) == {"cautious", "threshold"}


@pytest.mark.parametrize("strategy", [cautious, threshold(10, cubes=1), threshold(300, cubes=4)])
def test_no_strategy_stops_short_of_the_target_in_last_licks(strategy) -> None:  # type: ignore[no-untyped-def]
    """Stopping below the leader in Last Licks is a certain loss; throwing on can only do better."""
    from engine.wimpout import LoadedDice, ROLL, STOP

    dice = LoadedDice(["10 2", "10 10 10 2 s2", "5 s2", "10 5 3 4 s6"])
    game = Game.start(["Ann", "Bob"], RuleSet(goal=100, opening_minimum=0), dice)
    game.apply("Ann", ROLL, dice)  # a flash of 10s
    game.apply("Ann", ROLL, dice)  # cleared with a 5: 105, one cube left
    game.apply("Ann", STOP, dice)  # Ann leads with 105: Bob's Last Lick
    assert game.state.last_licks is not None and game.state.last_licks.target == 105
    game.apply("Bob", ROLL, dice)  # 15, three cubes left: stopping would lose
    legal = game.legal_actions("Bob")
    assert STOP in legal and strategy(game.state, "Bob", legal) is ROLL
