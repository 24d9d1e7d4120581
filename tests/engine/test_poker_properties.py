"""Random whole poker games (seeded shuffles, random seats, options and legal moves): invariants that hold in every
state - Lucre and tokens conserved, no card in two places, ``why_not`` agreeing with ``legal_actions``, commands
reading back as the moves they name, watchers seeing no hidden card - and replay reproducing every game."""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.poker import moves as mv
from engine.poker.cards import DECK_SIZE
from engine.poker.happenings import event_from_dict, event_to_dict
from engine.poker.pokergame import PokerGame
from engine.poker.pokerstate import GameState
from engine.poker.seatview import event_for, table_view
from engine.poker.shuffles import SeededShuffle
from engine.poker.variations import PAWN_ITEMS, SWITCHES, TOKENS, PokerOptions
from engine.poker.wording import command_text, read_command

MAX_MOVES = 1500  # a cap for the test, not the engine: a long game is cut short, its invariants still checked
LONG_RUN = bool(os.environ.get("POKER_SLOW"))
SLOW = pytest.mark.skipif(not LONG_RUN, reason="set POKER_SLOW=1 for the long run")
SEEDED_GAMES = 5000 if LONG_RUN else 300


@st.composite
def table_options(draw: st.DrawFn) -> PokerOptions:
    switches = {name: draw(st.booleans()) for name in SWITCHES + ("dealers_choice",)}
    switches["pairs"] = switches["pairs"] or switches["combos"]
    switches["high_low"] = switches["high_low"] and not switches["lowball"]
    flip = 0 if switches["blind_betting"] else draw(st.sampled_from([0, 0, 1, 2]))
    return PokerOptions(
        **switches, flip=flip,
        start_lucre=draw(st.integers(3, 12)), bases_to_win=draw(st.integers(1, 5)),
        rates=draw(st.sampled_from(["mayfair", "eon"])), bet_limit=draw(st.sampled_from(["pot", "none", 3])),
        max_raises=draw(st.integers(1, 4)), max_draw=draw(st.integers(3, 7)), max_meld=draw(st.integers(5, 7)),
        wild=draw(st.sampled_from(["off", "off", 5, 7, "turned"])),
    )


def check_invariants(state: GameState, start_total: int) -> None:
    assert state.total_lucre == start_total + state.bank_paid - state.bank_took
    assert state.warp >= 0 and all(p.lucre >= 0 for p in state.players.values())
    for player in state.players.values():
        assert player.home + player.warp_tokens + player.gone_tokens == TOKENS
        assert min(player.home, player.warp_tokens, player.gone_tokens, player.bases) >= 0
    places = [*state.deck, *state.discard, *state.turned, *(c for p in state.players.values() for c in p.hand)]
    assert sorted(places) == list(range(DECK_SIZE)), Counter(places).most_common(2)


def candidates(game: PokerGame, name: str) -> list[mv.Move]:
    """Moves to ask ``why_not`` about beyond the legal ones: each must be refused when not listed."""
    state = game.state
    player = state.players[name]
    found: list[mv.Move] = [mv.IN, mv.OUT, mv.CHECK, mv.CALL, mv.FOLD, mv.TAP_OUT, mv.PAWN_CLEAR, mv.MELD_AUTO,
                            mv.KEEP_ALL, mv.NO_CHOICE]
    top = player.lucre + 12
    found += [mv.Open(n) for n in range(0, top)] + [mv.Raise(n) for n in range(0, top)]
    found += [mv.Pawn((item,)) for item in PAWN_ITEMS]
    found += [mv.Draw((card,)) for card in player.hand] + [mv.Flip((card,)) for card in player.hand]
    found += [mv.Meld((card,)) for card in player.hand]
    found += [mv.Draw(tuple(sorted(player.hand[:k]))) for k in range(len(player.hand) + 1)]
    return found


def play(seed: int, seats: int, options: PokerOptions, thorough: bool) -> PokerGame:
    source = SeededShuffle(seed)
    policy = random.Random(seed ^ 0x5EED)
    names = [f"P{i}" for i in range(seats)]
    game = PokerGame.start(names, options, source)
    start_total = seats * options.start_lucre
    check_invariants(game.state, start_total)
    for _ in range(MAX_MOVES):
        if game.is_over:
            assert game.waiting_on() == () and all(game.legal_actions(n) == () for n in names)
            break
        waiting = game.waiting_on()
        assert waiting
        name = policy.choice(waiting)
        legal = game.legal_actions(name)
        assert legal, (game.state.phase, name)
        if thorough:
            for move in legal:
                assert game.why_not(name, move) is None, (move, game.why_not(name, move))
                assert read_command(game.state.players[name], command_text(game.state.players[name], move)) == move
            for move in candidates(game, name):
                if move not in legal:
                    assert isinstance(game.why_not(name, move), str), move
            for other in names:
                if other not in waiting:
                    assert game.legal_actions(other) == ()
                    assert game.why_not(other, mv.FOLD) is not None
        if policy.random() < 0.003:
            game.apply(None, mv.Leave(name, "left the table"), source)
        else:
            plain = [move for move in legal if not isinstance(move, (mv.Pawn, mv.PawnClear))]
            pool = legal if not plain or policy.random() < 0.15 else plain
            game.apply(name, policy.choice(pool), source)
        check_invariants(game.state, start_total)
    return game


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
