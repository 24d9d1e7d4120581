"""A Funhouse run: each room's end sets up the next, the daily layout, chance streams kept apart, events and replay."""

from __future__ import annotations

import datetime
import json
import pathlib
import random

import pytest

from engine.funhouse import ROOMS, FunError, FunOptions, FunRun, KeyedChance, Moved, RoomOpened, RunStarted, \
    SeededChance, event_from_dict, event_to_dict
from engine.keyedstream import KeyedStream
from engine.funhouse.seedstreams import Stream
from engine.funhouse.piecepack import ALL_PIECES


def through(seed: int) -> FunRun:
    """A whole run of random legal moves (each room stopped after 20 moves)."""
    chance = SeededChance(seed)
    run = FunRun.start(seed, chance=chance)
    pick = random.Random(seed).choice
    made = 0
    while not run.is_over:
        closed = len(run.state.scores)
        run.apply("stop" if made >= 20 else pick(run.legal_moves()), chance)
        made = 0 if len(run.state.scores) > closed else made + 1
    return run


def setups(run: FunRun) -> dict[str, dict]:
    return {event.room: event.setup for event in run.events if isinstance(event, RoomOpened)}


@pytest.mark.parametrize("seed", range(20))
def test_each_room_sets_up_the_next(seed: int) -> None:
    run = through(seed)
    opened = setups(run)
    assert list(opened) == list(ROOMS) and run.is_over
    assert sorted(opened["slide-jam"]["board"]) == sorted(ALL_PIECES)
    assert opened["magic-mirror"] == run.room_at(0).carry()
    assert len(opened["magic-mirror"]["L"]) == len(opened["magic-mirror"]["R"]) == 12
    assert {**opened["catwalk"], "lay_rolls": None} == {**run.room_at(1).carry(), "lay_rolls": None}
    board = run.room_at(2).carry()["scoreboard"]
    maze = opened["barrels"]["maze"]
    assert sorted(maze) == sorted(ALL_PIECES)
    assert len(board) % 2 == 0 and len(board) <= 12
    assert opened["whack-a-dummy"] == {"maze": run.room_at(3).carry()["maze"]}
    assert opened["trampo-land"]["sums"] == run.room_at(4).column_sums()  # type: ignore[attr-defined]
    assert run.state.total == sum(run.state.scores) and len(run.state.scores) == 6


def test_the_run_total_is_the_sum_of_its_rooms() -> None:
    run = through(3)
    assert run.scores() == dict(zip(ROOMS, run.state.scores))
    assert run.events[-1].total == sum(run.state.scores)  # type: ignore[union-attr]


def test_the_daily_layout_is_the_same_for_everyone_and_changes_with_the_days_seed() -> None:
    day, seed = datetime.date(2026, 11, 26), "ab" * 32
    first, second = (FunRun.daily(day, KeyedChance(KeyedStream.of(seed, []))) for _ in range(2))
    assert first.events == second.events and first.state.daily == "2026-11-26"
    assert first.events[0].seed == 0  # type: ignore[union-attr]  # (the seed is the server's secret until the reveal)
    other = FunRun.daily(datetime.date(2026, 11, 27), KeyedChance(KeyedStream.of("cd" * 32, [])))
    assert setups(other)["slide-jam"] != setups(first)["slide-jam"]


def test_streams_are_apart_and_resume_where_they_were() -> None:
    draws = SeededChance(11).draws("barrels", "setup")
    alone = [draws.roll() for _ in range(8)]
    other = SeededChance(11)
    busy = other.draws("slide-jam", "setup")
    for _ in range(10):
        busy.roll()
    again = other.draws("barrels", "setup")
    assert [again.roll() for _ in range(8)] == alone and again.record == alone
    resumed = SeededChance(11).draws("barrels", "setup", position=3)
    assert [resumed.roll(), resumed.roll()] == alone[3:5]
    assert Stream(11, "barrels", "setup", 2).position == 2


def test_a_choice_in_one_room_never_shifts_another_rooms_draws() -> None:
    runs = []
    for top in ("top L", "top R"):
        chance = SeededChance(21)
        run = FunRun.start(21, chance=chance)
        run.apply("stop", chance)
        run.apply(top, chance)
        runs.append(run)
    a, b = (SeededChance(21).draws("trampo-land", "setup") for _ in range(2))
    assert [a.roll() for _ in range(9)] == [b.roll() for _ in range(9)]
    assert runs[0].room.snapshot() != runs[1].room.snapshot()  # type: ignore[union-attr]


def test_refusals_and_the_end() -> None:
    chance = SeededChance(2)
    run = FunRun.start(2, "barrels", chance=chance)
    with pytest.raises(FunError, match="start <top> <north>"):
        run.apply("tip e", chance)
    assert run.events[-1].__class__ is RoomOpened
    run.apply("  START 0   1 ", chance)
    assert isinstance(run.events[-1], Moved) and run.events[-1].command == "START 0 1"
    run.apply("stop", chance)
    assert run.is_over and run.legal_moves() == [] and run.why_not("stop") == "The run is over."
    with pytest.raises(FunError):
        run.apply("stop", chance)
    with pytest.raises(FunError, match="no room"):
        FunRun.start(1, "attic")


def test_best_after_move_n_and_forced_moves() -> None:
    chance = SeededChance(4)
    run = FunRun.start(4, "catwalk", chance=chance)
    assert isinstance(run.events[-1], Moved) and run.events[-1].forced  # one stack: laid at once
    assert run.legal_moves()[:4] == ["coins S", "coins C", "coins A", "coins M"]
    for move in ("coins A", "start last", "flick 5 end", "flick 0 1"):
        run.apply(move, chance)
    start, later = run.best(0), run.best(0, moves=3)
    assert start.exact and later.exact and start.score <= later.score + 1e-9
    assert run.room_at(0, 0).phase == "coins"  # type: ignore[attr-defined]
    assert run.room_at(0, 2).phase == "flick"  # type: ignore[attr-defined]


def test_the_package_example_runs() -> None:
    import doctest

    import engine.funhouse

    assert doctest.testmod(engine.funhouse).failed == 0


STORED = pathlib.Path(__file__).parent / "data" / "funhouse_runs_stored_by_the_old_codec.json"


@pytest.mark.parametrize("stored", json.loads(STORED.read_text()), ids=["run", "run-with-options", "unfinished"])
def test_runs_stored_by_the_old_event_codec_still_load(stored: dict) -> None:
    """Written by funevents' own codec before it used engine.eventcodec: each loads, replays to the scores it had,
    stores again byte for byte, and equals the run its seed and commands make now."""
    events = [event_from_dict(data) for data in stored["events"]]
    run = FunRun.replay(events)
    assert run.state.scores == stored["scores"]
    assert json.loads(json.dumps([event_to_dict(event) for event in events])) == stored["events"]
    first = events[0]
    assert isinstance(first, RunStarted)
    chance = SeededChance(first.seed)
    again = FunRun.start(first.seed, options=FunOptions.from_dict(first.options), chance=chance)
    for event in events:
        if isinstance(event, Moved) and not event.forced:
            again.apply(event.command, chance)
    assert again.events[1:] == events[1:] and again.state.options == run.state.options == FunOptions.from_dict(
        first.options)


def test_an_unknown_stored_event_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_dict({"type": "Teleported", "room": "catwalk"})
