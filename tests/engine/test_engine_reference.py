"""The engine against an independent minimal simulator of the standard rules (benchmarks/reference.py).

Both draw the same fair dice in the same order and take the benchmark's policy, so they must play the same games:
a scoring, Last Licks or turn rule that departs in either shows as a different winner or number of throws.
"""

import random

from benchmarks.engine_bench import PLAYERS, engine_round
from benchmarks.reference import play
from engine.wimpout import RuleSet


def test_the_engine_plays_the_reference_simulator_s_games() -> None:
    _, engine_results = engine_round(300, 7, RuleSet())
    source = random.Random(7)
    reference_results = [play(source, len(PLAYERS)) for _ in range(300)]
    assert engine_results == reference_results
    assert {winner for winner, _ in engine_results} == {0, 1}
