"""A connection the portal holds, as its session in the game process sees it: input bytes from INPUT frames, and
(for the web page) JSON lines out as OUT frames. Telnet's output side is ``server.telnet.telnetmirror``."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

from server.sink import DEFAULT_WIDTH


class RemoteSource:
    """A session's input: what the portal forwarded, handed to the session's waiting read."""

    def __init__(self) -> None:
        self._chunks: deque[bytes] = deque()
        self._waiting: asyncio.Future[bytes] | None = None
        self._ended = False

    def feed(self, data: bytes) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is not None and not waiting.done():
            waiting.set_result(data)
        else:
            self._chunks.append(data)

    def end(self) -> None:
        self._ended = True
        self.feed(b"")

    async def read(self, n: int) -> bytes:
        if self._chunks:
            data = self._chunks.popleft()
            if len(data) > n:
                self._chunks.appendleft(data[n:])
                data = data[:n]
            return data
        if self._ended:
            return b""
        self._waiting = asyncio.get_running_loop().create_future()
        data = await self._waiting
        if len(data) > n:
            self._chunks.appendleft(data[n:])
            data = data[:n]
        return data


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
