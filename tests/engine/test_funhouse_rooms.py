"""FUNHOUSE-RULES.md's test cases, room by room, and the rulings they pin down."""

from __future__ import annotations

import pytest

from engine.funhouse import FunOptions, LoadedDraws
from engine.funhouse.barrels import ORIENTATIONS, Barrels, legalise, may_tip, tip
from engine.funhouse.catwalk import Catwalk, expected_best, pool_coin
from engine.funhouse.mirror import MagicMirror
from engine.funhouse.piecepack import CELL_INDEX, CELL_NAMES
from engine.funhouse.slidejam import SlideJam, families
from engine.funhouse.trampoland import TrampoLand, set_up
from engine.funhouse.trackway import corners, lay
from engine.funhouse.whackadummy import CORNERS, WhackADummy, corner_cost, landing

OPTIONS = FunOptions()
NO_DRAWS = LoadedDraws([])


def grid(rows: dict[int, str]) -> list[str | None]:
    """A 4x6 board from some of its rows, '.' an empty place."""
    board: list[str | None] = [None] * 24
    for row, text in rows.items():
        for column, word in enumerate(text.split()):
            board[(row - 1) * 4 + column] = None if word == "." else word
    return board


def shown(board: list[str | None]) -> dict[str, str]:
    return {CELL_NAMES[cell]: tile for cell, tile in enumerate(board) if tile}


# -- Slide Jam ----------------------------------------------------------------------------------------------------------

def jam() -> SlideJam:
    """The spec's position: after a slide down, column b empty; L holds totals 3, 6, 6 (bottom to top), R 12, 9."""
    board = grid({4: "2S . 3M 5M", 5: "0C . 4C 3A", 6: "1A . 5C 0S"})
    stacks = {"L": [["0A", "1S", "2C"], ["1C", "2A", "3S"], ["1M", "2M", "3C"]],
              "R": [["3S", "4S", "5A"], ["2M", "3C", "4M"]]}
    return SlideJam({"board": board, **stacks}, OPTIONS)


def test_slide_jam_finds_exactly_the_five_families_by_the_chain_rule() -> None:
    room = jam()
    found = {tuple(CELL_NAMES[c] for c in family) for family in families(tuple(room.board))}
    assert found == {("c4", "c5", "c6"), ("c4", "c5", "d4"), ("d5", "c5", "c6"), ("d5", "c5", "d4"),
                     ("c5", "c6", "d6")}
    assert room.why_not("take a4 a5 a6 L up") is not None  # 2, null, ace: the ace touches the null only
    assert room.why_not("take c6 c5 c4 L up") is None  # any order of naming
    assert len(room.moves()) == 5 * 2 * 4 + 1


def test_slide_jam_take_left_ends_the_room_and_the_transition_evens_the_stacks() -> None:
    room = jam()
    room.play("take c5 c6 d6 R left", NO_DRAWS)
    assert shown(room.board) == {"a4": "2S", "b4": "3M", "c4": "5M", "a5": "0C", "b5": "3A", "a6": "1A"}
    assert room.over and room.score() == 14
    assert [len(room.stacks[side]) for side in "LR"] == [3, 3]
    assert room.stacks["R"][-1] == ("4C", "5C", "0S")
    carry = room.carry()
    assert carry["L"][-3:] == ["2S", "3M", "5M"] and carry["R"][-3:] == ["0C", "3A", "1A"]
    assert len(carry["L"]) == len(carry["R"]) == 12


def test_slide_jam_slides_close_each_line_on_its_own() -> None:
    right = jam()
    right.play("take c5 c6 d6 R right", NO_DRAWS)
    assert shown(right.board) == {"b4": "2S", "c4": "3M", "d4": "5M", "c5": "0C", "d5": "3A", "d6": "1A"}
    assert not right.over and right.why_not("take d4 c5 d6 L left") is None
    up = jam()
    up.play("take c5 c6 d6 R up", NO_DRAWS)
    assert shown(up.board) == {"a1": "2S", "c1": "3M", "d1": "5M", "a2": "0C", "d2": "3A", "a3": "1A"}


@pytest.mark.parametrize(("side", "score"), [("L", 11), ("R", 14)])
def test_slide_jam_returns_the_cheapest_family_of_the_taller_stack(side: str, score: int) -> None:
    room = jam()
    room.play("take c5 c6 d6 R right", NO_DRAWS)
    room.play(f"take d4 c5 d6 {side} left", NO_DRAWS)
    assert shown(room.board) == {"a4": "2S", "b4": "3M", "a5": "3A"}
    assert room.over and room.score() == score


def test_slide_jam_free_stacks_return_nothing() -> None:
    room = SlideJam({**jam().snapshot(), "L": jam().snapshot()["stacks"]["L"], "R": jam().snapshot()["stacks"]["R"]},
                    FunOptions(slide_stacks="free"))
    room.play("take c5 c6 d6 R right", NO_DRAWS)
    room.play("take d4 c5 d6 L left", NO_DRAWS)
    assert room.score() == 8
    carry = room.carry()
    assert len(carry["L"]) == len(carry["R"]) == 12


def test_slide_jam_best_from_the_position_is_8() -> None:
    assert jam().best().score == 8 and jam().best().exact
    room = jam()
    room.play("take c4 c5 d4 L left", NO_DRAWS)
    room.play("take a5 a6 b6 R up", NO_DRAWS)
    assert room.over and room.score() == 8


def test_slide_jam_stop_scores_as_it_stands() -> None:
    room = jam()
    room.play("stop", NO_DRAWS)
    assert room.over and room.score() == 2 + 3 + 5 + 0 + 4 + 3 + 1 + 5 + 0 + 3  # L's cheapest family returns


# -- Magic Mirror -------------------------------------------------------------------------------------------------------

def looking_glass() -> MagicMirror:
    """U2 . . 4C . / U3 2S . 0M 5S / mirror / L1 3S 5C . 3M / L2 . 1A . ."""
    return MagicMirror({"L": [], "R": [], "upper": [["2S"], [], ["4C", "0M"], ["5S"]],
                        "lower": [["3S"], ["1A", "5C"], [], ["3M"]]}, OPTIONS)


def test_magic_mirror_legal_pairs_and_their_kinds() -> None:
    room = looking_glass()
    assert room.moves() == ["pair u1 l1", "pair u1 l4", "pair u3 l2", "stop"]
    assert room.grid()["U2"] == [None, None, "4C", None] and room.grid()["L2"] == [None, "1A", None, None]
    room.play("pair u3 l2", NO_DRAWS)
    assert room.pairs["Distant"] == ["0M", "5C"] and room.points == 2
    assert room.why_not("pair u3 l2") is None
    room.play("pair u3 l2", NO_DRAWS)
    assert room.pairs["Cousins"] == ["4C", "1A"] and room.points == 3


def test_magic_mirror_best_is_6_and_the_strangers_stack_in_reading_order() -> None:
    assert looking_glass().best().score == 6
    room = looking_glass()
    for move in ("pair u3 l2", "pair u1 l1", "pair u3 l2"):
        room.play(move, NO_DRAWS)
    assert room.over and room.score() == 6
    assert room.carry()["S"] == ["5S", "3M"]


def test_magic_mirror_deals_the_chosen_stack_from_its_top_into_the_upper_grid() -> None:
    left = [f"{v}S" for v in range(6)] + [f"{v}C" for v in range(6)]
    right = [f"{v}A" for v in range(6)] + [f"{v}M" for v in range(6)]
    room = MagicMirror({"L": left, "R": right}, OPTIONS)
    assert room.moves() == ["top L", "top R", "stop"]
    room.play("top R", NO_DRAWS)
    assert room.grid()["U1"] == ["5M", "4M", "3M", "2M"] and room.grid()["U3"] == ["3A", "2A", "1A", "0A"]
    assert room.grid()["L1"] == ["5C", "4C", "3C", "2C"] and room.grid()["L3"] == ["3S", "2S", "1S", "0S"]


# -- Catwalk ------------------------------------------------------------------------------------------------------------

STACK = ["3C", "0S", "4S", "2M", "5M", "1A", "0A", "2C", "4M", "3A"]


def test_catwalk_lays_by_suit_then_straight_on_then_by_the_die() -> None:
    track, aside = lay(STACK, LoadedDraws([2]))
    assert [place for _, place in track] == [(0, 0), (0, 1), (0, 2), (-1, 2), (-2, 2), (-2, 1), (-2, 0), (-1, 0),
                                             (-1, 1)]
    assert aside == ["3A"]
    track, aside = lay(STACK, LoadedDraws([3]))
    assert track[-2:] == [("4M", (-1, -1)), ("3A", (-1, -2))] and aside == []
    track, _ = lay(["1C", "2S", "3A", "4A", "5C"], NO_DRAWS)
    assert [place for _, place in track] == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]


def walkway() -> Catwalk:
    room = Catwalk({"T": list(reversed(STACK)), "C": [], "D": [], "S": [], "lay_rolls": [0]}, OPTIONS)
    assert room.forced() == "lay T"
    room.play("lay T", NO_DRAWS)
    room.play("coins M", NO_DRAWS)
    room.play("start first", NO_DRAWS)
    return room


def test_catwalk_flicks_the_spec_line() -> None:
    room = walkway()
    assert room.track == STACK[:9] and room.corners == {3, 5, 7, 8}
    for move, rolls, at in [("flick 5 1", [], 2), ("flick 4 end", [2, 5, 1], 7), ("flick 0 end", [3], 1),
                            ("flick 3 2", [], 3), ("flick 2 end", [0], 5), ("flick 1 end", [4, 2], 1)]:
        assert room.why_not(move) is None
        draws = LoadedDraws(rolls)
        room.play(move, draws)
        assert draws._next == len(rolls) and room.at == at, move
    assert room.over and room.score() == 31
    assert [int(coin[0]) for coin in room.scoreboard] == [5, 0, 4, 0, 3, 4, 2, 5]
    assert sorted(room.pieces()[10:]) == sorted(f"{v}{s}" for s in "SCAM" for v in range(6))


def test_catwalk_all_six_falling_is_naughty_and_stop_counts_5_tiles() -> None:
    room = walkway()
    room.play("flick 5 1", NO_DRAWS)
    room.play("stop", NO_DRAWS)
    assert room.over and room.score() == 5 + 5 * (1 + 1 + 2 + 3 + 4) + 10
    assert len(room.scoreboard) == 12


def test_catwalk_expectations_of_the_last_coin() -> None:
    room = walkway()
    tiles = tuple(max(int(t[0]), 1) for t in room.track)
    assert expected_best(tiles, room.corners, 7, (5,), True) == pytest.approx(10 / 3)
    assert expected_best(tiles, room.corners, 7, (5,), False) == pytest.approx(20 / 3)
    assert corners([(0, 0), (1, 0), (1, 1)]) == {2}


def test_catwalk_pool_substitutes() -> None:
    assert pool_coin(["1C", "1S", "3A"], 2) == "1S"
    assert pool_coin(["0M", "3A"], 2) == "0M"
    assert pool_coin(["3A", "4S"], 2) == "3A"
    assert pool_coin(["2M", "2C"], 2) == "2C"


# -- Roll Out the Barrels ------------------------------------------------------------------------------------------------

MAZE = "3 5 2 4 / 1 0 4 3 / 5 2 3 1 / 4 1 0 2 / 2 3 5 0 / 0 4 1 5"


def coins(rows: str) -> list[str]:
    """Coins for a maze of values, suits handed out S, C, A, M per value so none repeats."""
    seen: dict[str, int] = {}
    result = []
    for word in rows.replace("/", " ").split():
        result.append(word + "SCAM"[seen.get(word, 0)])
        seen[word] = seen.get(word, 0) + 1
    return result


def test_barrels_die_and_tips() -> None:
    assert ORIENTATIONS[(0, 1)] == (0, 1, 3)
    room = Barrels({"maze": coins(MAZE)}, OPTIONS)
    assert room.why_not("tip e") is not None
    room.play("start 5 1", NO_DRAWS)
    assert room.die == (5, 1, 2) and [m for m in room.moves() if m.startswith("tip")] == ["tip e"]
    room.play("tip e", NO_DRAWS)
    assert room.die == (3, 1, 5) and room.cell == 1
    assert [m for m in room.moves() if m.startswith("tip")] == ["tip s", "tip w"]
    assert room.score() == 2 * 7


def reach(maze: list[str], die: tuple[int, int, int]) -> set[int]:
    seen, todo = {(0, die)}, [(0, die)]
    while todo:
        cell, now = todo.pop()
        for direction in "nesw":
            target = may_tip(maze, now, cell, direction)
            if target is not None and (target, tip(now, direction)) not in seen:
                seen.add((target, tip(now, direction)))
                todo.append((target, tip(now, direction)))
    return {cell for cell, _ in seen}


def test_barrels_scores_distance_and_best_is_0() -> None:
    maze = coins(MAZE)
    assert CELL_INDEX["b6"] in reach(maze, (5, 1, 2))
    assert min(abs(c % 4 - 3) + abs(c // 4 - 5) for c in reach(maze, (5, 1, 2))) == 2
    assert 23 in reach(maze, ORIENTATIONS[(0, 2)])
    room = Barrels({"maze": maze}, OPTIONS)
    assert room.best().score == 0 and room.best().exact
    room.play("stop", NO_DRAWS)
    assert room.score() == 16


def test_barrels_legality_passes() -> None:
    maze = legalise(coins("5 5 2 4 / 1 0 4 3 / 5 2 3 1 / 4 1 0 2 / 2 3 3 0 / 0 4 1 5"))
    assert " ".join(coin[0] for coin in maze) == "5 2 5 4 1 0 4 3 5 2 3 1 4 1 0 2 2 3 1 0 0 4 3 5"
    legal = coins(MAZE)
    assert legalise(list(legal)) == legal


# -- Whack-a-Dummy ------------------------------------------------------------------------------------------------------

def test_whack_a_dummy_the_spec_line() -> None:
    room = WhackADummy({"maze": coins(MAZE)}, OPTIONS)
    room.play("start b3", NO_DRAWS)
    assert {CELL_NAMES[landing(room.maze, room.up, room.cell, d)] for d in "nesw"} == {"b2", "c3", "b4", "a3"}
    for move in ("go n", "go w", "go n", "go e"):
        room.play(move, NO_DRAWS)
    assert room.progress == 2 and CELL_NAMES[room.cell] == "d1" and room.penalties == 0
    assert room.why_not("go e") and room.why_not("go w")
    assert CELL_NAMES[landing(room.maze, room.up, room.cell, "n")] == "d3"
    room.play("go s", NO_DRAWS)
    assert CELL_NAMES[room.cell] == "d5"
    room.play("go s", NO_DRAWS)
    assert room.progress == 3
    assert corner_cost(room.up, 3, CELL_INDEX["d1"]) == (10, 3)
    room.play("go e", NO_DRAWS)
    assert room.over and room.score() == 0 and room.column_sums() == [4, 0, 0, 9]


def test_whack_a_dummy_out_of_sequence_and_putting_things_right() -> None:
    a1, d1, _, a6 = CORNERS
    up = 1 << a1
    assert corner_cost(up, 1, a6) == (10, 1)
    up |= 1 << a6
    assert corner_cost(up, 1, d1) == (10, 1)
    up |= 1 << d1
    assert corner_cost(up, 1, a6) == (0, 1)
    up ^= 1 << a6
    assert corner_cost(up, 1, d1) == (0, 1)
    up ^= 1 << d1
    assert corner_cost(up, 1, d1) == (0, 2)
    assert corner_cost(0, 1, a1) == (0, 1)  # reactivating one of the first p is free


def test_whack_a_dummy_alone_shows_the_maze_until_ready_and_stop_costs_15() -> None:
    room = WhackADummy({"maze": coins(MAZE), "alone": True}, OPTIONS)
    assert room.moves() == ["ready", "stop"] and None not in room.view()["maze"]
    room.play("ready", NO_DRAWS)
    assert set(room.view()["maze"]) == {None}
    room.play("start c4", NO_DRAWS)
    room.play("stop", NO_DRAWS)
    assert room.score() == 15
    assert WhackADummy({"maze": coins(MAZE)}, OPTIONS).best().score == 0


# -- Trampo-Land --------------------------------------------------------------------------------------------------------

def cast(total: int) -> list[int]:
    return [int(face == total) for face in range(6)]


def test_trampo_land_setup() -> None:
    setup = set_up([4, 0, 0, 9], LoadedDraws([5, *cast(0), *cast(4)]))
    board = setup["board"]
    assert board.index("Y") + 1 == 5 and board[3] == "."
    assert sorted(n for n, piece in enumerate(board, 1) if piece == "P") == [1, 6, 9, 15]
    assert [n for n, piece in enumerate(board, 1) if piece == "k"] == [2, 3, 7, 8, 10, 11, 12, 13, 14]
    assert len(setup["casts"]) == 2
    room = TrampoLand(setup, OPTIONS)
    assert room.score() == 40
    assert room.moves() == ["jump 1 4", "walk 5 4", "jump 11 4", "jump 13 4", "stop"]
    assert room.best().score == 0
    other = set_up([7, 3, 18, 0], LoadedDraws([2, *cast(3)]))["board"]
    assert other[1] == "." and other.index("Y") == 2
    assert sorted(n for n, piece in enumerate(other, 1) if piece == "P") == [4, 5, 7, 15]


def test_trampo_land_walks_and_the_last_walker() -> None:
    board = ["."] * 15
    board[10], board[11], board[5] = "Y", "k", "P"
    room = TrampoLand({"board": "".join(board)}, OPTIONS)
    assert sorted(room.moves()) == sorted(["jump 11 13", "walk 11 7", "walk 6 3", "walk 6 5", "walk 6 9",
                                           "walk 6 10", "stop"])
    assert room.best().score == 0
    for move in ("jump 11 13", "walk 6 9"):
        room.play(move, NO_DRAWS)
    assert room.why_not("walk 9 5") is not None
    room.play("jump 13 6", NO_DRAWS)
    assert room.score() == 0 and room.over
