"""A telnet connection's input: its reading paused and resumed for several reasons at once, and bytes handed
straight to the session's waiting read."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from telnetlib3.stream_reader import TelnetReader

SLICE = 1024
"""Bytes handed to telnetlib3 in one turn of the event loop. It reads telnet negotiation one byte at a time in Python
(about a microsecond a byte), and a read brings up to 256 KiB: at once, an ``IAC SB`` or ``IAC NOP`` flood would
hold everyone else up for a quarter of a second."""
NEGOTIATION_SLICE = 256
"""The slice after one that held negotiation: 1 KiB of ``IAC NOP`` took telnetlib3 about 0.6 ms, several times a
bystander's whole round trip."""


CAUGHT_UP = asyncio.Event()
"""Set, and never cleared: a connection's ``caught_up`` until its output first waits for the client (an Event holds
a 760-byte deque of waiters from the start, and nearly every connection never waits)."""
CAUGHT_UP.set()


NO_REASONS: frozenset[str] = frozenset()


class ReadGate:
    """A transport's reading, paused for any of four reasons (the telnet reader's buffer is full; bytes wait to be
    handed to telnetlib3; the client is behind on its output; in the portal, its game process holds a window of the
    client's input unread) and resumed once none holds. Given to the reader as its
    transport."""

    def __init__(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        self._reasons: frozenset[str] = NO_REASONS
        """Why reading is paused (replaced, not changed: an empty set is 216 bytes, and reading is seldom paused)."""

    def pause(self, reason: str) -> None:
        if not self._reasons and not self._transport.is_closing():
            self._transport.pause_reading()  # type: ignore[attr-defined]
        self._reasons |= {reason}

    def resume(self, reason: str) -> None:
        if reason in self._reasons:
            self._reasons -= {reason}
            if not self._reasons and not self._transport.is_closing():
                self._transport.resume_reading()  # type: ignore[attr-defined]

    def holds(self, reason: str) -> bool:
        return reason in self._reasons

    @property
    def paused(self) -> bool:
        return bool(self._reasons)

    def pause_reading(self) -> None:
        self.pause("reader")

    def resume_reading(self) -> None:
        self.resume("reader")


class TelnetInput(TelnetReader):
    """telnetlib3's reader, handing bytes that arrive while the session waits straight to it: ``read`` gives back
    the future it will get them by, and ``feed_data`` sets it, instead of the bytes going through the buffer to a
    read coroutine and its waiting coroutine (the session waits for every line it is sent). Everything else (bytes
    already waiting, the end, an error, a paused transport) is telnetlib3's own ``read``."""

    _direct: asyncio.Future[bytes] | None = None
    _wanted = 0
    _forward: Callable[[bytes], None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._loop = asyncio.get_running_loop()
        """Kept: ``asyncio.get_running_loop`` makes a system call (getpid) each time, and a read is one a line."""

    def hand_on(self, forward: Callable[[bytes], None] | None) -> None:
        """(The portal, server.portal) Bytes handed to ``forward`` as they arrive, those waiting first, and b"" at the
        end: no read, no coroutine woken per line. None: kept here again (while no game process serves), the
        reader pausing its transport once its buffer is full."""
        self._forward = forward
        if forward is None:
            return
        if self._buffer:
            waiting = bytes(self._buffer)
            self._buffer.clear()
            self._maybe_resume_transport()
            forward(waiting)
        if self._eof:
            forward(b"")

    def read(self, n: int = -1) -> Awaitable[bytes]:
        if n <= 0 or self._buffer or self._eof or self._exception is not None or self._paused:
            return super().read(n)
        if self._direct is not None and not self._direct.done():
            raise RuntimeError("read() called while another coroutine is already waiting for incoming data")
        self._direct, self._wanted = self._loop.create_future(), n
        return self._direct

    def _waiting(self) -> asyncio.Future[bytes] | None:
        """The read waiting for bytes, if any (taken: it gets what comes next); not one the session gave up on."""
        direct, self._direct = self._direct, None
        return direct if direct is not None and not direct.done() else None

    def feed_data(self, data: bytes) -> None:
        if self._forward is not None:
            if data:
                self._forward(data)
            return
        direct = self._waiting()
        if direct is None or not data:
            super().feed_data(data)
            return
        if len(data) <= self._wanted:  # (always, in fact: telnetlib3 is handed a SLICE at a time)
            direct.set_result(data)
            return
        direct.set_result(data[: self._wanted])
        super().feed_data(data[self._wanted :])

    def feed_eof(self) -> None:
        super().feed_eof()
        if self._forward is not None:
            self._forward(b"")
        direct = self._waiting()
        if direct is not None:
            direct.set_result(b"")

    def set_exception(self, exc: Exception) -> None:
        super().set_exception(exc)
        if self._forward is not None:
            self._forward(b"")
        direct = self._waiting()
        if direct is not None:
            direct.set_exception(exc)

