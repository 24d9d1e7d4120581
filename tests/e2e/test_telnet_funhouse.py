"""A whole Funhouse run through the six rooms over a real telnet client (netkit's ``telnet``) in a tmux terminal of
80x24, every move typed through the client and chosen from the moves the screen shows; each room's board must fit the
screen whole with the moves under it. Halfway, in Catwalk, the server (the console program) is killed with SIGKILL and
started again: the player connects again and finds the run where it was, the same board, and plays it to the end."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.funhouse import ROOMS
from server.funhouse.funwords import TITLES
from support.clients import WAIT, player
from support.servers import console_server, free_port
from support.tmuxterm import TMUX, Terminal, terminal

TELNET = shutil.which("telnet")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (TELNET and TMUX), reason="needs telnet and tmux: .ci/run installs them")]
COLUMNS, ROWS = 80, 24
MOVES_A_ROOM = 5
"""Moves typed in a room before 'fh stop' (Barrels and Whack-a-Dummy have no end of their own)."""
HEADS = {name: re.compile(rf"^{re.escape(TITLES[name])}\b") for name in ROOMS}
"""A board's first line starts with its room's title."""
ENDS = re.compile(r"^(You may: |The run is over)", re.M)


class Telnet:
    """The telnet client in its terminal: what was typed, and what the screen and its scrollback show."""

    def __init__(self, terminal: Terminal, port: int) -> None:
        self.terminal, self.port = terminal, port

    async def connect(self) -> None:
        await self.terminal.type(f"telnet 127.0.0.1 {self.port}")
        await self.terminal.shows(r"Welcome|connect")
        await self.terminal.type("connect Ann secret1")
        # (the prompt after the room: a command typed before it came had its answer after the late "> " on one line)
        await self.terminal.shows(r"^Obvious exits: [^\n]*\n> ?$")

    async def everything(self) -> str:
        return await self.terminal.scrollback()

    async def ends(self) -> int:
        return len(ENDS.findall(await self.everything()))

    async def command(self, line: str) -> tuple[str, str]:
        """Type ``line`` and wait for the board it brings: (the room it is of, or '' once over; the screen then)."""
        before = await self.ends()
        await self.terminal.type(line)
        for _ in range(int(WAIT / 0.05)):
            if await self.ends() > before:
                screen = await self.terminal.screen()
                return board_room(screen), screen
            await asyncio.sleep(0.05)
        raise AssertionError(f"no board after {line!r}:\n{await self.terminal.screen()}")


def board_room(screen: str) -> str:
    """The room of the last board on the screen, which must be there whole: its first line, its lines, the moves."""
    lines = screen.rstrip("\n").split("\n")
    end = max(i for i, line in enumerate(lines) if ENDS.match(line))
    if lines[end].startswith("The run is over"):
        return ""
    heads = [(i, name) for i, line in enumerate(lines[:end]) for name, head in HEADS.items() if head.match(line)]
    assert heads, f"the board's first line is off the 80x24 screen:\n{screen}"
    return heads[-1][1]


def next_move(screen: str, made: int) -> str:
    """The first move the screen offers other than stop, until the room has had its share (moves shown with choices,
    'flick 3 end|1-12', or Slide Jam's families, 'each then L|R up|down|left|right': the first choice of each)."""
    offered = re.findall(r"^You may: ([^,;\n]+)", screen, re.M)[-1].strip()
    head, _, last = offered.rpartition(" ")
    offered = f"{head} {last.split('|')[0].split('-')[0]}".strip()  # 'flick 3 end|1-12': 'flick 3 end'
    each = re.search(r"each then\s+(\S+)\s+(\S+);", screen.split("You may: ")[-1])
    if each:
        offered += " " + " ".join(choice.split("|")[0] for choice in each.groups())
    return "stop" if made >= MOVES_A_ROOM or offered == "stop" else offered


def last_board(screen: str) -> str:
    lines = screen.rstrip("\n").split("\n")
    end = max(i for i, line in enumerate(lines) if ENDS.match(line))
    start = max(i for i, line in enumerate(lines[:end]) if any(head.match(line) for head in HEADS.values()))
    return "\n".join(lines[start:end + 1])


async def test_a_whole_run_over_telnet_at_80x24_through_a_kill_9(tmp_path: Path) -> None:
    port = free_port()
    async with terminal("sh", tmp_path / "sh.log", COLUMNS, ROWS, scrollback=50000) as shell:
        async with console_server(tmp_path, port) as process:
            async with player(SimpleNamespace(port=port), "Ann"):
                pass
            telnet = Telnet(shell, port)
            await telnet.connect()
            room, screen = await telnet.command("funhouse")
            made: dict[str, int] = {}
            while room != "catwalk" or made.get(room, 0) < 3:
                move = next_move(screen, made.get(room, 0))
                made[room] = made.get(room, 0) + 1
                room, screen = await telnet.command(f"fh {move}")
            before = last_board(screen)
            process.send_signal(signal.SIGKILL)
            await process.wait()
            await shell.shows(r"Connection closed by foreign host")
        async with console_server(tmp_path, port):
            await telnet.connect()
            room, screen = await telnet.command("fh look")
            assert room == "catwalk" and last_board(screen) == before  # where it was, kill -9 or not
            while room:
                move = next_move(screen, made.get(room, 0))
                made[room] = made.get(room, 0) + 1
                room, screen = await telnet.command(f"fh {move}")
            assert sorted(made) == sorted(ROOMS) and all(made[name] >= 1 for name in ROOMS)
            assert re.search(r"(?ms)^The run is over: Slide Jam \d+, .*Trampo-Land \d+; total \d+", screen), screen
            everything = await telnet.everything()
            assert everything.isascii() and "\x1b" not in everything
            assert max(len(line) for line in everything.split("\n")) <= COLUMNS
