"""Optimal play at tables: the optimal house bot, 'hint' (text and JSON, over loopback) and 'review'."""

from __future__ import annotations

import gc
import weakref
from collections import OrderedDict
from importlib import resources

import pytest
from support.clients import player
from support.jsonclients import json_client
from support.tablesetup import loaded_server

from engine.wimpout import Game, RuleSet, SeededDice
from engine.wimpout.actions import ROLL, STOP
from engine.wimpout.optimal.chance import UNIT
from engine.wimpout.optimal.packing import from_bytes
from engine.wimpout.strategies import threshold
from engine.wimpout.optimal.turn import layout
from rooms.advice import KEPT_ADVISORS, SOLUTIONS, Solutions, model_rules, optimal, review, table_file

GOAL = 300


@pytest.fixture(scope="module")
def solution():
    return from_bytes((resources.files("engine.wimpout.optimal") / "data" / f"goal{GOAL}.cwopt").read_bytes())


def play(game: Game, strategies: dict, dice: SeededDice, check=lambda game, name, legal, action: None) -> None:
    for _ in range(20_000):
        if game.is_over:
            return
        (name,) = game.waiting_on()
        legal = game.legal_actions(name)
        action = strategies[name](game.state, name, legal)
        assert action in legal
        check(game, name, legal, action)
        game.apply(name, action, dice)
    raise AssertionError("the game did not end")


def test_the_optimal_bot_takes_only_legal_actions_and_agrees_with_the_tables(solution) -> None:
    rules = RuleSet(goal=GOAL)
    advisor = SOLUTIONS.advisor(rules)
    checked = {"starts": 0, "stops": 0}

    def check(game: Game, name: str, legal, action) -> None:
        state = game.state
        if name != "Opti" or state.last_licks is not None or state.turn is None:
            return
        me, other = state.player("Opti").score // UNIT, state.player("Thresh").score // UNIT
        advice = advisor.advise(state, name, legal)
        assert advice is not None and advice.exact and action == advice.best
        values = {choice.action: choice.win for choice in advice.choices}
        if state.turn.throws == 0:
            assert values[ROLL] == pytest.approx(solution.win[me, other], abs=1e-6)
            checked["starts"] += 1
        elif STOP in values and me + state.turn.points // UNIT < solution.reach:
            assert values[STOP] == pytest.approx(solution.lose[other, me + state.turn.points // UNIT], abs=1e-6)
            checked["stops"] += 1

    for seed in range(3):
        game = Game.start(["Opti", "Thresh"], rules, dice := SeededDice(seed))
        play(game, {"Opti": optimal, "Thresh": threshold(300)}, dice, check)
    assert checked["starts"] > 10 and checked["stops"] > 10


def test_with_three_players_the_bot_plays_legally_and_the_advice_says_it_is_an_estimate() -> None:
    rules = RuleSet(goal=GOAL)
    game = Game.start(["A", "B", "C"], rules, dice := SeededDice(7))
    estimates = []

    def check(game: Game, name: str, legal, action) -> None:
        advice = SOLUTIONS.advisor(rules).advise(game.state, name, legal)
        if advice is not None and len(game.state.active) == 3:
            estimates.append(advice.exact)

    play(game, {"A": optimal, "B": optimal, "C": threshold(200)}, dice, check)
    assert estimates and not any(estimates)


def test_review_finds_the_costliest_decisions_of_a_two_player_game() -> None:
    game = Game.start(["Opti", "Careless"], RuleSet(goal=GOAL), dice := SeededDice(3))
    play(game, {"Opti": optimal, "Careless": threshold(500, 1)}, dice)
    mistakes = review(game.events)
    assert mistakes and all(m.player == "Careless" for m in mistakes)
    assert [m.cost for m in mistakes] == sorted((m.cost for m in mistakes), reverse=True)
    assert all(m.best_win > m.done_win for m in mistakes)
    with pytest.raises(ValueError, match="two-player"):
        review(Game.start(["A", "B", "C"], RuleSet(goal=GOAL), SeededDice(1)).events)


async def test_hint_over_loopback_in_json_and_in_text(make_server, tmp_path, solution) -> None:
    throws = ["10 2", "10 10 5 5 S", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with json_client(server, "Ann") as ann, player(server, "Bob") as bob:
            await ann.command(f"table open goal={GOAL}", "table")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "table")
            start = await ann.command("hint", "hint")
            assert start["exact"] and [c["command"] for c in start["choices"]] == ["roll"]
            assert start["choices"][0]["win"] == pytest.approx(solution.win[0, 0], abs=1e-6)
            await bob.command("hint", "Hints are for your own decisions: the table waits for Ann.")
            await ann.command("roll", "table")
            choice = await ann.command("hint", "hint")
            commands = [c["command"] for c in choice["choices"]]
            assert sorted(commands) == ["flash 10", "flash 5"]
            wins = [c["win"] for c in choice["choices"]]
            assert wins == sorted(wins, reverse=True) and "flash 10" in choice["text"]
            await ann.command(commands[0], "table")
            await ann.command("roll", "table")  # all five must be thrown again: a train wreck
            text = await bob.command("hint", r"Your chance of winning, best first:\n  roll +\d+\.\d%")
            assert f"{100 * solution.win[0, 0]:.1f}%" in text


async def test_a_table_can_play_without_hints(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command(f"table open goal={GOAL} hints=off", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Roll-off")
            await ann.command("hint", "Hints are off at table 1.")
            await ann.command("review 12345", "There is no finished game #12345.")


async def test_a_hint_right_after_a_start_waits_for_the_tables_to_be_read(make_server, tmp_path, monkeypatch) -> None:
    """A start reads no tables (that costs a second of CPU); the first hint has them read, in a thread, and waits."""
    monkeypatch.setattr(SOLUTIONS, "_advisors", OrderedDict())  # as in a new process: nothing read yet
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with json_client(server, "Ann") as ann, player(server, "Bob") as bob:
            await ann.command("table open goal=500", "table")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "table")
            assert not SOLUTIONS._advisors
            start = await ann.command("hint", "hint")
            assert start["exact"] and [c["command"] for c in start["choices"]] == ["roll"]
            assert list(SOLUTIONS._advisors) == [model_rules(RuleSet(goal=500))]
            assert not server.solver._reading  # a reading done is not kept (with the tables it read)


def test_the_solved_tables_of_many_rule_sets_are_not_all_kept(tmp_path) -> None:
    """Each covered rule set a table asks a hint for is read into memory (about 1 MiB at goal 500, with chance tables
    made for its goal), and a table may ask for any goal from 100 to 1000, each solved into a file: every one stayed
    for the life of the server. The latest used are kept; the others are read again from their file when asked."""
    shipped = (resources.files("engine.wimpout.optimal") / "data" / "goal500.cwopt").read_bytes()
    goals = range(100, 100 + 5 * 3 * KEPT_ADVISORS, 5)
    for goal in goals:
        (tmp_path / table_file(RuleSet(goal=goal))).write_bytes(shipped)  # stand-ins for what was solved for each
    solutions = Solutions(cache_dir=tmp_path)
    first = weakref.ref(solutions.advisor(RuleSet(goal=100)))
    estimate = weakref.ref(solutions.advisor(RuleSet(goal=100, bump=True)))
    for goal in goals:
        assert solutions.advisor(RuleSet(goal=goal, bump=True)) is not None
        assert solutions.advisor(RuleSet(goal=goal)) is not None
    gc.collect()
    assert first() is None and estimate() is None
    assert solutions.advisor(RuleSet(goal=100)) is not None  # read again
    assert layout(RuleSet(goal=100)) is layout(RuleSet(goal=995))  # the chance tables are the same for every goal
