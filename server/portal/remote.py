"""A connection the portal holds, as its session in the game process sees it: input bytes from INPUT frames, and
(for the web page) JSON lines out as OUT frames. Telnet's output side is ``server.telnet.telnetmirror``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from server.portal.frames import TAKEN_EVERY
from server.wire.sink import DEFAULT_WIDTH


class RemoteSource:
    """A session's input: what the portal forwarded, handed to the session's waiting read (the future it waits on is
    what ``read`` returns: no coroutine to resume for each line, as telnet's ``TelnetInput``). Every ``TAKEN_EVERY``
    bytes the session has taken are told to ``taken``: the portal reads the client on while fewer than
    ``INPUT_WINDOW`` wait here."""

    _untold = 0
    """Bytes taken since the portal was last told (the class's until a connection has typed: most are idle)."""

    def __init__(self, taken: Callable[[int], None]) -> None:
        self._loop = asyncio.get_running_loop()
        """Kept: ``asyncio.get_running_loop`` makes a system call (getpid) each time, and a read is one a line."""
        self._taken = taken
        self._chunks: list[bytes] = []
        """What came while no read waited (rarely anything: a list, not a deque of 760 bytes for every connection)."""
        self._waiting: asyncio.Future[bytes] | None = None
        self._wanted = 0
        self._ended = False

    def feed(self, data: bytes) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is None or waiting.done():
            self._chunks.append(data)
        elif len(data) <= self._wanted:  # nearly every line: counted here, not in a call of its own
            self._untold += len(data)
            if self._untold >= TAKEN_EVERY:
                self._took(0)
            waiting.set_result(data)
        else:
            self._chunks.append(data[self._wanted :])
            self._took(self._wanted)
            waiting.set_result(data[: self._wanted])

    def _took(self, count: int) -> None:
        self._untold += count
        if self._untold >= TAKEN_EVERY:
            self._taken(self._untold)
            self._untold = 0

    @property
    def waiting(self) -> int:
        """Bytes held unread."""
        return sum(map(len, self._chunks))

    @property
    def held(self) -> int:
        """Bytes held that the portal was not told were taken (its count of this connection's window)."""
        return self.waiting + self._untold

    def end(self) -> None:
        """The client hung up: what it sent and no read took is dropped (as in one process, where the transport's
        end is the end of what is read)."""
        self._chunks.clear()
        self._ended = True
        self.feed(b"")

    def take(self) -> bytes:
        """(A reload) Everything unread, for the next game process: reads end here."""
        unread = b"".join(self._chunks)
        self.end()
        return unread

    def read(self, n: int) -> Awaitable[bytes]:
        future: asyncio.Future[bytes] = self._loop.create_future()
        if self._chunks:
            data = self._chunks.pop(0)
            if len(data) > n:
                self._chunks.insert(0, data[n:])
                data = data[:n]
            self._took(len(data))
            future.set_result(data)
        elif self._ended:
            future.set_result(b"")
        else:
            self._waiting, self._wanted = future, n
        return future


class RemoteLines:
    """A web page's output (``server.wire.sink.LineOut``): each line one frame of the portal's WebSocket."""

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
