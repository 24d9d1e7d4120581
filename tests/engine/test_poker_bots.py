"""House bots for poker (issue 23, issue 43): every kind plays only legal moves under any options; the plainer ones beat a
random-legal bot; the strong bot decides from its seat alone (the same move whatever the cards it cannot see) and from
the generator it is given. benchmarks/poker_bots.py measures their strength at length."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.poker.botkinds import HOUSE_KINDS, STRATEGIES, bot_move, seat_of
from engine.poker.knowledge import BotSeat, SeatMemory
from engine.poker.moves import Move
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import event_for
from engine.poker.shuffles import SeededShuffle
from engine.poker.strongbot import Params, strong_move
from engine.poker.variations import PokerOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from poker_bots import play  # noqa: E402
from support.pokerhidden import hidden_pair, swapped  # noqa: E402
from support.pokerrandom import check_invariants, table_options  # noqa: E402


QUICK = Params(worlds=6, draw_worlds=3, draw_finalists=2, final_worlds=6)
"""The strong bot thinking through few worlds: the same code decides (how many worlds it weighs changes which move it
finds best, not which moves it may make), in a twentieth of the time (this test took 78 s of the suite with the house
bot's own ``PARAMS``, which the games against the random bot below keep)."""


def quick_move(kind: str, seat: BotSeat, rng: random.Random) -> Move:
    return strong_move(seat, rng, QUICK) if kind == "strong" else bot_move(kind, seat, rng)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), options=table_options())
def test_every_kind_of_bot_plays_whole_games_legally(seed: int, seats: int, options: PokerOptions) -> None:
    source, rng = SeededShuffle(seed), random.Random(seed)
    names = [f"P{i}" for i in range(seats)]
    kinds = {name: list(STRATEGIES)[i % len(STRATEGIES)] for i, name in enumerate(names)}
    game = PokerGame.start(names, options, source)
    memories = {name: SeatMemory(name) for name in names}
    seen = 0
    for _ in range(600):
        if game.is_over:
            break
        for event in game.events[seen:]:
            for name, memory in memories.items():
                memory.see(event_for(event, name))
        seen = len(game.events)
        name = rng.choice(game.waiting_on())
        move = quick_move(kinds[name], seat_of(game, name, memories[name]), rng)
        assert move in game.legal_actions(name) or game.why_not(name, move) is None, move
        game.apply(name, move, source)
        check_invariants(game.state, seats * options.start_lucre)


def test_the_plainer_bots_beat_a_random_bot() -> None:
    for kind in ("threshold", "cautious"):
        winners = [play(seed, [kind, "random"], PokerOptions()) for seed in range(40)]
        assert winners.count(kind) >= 32, kind  # 80%


def test_the_strong_bot_beats_a_random_bot() -> None:
    winners = [play(seed, ["strong", "random"], PokerOptions()) for seed in range(12)]
    assert winners.count("strong") >= 10


def test_house_kinds_are_named_strongest_first() -> None:
    assert HOUSE_KINDS == ("strong", "threshold", "cautious") and set(HOUSE_KINDS) < set(STRATEGIES)


def _strong_decisions(seed: int, count: int) -> list[tuple[PokerGame, str, SeatMemory]]:
    """``count`` moments of a game where the strong bot (seat 0) is to bet or draw, with its seat's memory."""
    source, rng = SeededShuffle(seed), random.Random(seed)
    game = PokerGame.start(["Strong", "Other"], PokerOptions(), source)
    found = []
    while not game.is_over and len(found) < count:
        name = game.waiting_on()[0]
        memory = SeatMemory.from_events(name, [event_for(event, name) for event in game.events])
        if name == "Strong" and game.state.phase in ("betting", "drawing", "declaring"):
            found.append((PokerGame.replay(list(game.events)), name, memory))
        kind = "strong" if name == "Strong" else "threshold"
        game.apply(name, bot_move(kind, seat_of(game, name, memory), rng), source)
    return found


def test_the_strong_bot_is_the_same_whatever_the_cards_it_cannot_see() -> None:
    """Swap a card of the other hand the bot has not seen for an unseen one of the deck, of a different kind,
    throughout the game: its seat reads the same events, sees the same table, and the bot moves the same."""
    for game, name, memory in _strong_decisions(7, 6):
        a, b = hidden_pair(game.events, game.state, name, "Other")
        other = PokerGame.replay(swapped(game.events, a, b))
        assert other.state.players["Other"].hand != game.state.players["Other"].hand
        assert [event_for(e, name) for e in other.events] == [event_for(e, name) for e in game.events]
        again = SeatMemory.from_events(name, [event_for(e, name) for e in other.events])
        first = bot_move("strong", seat_of(game, name, memory), random.Random(3))
        assert bot_move("strong", seat_of(other, name, again), random.Random(3)) == first


def test_the_strong_bot_moves_by_the_generator_it_is_given() -> None:
    for game, name, memory in _strong_decisions(11, 4):
        seat = seat_of(game, name, memory)
        assert bot_move("strong", seat, random.Random(5)) == bot_move("strong", seat, random.Random(5))
