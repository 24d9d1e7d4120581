"""The Funhouse for a screen reader (each room's board in words, the spec's positions) and the run options a player
sets when starting a run; both over the in-memory harness too, where each viewer gets the board in their own style."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.funhouse import FunOptions, FunRun, LoadedDraws, SeededChance
from engine.funhouse.barrels import Barrels
from engine.funhouse.catwalk import Catwalk
from engine.funhouse.mirror import MagicMirror
from engine.funhouse.slidejam import SlideJam
from engine.funhouse.trampoland import TrampoLand, set_up
from engine.funhouse.whackadummy import WhackADummy
from server.funhouse.funmoves import moves_text
from server.funhouse.funboard import draw
from server.funhouse.funspoken import speak
from support.funpositions import positions
from support.harness import Typist, in_memory

OPTIONS = FunOptions()
GLYPH = re.compile(r"\b[0-5n][SCAM]\b")
"""A tile or coin as the drawing shows it: never in the words."""
MAZE = ["3S", "5S", "2S", "4S", "1S", "0S", "4C", "3C", "5C", "2C", "3A", "1C", "4A", "1A", "0C", "2A", "2M", "3M",
        "5A", "0A", "0M", "4M", "1M", "5M"]
"""FUNHOUSE-RULES.md's legal barrel maze (3 5 2 4 / 1 0 4 3 / ...), suits handed out so none repeats."""


def test_slide_jam_in_words() -> None:
    board: list[str | None] = [None] * 24
    for cell, tile in {12: "2S", 14: "3M", 15: "5M", 16: "0C", 18: "4C", 19: "3A", 20: "1A", 22: "5C",
                       23: "0S"}.items():
        board[cell] = tile
    room = SlideJam({"board": board, "L": [["0A", "1S", "2C"]], "R": []}, OPTIONS)
    said = speak(room.view()).split("\n")
    assert said[:3] == ["Slide Jam. 9 tiles on the board, 23 points.", "Stack L: 1 family, top 2 Crowns.",
                        "Stack R: no families."]
    assert said[6] == "Row 4: a 2 Suns, b empty, c 3 Moons, d 5 Moons."
    assert said[8] == "Row 6: a ace Arms, b empty, c 5 Crowns, d null Suns."


def test_magic_mirror_in_words_reads_each_column_from_the_mirror() -> None:
    room = MagicMirror({"L": [], "R": [], "upper": [["2S"], [], ["4C", "0M"], ["5S"]],
                        "lower": [["3S"], ["1A", "5C"], [], ["3M"]]}, OPTIONS)
    said = speak(room.view())
    assert "Upper column 3: null Moons, 4 Crowns." in said  # 0M is the front tile, nearer the mirror
    assert "Upper column 2: empty." in said and "Lower column 2: 5 Crowns, ace Arms." in said
    assert said.endswith("Pairs: Twins 0 (0 points), Cousins 0 (0 points), Distant 0 (0 points).")
    fresh = MagicMirror({"L": ["0M", "1A"], "R": ["2C", "3M"]}, OPTIONS)
    assert speak(fresh.view()).split("\n")[1] == "Stack L, top first: ace Arms, null Moons."


def test_catwalk_in_words_numbers_the_track_and_names_its_corners() -> None:
    stack = ["3C", "0S", "4S", "2M", "5M", "1A", "0A", "2C", "4M", "3A"]
    room = Catwalk({"T": list(reversed(stack)), "C": [], "D": [], "S": [], "lay_rolls": [0]}, OPTIONS)
    assert speak(room.view()).startswith("Catwalk. Lay the track")
    for move in ("lay T", "coins M", "start first", "flick 5 1"):
        room.play(move, LoadedDraws([]))
    said = speak(room.view())
    assert "Track of 9 tiles: 1 3 Crowns; 2 null Suns; 3 4 Suns, corner; 4 2 Moons; 5 5 Moons, corner;" in said
    assert "The coin starts on tile 2. Coins left: null, ace, 2, 3, 4. Falls: 5 Moons off null Suns." in said
    assert "Set aside: 3 Arms." in said


def test_barrels_and_whack_a_dummy_in_words_hide_what_is_face_down() -> None:
    barrels = Barrels({"maze": MAZE}, OPTIONS)
    assert "The die is not placed yet" in speak(barrels.view())
    barrels.play("start 5 1", LoadedDraws([]))
    said = speak(barrels.view())
    assert "The die is on a1: top 5, north ace, east 2. Nearest so far: a1, 8 steps from d6." in said
    assert "Row 1: a 3 Suns, b 5 Suns, c 2 Suns, d 4 Suns." in said
    whack = WhackADummy({"maze": MAZE}, OPTIONS)
    whack.play("start b3", LoadedDraws([]))
    whack.play("go n", LoadedDraws([]))
    said = speak(whack.view())
    assert said.startswith("Whack-a-Dummy. Next corner: NW a1. Penalties 0. The die is on b2. Next move: jump 1.")
    assert "Row 2: a hidden, b null Suns with the die, c hidden, d hidden." in said
    assert said.count("hidden") == 23  # b2 alone is face-up (the start coin is not flipped)


def test_trampo_land_in_words_lists_each_kind_of_piece() -> None:
    room = TrampoLand(set_up([4, 0, 0, 9], LoadedDraws([5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0])), OPTIONS)
    said = speak(room.view()).split("\n")
    assert said[:2] == ["Trampo-Land. Kids 9, adults 4, score now 40.",
                        "You on 5. Adults on 1, 6, 9, 15. Kids on 2, 3, 7, 8, 10, 11, 12, 13, 14. Empty: 4."]
    room.play("walk 5 4", LoadedDraws([]))
    assert "You walked last and may not walk now." in speak(room.view())
    room.play("walk 6 5", LoadedDraws([]))
    assert "The adult on 5 walked last and may not walk now." in speak(room.view())


def test_every_position_of_many_runs_has_words_without_glyphs() -> None:
    """Random legal play through seeded runs: every position of every room is said in words, a tile never as its
    glyph, and a face-down coin never by its value."""
    for view in positions(12, random.Random(7), 12):
        said = speak(view)
        assert said and not GLYPH.search(said) and "[" not in said, said
        if view["room"] == "whack-a-dummy":
            assert said.count("hidden") == sum(1 for coin in view["maze"] if coin is None)


def test_the_null_glyph_option_draws_nulls_as_n() -> None:
    room = MagicMirror({"L": [], "R": [], "upper": [["2S"], [], ["4C", "0M"], ["5S"]],
                        "lower": [["3S"], ["1A", "5C"], [], ["3M"]]}, OPTIONS)
    assert " 0M " in draw(room.view()) and " nM " in draw(room.view(), "n") and "0M" not in draw(room.view(), "n")


async def test_each_viewer_gets_the_board_in_their_own_style(tmp_path: Path) -> None:
    async with in_memory(tmp_path / "data") as services:
        ann, bob = Typist(services), Typist(services)
        await ann.type("create Ann secret1")
        await bob.type("create Bob secret2")
        await ann.type("@set screenreader=on")
        shown = await ann.type("funhouse room trampo-land")
        assert "Trampo-Land. Kids " in shown and "You on " in shown and "You may: " in shown
        assert not re.search(r"\n +[kPY.](?: [kPY.])* +1\b", shown)  # no triangle drawn
        watched = bob.shown()
        assert "Ann's Funhouse board:\nTrampo-Land\n" in watched and "You on" not in watched
        await ann.type("@set screenreader=off")
        await bob.type("@set screenreader=on")
        drawn = await ann.type("fh look")
        assert re.search(r"\n +[kPY.] +1 +kids \d", drawn), drawn
        assert "Ann's Funhouse board:\nTrampo-Land. Kids " in bob.shown()


async def test_options_are_set_when_a_run_starts_and_kept_with_it(tmp_path: Path) -> None:
    async with in_memory(tmp_path / "data") as services:
        ann = Typist(services)
        await ann.type("create Ann secret1")
        started = await ann.type("funhouse new slide_stacks=FREE scoreboard=off null_glyph=n")
        assert "A Funhouse run begins (run #1) (slide_stacks=free, scoreboard=off, null_glyph=n)." in started
        live = await services.funhouse.current("Ann")
        assert live is not None
        assert live.run.state.options == FunOptions(slide_stacks="free", scoreboard=False, null_glyph="n")
        assert re.search(r"\b0[SCAM]\b", started.split("board:")[1]) is None and re.search(r"\bn[SCAM]\b", started)
        for _ in range(6):
            await ann.type("fh stop")
        history = await ann.type("funhouse history")
        assert "Ann  six rooms (slide_stacks=free, scoreboard=off, null_glyph=n): total" in history
        alone = await ann.type("funhouse room catwalk scoreboard=off")
        assert "Catwalk alone (scoreboard=off)" in alone
        assert "'colour=red' is not a Funhouse option: slide_stacks=return|free" in await ann.type(
            "funhouse new colour=red")
        assert "scoreboard is on or off." in await ann.type("funhouse new scoreboard=maybe")
        assert "scoreboard cannot change there" in await ann.type("funhouse daily scoreboard=off")
        assert "the daily layout" in await ann.type("funhouse daily null_glyph=n")
        assert "Usage: funhouse" in await ann.type("funhouse new please")
        live = await services.funhouse.current("Ann")
        assert live is not None and live.run.state.daily and live.run.state.options.null_glyph == "n"
        assert "slide_stacks=return|free" in await ann.type("help funhouse")


@pytest.mark.parametrize("typed", ["funhouse room", "funhouse room attic scoreboard=off"])
async def test_a_room_must_be_named_before_options(tmp_path: Path, typed: str) -> None:
    async with in_memory(tmp_path / "data") as services:
        ann = Typist(services)
        await ann.type("create Ann secret1")
        assert re.search(r"Usage: funhouse|no room 'attic'", await ann.type(typed))
        assert await services.funhouse.current("Ann") is None


def test_slide_jams_hundreds_of_moves_are_listed_family_by_family() -> None:
    """Under the board, each family once and the words every family takes; expanded, exactly the legal moves."""
    chance = SeededChance(3)
    run = FunRun.start(3, chance=chance)
    text = moves_text(run.legal_moves())
    folded = re.fullmatch(r"You may: (.*), each then (\S+) (\S+); or stop", text)
    assert folded is not None, text
    heads, stacks, slides = folded.group(1).split(", "), folded.group(2).split("|"), folded.group(3).split("|")
    assert stacks == ["L", "R"] and slides == ["up", "down", "left", "right"]
    assert sorted(f"{head} {stack} {slide}" for head in heads for stack in stacks for slide in slides) == sorted(
        move for move in run.legal_moves() if move != "stop")
    assert moves_text(["top L", "top R", "stop"]) == "You may: top L, top R, stop"
    flicks = [f"flick {coin} {aim}" for coin in range(6) for aim in ("end", *range(1, 4 + coin))] + ["stop"]
    assert moves_text(flicks).startswith("You may: flick 0 end|1-3, flick 1 end|1-4, flick 2 end|1-5,")
    starts = [f"start {top} {north}" for top in range(4) for north in (0, 1, 2, 4)] + ["stop"]
    assert moves_text(starts).startswith("You may: start 0 0-2|4, start 1 0-2|4, start 2 0-2|4, start 3 0-2|4, "
                                         "stop (a|b: a or b")
    many = [f"go {n} {m}" for n in range(14) for m in range(2)] + ["stop"]
    assert moves_text(many).endswith("(29 moves in all; 'fh moves' lists them)")  # 14 kinds: too many to fold
