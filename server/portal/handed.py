"""A plain telnet connection's socket in the game process (issue 41, "the hop"). Once the portal has negotiated with
the client it hands the socket over (``WANT``, answered ``HANDOFF`` with the descriptor on the hand channel,
SCM_RIGHTS): the client's lines then go straight to its session and its output straight to the client, as in one
process, without crossing the portal. Anything telnet the client sends (an IAC byte), a negotiation the game makes,
a reload or going over its byte budget hands it back (``HANDBACK``, with what was read and not parsed, the budget
and the input held); the portal keeps its own descriptor all along, so a crash of this process drops no one."""

from __future__ import annotations

import asyncio
import os
import socket
import struct
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import structlog

from server.limits.budget import ByteBudget
from server.portal.frames import HANDED, INPUT_WINDOW, Kind, frame
from server.telnet.intake import ReadGate
from server.wire.sink import MAX_QUEUED_BYTES, PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES

if TYPE_CHECKING:
    from server.portal.remote import RemoteSource
    from server.settings import Limits

log = structlog.get_logger()
IAC_BYTE = 255
REHAND_AFTER = 2.0
"""Seconds a socket that came back twice within them stays with the portal (asked for again at the connection's
first input after them): each move is a round of frames and a descriptor passed, some five times what relaying a
packet costs, so a client sending telnet bytes again and again (IAC NOP every millisecond, GMCP in a loop) is
relayed, while a resize now and then is handed back at once."""
RETURN_WAIT = 10.0
"""Seconds a retiring game process waits for a handed socket's output to reach its client before it hangs up on it
(a client that reads nothing: the next process could not write after it)."""


class Parked:
    """Frames for a connection whose socket is changing hands, kept in order until it has (``control``: a
    negotiation or a hang-up among them, which only the portal may make)."""

    def __init__(self, ident: int) -> None:
        self.ident = ident
        self.frames: list[tuple[Kind, bytes]] = []
        self.size = 0
        self.control = False

    def out(self, data: bytes) -> None:
        self.frames.append((Kind.OUT, data))
        self.size += len(data)

    def joined(self) -> bytes:
        return b"".join(frame(kind, self.ident, payload) for kind, payload in self.frames)


class Handed(asyncio.Protocol):
    """A handed socket: what it reads fed to the session's ``RemoteSource`` (paced by its window and charged to its
    budget, as the portal would), what the session writes sent to it, bounded as the portal bounds it."""

    transport: asyncio.Transport | None = None
    returning: Parked | None = None
    """Output held while the socket goes back to the portal (its own output drains first)."""
    unparsed = b""
    again = False
    backlog = b""
    """Read and charged, not yet handed to the session: past its window (a read brings up to 256 KiB)."""
    over = False
    """Its descriptor here is closed, or being closed: nothing more is read or written."""

    def __init__(self, ident: int, source: RemoteSource, budget: ByteBudget, hands: Hands) -> None:
        self.ident, self.source, self.budget, self._hands = ident, source, budget, hands
        self.gate: ReadGate | None = None
        self.early: bytes | None = b""
        """What was read before the socket was the connection's (uvloop reads once ``connection_made`` returns,
        before its taker resumes, paused or not); None once it is."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # (a stream's: uvloop's is not asyncio's class)
        self.gate = ReadGate(transport)
        self.gate.pause("taking")
        self.transport.set_write_buffer_limits(PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES)

    def start(self) -> None:
        """The socket is the connection's: read on, what came meanwhile first."""
        early, self.early = self.early, None
        if self.gate is not None:
            self.gate.resume("taking")
        if early:
            self.data_received(early)

    def data_received(self, data: bytes) -> None:
        if self.early is not None:
            self.early += data
            if self.gate is not None:
                self.gate.pause("taking")
        elif self.returning is not None:  # (read in the turn it was paused in)
            self.unparsed += data
        elif IAC_BYTE in data:
            self._hands.give_back(self, data, again=True)
        elif not self.budget.spend(len(data)):  # over: the portal charges it again, and cuts the client off
            left, stamp = self.budget.state()
            self.budget.carry(left + len(data), stamp)
            self._hands.give_back(self, data)
        elif self.backlog or len(data) > INPUT_WINDOW - self.source.waiting:
            self.backlog += data
            self.taken()
        else:  # nearly every read
            self.source.feed(data)

    def taken(self) -> None:
        """The session took some of what it holds (or a read brought more than its window): up to a window handed
        to it, the socket read on once nothing waits beyond that."""
        room = INPUT_WINDOW - self.source.waiting
        if self.backlog and room > 0:
            self.source.feed(self.backlog[:room])
            self.backlog = self.backlog[room:]
        if self.gate is not None:
            if self.backlog:
                self.gate.pause("window")
            else:
                self.gate.resume("window")

    def pause_writing(self) -> None:
        """More than ``PAUSE_INPUT_BYTES`` waits for the client: its input is not read (as the portal does)."""
        if self.gate is not None:
            self.gate.pause("output")

    def resume_writing(self) -> None:
        if self.gate is not None:
            self.gate.resume("output")
        if self.returning is not None and self.drained:
            self._hands.returned(self)

    @property
    def drained(self) -> bool:
        return self.transport is None or not self.transport.get_write_buffer_size()

    def eof_received(self) -> bool:
        return False  # (closed: the portal is told, and closes its own descriptor)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if not self.over:
            self.over = True
            self._hands.hung_up(self)

    def write(self, data: bytes) -> None:
        transport = self.transport
        if transport is None or self.over:
            return
        transport.write(data)
        if transport.get_write_buffer_size() > MAX_QUEUED_BYTES:
            log.warning("telnet.slow_reader", address=self.budget.address,
                        queued_bytes=transport.get_write_buffer_size())
            self._hands.hang_up(self)

    def release(self, abort: bool = False) -> None:
        """Close this process's descriptor (after what waits, unless ``abort``): never a shutdown, so the portal's
        stays as it was."""
        self.over = True
        if self.transport is not None:
            if abort:
                self.transport.abort()
            else:
                self.transport.close()


class Hands:
    """The game process's handed sockets and those changing hands, for ``GameLink``: whose output goes where
    (``diverted``), the frames that move a socket, and the hand channel the descriptors come by."""

    def __init__(self, send: Callable[[bytes], None], source_of: Callable[[int], tuple[RemoteSource | None, str]],
                 limits: Limits, enabled: bool) -> None:
        self._send, self._source_of, self._limits, self.enabled = send, source_of, limits, enabled
        """(``source_of``: a connection's input and address, None if it is gone.)"""
        self.diverted: dict[int, Callable[[bytes], None]] = {}
        """Connections whose output does not go to the portal as OUT frames: to their socket, or parked."""
        self.handed: dict[int, Handed] = {}
        self.wanting: dict[int, Parked] = {}
        self.later: set[int] = set()
        """Connections to ask for again at their next input (handed back, or the portal was not ready)."""
        self._returns_at: dict[int, float] = {}
        """When each connection's socket last came back; ``_kept_until``, till when one that came back twice within
        ``REHAND_AFTER`` is not asked for."""
        self._kept_until: dict[int, float] = {}
        self._fds: dict[int, int] = {}
        self._offers: dict[int, bytes] = {}
        self._channel: socket.socket | None = None
        self.retiring = False
        self._returns: dict[int, asyncio.Future[None]] = {}
        self._taking: set[asyncio.Task[None]] = set()
        """Sockets being made transports (held: the loop keeps only a weak reference to a task)."""

    # --- the hand channel --------------------------------------------------------------------

    def open_channel(self, path: str, hello: bytes) -> None:
        """A second connection to the portal's socket, which only ever brings descriptors (each with its
        connection's id)."""
        if not self.enabled:
            return
        channel = self._channel = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        channel.connect(path)
        channel.sendall(hello)
        channel.setblocking(False)
        asyncio.get_running_loop().add_reader(channel.fileno(), self._arriving)

    def _arriving(self) -> None:
        channel = self._channel
        assert channel is not None
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(channel, 4096, 64)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data:
                self.close_channel()
                for fd in fds:
                    os.close(fd)
                return
            idents = struct.unpack(f">{len(data) // 4}I", data[: len(data) // 4 * 4])
            for ident, fd in zip(idents, fds, strict=False):
                self._fds[ident] = fd
                self._match(ident)
            for fd in fds[len(idents) :]:
                os.close(fd)

    def close_channel(self) -> None:
        if self._channel is not None:
            asyncio.get_running_loop().remove_reader(self._channel.fileno())
            self._channel.close()
            self._channel = None
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    # --- asking for a socket ------------------------------------------------------------------

    def want(self, ident: int) -> None:
        """Ask the portal for this telnet connection's socket; its output waits meanwhile."""
        if not self.enabled or self.retiring or ident in self.diverted or self._channel is None:
            return
        if ident in self._kept_until:
            if time.monotonic() < self._kept_until[ident]:
                self.later.add(ident)
                return
            del self._kept_until[ident]
        self.later.discard(ident)
        parked = self.wanting[ident] = Parked(ident)
        self.diverted[ident] = parked.out
        self._send(frame(Kind.WANT, ident))

    def kept(self, ident: int, payload: bytes) -> None:
        """The portal relays it on: what waited goes to it."""
        parked = self.wanting.pop(ident, None)
        if parked is None:
            return
        self.diverted.pop(ident, None)
        self._send(parked.joined())
        if payload != b"never":
            self.later.add(ident)

    def offered(self, ident: int, payload: bytes) -> None:
        self._offers[ident] = payload
        self._match(ident)

    def _match(self, ident: int) -> None:
        """The HANDOFF frame and its descriptor may come in either order: the socket is taken once both have."""
        if ident in self._offers and ident in self._fds:
            taking = self._take(ident, self._fds.pop(ident), self._offers.pop(ident))
            task = asyncio.get_running_loop().create_task(taking)
            self._taking.add(task)
            task.add_done_callback(self._taking.discard)

    async def _take(self, ident: int, fd: int, offer: bytes) -> None:
        left, stamp, _, _ = HANDED.unpack(offer)
        source, address = self._source_of(ident)
        parked = self.wanting.get(ident)
        budget = ByteBudget(self._limits.input_burst, self._limits.input_rate, address,
                            negotiation_weight=self._limits.negotiation_weight)
        budget.carry(left, stamp)
        sock = socket.socket(fileno=fd)
        handed: Handed | None = None
        if source is not None and parked is not None and not parked.control and not self.retiring:
            try:
                _, made = await asyncio.get_running_loop().connect_accepted_socket(
                    lambda: Handed(ident, source, budget, self), sock)
                handed = made  # type: ignore[assignment]
            except OSError:
                log.warning("game.handoff_failed", connection=ident)
        else:
            sock.close()
        if parked is not None and self.wanting.get(ident) is parked and not self.retiring:
            del self.wanting[ident]
        else:
            parked = None
        if handed is None or parked is None:  # gone meanwhile, or not to be taken: straight back
            early = b""
            if handed is not None:
                early = handed.early or b""
                handed.release()
            self.diverted.pop(ident, None)
            held = source.held if source is not None else 0
            self._send(frame(Kind.HANDBACK, ident, HANDED.pack(left, stamp, held, 0) + early)
                       + (parked.joined() if parked is not None else b""))
            return
        self.handed[ident] = handed
        self.diverted[ident] = handed.write
        for kind, payload in parked.frames:  # what was written meanwhile, in order
            if kind is Kind.OUT:
                handed.write(payload)
            else:
                self.control(ident, kind, payload)
        handed.start()

    # --- giving it back -----------------------------------------------------------------------

    def control(self, ident: int, kind: Kind, payload: bytes = b"") -> bool:
        """A TELOPT or CLOSE frame for ``ident``: made by the portal after its socket is back (parked until then);
        False if it is the portal's already (sent as usual)."""
        handed = self.handed.get(ident)
        parked = self.wanting.get(ident) if handed is None else handed.returning
        if parked is None and handed is not None:
            if kind is Kind.CLOSE:  # what was written reaches the client before this descriptor closes
                self._back(handed, ended=True)
                handed.release()
                return True
            parked = self.give_back(handed, b"")
        if parked is None:
            return False
        parked.frames.append((kind, payload))
        parked.control = True
        return True

    def give_back(self, handed: Handed, unparsed: bytes, again: bool = False) -> Parked:
        """Read no more; once what was written has gone, the socket is the portal's again, with ``unparsed``;
        asked for again at once if ``again`` (telnet read: the portal will have parsed it when it answers), else at
        the connection's next input (``REHAND_AFTER``)."""
        if handed.returning is not None:
            handed.unparsed += unparsed
            return handed.returning
        parked = handed.returning = Parked(handed.ident)
        handed.unparsed, handed.again = unparsed, again
        self.diverted[handed.ident] = parked.out
        if handed.gate is not None:
            handed.gate.pause("back")
        if handed.drained:
            self.returned(handed)
        elif handed.transport is not None:
            handed.transport.set_write_buffer_limits(0, 0)  # resume_writing once all of it is gone
        return parked

    def returned(self, handed: Handed) -> None:
        parked = handed.returning
        assert parked is not None
        self._back(handed, ended=False)
        now, ident = time.monotonic(), handed.ident
        last = self._returns_at.get(ident)
        if last is not None and now - last < REHAND_AFTER:
            self._kept_until[ident] = now + REHAND_AFTER
        self._returns_at[ident] = now
        handed.release()
        self._send(parked.joined())
        if handed.again and not parked.control:
            self.want(handed.ident)
        else:
            self.later.add(handed.ident)
        waiting = self._returns.pop(handed.ident, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def _back(self, handed: Handed, ended: bool) -> None:
        """The HANDBACK frame: the budget as it stands, the input held, and what was read but not parsed."""
        ident = handed.ident
        self.handed.pop(ident, None)
        self.diverted.pop(ident, None)
        source, _ = self._source_of(ident)
        held = source.held if source is not None and not ended else 0
        left, stamp = handed.budget.state()  # (its backlog is charged again as the portal reads it)
        back = (handed.early or b"") + handed.backlog + handed.unparsed
        handed.early = None
        self._send(frame(Kind.HANDBACK, ident, HANDED.pack(left + len(handed.backlog), stamp, held, ended) + back))

    def hung_up(self, handed: Handed) -> None:
        """The client hung up (or its socket failed): the portal closes its descriptor and says GONE."""
        if handed.ident in self.handed:
            handed.unparsed = b""
            self._back(handed, ended=True)
        waiting = self._returns.pop(handed.ident, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    def hang_up(self, handed: Handed) -> None:
        """A client that reads nothing: what waits for it is dropped, and it is hung up on."""
        handed.unparsed = b""
        if handed.returning is not None:
            handed.returning.frames.clear()
        self._back(handed, ended=True)
        handed.release(abort=True)

    def recall(self, ident: int) -> None:
        """The portal wants the socket back (a line of its own to say): given back, or not taken when offered."""
        handed = self.handed.get(ident)
        if handed is not None:
            self.give_back(handed, b"")
        elif ident in self.wanting:
            self.wanting[ident].control = True

    def taken(self, ident: int) -> bool:
        """The session of ``ident`` took some input: True if its socket is here (the portal need not be told)."""
        handed = self.handed.get(ident)
        if handed is None:
            return False
        handed.taken()
        return True

    def gone(self, ident: int) -> None:
        """The portal says the client is gone: this descriptor too."""
        handed = self.handed.pop(ident, None)
        if handed is not None:
            handed.release()
        self.diverted.pop(ident, None)
        self.wanting.pop(ident, None)
        self.later.discard(ident)
        self._returns_at.pop(ident, None)
        self._kept_until.pop(ident, None)
        self._offers.pop(ident, None)
        fd = self._fds.pop(ident, None)
        if fd is not None:
            os.close(fd)

    async def retire(self) -> None:
        """Every socket back to the portal, what was written to each sent first (``RETURN_WAIT`` at most); what waits
        for an answer to WANT goes to the portal as it is (a HANDOFF coming after is handed straight back)."""
        self.retiring = True
        for ident, parked in list(self.wanting.items()):
            del self.wanting[ident], self.diverted[ident]
            self._send(parked.joined())
        loop = asyncio.get_running_loop()
        for handed in list(self.handed.values()):
            self._returns[handed.ident] = loop.create_future()
            self.give_back(handed, b"")
        if self._returns:
            _, late = await asyncio.wait(list(self._returns.values()), timeout=RETURN_WAIT)
            if late:
                for handed in list(self.handed.values()):
                    self.hang_up(handed)
        self._returns.clear()
        self.close_channel()
