"""House bots for poker: every move legal under any options, and they beat a random-legal bot (benchmarks/poker_bots.py
measures the same at length)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.poker.housebots import house_move, random_move
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import table_view
from engine.poker.shuffles import SeededShuffle
from engine.poker.variations import PokerOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from poker_bots import HOUSE, play  # noqa: E402
from support.pokerrandom import check_invariants, table_options  # noqa: E402


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), options=table_options())
def test_house_bots_play_whole_games_legally(seed: int, seats: int, options: PokerOptions) -> None:
    source = SeededShuffle(seed)
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(seats)]
    game = PokerGame.start(names, options, source)
    for _ in range(3000):
        if game.is_over:
            break
        name = rng.choice(game.waiting_on())
        legal = game.legal_actions(name)
        view = table_view(game.state, name)
        move = house_move(view, legal) if names.index(name) % 2 == 0 else random_move(view, legal, rng)
        assert move in legal or game.why_not(name, move) is None, move
        game.apply(name, move, source)
        check_invariants(game.state, seats * options.start_lucre)


def test_house_bot_beats_a_random_bot() -> None:
    winners = [play(seed, seed % 2 == 0, PokerOptions()) for seed in range(60)]
    assert winners.count(HOUSE) >= 48  # 80%
