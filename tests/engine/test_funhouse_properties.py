"""Thousands of seeded Funhouse runs played with random legal moves through all six rooms (and rooms alone): no piece
lost or duplicated, no score below zero, every refusal explained, and replay from the events (and from the seed and
commands) exact. ``FUNHOUSE_SLOW=1`` plays many more (marked slow)."""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from engine.funhouse import ROOMS, FunOptions, FunRun, SeededChance, event_from_dict, event_to_dict
from engine.funhouse.__main__ import replay_file
from engine.funhouse.funroom import Room
from engine.funhouse.piecepack import ALL_PIECES

ROOM_MOVES = 40
"""A random player stops a room after this many moves (Barrels, Whack-a-Dummy and Trampo-Land need not end)."""
STOPPING = 0.02
"""Before that, the chance it stops at any move (any other legal move being equally likely)."""
TILES = Counter(ALL_PIECES)
EXPECTED = {
    "slide-jam": TILES, "magic-mirror": TILES, "catwalk": TILES + TILES, "barrels": TILES, "whack-a-dummy": TILES,
    "trampo-land": Counter({"Y": 1, "P": 4, "k": 9}),
}


def check(room: Room) -> None:
    assert Counter(room.pieces()) == EXPECTED[room.name], room.name
    assert room.score() >= 0
    assert json.loads(json.dumps(room.view())) == room.view()  # plain JSON data for renderers and bots


def play(seed: int, alone: str | None = None, options: FunOptions | None = None) -> tuple[FunRun, list[str]]:
    """A run of random legal moves; returns it and the commands the player typed."""
    player = random.Random(seed)
    chance = SeededChance(seed)
    run = FunRun.start(seed, alone, options, chance=chance)
    typed: list[str] = []
    made = 0
    while not run.is_over:
        room = run.room
        assert room is not None
        check(room)
        moves = run.legal_moves()
        assert moves and all(run.why_not(move) is None for move in moves)
        assert moves[-1] == "stop"
        move = "stop" if made >= ROOM_MOVES or player.random() < STOPPING else player.choice(moves[:-1] or moves)
        before = len(run.state.scores)
        run.apply(move, chance)
        typed.append(move)
        made = 0 if len(run.state.scores) > before else made + 1
        if len(run.state.scores) > before:
            assert run.state.scores[-1] >= 0
    assert len(run.state.scores) == len(run.state.rooms) and run.legal_moves() == []
    return run, typed


def assert_replays(run: FunRun, typed: list[str]) -> None:
    again = FunRun.replay([event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in run.events])
    assert again.events == run.events
    assert again.scores() == run.scores() and again.state.total == run.state.total
    for index in range(len(run.state.rooms)):
        assert again.room_at(index).snapshot() == run.room_at(index).snapshot()
    retyped = replay_file(json.dumps({"seed": run.state.seed, "room": None if len(run.state.rooms) == 6 else
                                      run.state.rooms[0], "options": run.state.options.to_dict(), "moves": typed}))
    assert retyped.events == run.events


def test_random_runs_keep_every_piece_and_replay_exactly() -> None:
    for seed in range(500):
        run, typed = play(seed)
        assert list(run.scores()) == list(ROOMS)
        if seed % 10 == 0:
            assert_replays(run, typed)


@pytest.mark.parametrize("options", [FunOptions(slide_stacks="free"), FunOptions(scoreboard=False)])
def test_random_runs_with_the_options(options: FunOptions) -> None:
    for seed in range(100):
        run, typed = play(500 + seed, options=options)
        if seed % 10 == 0:
            assert_replays(run, typed)


@pytest.mark.parametrize("room", ROOMS)
def test_rooms_alone_keep_every_piece_and_replay_exactly(room: str) -> None:
    for seed in range(120):
        run, typed = play(1000 + seed, room)
        if seed % 10 == 0:
            assert_replays(run, typed)


def test_every_refusal_is_in_words() -> None:
    chance = SeededChance(5)
    run = FunRun.start(5, chance=chance)
    pick = random.Random(5).choice
    nonsense = ["", "take", "take a1 a1 a1 L up", "pair u9 l1", "flick 9 end", "tip q", "go x", "jump 1 99",
                "start z9", "lay XYZ", "coins Q", "top X", "restart 0 5", "walk 1 1"]
    while not run.is_over:
        for word in nonsense:
            if word not in run.legal_moves():
                assert isinstance(run.why_not(word), str) and run.why_not(word)
        run.apply(pick(run.legal_moves()[:3] + ["stop"]), chance)
    assert run.why_not("stop") == "The run is over."


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FUNHOUSE_SLOW"), reason="FUNHOUSE_SLOW=1 plays 5,000 more runs")
def test_many_more_random_runs() -> None:
    for seed in range(10_000, 15_000):
        run, typed = play(seed, None if seed % 4 else ROOMS[seed % 6])
        if seed % 50 == 0:
            assert_replays(run, typed)
