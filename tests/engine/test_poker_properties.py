"""Random whole poker games (seeded shuffles, random seats, options and legal moves): invariants that hold in every
state - Lucre and tokens conserved, no card in two places, ``why_not`` agreeing with ``legal_actions``, commands
reading back as the moves they name, watchers seeing no hidden card - and replay reproducing every game."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.poker.happenings import event_from_dict, event_to_dict
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import event_for, table_view
from engine.poker.variations import PokerOptions
from support.pokerrandom import play, table_options

LONG_RUN = bool(os.environ.get("POKER_SLOW"))
SLOW = pytest.mark.skipif(not LONG_RUN, reason="set POKER_SLOW=1 for the long run")
SEEDED_GAMES = 5000 if LONG_RUN else 300


def check_replay(game: PokerGame) -> None:
    assert PokerGame.replay(game.events).state == game.state
    stored = json.loads(json.dumps([event_to_dict(event) for event in game.events]))
    assert PokerGame.replay([event_from_dict(data) for data in stored]).state == game.state


def check_secrecy(game: PokerGame) -> None:
    """A watcher reads no card dealt, discarded face down or picked, and never the deck order."""
    for event in game.events:
        seen = event_for(event, None)
        if seen["type"] == "Shuffled":
            assert set(seen) == {"type", "cards"}
        if seen["type"] in ("Dealt", "MeldPicked") or (seen["type"] == "Discarded" and not seen["face_up"]):
            assert "cards" not in seen, seen
        seat = game.state.seats[0]
        mine = event_for(event, seat)
        if mine["type"] == "Dealt" and (mine["player"] != seat or mine["hidden"]):
            assert "cards" not in mine
    view = table_view(game.state, None)
    assert "hand" not in view
    assert "hand" in table_view(game.state, game.state.seats[0])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), options=table_options())
def test_random_games_keep_every_invariant(seed: int, seats: int, options: PokerOptions) -> None:
    game = play(seed, seats, options, thorough=True)
    check_replay(game)
    check_secrecy(game)


@pytest.mark.slow
def test_seeded_games_conserve_and_replay() -> None:
    """Default options, 2 to 6 seats: Lucre, tokens and cards checked after every move, each game replayed (300
    games; 5000 with POKER_SLOW=1)."""
    for seed in range(SEEDED_GAMES):
        game = play(seed, 2 + seed % 5, PokerOptions(), thorough=False)
        check_replay(game)


@pytest.mark.slow
@SLOW
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), options=table_options())
def test_many_more_random_games(seed: int, seats: int, options: PokerOptions) -> None:
    game = play(seed, seats, options, thorough=True)
    check_replay(game)
    check_secrecy(game)
