"""Best possible scores: never worse than a score a played line reached, and equal to a brute-force search through the
rooms' own moves on positions small enough to search that way."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine.funhouse import ROOMS, FunOptions, FunRun, LoadedDraws, SeededChance
from engine.funhouse.barrels import ORIENTATIONS, Barrels, distance_to_goal, may_tip, tip
from engine.funhouse.catwalk import Catwalk
from engine.funhouse.funroom import Room
from engine.funhouse.mirror import MagicMirror
from engine.funhouse.piecepack import ALL_PIECES
from engine.funhouse.slidejam import SlideJam
from engine.funhouse.trampoland import TrampoLand, legal, moved, points
from engine.funhouse.whackadummy import WhackADummy

OPTIONS = FunOptions()
CAP = 20_000


def stopped(room: Room) -> int:
    after = copy.deepcopy(room)
    if not after.over:
        after.play("stop", LoadedDraws([]))
    return after.score()


def brute_force(room: Room, limit: int = 200_000) -> int:
    """The lowest score of any position reachable through the room's own moves (``stop`` ends any of them)."""
    seen = {json.dumps(room.snapshot(), sort_keys=True)}
    todo = [room]
    best = stopped(room)
    while todo:
        here = todo.pop()
        best = min(best, stopped(here))
        for move in here.moves():
            if move == "stop":
                continue
            after = copy.deepcopy(here)
            after.play(move, LoadedDraws([]))
            key = json.dumps(after.snapshot(), sort_keys=True)
            if key not in seen:
                seen.add(key)
                assert len(seen) < limit
                todo.append(after)
    return best


def played(seed: int) -> tuple[FunRun, list[int]]:
    """A run of random legal moves, and how many moves the player made in each room."""
    pick = random.Random(seed).choice
    chance = SeededChance(seed)
    run = FunRun.start(seed, chance=chance)
    counts = [0]
    while not run.is_over:
        rooms = len(run.state.scores)
        run.apply("stop" if counts[-1] >= 25 else pick(run.legal_moves()), chance)
        counts[-1] += 1
        if len(run.state.scores) > rooms:
            counts.append(0)
    return run, counts


@pytest.mark.parametrize("seed", range(12))
def test_best_is_never_worse_than_the_line_played(seed: int) -> None:
    run, counts = played(seed)
    for index, name in enumerate(ROOMS):
        if name == "catwalk":
            continue  # an expectation: see test_catwalk_expectation_matches_expectimax
        for moves in sorted({counts[index] // 2, max(counts[index] - 2, 0)}):
            best = run.best(index, moves, cap=CAP)
            if best.exact:
                assert best.score <= run.state.scores[index], (name, moves)


def small_jam(seed: int, tiles: int) -> SlideJam:
    pick = random.Random(seed)
    board: list[str | None] = list(pick.sample(ALL_PIECES, tiles)) + [None] * (24 - tiles)
    pick.shuffle(board)
    stacks = {"L": [["0A", "1A", "2A"]] * pick.randrange(3), "R": [["3C", "4C", "5C"]] * pick.randrange(3)}
    return SlideJam({"board": board, **stacks}, OPTIONS)


@pytest.mark.parametrize("seed", range(25))
def test_slide_jam_best_matches_brute_force(seed: int) -> None:
    room = small_jam(seed, 9 + seed % 4)
    best = room.best()
    assert best.exact and best.score == brute_force(room)


@pytest.mark.parametrize("seed", range(25))
def test_magic_mirror_best_matches_brute_force(seed: int) -> None:
    pick = random.Random(seed)
    tiles = pick.sample(ALL_PIECES, 8 + 2 * (seed % 3))
    half = len(tiles) // 2
    upper = [tiles[i:half:4] for i in range(4)]
    lower = [tiles[half + i::4] for i in range(4)]
    room = MagicMirror({"L": [], "R": [], "upper": upper, "lower": lower}, OPTIONS)
    assert room.best().score == brute_force(room)


@pytest.mark.parametrize("seed", range(25))
def test_trampo_land_best_matches_brute_force(seed: int) -> None:
    pick = random.Random(seed)
    board = ["Y"] + ["P"] * pick.randrange(3) + ["k"] * pick.randrange(2, 5 - seed % 2)
    board += ["."] * (15 - len(board))
    pick.shuffle(board)
    room = TrampoLand({"board": "".join(board)}, OPTIONS)
    best = room.best()
    assert best.exact and best.score == trampolines_by_hand(room.board)


def trampolines_by_hand(board: str) -> int:
    """Brute force on the room's own move rules (board strings, not the search's packed positions)."""
    seen = {(board, None)}
    todo: list[tuple[str, int | None]] = [(board, None)]
    best = points(board)
    while todo:
        here, walked = todo.pop()
        best = min(best, points(here))
        for kind, start, end in legal(here, walked):
            after = (moved(here, kind, start, end)[0], end if kind == "walk" else None)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return best


@pytest.mark.parametrize("seed", range(10))
def test_barrels_best_is_every_cell_reachable_from_any_start(seed: int) -> None:
    maze = random.Random(seed).sample(ALL_PIECES, 24)
    reached = {0}
    for die in ORIENTATIONS.values():
        seen, todo = {(0, die)}, [(0, die)]
        while todo:
            cell, now = todo.pop()
            reached.add(cell)
            for direction in "nesw":
                target = may_tip(maze, now, cell, direction)
                if target is not None and (target, tip(now, direction)) not in seen:
                    seen.add((target, tip(now, direction)))
                    todo.append((target, tip(now, direction)))
    assert Barrels({"maze": maze}, OPTIONS).best().score == 2 * min(map(distance_to_goal, reached))


def whack_near_the_end(seed: int) -> WhackADummy:
    pick = random.Random(seed)
    room = WhackADummy({"maze": pick.sample(ALL_PIECES, 24)}, OPTIONS)
    room.play("start " + pick.choice(["b3", "c3", "b4", "c4"]), LoadedDraws([]))
    for _ in range(pick.randrange(10, 40)):
        moves = [move for move in room.moves() if move != "stop"]
        if room.over or not moves:
            break
        room.play(pick.choice(moves), LoadedDraws([]))
    return room


def cheapest_completion(room: WhackADummy, depth: int) -> int:
    """Brute force: the lowest score within ``depth`` moves (giving up included)."""
    best = stopped(room)
    if room.over or depth == 0:
        return room.score() if room.over else best
    for move in room.moves():
        if move != "stop":
            after = copy.deepcopy(room)
            after.play(move, LoadedDraws([]))
            best = min(best, cheapest_completion(after, depth - 1))
    return best


@pytest.mark.parametrize("seed", range(15))
def test_whack_a_dummy_best_is_no_worse_than_any_short_line(seed: int) -> None:
    room = whack_near_the_end(seed)
    best = room.best()
    assert best.exact
    assert room.penalties <= best.score <= cheapest_completion(room, 6)


def expectimax(room: Catwalk) -> float:
    """Brute force through the room's own moves: every flick, each corner roll a fall (1/3) or not (2/3)."""
    if room.over:
        return room.score()
    best = float(stopped(room))
    for move in room.moves():
        if move == "stop":
            continue
        best = min(best, _expected(room, move, []))
    return best


def _expected(room: Catwalk, move: str, rolls: list[int]) -> float:
    after = copy.deepcopy(room)
    draws = LoadedDraws(rolls + [5] * 30)
    after.play(move, draws)
    used = draws._next
    if used <= len(rolls):
        return expectimax(after)
    return _expected(room, move, rolls + [0]) / 3 + 2 * _expected(room, move, rolls + [5]) / 3


def catwalk_with_coins_left(seed: int, left: int) -> Catwalk:
    pick = random.Random(seed)
    room = Catwalk({"T": pick.sample(ALL_PIECES, 7 + seed % 4), "C": [], "D": [], "S": [],
                    "lay_rolls": [pick.randrange(6) for _ in range(23)]}, OPTIONS)
    room.play("lay T", LoadedDraws([]))
    room.play(f"coins {pick.choice('SCAM')}", LoadedDraws([]))
    room.play(f"start {pick.choice(['first', 'last'])}", LoadedDraws([]))
    while len(room.hand) > left:
        move = pick.choice([m for m in room.moves() if m != "stop"])
        room.play(move, LoadedDraws([pick.randrange(6) for _ in range(24)]))
    return room


def test_catwalk_best_before_laying_compares_the_orders() -> None:
    pick = random.Random(3)
    tiles = pick.sample(ALL_PIECES, 24)
    setup = {"T": tiles[:6], "C": tiles[6:12], "D": tiles[12:18], "S": tiles[18:], "lay_rolls": [5, 0] * 11 + [5]}
    room = Catwalk(setup, OPTIONS)
    assert room.forced() is None and len(room.moves()) == 24 + 1
    each = []
    for order in room.moves()[:-1]:
        laid = Catwalk(setup, OPTIONS)
        laid.play(order, LoadedDraws([]))
        each.append(laid.best().score)
    assert room.best().exact and room.best().score == pytest.approx(min(each))


@pytest.mark.parametrize("seed", range(12))
def test_catwalk_expectation_matches_expectimax(seed: int) -> None:
    room = catwalk_with_coins_left(seed, 2 + seed % 2)
    best = room.best()
    assert best.exact and best.score == pytest.approx(expectimax(room))


def test_cli_best_and_replay(tmp_path: Any, capsys: Any) -> None:
    from engine.__main__ import main

    assert main(["funhouse", "best", "barrels", "--seed", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["room"] == "barrels" and printed["seed"] == 3 and printed["exact"] is True
    assert printed["best"] == FunRun.start(3, "barrels").best(0).score
    record = tmp_path / "run.json"
    record.write_text(json.dumps({"seed": 9, "moves": ["stop", "top R", "stop"]}))
    assert main(["funhouse", "replay", str(record)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed["scores"]) == ["slide-jam", "magic-mirror"] and printed["over"] is False
    assert main(["funhouse", "best", "attic", "--seed", "3"]) == 2
    assert main(["funhouse", "best", "barrels"]) == 2
    assert main(["funhouse", "replay", str(tmp_path / "missing.json")]) == 1
    record.write_text(json.dumps({"seed": 9, "moves": ["fly"]}))
    assert main(["funhouse", "replay", str(record)]) == 1
