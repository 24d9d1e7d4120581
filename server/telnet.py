"""The telnet side of a connection, on telnetlib3: which options are agreed, and the text renderer."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar

import telnetlib3
from telnetlib3 import TelnetServer
from telnetlib3.server_base import BaseServer
from telnetlib3.stream_reader import TelnetReader
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import (
    AARDWOLF, ACCEPTED, ATCP, BINARY, CHARSET, CMD_EOR, DO, ECHO, EOR, GA, GMCP, IAC, MCCP2_COMPRESS, MCCP3_COMPRESS,
    MSDP, MSP, MSSP, MXP, NAWS, SGA, WILL, WONT, ZMP,
)

import structlog

from rooms.messages import Message
from server import texts
from server.budget import ByteBudget
from server.gmcp import Gmcp
from server.render.colour import plain, wrap
from server.sink import MAX_QUEUED_BYTES, PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES
from server.terminal import Terminal, is_utf8, read_terminal

log = structlog.get_logger()

MIN_WIDTH, DEFAULT_WIDTH, MAX_WIDTH = 20, 80, 250
CONTINUATION = "  "
"""How much further a wrapped line's continuations are indented."""
MIN_HEIGHT, DEFAULT_HEIGHT = 5, 24
_ASCII_PUNCTUATION = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "..."})

REFUSED = frozenset({MXP, MSP, MSDP, ATCP, ZMP, AARDWOLF, MCCP3_COMPRESS})
"""Options telnetlib3 would agree to but this server does not speak: asked for, they get WONT / DONT."""

OFFERED = (EOR, GMCP, MSSP)
"""What the server offers (WILL) at once, besides MCCP2 on plain connections; it asks (DO) for NAWS and CHARSET."""
TTYPE_REQUESTS = 3
"""Terminal types asked for (MTTS): the client's name, its terminal type, its MTTS bits. A repeat ends it sooner."""
CHARSET_OFFERED = "UTF-8"
"""The one character set the server offers (CHARSET REQUEST) and accepts a client's offer of (``is_utf8``);
otherwise ASCII."""


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
        log.warning("telnet.slow_reader", address=self.get_extra_info("peername", ("?",))[0],
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


SLICE = 1024
"""Bytes handed to telnetlib3 in one turn of the event loop. It reads telnet negotiation one byte at a time in Python
(about a microsecond a byte), and a read brings up to 256 KiB: at once, an ``IAC SB`` or ``IAC NOP`` flood would
hold everyone else up for a quarter of a second."""
NEGOTIATION_SLICE = 256
"""The slice after one that held negotiation: 1 KiB of ``IAC NOP`` took telnetlib3 about 0.6 ms, several times a
bystander's whole round trip."""


class ReadGate:
    """A transport's reading, paused for any of three reasons (the telnet reader's buffer is full; bytes wait to be
    handed to telnetlib3; the client is behind on its output) and resumed once none holds. Given to the reader as its
    transport."""

    def __init__(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport
        self._reasons: set[str] = set()

    def pause(self, reason: str) -> None:
        if not self._reasons and not self._transport.is_closing():
            self._transport.pause_reading()  # type: ignore[attr-defined]
        self._reasons.add(reason)

    def resume(self, reason: str) -> None:
        if reason in self._reasons:
            self._reasons.discard(reason)
            if not self._reasons and not self._transport.is_closing():
                self._transport.resume_reading()  # type: ignore[attr-defined]

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

    def read(self, n: int = -1) -> Awaitable[bytes]:
        if n <= 0 or self._buffer or self._eof or self._exception is not None or self._paused:
            return super().read(n)
        if self._direct is not None and not self._direct.done():
            raise RuntimeError("read() called while another coroutine is already waiting for incoming data")
        self._direct, self._wanted = asyncio.get_running_loop().create_future(), n
        return self._direct

    def _waiting(self) -> asyncio.Future[bytes] | None:
        """The read waiting for bytes, if any (taken: it gets what comes next); not one the session gave up on."""
        direct, self._direct = self._direct, None
        return direct if direct is not None and not direct.done() else None

    def feed_data(self, data: bytes) -> None:
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
        direct = self._waiting()
        if direct is not None:
            direct.set_result(b"")

    def set_exception(self, exc: Exception) -> None:
        super().set_exception(exc)
        direct = self._waiting()
        if direct is not None:
            direct.set_exception(exc)


class TelnetInputParser(TelnetWriter):
    """telnetlib3's writer (which also reads the client's negotiation), ignoring subnegotiations it cannot use, and
    asking for terminal types as MTTS does.

    A malformed one (NAWS not four bytes, a CHARSET REQUEST without offers, GMCP nested past the JSON parser's depth,
    a translation table...) raised inside telnetlib3, which logged the traceback a line at a time: any client could
    write tracebacks into the server's log at will. A client's MCCP2 or MCCP3 start (only a server starts MCCP2; MCCP3
    is refused) made telnetlib3 drop the rest of what it had read, or try to inflate what followed."""

    _ttype_requests = 0
    mssp_asked = False
    """A DO MSSP turned the option on (the first, or one after a DONT): the protocol sends the table, with the figures
    of that moment, once the bytes read are handled (the option counts as on only then)."""

    def handle_do(self, opt: bytes) -> bool:
        if opt == MSSP and not self.local_option.enabled(MSSP):
            self.mssp_asked = True
        return bool(super().handle_do(opt))

    def request_ttype(self) -> bool:
        """Ask for the next terminal type, up to ``TTYPE_REQUESTS`` (telnetlib3 asks until one repeats: TinyFugue was
        asked five times, its last two answers "UNKNOWN")."""
        if self._ttype_requests >= TTYPE_REQUESTS:
            return False
        sent = super().request_ttype()
        self._ttype_requests += sent
        return sent

    def handle_subnegotiation(self, buf: Any) -> None:
        option = buf[0] if buf else b""
        if option in (MCCP2_COMPRESS, MCCP3_COMPRESS) or self._accepts_what_was_not_offered(buf):
            log.debug("telnet.subnegotiation_ignored", option=option.hex())
            return
        try:
            super().handle_subnegotiation(buf)
        except Exception as exc:  # the client's malformed bytes: nothing of ours to fix
            log.debug("telnet.subnegotiation_ignored", option=option.hex(), error=type(exc).__name__)

    @staticmethod
    def _accepts_what_was_not_offered(buf: Any) -> bool:
        """A CHARSET ACCEPTED naming another character set than the one offered (RFC 2066 allows only those): taken,
        telnetlib3 would read the client's later negotiation (NEW-ENVIRON) in that "encoding", and fail."""
        if len(buf) < 2 or buf[0] != CHARSET or buf[1] != ACCEPTED:
            return False
        return not is_utf8(b"".join(list(buf)[2:]).decode("latin-1"))


class MuckTelnetServer(TelnetServer):
    """telnetlib3's server protocol, agreeing only to what this server implements.

    Everything is offered the moment a client connects and answers are applied whenever they come, so a client
    on a slow link still gets its width, prompts with EOR, and its charset after the banner. UTF-8 (and BINARY,
    which it needs) only go to clients that say they show it (server.terminal); telnet(1) would put its terminal in
    binary mode and TinyFugue 5 would show UTF-8 as garbage, so they get readable ASCII."""

    mssp: ClassVar[Callable[[], dict[str, str]]]
    """The MSSP variables (server.mssp), set by the game server on its own subclass (see ``serving``)."""

    terminal = Terminal()
    width = DEFAULT_WIDTH
    """The client's width (NAWS), within bounds: read for every line sent, so kept at hand."""
    gmcp: Gmcp
    budget: ByteBudget | None
    new_budget: ClassVar[Callable[[str], ByteBudget | None]]
    """A connection's input budget by its address (server.budget), None to refuse it (an address cut off lately);
    set with ``mssp`` by ``serving``."""
    refused: ClassVar[Callable[[str, asyncio.BaseTransport], None]]
    """Takes a refused connection, told why, by its address (server.budget.Penalties.hold)."""
    outbox: ClassVar[Outbox]
    """Where this game server's connections' writes wait for the loop's next turn; set by ``serving``."""
    caught_up: asyncio.Event
    """Set unless more than ``PAUSE_INPUT_BYTES`` waits for the client (``pause_writing``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(reader_factory=TelnetInput, writer_factory=TelnetInputParser, **kwargs)

    @classmethod
    def serving(
        cls, mssp: Callable[[], dict[str, str]], budget: Callable[[str], ByteBudget | None],
        refused: Callable[[str, asyncio.BaseTransport], None],
    ) -> type[MuckTelnetServer]:
        """This protocol for one game server (telnetlib3 builds protocols from a class)."""
        members = {
            "mssp": staticmethod(mssp), "new_budget": staticmethod(budget), "refused": staticmethod(refused),
            "outbox": Outbox(),
        }
        return type(cls.__name__, (cls,), members)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = str((transport.get_extra_info("peername") or ("?",))[0])
        self.budget = self.new_budget(address)
        if self.budget is None:  # an address cut off lately: refused before telnet costs anything
            self._closing = True  # telnetlib3 forgets closing protocols
            self._waiter_connected.cancel()
            transport.write(b"\r\n" + texts.FLOODED_LATELY.encode() + b"\r\n")  # type: ignore[attr-defined]
            self.refused(address, transport)
            return
        super().connection_made(CoalescedTransport(transport, self.outbox, self._mccp2_end))  # type: ignore[arg-type]
        self._raw = transport
        self._gate = ReadGate(transport)
        self._backlog = bytearray()
        self._slice = SLICE
        self.reader.set_transport(self._gate)  # type: ignore[arg-type]  # reading pauses while its buffer is full
        self.caught_up = asyncio.Event()
        self.caught_up.set()
        transport.set_write_buffer_limits(PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES)  # type: ignore[attr-defined]
        self.writer.always_wont |= REFUSED
        self.writer.always_dont |= REFUSED | {MSSP}  # MSSP goes from server to client only
        self.writer.set_ext_send_callback(CHARSET, self._charset_requested)
        # telnetlib3 would look for line-editing characters (^C, ^U, DEL...) byte by byte in Python in all a client
        # types, to call handlers that only log: 10 ms of the loop for each 256 KiB read. Input is the same without.
        self.writer.slc_simulated = False
        self.gmcp = Gmcp(self.writer)

    @property
    def tls(self) -> bool:
        return self.writer.get_extra_info("ssl_object") is not None

    def begin_negotiation(self) -> None:
        super().begin_negotiation()  # DO TTYPE
        self.writer.iac(DO, NAWS)
        self.writer.iac(DO, CHARSET)
        for option in OFFERED:
            self.writer.iac(WILL, option)
        if self._mccp2_enabled and not self.tls:  # compress-then-encrypt leaks (CRIME): never MCCP over TLS
            self.writer.iac(WILL, MCCP2_COMPRESS)

    def begin_advanced_negotiation(self) -> None:
        BaseServer.begin_advanced_negotiation(self)  # not TelnetServer's (BINARY to everyone): all offered at connect

    def _check_negotiation_timer(self) -> None:
        """telnetlib3's timer can fire after the connection ended (a flooder cut off while negotiating) and would
        then set its finished waiter again (InvalidStateError in the loop's log)."""
        if not self._waiter_connected.done():
            super()._check_negotiation_timer()

    def connection_lost(self, exc: Exception | None) -> None:
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
        self.caught_up.clear()
        self._gate.pause("output")

    def resume_writing(self) -> None:
        """The output waiting has drained to ``RESUME_INPUT_BYTES``: input is read again."""
        super().resume_writing()
        self.caught_up.set()
        self._gate.resume("output")

    def data_received(self, data: bytes) -> None:
        if self.budget is None or self._raw.is_closing():  # (the writer's is_closing asks through two layers)
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

    def _feed(self) -> None:
        """Hand telnetlib3 the next slice; the rest waits, unread, for the next turns of the loop."""
        if not self._backlog or self.writer.is_closing():
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
        which count at their cost (``negotiation_weight``), went over the budget and cut the connection off."""
        assert self.budget is not None
        before = self.writer.byte_count  # telnetlib3 counts the bytes it reads one at a time
        super().data_received(chunk)
        negotiation = self.writer.byte_count - before
        self._slice = NEGOTIATION_SLICE if negotiation else SLICE
        if not negotiation:  # text alone (nearly every read): nothing to pay for, and no DO MSSP
            return True
        if not self.budget.spend(negotiation * (self.budget.negotiation_weight - 1)):
            self._cut_off()
            return False
        if self.writer.mssp_asked:
            self.writer.mssp_asked = False
            self.writer.send_mssp(self.mssp())
        if self._mccp2_compressor is not None and not self.writer.local_option.enabled(MCCP2_COMPRESS):
            log.info("telnet.mccp2_stopped", address=self.budget.address)
            self._stop_compressing()
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
        cut_off(self.writer, self.budget)

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
        """Ask nothing about encodings (telnetlib3 would send DO BINARY): input is decoded by server.lines."""
        return True


async def let_clients_go(listener: telnetlib3.Server) -> None:
    """telnetlib3 queues every negotiated connection for ``Server.wait_for_client``, up to 1,000 of them, closed
    ones too, each with its reader's buffer, its writer and any MCCP2 compressor (about 19 KiB a connection in
    benchmarks/soak_bench.py, far more for a MUD client's). The shell serves connections here: this takes each off
    the queue as it comes, so none is kept after it ends."""
    while True:
        await listener.wait_for_client()


def cut_off(writer: TelnetWriter, budget: ByteBudget) -> None:
    """Hang up on a connection that sent more than its budget, saying why."""
    if writer.is_closing():
        return
    log.warning("session.input_flood", address=budget.address, rate=budget.rate)
    budget.exceeded(budget.address)
    writer.write(b"\r\n" + texts.INPUT_FLOOD.format(rate=int(budget.rate)).encode() + b"\r\n")
    writer.close()


class TelnetSink:
    """Renders messages for a telnet client.

    Text is wrapped to the NAWS width, lines end in CR LF, output is UTF-8 when the client
    shows it and readable ASCII otherwise. Prompts end with EOR when the client
    agreed to it, else GA. A GMCP client also gets table news, errors and prompts as
    GMCP messages (server.gmcp).
    """

    def __init__(self, writer: TelnetWriter, viewer: Callable[[], str | None] = lambda: None) -> None:
        self._writer = writer
        self._protocol: MuckTelnetServer = writer.protocol
        self._transport: CoalescedTransport = writer.transport
        """Kept at hand (every write goes to it): once the connection is gone it drops what it is given."""
        self.viewer = viewer
        """Who is logged in on this connection (None on the login screen)."""

    def send(self, message: Message) -> None:
        self._protocol.gmcp.message(message, self.viewer)
        text = message.text
        if not text:  # e.g. table news with nothing for this player to do: no blank line
            return
        if "\n" not in text and len(text) <= self._protocol.width:  # one line that fits: no wrap (most answers)
            self.write(text + "\r\n")
        else:
            self.write("\r\n".join(self._wrap(text)) + "\r\n")

    @property
    def prompts_inline(self) -> bool:
        """Prompts stay in the output stream (no EOR agreed, e.g. telnet(1)): what follows one needs a new line."""
        return not self._writer.local_option.enabled(EOR)

    def prompt(self, text: str, secret: bool = False) -> None:
        if secret:
            self._writer.iac(WILL, ECHO)
        self._protocol.gmcp.prompt(text, secret)
        said, _, asked = text.rpartition("\n")  # only the last line is the prompt: the lines before it are output
        if said:
            self.write("\r\n".join(self.lines(said)) + "\r\n")
        self.write(asked, self._prompt_end())

    def _prompt_end(self) -> bytes:
        """What marks a prompt: IAC EOR to a client that agreed to EOR, else IAC GA unless it asked for no go-aheads
        (DO SGA), decided as telnetlib3's send_eor and send_ga decide, but sent with the prompt in one piece."""
        options = self._writer.local_option
        if options.enabled(EOR):
            return IAC + CMD_EOR
        return b"" if options.enabled(SGA) else IAC + GA

    def end_secret(self) -> None:
        self._writer.iac(WONT, ECHO)
        self.write("\r\n")  # the client did not echo the end of the hidden line

    def close(self) -> None:
        self._writer.close()

    @property
    def closed(self) -> bool:
        return self._writer.is_closing()

    def colour(self, choice: str | None) -> bool:
        """ANSI colour if the player chose it, else if the client reported ANSI (never with screen-reader wording:
        ``Session.style``, which knows the player's choice of that too)."""
        return choice == "on" if choice in ("on", "off") else self._protocol.terminal.ansi

    def screen_reader(self, choice: str | None) -> bool:
        """Screen-reader wording if the player chose it, else if the client reported a screen reader (MTTS 64)."""
        return choice == "on" if choice in ("on", "off") else self._protocol.terminal.screen_reader

    @property
    def width(self) -> int:
        return self._protocol.width

    @property
    def paused(self) -> bool:
        return not self._protocol.caught_up.is_set()

    @property
    def backlog(self) -> int:
        """Bytes waiting to be sent (beyond the socket's own buffers)."""
        return self._transport.get_write_buffer_size()

    def caught_up(self) -> Awaitable[None]:
        return self._protocol.caught_up.wait()

    @property
    def height(self) -> int:
        """Rows the client shows (NAWS; 24 when it did not say): what 'more' pages long output to."""
        rows = self._writer.get_extra_info("rows") or DEFAULT_HEIGHT
        return max(rows, MIN_HEIGHT)  # a screen of a few rows still gets pages it can show (0, unknown: 24)

    def lines(self, text: str) -> list[str]:
        """``text`` as the client's screen will show it, wrapped to its width."""
        return self._wrap(text)

    def _wrap(self, text: str) -> list[str]:
        width, lines = self.width, []
        for line in text.split("\n"):
            if len(plain(line)) <= width:  # colour codes take no room on the screen
                lines.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            # continuations indented: no part of a long line can pass for a line of its own
            lines += wrap(line.strip(), width, indent, indent + CONTINUATION)
        return lines

    def write_line(self, line: str) -> None:
        self.write(line + "\r\n")

    def write(self, text: str, end: bytes = b"") -> None:
        """Raw text to the client, encoded as agreed (no wrapping, no line end added), then the telnet command bytes
        ``end`` (a prompt's mark), in one piece. It goes to the transport
        as telnetlib3's writer would send it, minus the writer's layers of checks: UTF-8 and ASCII text never
        contain the byte IAC, so there is nothing to escape (MCCP2, when on, wraps the transport's write)."""
        # (ASCII text, most of it, is the same bytes either way)
        utf8 = text.isascii() or self._protocol.terminal.utf8
        self._transport.write((text.encode("utf-8") if utf8 else to_ascii(text)) + end)


def to_ascii(text: str) -> bytes:
    """Readable plain ASCII: accents dropped (café → cafe), anything else becomes '?'. (``write`` sends ASCII text
    as it is, without looking at each character.)"""
    decomposed = unicodedata.normalize("NFKD", text.translate(_ASCII_PUNCTUATION))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.encode("ascii", "replace")
