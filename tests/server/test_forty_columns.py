"""A 40-column screen (NAWS) over loopback (issue 27, item 9): 'top' and WHO keep each row on one line and 'top' its
header whole; the first steps after 'create' wrap as a list; one throw of the tutorial with its note fits 24 rows."""

from __future__ import annotations

import re

from support.clients import loose, play_until, player, telnet_client
from server.words import texts

WIDTH, ROWS = 40, 24
LONG_NAME = "Bartholomewskiii"
"""Sixteen letters: the longest name there may be."""


def shown(text: str) -> list[str]:
    """Lines as the screen shows them, the prompt that begins one taken off."""
    return [re.sub(r"^(\[[^\]]*\] )?> ", "", line) for line in text.splitlines()]


async def test_top_and_who_keep_each_row_on_one_line(make_server) -> None:
    async with make_server() as server, player(server, LONG_NAME) as bart:
        await bart.command("@set cubes=compact", "Set: cubes=compact.")
        await bart.command("@doing " + "x" * 40, "Doing set.")
        await bart.command("table open goal=100", "You sit down at table 1.")
        await bart.command("table bot add", "Robby1.bot sits down")
        bart.send("start")
        await play_until(bart, r"\*\*\* \S+ WINS the game at table 1")
        await bart.expect("Table 1 is closed: the game is over")
        async with telnet_client(server, cols=WIDTH) as narrow:
            await narrow.command("create Mara secret1", "Obvious exits")
            start = len(narrow.text)
            await narrow.command("top", r"(?s)Player +Wins.*?\n> ")
            lines = shown(narrow.text[start:])
            assert max(map(len, lines)) <= WIDTH, lines
            rows = [line for line in lines if LONG_NAME in line]  # rated, then the leaders: one line each
            assert re.fullmatch(rf"1\. {LONG_NAME} +\d+( \(provisional\))?( +\d+ games)?", rows[0]), lines
            assert re.fullmatch(rf"1\. {LONG_NAME} +[01] +1( +\d+)*", rows[1]) and len(rows) == 2, lines
            assert any(re.fullmatch(r" *# Player +Wins Games( Best turn)?", line) for line in lines), lines  # whole
            assert "No room here for:" in narrow.text[start:]  # the columns left out are named
            start = len(narrow.text)
            await narrow.command("WHO", r"players are connected")
            lines = shown(narrow.text[start:])
            assert max(map(len, lines)) <= WIDTH, lines
            assert re.fullmatch(rf"{LONG_NAME} +\d\d:\d\d +\d+s", lines[1]) and lines[2] == "x" * 40, lines


async def test_the_first_steps_wrap_as_a_list(make_server) -> None:
    async with make_server() as server, telnet_client(server, cols=WIDTH) as narrow:
        await narrow.command("create Newt secret1", loose(" ".join(texts.NEWCOMER.split()[-3:])))
        lines = shown(narrow.text.rpartition("New here?")[2])[1:]
        lines = lines[: next(i for i, line in enumerate(lines) if not line.startswith(("* ", "  ")))]
        assert max(map(len, lines)) <= WIDTH and lines[0].startswith("* tutorial: "), lines
        items = [i for i, line in enumerate(lines) if line.startswith("* ")]
        assert len(items) == len(texts.NEWCOMER.splitlines()) - 1  # each item starts a line...
        assert all(b - a <= 2 for a, b in zip(items, [*items[1:], len(lines)])), lines  # ...and takes two at most


async def test_a_tutorial_throw_and_its_note_fit_24_rows(make_server) -> None:
    """Drawn as two rows of cube art, with the note on cube art, one throw took 29 rows at 40 columns."""
    async with make_server() as server, telnet_client(server, cols=WIDTH, rows=ROWS) as narrow:
        await narrow.command("create Newt secret1", "Obvious exits")
        await narrow.command("tutorial", r"You may: roll\.\n\[T1 [^\]]*\] > ")
        for note in ("Cubes that score", "A FLASH", "That throw showed the face", "All five cubes have scored",
                     "The Flaming Sun is wild"):
            start = len(narrow.text)
            await narrow.command("roll", rf"\[tutorial\] {loose(note)}[\s\S]*You may: [\s\S]*?\[T1 [^\]]*\] > ")
            lines = shown(narrow.text[start:])
            assert len(lines) <= ROWS and max(map(len, lines)) <= WIDTH, lines
