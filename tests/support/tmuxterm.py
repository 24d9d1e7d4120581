"""A real terminal client (telnet(1), TinyFugue...) in a detached tmux pane of a given size, on a private tmux server:
keys typed into it, its screen read as text, and everything it printed logged to a file (tmux's pipe-pane), which
tests read as a stream, like a socket client's."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from support.clients import WAIT

TMUX = shutil.which("tmux")


class Terminal:
    def __init__(self, socket: str, log: Path) -> None:
        self.socket, self.log = socket, log
        self.text = ""
        """What the terminal printed so far (CR LF as LF)."""
        self._seen = 0

    async def tmux(self, *args: str) -> str:
        """A tmux command's output, run by the subprocess module in a thread: uvloop's subprocesses keep copies of
        their output pipes open in the child (it closes no descriptor), and the tmux server the first command forks
        would hold them: that command's output would never end."""
        done = await asyncio.to_thread(subprocess.run, [TMUX or "tmux", "-L", self.socket, *args], capture_output=True)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        return done.stdout.decode("utf-8", "replace")

    async def screen(self) -> str:
        return await self.tmux("capture-pane", "-p", "-t", "term")

    async def scrollback(self) -> str:
        """The screen and every line scrolled off it (as many as the terminal's ``scrollback``), wrapped lines
        joined."""
        return await self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "term")

    async def shows(self, pattern: str, wait: float = WAIT) -> str:
        """The screen once ``pattern`` shows on it, ``^`` and ``$`` at each of its lines (polled, as ``expect``): for
        what a full-screen client draws rather than prints as lines."""
        screen = ""
        for _ in range(int(wait / 0.05)):
            screen = await self.screen()
            if re.search(pattern, screen, re.M):
                return screen
            await asyncio.sleep(0.05)
        raise AssertionError(f"the terminal never showed {pattern!r}; its screen:\n{screen}")

    async def resize(self, columns: int, rows: int) -> None:
        """The pane made ``columns`` x ``rows``, as a window resized by its user (the client may tell the server)."""
        await self.tmux("resize-window", "-t", "term", "-x", str(columns), "-y", str(rows))

    async def type(self, line: str) -> None:
        await self.tmux("send-keys", "-t", "term", "-l", line)
        await self.tmux("send-keys", "-t", "term", "Enter")

    async def expect(self, pattern: str, wait: float = WAIT) -> re.Match[str]:
        """The first match of ``pattern`` in what the terminal printed after the last match (polled: a terminal has
        no 'new output' event)."""
        regex = re.compile(pattern)
        for _ in range(int(wait / 0.05)):
            printed = self.log.read_bytes() if self.log.exists() else b""
            self.text = printed.decode("utf-8", "replace").replace("\r\n", "\n")
            found = regex.search(self.text, self._seen)
            if found:
                self._seen = found.end()
                return found
            await asyncio.sleep(0.05)
        raise AssertionError(f"the terminal never printed {pattern!r}; after the last match:\n{self.text[self._seen:]}")


@asynccontextmanager
async def terminal(
    command: str, log: Path, columns: int = 80, rows: int = 24, scrollback: int = 2000
) -> AsyncIterator[Terminal]:
    """``command`` running in a ``columns`` x ``rows`` pane (TERM=xterm) keeping ``scrollback`` lines, everything it
    prints logged to ``log``: it starts once the log is there."""
    client = Terminal(f"cosmic-test-{os.getpid()}-{id(log)}", log)
    size = ("-x", str(columns), "-y", str(rows), "-e", f"COLUMNS={columns}", "-e", f"LINES={rows}")
    waiting = f"while [ ! -e {shlex.quote(str(log))} ]; do sleep 0.02; done; exec {command}"
    await client.tmux("start-server", ";", "set-option", "-g", "history-limit", str(scrollback), ";",
                      "new-session", "-d", "-s", "term", *size, "-e", "TERM=xterm", f"sh -c {shlex.quote(waiting)}")
    try:
        await client.tmux("pipe-pane", "-o", "-t", "term", f"cat >> {shlex.quote(str(log))}")
        yield client
    finally:
        await client.tmux("kill-server")
