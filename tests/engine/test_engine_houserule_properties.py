"""Random games with random sets of house rules: they end, and their events rebuild them exactly."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from engine.wimpout import STOP, Game, RuleSet, SeededDice, event_from_dict, event_to_dict, fold
from engine.wimpout.actions import Propose, Vote

THROW_CAP = 5000
HOUSE_RULES = st.fixed_dictionaries(
    {},
    optional={
        "bump": st.booleans(),
        "insurance": st.booleans(),
        "cosmic_sampler": st.booleans(),
        "sampler_points": st.sampled_from([25, 50]),
        "one_three_five": st.booleans(),
        "ntw": st.sampled_from([0, 1, 3]),
        "recovery": st.booleans(),
        "recovery_ext1": st.booleans(),
        "recovery_ext2": st.booleans(),
        "eclipse": st.sampled_from([0, 1, 2]),
        "eclipse_beam": st.sampled_from([100, 200]),
        "full_house": st.booleans(),
        "suspend": st.sampled_from([0, 2, 10]),
        "kill": st.sampled_from([0, 3, 5]),
        "last_licks": st.sampled_from(["official", "single", "A", "B", "C", "D"]),
        "goal": st.sampled_from([100, 300]),
    },
)


@settings(max_examples=60, deadline=None)
@given(options=HOUSE_RULES, seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_house_rule_games_end_and_rebuild_from_their_events(options: dict, seed: int, players: int) -> None:
    if options.get("eclipse") and options.get("bump"):
        options["bump"] = False
    rules = RuleSet(**options)
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    rng = random.Random(seed)
    dice = SeededDice(seed)
    game = Game.start(names, rules, dice)
    throws = 0
    while not game.is_over and throws < THROW_CAP:
        if rng.random() < 0.02:
            proposer = rng.choice(names)
            proposal = Propose(rng.choice(["kill", "bump", "insurance", "goal"]), rng.choice(["on", "off", "3", "200"]))
            if game.why_not(proposer, proposal) is None:
                game.apply(proposer, proposal, dice)
            for number in list(game.state.proposals):
                for voter in names:
                    if game.why_not(voter, Vote(number, True)) is None and number in game.state.proposals:
                        game.apply(voter, Vote(number, rng.random() < 0.8), dice)
        waiting = game.waiting_on()
        assert waiting, "a game that is not over waits for someone"
        player = rng.choice(waiting)
        actions = game.legal_actions(player)
        assert actions, "whoever the game waits for can do something"
        action = rng.choice(actions)
        turn = game.state.turn
        if STOP in actions and turn is not None and turn.points >= rng.choice([35, 60, 150]):
            action = STOP
        game.apply(player, action, dice)
        throws += 1
    assert fold(game.events) == game.state
    assert Game.replay([event_from_dict(event_to_dict(e)) for e in game.events]).state == game.state
    if throws < THROW_CAP:
        assert game.is_over and game.legal_actions() == ()
