"""A connection the portal holds, as its session in the game process sees it: input bytes from INPUT frames, and
(for the web page) JSON lines out as OUT frames. Telnet's output side is ``server.telnet.telnetmirror``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from server.sink import DEFAULT_WIDTH


class RemoteSource:
    """A session's input: what the portal forwarded, handed to the session's waiting read (the future it waits on is
    what ``read`` returns: no coroutine to resume for each line, as telnet's ``TelnetInput``)."""

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        """Kept: ``asyncio.get_running_loop`` makes a system call (getpid) each time, and a read is one a line."""
        self._chunks: list[bytes] = []
        """What came while no read waited (rarely anything: a list, not a deque of 760 bytes for every connection)."""
        self._waiting: asyncio.Future[bytes] | None = None
        self._wanted = 0
        self._ended = False

    def feed(self, data: bytes) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is None or waiting.done():
            self._chunks.append(data)
        elif len(data) <= self._wanted:
            waiting.set_result(data)
        else:
            self._chunks.append(data[self._wanted :])
            waiting.set_result(data[: self._wanted])

    def end(self) -> None:
        self._ended = True
        self.feed(b"")

    def read(self, n: int) -> Awaitable[bytes]:
        future: asyncio.Future[bytes] = self._loop.create_future()
        if self._chunks:
            data = self._chunks.pop(0)
            if len(data) > n:
                self._chunks.insert(0, data[n:])
                data = data[:n]
            future.set_result(data)
        elif self._ended:
            future.set_result(b"")
        else:
            self._waiting, self._wanted = future, n
        return future


class RemoteLines:
    """A web page's output (``server.sink.LineOut``): each line one frame of the portal's WebSocket."""

    width = DEFAULT_WIDTH
    paused = False

    def __init__(self, write: Callable[[bytes], None], close: Callable[[], None]) -> None:
        self._write, self._close = write, close
        self.closed = False

    def write_line(self, line: str) -> None:
        if not self.closed:
            self._write(line.encode())

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._close()

    async def caught_up(self) -> None:
        """At once: the portal stops reading a browser that is behind on its output."""
