"""House bots for poker (issue 23, issue 43): every kind plays only legal moves under any options; the plainer ones beat a
random-legal bot; the strong bot decides from its seat alone (the same move whatever the cards it cannot see) and from
the generator it is given. benchmarks/poker_bots.py measures their strength at length."""

from __future__ import annotations

import random
import sys
from dataclasses import fields, replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.poker.botkinds import HOUSE_KINDS, STRATEGIES, BotSeat, bot_move
from engine.poker.cards import DECK
from engine.poker.knowledge import SeatMemory
from engine.poker.pokergame import PokerGame
from engine.poker.seatview import event_for, table_view
from engine.poker.shuffles import SeededShuffle
from engine.poker.variations import PokerOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from poker_bots import play  # noqa: E402
from support.pokerrandom import check_invariants, table_options  # noqa: E402


def seat_of(game: PokerGame, name: str, memory: SeatMemory) -> BotSeat:
    return BotSeat(table_view(game.state, name), game.legal_actions(name), memory)


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
        move = bot_move(kinds[name], seat_of(game, name, memories[name]), rng)
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
    """Swap a card the bot has not seen (in the other hand or the deck) for another unseen one of a different kind
    throughout the game: its seat reads the same events, sees the same table, and the bot moves the same."""
    for game, name, memory in _strong_decisions(7, 6):
        seen = _seen_cards([event_for(event, name) for event in game.events])
        hidden = [card for card in game.state.players["Other"].hand if card not in seen]
        deck = [card for card in game.state.deck if card not in seen]
        a, b = next((a, b) for a in hidden for b in deck if DECK[a] != DECK[b])
        swapped = PokerGame.replay([_swap(event, a, b) for event in game.events])
        assert swapped.state.players["Other"].hand != game.state.players["Other"].hand
        assert [event_for(e, name) for e in swapped.events] == [event_for(e, name) for e in game.events]
        again = SeatMemory.from_events(name, [event_for(e, name) for e in swapped.events])
        first = bot_move("strong", seat_of(game, name, memory), random.Random(3))
        second = bot_move("strong", seat_of(swapped, name, again), random.Random(3))
        assert first == second


def _seen_cards(seen: list[dict[str, object]]) -> set[int]:
    """Every card id the seat's events name."""
    found: set[int] = set()
    for event in seen:
        for key in ("cards", "shown", "discarded"):
            if isinstance(event.get(key), list):
                found.update(event[key])  # type: ignore[arg-type]
        if isinstance(event.get("card"), int):
            found.add(event["card"])  # type: ignore[arg-type]
        payment = event.get("payment")
        if isinstance(payment, dict):
            found.update(payment["cards"])
    return found


def _swap(event: object, a: int, b: int) -> object:
    """``event`` with card ids ``a`` and ``b`` exchanged wherever it names cards."""
    def swap(value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            return b if value == a else a if value == b else value
        if isinstance(value, tuple):
            return tuple(swap(item) for item in value)
        return value

    names = {"order", "cards", "shown", "discarded", "card"}
    changed = {f.name: swap(getattr(event, f.name)) for f in fields(event) if f.name in names}  # type: ignore[arg-type]
    if "payment" in {f.name for f in fields(event)}:  # type: ignore[arg-type]
        payment = event.payment  # type: ignore[attr-defined]
        changed["payment"] = replace(payment, cards=swap(payment.cards))
    return replace(event, **changed)  # type: ignore[type-var]


def test_the_strong_bot_moves_by_the_generator_it_is_given() -> None:
    for game, name, memory in _strong_decisions(11, 4):
        seat = seat_of(game, name, memory)
        assert bot_move("strong", seat, random.Random(5)) == bot_move("strong", seat, random.Random(5))
