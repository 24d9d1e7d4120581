"""The engine against an independent minimal simulator of the standard rules (benchmarks/reference.py), and the
benchmark's floor (benchmarks/engine_floor.py) against the engine.

Both the engine and the reference draw the same fair dice in the same order and take the benchmark's policy, so they
must play the same games: a scoring, Last Licks or turn rule that departs in either shows as a different winner or
number of throws. The floor plays the engine's recorded games again through the same client with nothing worked out;
it must make the very same events, or the benchmark's bound would be measured on other games.
"""

import random

import pytest

from benchmarks.engine_bench import ALL_COMPATIBLE_HOUSE_RULES, PLAYERS, engine_round, play as client
from benchmarks.engine_floor import floor_round, record
from benchmarks.reference import play
from engine.wimpout import RuleSet


def test_the_engine_plays_the_reference_simulator_s_games() -> None:
    _, engine_results = engine_round(300, 7, RuleSet())
    source = random.Random(7)
    reference_results = [play(source, len(PLAYERS)) for _ in range(300)]
    assert engine_results == reference_results
    assert {winner for winner, _ in engine_results} == {0, 1}


@pytest.mark.parametrize("rules", [RuleSet(), ALL_COMPATIBLE_HOUSE_RULES], ids=["standard", "house rules"])
def test_the_floor_makes_the_engine_s_events_again(rules: RuleSet) -> None:
    recorded = record(client, 40, 3, rules, PLAYERS)
    floor_round(client, recorded, 3)  # raises if any game's events differ from the engine's
    recorded[-1].events = recorded[-1].events[:-1]
    with pytest.raises(ValueError, match="other events"):
        floor_round(client, recorded, 3)
