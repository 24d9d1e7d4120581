"""A real TinyFugue 5 (Debian package tf5, installed by .ci/run) in a tmux pseudo-terminal: it logs itself in, shows
the server's prompt as a prompt (in its input window, below the status line), shows a throw's cube art without a
stray byte, and reads `café` as `cafe` (TinyFugue 5 shows no UTF-8: it is sent ASCII)."""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from support.clients import WAIT, player, raw_client
from engine.wimpout import parse_throw
from server.app import GameServer
from server.wimpout.cubeart import art
from support.tablesetup import loaded_server
from support.tmuxterm import TMUX, Terminal, terminal

TF = shutil.which("tf5") or shutil.which("tf")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (TF and TMUX), reason="needs TinyFugue 5 (tf5) and tmux: .ci/run installs them")]
COLUMNS, ROWS = 100, 40
STATUS_LINE = re.compile(r"^_+wimpout_+")


@asynccontextmanager
async def tinyfugue(
    server: GameServer, tmp_path: Path, columns: int = COLUMNS, rows: int = ROWS
) -> AsyncIterator[Terminal]:
    """TinyFugue in a ``columns`` x ``rows`` terminal, logged in as Ann (an account made first) by its own world
    file: it sends 'connect Ann annsecret' itself."""
    async with raw_client(server) as setup:
        await setup.command("create Ann annsecret", "Obvious exits")
    config = tmp_path / "tfrc"
    config.write_text(f"/addworld -Ttiny wimpout Ann annsecret 127.0.0.1 {server.port}\n")
    async with terminal(f"{TF} -f{config}", tmp_path / "tf.log", columns, rows) as tf:
        await tf.shows(r"^Welcome back, Ann\.$")
        yield tf


async def test_tinyfugue_logs_in_shows_prompts_throws_and_readable_text(make_server, tmp_path: Path) -> None:
    throw = "10 10 5 2 s4"
    async with loaded_server(make_server, tmp_path, ["6 2", throw]) as server:
        async with player(server, "Bob") as bob, tinyfugue(server, tmp_path) as tf:
            await bob.command("say café ☀", "You say")
            await tf.shows(r'^Bob says, "cafe \[black sun with rays\]"$')  # a readable stand-in, not a "?"
            await tf.type("table open goal=100")
            await tf.shows(r"^You sit down at table 1\.$")
            await bob.command("sit", "You sit down")
            await tf.type("start")
            await tf.shows(r"^--- Your turn \(score 0\) ---$")
            await tf.type("roll")
            screen = await tf.shows(r"^You score 25\. Turn total: 25\.$")
            lines = screen.split("\n")
            cubes = art(parse_throw(throw), COLUMNS)
            start = lines.index(cubes[0])
            assert lines[start : start + len(cubes)] == cubes  # exactly the art, nothing garbled
            await tf.type("leave")
            screen = await tf.shows(r"Leave\? \(yes/no\)")
            lines = screen.rstrip("\n").split("\n")
            status = next(i for i, line in enumerate(lines) if STATUS_LINE.match(line))
            asked = next(i for i, line in enumerate(lines) if "Leave? (yes/no)" in line)
            assert asked > status  # in the input window: TinyFugue took it for a prompt (GA/EOR), not a line
            await tf.type("no")
            await tf.shows(r"^You stay at table 1|^You stay")
        assert screen.isascii() and "\x1b" not in screen and "^[" not in screen


def input_window(screen: str) -> list[str]:
    """The lines below TinyFugue's status line: where it shows a prompt and what is being typed."""
    lines = screen.rstrip("\n").split("\n")
    status = max(i for i, line in enumerate(lines) if line.startswith("_____") and line.count("_") > len(line) / 2)
    return lines[status + 1 :]


async def test_tinyfugue_at_80_and_40_columns_shows_every_prompt(make_server, tmp_path: Path) -> None:
    """TinyFugue shows no prompt at all unless it is at least two columns narrower than its screen: the leave question
    (80 characters) was missing at 80 columns, and at 40 the status prompt of a turn clearing a flash (53). After a
    resize the prompt fits the new width and leaves room to type."""
    async with loaded_server(make_server, tmp_path, ["6 2"]) as server:
        async with player(server, "Bob") as bob, tinyfugue(server, tmp_path, columns=80, rows=24) as tf:
            await tf.type("table open goal=100")
            await tf.shows(r"^You sit down at table 1\.$")
            await bob.command("sit", "You sit down")
            await tf.type("start")
            await tf.shows(r"^--- Your turn \(score 0\) ---$")
            await tf.type("leave")
            screen = await tf.shows(r"^Leaving table 1 now forfeits the game: your score of 0 is lost\.$")
            for _ in range(int(WAIT / 0.05)):
                if any("Leave? (yes/no)" in line for line in input_window(screen)):
                    break
                await asyncio.sleep(0.05)
                screen = await tf.screen()
            assert any(line.startswith("Leave? (yes/no)") for line in input_window(screen)), screen
            await tf.type("no")
            await tf.shows(r"^You stay at table 1\.$")
            await tf.resize(40, 24)  # TinyFugue sends the new size (NAWS)
            for _ in range(int(WAIT / 0.2)):  # each say brings a prompt, drawn for the width the server knows by then
                await bob.command("say narrow now", "You say")
                await asyncio.sleep(0.2)
                screen = await tf.screen()
                if any(line.startswith("[T1 Ann 0/100 | turn 0] >") for line in input_window(screen)):
                    break
            assert any(line.startswith("[T1 Ann 0/100 | turn 0] >") for line in input_window(screen)), screen
