"""The portal's and the game process's framed protocol over their unix socket: each frame is a 4-byte big-endian
length (of what follows it), a 1-byte kind, a 4-byte connection id, then the payload. Text travels as the bytes the
client will get (no JSON around it); control frames carry small JSON objects. What one turn of the event loop writes
goes out in one send (``FrameOut``)."""

from __future__ import annotations

import asyncio
import json
import struct
from collections.abc import Callable
from enum import IntEnum
from typing import Any, cast

HEAD = struct.Struct(">IBI")
"""Length (of kind, id and payload), kind, connection id."""
ID = struct.Struct(">I")
PROTOCOL = 3
"""This release's frames (1: those before the game process said its own; 2: before telnet sockets were handed). A game
process of a release whose frames differ (a reload after an upgrade that changed them) is refused: only a restart runs
the new portal with it."""
QUERY_WAIT = 2.0
"""Seconds a QUERY waits for its ANSWER (/health, /who, /metrics, @stats), either way."""
MAX_FRAME = 16 << 20
"""Bytes one frame may hold (the most one turn of the loop writes for one connection is far less): past this the peer
is broken, and the link is dropped."""
MAX_HELLO = 1 << 10
"""Bytes the first frame of a peer not yet known may hold (a HELLO is some 70): whoever else opens the portal's socket
is hung up on at the ninth byte of anything bigger, not after reading it."""
INPUT_WINDOW = 64 << 10
"""Bytes of one connection's input the game process may hold unread: past this the portal stops reading the client
until its session has taken some (TAKEN), as TCP's window does."""
TAKEN_EVERY = INPUT_WINDOW // 4
"""Bytes a session takes before the portal is told (one TAKEN frame for every 16 KiB typed, not one a line)."""


class Kind(IntEnum):
    """What a frame says. P: portal to game process; G: game process to portal."""

    HELLO = 1  # G: the code is loaded (payload: pid); waits for OPEN
    OPEN = 2  # P: take the store and start
    READY = 3  # G: serving; connections may be attached
    ATTACH = 4  # P: a connection (JSON: kind, address, state, name, json, oob, fresh)
    INPUT = 5  # P: bytes the client sent
    STATE = 6  # P: the terminal's state changed (JSON, as in ATTACH)
    AGREED = 7  # P: the client turned an out-of-band option on (payload: the option byte)
    OOB = 8  # P: an out-of-band subnegotiation (JSON: [option, *args])
    GONE = 9  # P: the client hung up
    RETIRE = 10  # P: save and exit without hanging up on anyone (a reload)
    STOP = 11  # P: shut down gracefully (farewells, hang up)
    QUERY = 12  # both: a question (payload: health|who|figures|listing|unsubscribe <token>; id: the question's number)
    OUT = 20  # G: bytes for the client (telnet: encoded; web: one JSON line)
    MULTI = 21  # G: the same bytes for many (payload: count, ids, bytes)
    TELOPT = 22  # G: a telnet negotiation (payload: verb and option bytes)
    CLOSE = 23  # G: hang up (after what was sent)
    WHO = 24  # G: who is logged in on a connection and in which mode (JSON: name, json)
    RELOAD = 25  # G: a wizard asked for a reload (id: their connection)
    SHUTDOWN = 26  # G: a wizard asked for a shutdown (payload: who)
    ANSWER = 27  # both: a QUERY's answer (id: the question's number; JSON)
    FAILED = 28  # G: told to OPEN, it cannot serve (payload: why, in words); it exits
    TAKEN = 29  # G: bytes of a connection's input its session has taken (payload: their count, 4 bytes)
    UNREAD = 30  # G: a connection's input not run yet, handed back when retiring (the next game process's first)
    WANT = 31  # G: it would read and write this telnet connection's socket itself (answered HANDOFF or KEEP)
    HANDOFF = 32  # P: the socket is the game process's (its descriptor on the hand channel; payload: ``HANDED``)
    KEEP = 33  # P: the portal relays it on (payload: b"never" for good: TLS, MCCP; else it may be asked again)
    HANDBACK = 34  # G: the socket is the portal's again (payload: ``HANDED`` and the bytes read but not parsed)
    RECALL = 35  # P: hand the socket back (the portal has a line of its own for the client)


HANDED = struct.Struct(">ddIB")
"""A socket's state as it changes hands: its byte budget (what is left, when it was counted: both processes read
one monotonic clock), the bytes of its input held unread (``INPUT_WINDOW``'s count) and whether the client is gone."""


KINDS = {kind.value: kind for kind in Kind}
"""Each kind by its byte (quicker than ``Kind(byte)`` for every frame)."""


def frame(kind: Kind, ident: int = 0, payload: bytes = b"") -> bytes:
    return HEAD.pack(len(payload) + 5, kind, ident) + payload


def data(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


def multi(idents: list[int], payload: bytes) -> bytes:
    """One frame carrying ``payload`` for every connection in ``idents`` (a broadcast rendered alike)."""
    head = ID.pack(len(idents)) + b"".join(ID.pack(ident) for ident in idents)
    return frame(Kind.MULTI, 0, head + payload)


def split_multi(payload: bytes) -> tuple[list[int], bytes]:
    (count,) = ID.unpack_from(payload)
    end = 4 + 4 * count
    return list(struct.unpack_from(f">{count}I", payload, 4)), payload[end:]


Handler = Callable[[Kind, int, bytes], None]


class FrameLink(asyncio.Protocol):
    """One end of the unix socket: frames in to ``handler`` as they are read, frames out batched per turn of the
    loop (one send for everything written in it), and the end told to ``lost``."""

    def __init__(self, handler: Handler, lost: Callable[[], None]) -> None:
        self.handler, self.lost = handler, lost
        self._buffer = bytearray()
        self._needed = 0
        """Bytes the buffer needs before a frame in it is whole."""
        self.limit = MAX_FRAME
        """The most a frame may hold from this peer (``MAX_HELLO`` until it is known)."""
        self.refused = ""
        """Why the link was dropped, if for a frame no peer sends."""
        self._out: list[bytes] = []
        self.transport: asyncio.Transport | None = None
        self.connected = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        """The loop, kept from the first send: ``asyncio.get_running_loop`` makes a system call (getpid) each time,
        and the link sends once a turn of the loop."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (a stream's: uvloop's is not asyncio's class)
        self.connected.set()

    def data_received(self, data: bytes) -> None:
        """Frames out of what arrived. Nearly every read holds whole frames and is cut up as it is; a frame cut short
        waits in the buffer, which new reads are added to (never copied again) until the frame is whole."""
        if self._buffer:  # the rest of a frame cut short by the last read
            self._buffer += data
            if len(self._buffer) < self._needed:
                return
            data = bytes(self._buffer)
            self._buffer.clear()
        at, size = 0, len(data)
        handler, unpack, head = self.handler, HEAD.unpack_from, HEAD.size
        while size - at >= head:
            length, kind, ident = unpack(data, at)
            if length > self.limit or length < 5 or kind not in KINDS:  # a broken peer, a stranger, or closed: dropped
                if self.limit >= 0:
                    self.refused = f"a frame of {length} bytes" if kind in KINDS else f"a frame of kind {kind}"
                self.close()
                return
            end = at + 4 + length
            if end > size:
                break
            handler(KINDS[kind], ident, data[at + head : end])
            at = end
        if at < size:
            self._buffer += data[at:]
            self._needed = (4 + unpack(data, at)[0]) if size - at >= head else head

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.lost()

    def send(self, data: bytes) -> None:
        """A frame (or several, joined) out at the end of this turn of the loop."""
        if not self._out:
            if self._loop is None:
                self._loop = asyncio.get_running_loop()
            self._loop.call_soon(self.flush)
        self._out.append(data)

    def send_now(self, data: bytes) -> None:
        """Frames out at once, after any waiting (what a turn of the loop gathered, sent at its end)."""
        if self._out:
            self._out.append(data)
            self.flush()
        elif self.transport is not None:
            self.transport.write(data)

    def flush(self) -> None:
        out, self._out = self._out, []
        if self.transport is not None and out:
            self.transport.write(b"".join(out))

    @property
    def open(self) -> bool:
        return self.transport is not None and not self.transport.is_closing()

    def close(self) -> None:
        """What waits goes out, then the link closes; no frame read after is handled."""
        self.flush()
        self.limit = -1
        if self.transport is not None:
            self.transport.close()
