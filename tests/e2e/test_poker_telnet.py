"""Two people at real telnet(1) clients in 80x24 tmux panes and a house bot play a whole game of New Cosmic Poker to
5 bases (the default), each typing what their screen offers ('You may: ...'); everything each terminal printed fits
80 columns, and holds no card but public ones and its player's own."""

from __future__ import annotations

import asyncio
import re
import shutil
from pathlib import Path

import pytest

from support.clients import WAIT
from support.pokerclients import choice, secret_lines
from support.tmuxterm import TMUX, Terminal, terminal

TELNET = shutil.which("telnet")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (TELNET and TMUX), reason="needs telnet(1) and tmux: .ci/run installs them")]
OVER = r"\*\*\* (\S+) wins the game of New Cosmic Poker at table 1! \*\*\*"
YOU_MAY = r"You may: ([^.]*)\.\n"
PROMPT = re.compile(r"^\[T1 [^\]]*\] > ")
"""The status prompt, which the terminal's own echo of a typed command follows on the same line."""


async def play(term: Terminal) -> str:
    """Type one of the moves offered each time the screen offers some, until the game is over; the winner."""
    while True:
        found = await term.expect(rf"{YOU_MAY}|{OVER}", wait=20 * WAIT)
        if found.group(2) is not None:
            return found.group(2)
        await term.type(choice(" ".join(found.group(1).split()).split(", ")))


async def test_two_telnet_players_and_a_house_bot_play_poker_to_five_bases(make_server, tmp_path: Path) -> None:
    async with make_server(tables={"turn_timer": 600}) as server:
        command = f"{TELNET} 127.0.0.1 {server.port}"
        async with (terminal(command, tmp_path / "ann.log") as ann, terminal(command, tmp_path / "bob.log") as bob):
            for name, term in (("Ann", ann), ("Bob", bob)):
                await term.expect(r"'QUIT'\s+leaves\.")
                await term.type(f"create {name} secret1")
                await term.expect(r"Obvious exits")
            await ann.type("table open game=poker")
            await ann.expect(r"You sit down at table 1\.")
            await bob.type("sit 1")
            await bob.expect(r"You sit down at table 1\.")
            await ann.type("table bot add house")
            await ann.expect(r"Robby1\.bot sits down at table 1\.")
            await ann.type("start")
            winners = await asyncio.gather(play(ann), play(bob))
            screen = await ann.screen()
    assert winners[0] == winners[1] and winners[0] in ("Ann", "Bob", "Robby1.bot")
    assert re.search(OVER, screen)
    for term in (ann, bob):
        assert term.text.count("Hand ") >= 5 and term.text.isascii() and "\x1b" not in term.text
        assert secret_lines(term.text, owner=True) == []
        printed = [PROMPT.sub("", line) for line in term.text.split("\n")]
        assert max(map(len, printed)) <= 80, max(printed, key=len)
