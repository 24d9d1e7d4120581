"""Random whole games (seeded cubes, random players and rule options, a random player policy): invariants that hold."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP, Choose
from engine.wimpout.dice import SeededDice
from engine.wimpout.events import event_from_dict, event_to_dict
from engine.wimpout.game import Game
from engine.wimpout.rules import RuleSet
from engine.wimpout.state import fold

MAX_ACTIONS = 600  # a cap for the test, not the engine: an unlucky game is cut short, its invariants still checked

rule_sets = st.builds(
    RuleSet,
    goal=st.sampled_from([50, 100, 150, 300]),
    last_licks=st.sampled_from(["official", "single", "A", "B", "C", "D"]),
    opening_minimum=st.sampled_from([0, 35]),
    goal_must_be_passed=st.booleans(),
    sun_completes_freight_train=st.booleans(),
    fourth_number_scores=st.booleans(),
    reroll_only_matching=st.booleans(),
    last_player_wins=st.booleans(),
)


def play(seed: int, players: int, rules: RuleSet) -> tuple[Game, list[tuple[str, list[ev.Event], dict]]]:
    """Play one game; returns it with every action's (player, events, what the turn looked like before it)."""
    dice = SeededDice(seed)
    policy = random.Random(seed ^ 0x5EED)
    game = Game.start([f"P{i}" for i in range(players)], rules, dice)
    log = []
    for _ in range(MAX_ACTIONS):
        legal = game.legal_actions()
        if game.state.over:
            assert legal == ()
            break
        assert legal, "no legal action in a game that is not over"
        player = game.state.current
        for action in legal:
            assert game.why_not(player, action) is None, (action, game.why_not(player, action))
        if STOP not in legal:
            assert isinstance(game.why_not(player, STOP), str)
        if isinstance(legal[0], Choose):
            action = policy.choice(legal)
        elif STOP in legal and policy.random() < 0.45:
            action = STOP
        else:
            action = ROLL
        turn = game.state.turn
        before = {
            "points": turn.points,
            "scores": {p.name: p.score for p in game.state.players},
            "out": {p.name for p in game.state.players if p.out is not None},
        }
        events = game.apply(player, action, dice)
        assert events, action
        log.append((player, events, before))
    return game, log


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 4), rules=rule_sets)
def test_random_games_keep_every_invariant(seed: int, players: int, rules: RuleSet) -> None:
    game, log = play(seed, players, rules)

    for player, events, before in log:
        scores = {p.name: p.score for p in fold_until(game, events).players}
        names = [type(e).__name__ for e in events]
        # banked scores never fall
        for name, score in before["scores"].items():
            assert scores[name] >= score, (name, events)
        # a turn's points are lost exactly on a wimpout, and banked exactly on a stop
        for event in events:
            if isinstance(event, ev.WimpedOut):
                assert event.player == player and event.points_lost == before["points"]
                assert scores[player] == before["scores"][player]
            if isinstance(event, ev.Banked):
                assert event.points == before["points"] and event.points > 0
                assert event.score == before["scores"][player] + before["points"]
            if isinstance(event, ev.Scored):
                assert event.turn_points == before["points"] + event.scoring.points
                assert event.scoring.scores
        changed = {name for name in scores if scores[name] != before["scores"][name]}
        assert changed <= ({player} if "Banked" in names else set()), events
        # no one comes back into the game
        assert before["out"] <= {p.name for p in fold_until(game, events).players if p.out is not None}
        # a turn ends in exactly one way
        assert names.count("WimpedOut") + names.count("Banked") <= 1

    # rebuild from events equals the live state
    assert fold(game.events) == game.state
    assert Game.replay(game.events).state == game.state
    # the events survive a JSON round trip, and so does the state rebuilt from them
    stored = json.loads(json.dumps([event_to_dict(event) for event in game.events]))
    loaded = [event_from_dict(data) for data in stored]
    assert loaded == game.events
    assert fold(loaded) == game.state
    if game.state.over:
        assert isinstance(game.events[-1], ev.GameOver)
        assert game.state.winner is None or game.state.player(game.state.winner).out is None


def fold_until(game: Game, events: list[ev.Event]):
    """The state right after ``events`` (a slice of the game's events)."""
    end = next(i for i in range(len(game.events)) if game.events[i] is events[-1]) + 1
    return fold(game.events[:end])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_seeded_games_are_reproducible(seed: int, players: int) -> None:
    rules = RuleSet(goal=100)
    first, _ = play(seed, players, rules)
    second, _ = play(seed, players, rules)
    assert first.events == second.events
