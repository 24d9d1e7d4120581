"""The telnet protocol server on telnetlib3: what is offered at connect, how a client's answers are applied, and how
its bytes are read within its budget (server.limits.admission)."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

import structlog
from telnetlib3 import TelnetServer
from telnetlib3.server_base import BaseServer
from telnetlib3.telopt import BINARY, CHARSET, DO, DONT, EOR, MCCP2_COMPRESS, NAWS, SB, WILL, WONT

from server.words import texts
from server.limits.admission import Admission, peer_address
from server.limits.budget import ByteBudget
from server.outofband import PROTOCOLS
from server.outofband.interface import Host, OutOfBand, showing
from server.wire.sink import DEFAULT_WIDTH, PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES
from server.telnet.coalescing import CoalescedTransport, Outbox
from server.telnet.intake import CAUGHT_UP, NEGOTIATION_SLICE, SLICE, ReadGate, TelnetInput
from server.telnet.negotiation import CHARSET_OFFERED, REFUSED, TelnetInputParser
from server.telnet.terminal import MAX_WIDTH, MIN_WIDTH, Terminal, is_utf8, read_terminal
from server.wire.tls import hand_on_early

log = structlog.get_logger()
IAC_BYTE = 255
MID_COMMAND = (DO, DONT, WILL, WONT, SB)
"""What telnetlib3's parser holds while a command is under way (its bytes are the command's, not text)."""
NONE: frozenset[bytes] = frozenset()


@cache
def refusals(protocols: tuple[type[OutOfBand], ...]) -> tuple[frozenset[bytes], frozenset[bytes]]:
    """The options answered WONT and DONT where ``protocols`` are spoken: what telnetlib3 would agree to but this
    server does not speak (a protocol registered is), and DONT to one-way protocols too. One pair for every
    connection (in each writer's own sets they took about 1.2 KB a connection)."""
    refused = REFUSED - {protocol.option for protocol in protocols}
    return refused, refused | {protocol.option for protocol in protocols if protocol.one_way}



class MuckTelnetServer(TelnetServer):
    """telnetlib3's server protocol, agreeing only to what this server implements.

    Everything is offered the moment a client connects and answers are applied whenever they come, so a client
    on a slow link still gets its width, prompts with EOR, and its charset after the banner. UTF-8 (and BINARY,
    which it needs) only go to clients that say they show it (server.telnet.terminal); telnet(1) would put its
    terminal in binary mode and TinyFugue 5 would show UTF-8 as garbage, so they get readable ASCII."""

    host: ClassVar[Host]
    """What out-of-band protocols are told about the server (MSSP's listing); set by the game server on its own
    subclass (see ``serving``)."""
    admission: ClassVar[Admission]
    """The per-address rules: a connection's input budget, the penalty for flooding; set with ``host``."""
    tls: ClassVar[ssl.SSLContext | None]
    """The TLS port's context (None on the plain port): the handshake is this protocol's, after admission."""
    handshake_timeout: ClassVar[float]
    """Seconds a TLS client has to finish its handshake (``tls.handshake_timeout``)."""

    terminal = Terminal()
    width = DEFAULT_WIDTH
    """The client's width (NAWS), within bounds: read for every line sent, so kept at hand."""
    bands: dict[bytes, OutOfBand]
    """This connection's out-of-band protocols (server.outofband), by telnet option."""
    showing: tuple[OutOfBand, ...]
    """Those of them shown what the connection is shown (GMCP; not MSSP)."""
    budget: ByteBudget | None = None
    """None until the connection is served (refused, or in its TLS handshake, it reads nothing)."""
    address = ""
    """The peer's address, counted by admission from accept (``arrive``) until the connection ends, once."""
    _early: bytearray | None = None
    """A TLS client's bytes read before its handshake began (then None)."""
    outbox: ClassVar[Outbox]
    """Where this game server's connections' writes wait for the loop's next turn; set by ``serving``."""
    protocols: ClassVar[tuple[type[OutOfBand], ...]] = PROTOCOLS
    """The out-of-band protocols offered (the portal's relays them: server.telnet.telnetend)."""
    negotiated: Callable[[], None] | None = None
    """Told after every read that held negotiation (the portal passes the terminal's state on)."""
    _stalled = False
    """The backlog waits for ``hold_input`` to go on."""
    caught_up: asyncio.Event = CAUGHT_UP
    """Set unless more than ``PAUSE_INPUT_BYTES`` waits for the client (``pause_writing``); the shared one until then."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(reader_factory=TelnetInput, writer_factory=TelnetInputParser, **kwargs)
        self._drain_waiters: Any = []  # (asyncio's empty deque is some 700 bytes a connection; a list does as well)

    @classmethod
    def serving(
        cls, host: Host, admission: Admission, tls: ssl.SSLContext | None, handshake_timeout: float,
        protocols: tuple[type[OutOfBand], ...] | None = None,
    ) -> type[MuckTelnetServer]:
        """This protocol for one port of one game server (telnetlib3 builds protocols from a class)."""
        members = {"host": host, "admission": admission, "outbox": Outbox(), "tls": tls,
                   "handshake_timeout": handshake_timeout,
                   "protocols": PROTOCOLS if protocols is None else protocols}
        return type(cls.__name__, (cls,), members)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accepted (TCP): counted for its address at once, TLS or not; refused if its address holds too many
        connections (told so on the plain port; a TLS client cannot read plain text); on the TLS port, served once
        its handshake is over (within ``handshake_timeout``). An address cut off for flooding lately is told so on the
        plain port and held, as many as its penalty holds, before it is counted."""
        address = peer_address(transport.get_extra_info)
        if self.tls is None and self.admission.penalised(address):
            self._serve(transport, address)
            return
        refusal = self.admission.arrive(address)
        if refusal is not None:
            self._closing = True  # telnetlib3 forgets closing protocols
            self._waiter_connected.cancel()
            if self.tls is None:
                transport.write(b"\r\n" + refusal.encode() + b"\r\n")  # type: ignore[attr-defined]
            transport.close()
            return
        self.address = address
        if self.tls is None:
            self._serve(transport, address)
            return
        self.admission.begin_handshake(self, transport.abort)
        self._transport = transport  # closed with the listener, as served ones are, should the server stop meanwhile
        transport.pause_reading()  # type: ignore[attr-defined]  # the ClientHello is the handshake's to read
        self._early = bytearray()  # ...unless the loop reads it first (uvloop: reading starts after this returns)
        self._handshaking = asyncio.create_task(self._handshake(transport))  # held: the loop keeps only a weak one

    async def _handshake(self, transport: asyncio.BaseTransport) -> None:
        assert self.tls is not None and self._early is not None
        loop = asyncio.get_running_loop()
        if self._early:  # handed on once start_tls (awaited below: its first step runs now) has connected its protocol
            loop.call_soon(loop.call_soon, hand_on_early, transport, bytes(self._early))
        self._early = None
        try:
            encrypted = await loop.start_tls(
                transport, self, self.tls, server_side=True, ssl_handshake_timeout=self.handshake_timeout  # type: ignore[arg-type]
            )
        except OSError as failed:  # a silent client (timed out), one gone, one not speaking TLS (ssl.SSLError)
            log.debug("telnet.tls_handshake_failed", address=self.address, why=str(failed)[:120])
            transport.abort()
            self._depart()
            return
        finally:
            self.admission.end_handshake(self)
        assert encrypted is not None
        self._serve(encrypted, self.address)

    def _depart(self) -> None:
        """Uncount the connection from its address (once)."""
        if self.address:
            self.admission.depart(self.address)
            self.address = ""

    def _serve(self, transport: asyncio.BaseTransport, address: str) -> None:
        """The connection, plain or decrypted: telnet from here."""
        self.budget = self.admission.budget(address)
        if self.budget is None:  # an address cut off lately: refused before telnet costs anything
            self._closing = True  # telnetlib3 forgets closing protocols
            self._waiter_connected.cancel()
            transport.write(b"\r\n" + texts.FLOODED_LATELY.encode() + b"\r\n")  # type: ignore[attr-defined]
            self._transport = transport  # paused again should the loop read it anyway (data_received)
            self.admission.hold(address, transport)
            return
        super().connection_made(CoalescedTransport(transport, self.outbox, self._mccp2_end))  # type: ignore[arg-type]
        self._raw = transport
        self._gate = ReadGate(transport)
        self._backlog = bytearray()
        self._slice = SLICE
        self.reader.set_transport(self._gate)  # type: ignore[arg-type]  # reading pauses while its buffer is full
        transport.set_write_buffer_limits(PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES)  # type: ignore[attr-defined]
        bands = [protocol(self.writer, self.host) for protocol in self.protocols]
        self.bands = {band.option: band for band in bands}
        self.showing = showing(bands)
        self.writer.always_will = self.writer.always_do = NONE  # (the writer's sets: shared, as they are alike)
        self.writer.always_wont, self.writer.always_dont = refusals(self.protocols)
        for band in bands:
            self.writer.set_ext_callback(band.option, band.received)
        self.writer.set_ext_send_callback(CHARSET, self._charset_requested)
        # telnetlib3 would look for line-editing characters (^C, ^U, DEL...) byte by byte in Python in all a client
        # types, to call handlers that only log: 10 ms of the loop for each 256 KiB read. Input is the same without.
        self.writer.slc_simulated = False

    def begin_negotiation(self) -> None:
        super().begin_negotiation()  # DO TTYPE
        self.writer.iac(DO, NAWS)
        self.writer.iac(DO, CHARSET)
        for option in (EOR, *self.bands):  # offered at once, besides MCCP2 on plain connections
            self.writer.iac(WILL, option)
        if self._mccp2_enabled and self.tls is None:  # compress-then-encrypt leaks (CRIME): never MCCP over TLS
            self.writer.iac(WILL, MCCP2_COMPRESS)

    def begin_advanced_negotiation(self) -> None:
        BaseServer.begin_advanced_negotiation(self)  # not TelnetServer's (BINARY to everyone): all offered at connect

    def _check_negotiation_timer(self) -> None:
        """telnetlib3's timer can fire after the connection ended (a flooder cut off while negotiating) and would
        then set its finished waiter again (InvalidStateError in the loop's log)."""
        if not self._waiter_connected.done():
            super()._check_negotiation_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._depart()
        if self.budget is None:  # a refused connection never began
            return
        if self._backlog:  # what came before the end is read (one read's worth at most: reading paused for it)
            super().data_received(bytes(self._backlog))
            self._backlog.clear()
        super().connection_lost(exc)
        self.caught_up.set()  # a session waiting for the client to read sees the end

    def pause_writing(self) -> None:
        """The transport's own flow control (limits set at connect): more than ``PAUSE_INPUT_BYTES`` waits for the
        client, so its input is not read, and the session's next command waits (``TelnetSink.caught_up``)."""
        super().pause_writing()
        if self.caught_up is CAUGHT_UP:
            self.caught_up = asyncio.Event()
        self.caught_up.clear()
        self._gate.pause("output")

    def resume_writing(self) -> None:
        """The output waiting has drained to ``RESUME_INPUT_BYTES``: input is read again."""
        super().resume_writing()
        self.caught_up.set()
        self._gate.resume("output")

    def data_received(self, data: bytes) -> None:
        if self.budget is None:  # held unread (refused lately), or a TLS client's bytes before its handshake began:
            if self._early is not None:  # uvloop starts reading once connection_made returns, paused there or not
                self._early += data
            if self._transport is not None and not self._transport.is_closing():
                self._transport.pause_reading()  # type: ignore[attr-defined]
            return
        if self._raw.is_closing():  # (the writer's is_closing asks through two layers)
            return
        if not self.budget.spend(len(data)):
            self._cut_off()
            return
        if not self._backlog and len(data) <= SLICE:  # nearly every read: handed over at once, nothing waits
            self._read(data)
            return
        waiting = bool(self._backlog)
        self._backlog += data
        if not waiting:
            self._feed()

    def hold_input(self, held: bool) -> None:
        """(The portal, server.portal) Read nothing more, nor hand on what waits, while the game process holds a
        window of this client's input unread; then go on."""
        if held:
            self._gate.pause("game")
            return
        self._gate.resume("game")
        if self._stalled:
            self._stalled = False
            self._feed()

    def _feed(self) -> None:
        """Hand telnetlib3 the next slice; the rest waits, unread, for the next turns of the loop (or until the game
        process takes some of what it holds: ``hold_input``)."""
        if not self._backlog or self.writer.is_closing():
            return
        if self._gate.holds("game"):
            self._stalled = True
            return
        chunk = bytes(self._backlog[: self._slice])
        del self._backlog[: self._slice]
        if not self._read(chunk):
            return
        if self._backlog:
            self._gate.pause("backlog")
            asyncio.get_running_loop().call_soon(self._feed)
        else:
            self._gate.resume("backlog")

    def _read(self, chunk: bytes) -> bool:
        """Hand ``chunk`` to telnetlib3; False if its bytes of negotiation, which telnetlib3 reads one at a time and
        which count at their cost (``negotiation_weight``), went over the budget and cut the connection off. Text
        alone (no IAC, no command under way: nearly every read) goes straight to the reader, as telnetlib3's parser
        would put it there, without its layers (a clock read, a timer, a trace check, a scan): a ``say`` costs
        about a tenth less CPU (issue 28)."""
        assert self.budget is not None
        writer = self.writer
        if (
            self._tls_checked and IAC_BYTE not in chunk and not writer.iac_received
            and writer.cmd_received not in MID_COMMAND and self._mccp3_decompressor is None
        ):
            writer.cmd_received = False  # what the parser does first with any byte: a finished command is over
            self.reader.feed_data(chunk)
            self._slice = SLICE
            return True
        before = self.writer.byte_count  # telnetlib3 counts the bytes it reads one at a time
        super().data_received(chunk)
        negotiation = self.writer.byte_count - before
        self._slice = NEGOTIATION_SLICE if negotiation else SLICE
        if not negotiation:  # text alone (nearly every read): nothing to pay for, and no DO
            return True
        if not self.budget.spend(negotiation * (self.budget.negotiation_weight - 1)):
            self._cut_off()
            return False
        if self.writer.turned_on:
            turned_on, self.writer.turned_on = self.writer.turned_on, ()
            for option in turned_on:
                if option in self.bands:
                    self.bands[option].agreed()
        if self._mccp2_compressor is not None and not self.writer.local_option.enabled(MCCP2_COMPRESS):
            log.info("telnet.mccp2_stopped", address=self.budget.address)
            self._stop_compressing()
        if self.negotiated is not None:
            self.negotiated()
        return True

    def _stop_compressing(self) -> None:
        """The client said DONT COMPRESS2 (MCCP2: it does so when inflating fails, and reads plain from then on):
        what follows goes uncompressed, without a Z_FINISH it would no longer inflate. (telnetlib3 went on
        compressing.)"""
        self._mccp2_compressor = None
        self.writer.transport.write = self._mccp2_orig_write
        self._mccp2_end()

    def _cut_off(self) -> None:
        assert self.budget is not None
        self._backlog.clear()
        if not self.writer.is_closing():
            farewell = self.admission.flooded(self.budget)
            self.writer.write(b"\r\n" + farewell.encode() + b"\r\n")
            self.writer.close()

    def on_naws(self, rows: int, cols: int) -> None:
        """0 columns means the client does not know (RFC 1073): the default; a narrow screen gets the narrowest
        width text is wrapped to, not the default's four times as wide."""
        super().on_naws(rows, cols)
        self.width = DEFAULT_WIDTH if cols == 0 else min(max(cols, MIN_WIDTH), MAX_WIDTH)

    def on_ttype(self, ttype: str) -> None:
        super().on_ttype(ttype)
        self._update_terminal()

    def on_charset(self, charset: str) -> None:
        super().on_charset(charset)
        self._update_terminal()

    def on_request_charset(self) -> list[str]:
        """We offer UTF-8 alone: a client that cannot take it rejects, and gets ASCII."""
        return [CHARSET_OFFERED]

    def _charset_requested(self, offers: list[str]) -> str | None:
        """A client's own CHARSET REQUEST: accept UTF-8 if offered, else reject (and send ASCII)."""
        chosen = next((offer for offer in offers if is_utf8(offer)), None)
        if chosen is not None:
            self.on_charset(chosen.strip())
        return chosen

    def _update_terminal(self) -> None:
        """Read again at every TTYPE and CHARSET answer; BINARY, which UTF-8 needs, is asked for the first time only:
        telnetlib3 skips asking again while asked or agreed, not once refused (RFC 1143: ask once)."""
        self.terminal = read_terminal(self.get_extra_info)
        if self.terminal.utf8:
            for verb in (WILL, DO):
                if verb + BINARY not in self.writer.pending_option:
                    self.writer.iac(verb, BINARY)

    def _check_encoding(self) -> bool:
        """Ask nothing about encodings (telnetlib3 would send DO BINARY): input is decoded by server.wire.lines."""
        return True
