"""A telnet connection's output, written together: what a command sends in one turn of the event loop leaves in one
send, for every connection by one callback."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

import structlog

from server.limits.admission import peer_address
from server.wire.sink import MAX_QUEUED_BYTES

log = structlog.get_logger()


class Outbox:
    """The connections with writes waiting, sent at the loop's next turn by one callback for all of them (a
    callback for each connection cost more than its command's own Python)."""

    def __init__(self) -> None:
        self._waiting: list[CoalescedTransport] = []

    def add(self, transport: CoalescedTransport) -> None:
        if not self._waiting:
            asyncio.get_running_loop().call_soon(self.flush)
        self._waiting.append(transport)

    def flush(self) -> None:
        waiting, self._waiting = self._waiting, []
        for transport in waiting:
            transport.flush()


class CoalescedTransport:
    """A connection's transport whose writes in one turn of the event loop go out together, in one send: a message,
    its status prompt and the prompt's GA would otherwise cost three system calls, each as dear as the command.
    Everything but writing and closing is the real transport's."""

    get_extra_info: Callable[..., Any]
    """The real transport's own (bound at once: telnetlib3 asks it for every read)."""

    def __init__(self, transport: Any, outbox: Outbox, finish: Callable[[], None]) -> None:
        self._transport = transport
        self._pending: list[bytes] = []
        self._outbox = outbox
        self._finish = finish
        """Writes the stream's own end before the connection's (MCCP2's Z_FINISH): called at every close."""
        self.get_extra_info = transport.get_extra_info

    def write(self, data: bytes) -> None:
        if data:
            if not self._pending:
                self._outbox.add(self)
            self._pending.append(bytes(data))

    def write_now(self, data: bytes) -> None:
        """Bytes gathered already (the portal's: a turn of the game process's output for this client), to the socket
        at once, without waiting for the loop's next turn; after what waits, if anything does."""
        if self._pending:
            self.write(data)
            return
        if not self._transport.is_closing():
            self._transport.write(data)
            if self._transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
                self._hang_up()

    def writelines(self, chunks: Iterable[bytes]) -> None:
        for data in chunks:
            self.write(data)

    def flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)
                if self._transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
                    self._hang_up()

    def _hang_up(self) -> None:
        """Drop a client that reads nothing (its socket's buffers full, and more piling up): what waits for it is
        thrown away, and the session ends as if it had left."""
        log.warning("telnet.slow_reader", address=peer_address(self.get_extra_info),
                    queued_bytes=self._transport.get_write_buffer_size())
        self._transport.abort()

    def close(self) -> None:
        self._finish()  # an MCCP2 stream is finished, so the client knows nothing was cut off
        self.flush()  # a farewell written just before hanging up still goes out
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def is_closing(self) -> bool:
        return bool(self._transport.is_closing())

    def get_write_buffer_size(self) -> int:
        return int(self._transport.get_write_buffer_size()) + sum(len(data) for data in self._pending)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

