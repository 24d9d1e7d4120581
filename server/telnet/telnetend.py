"""The portal's hold on one telnet connection (server.portal): the terminal's state to send the game process, what
the out-of-band protocols heard (relayed: their logic is the game process's), and the game process's bytes and
negotiations applied through telnetlib3, which keeps the option state, MCCP2 and TLS here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import ECHO, WONT

from server.outofband import PROTOCOLS
from server.outofband.interface import OutOfBand
from server.wire.sink import Sink
from server.telnet.telnetserver import MID_COMMAND, MuckTelnetServer
from server.telnet.telnetsink import TelnetSink

if TYPE_CHECKING:
    from server.telnet.coalescing import CoalescedTransport

HEARD_KEPT = 32
"""Subnegotiations a connection keeps to tell a new game process (GMCP's Core.Hello and Core.Supports.*)."""


class Relay(OutOfBand):
    """An out-of-band protocol's option in the portal: what the client turns on or sends is kept, and passed on once
    the connection is handed to a game process."""

    def __init__(self, writer: TelnetWriter, host: Any) -> None:
        super().__init__(writer, host)
        self.turned_on: list[int] = []
        """Options turned on before the connection was handed over."""
        self.heard: list[list[Any]] = []
        """``[option, args]`` of the subnegotiations received, the last ``HEARD_KEPT``."""
        self.forward: Callable[[str, list[Any]], None] | None = None

    def agreed(self) -> None:
        if self.forward is None:
            self.turned_on.append(self.option[0])
        else:
            self.forward("agreed", [self.option[0]])

    def received(self, *data: Any) -> None:
        heard = [self.option[0], list(data)]
        self.heard = [*self.heard[-HEARD_KEPT + 1 :], heard]
        if self.forward is not None:
            self.forward("oob", heard)


RELAYS: tuple[type[OutOfBand], ...] = tuple(
    type(f"{protocol.__name__}Relay", (Relay,), {"option": protocol.option, "name": protocol.name,
                                                 "one_way": protocol.one_way})
    for protocol in PROTOCOLS
)
"""The portal's stand-ins of ``server.outofband.PROTOCOLS``, offered the same way."""


class TelnetEnd:
    """One telnet connection in the portal."""

    @classmethod
    def of(cls, sink: Sink) -> TelnetEnd:
        """The end of the connection ``sink`` (the telnet listener's) writes to."""
        assert isinstance(sink, TelnetSink)
        return cls(sink)

    def __init__(self, sink: TelnetSink) -> None:
        self.sink = sink
        self._writer: TelnetWriter = sink.writer
        self._protocol: MuckTelnetServer = sink.writer.protocol
        self._transport: CoalescedTransport = sink.writer.transport
        """The connection's transport (MCCP2, when on, wraps its ``write``: the object stays)."""
        self._relays = [band for band in self._protocol.bands.values() if isinstance(band, Relay)]

    def state(self) -> dict[str, Any]:
        """What the game process's ``TelnetMirror`` needs to render for this client."""
        terminal, writer = self._protocol.terminal, self._writer
        return {"width": self._protocol.width, "rows": writer.get_extra_info("rows"),
                "terminal": [terminal.utf8, terminal.ansi, terminal.screen_reader],
                "local": [key[0] for key, on in writer.local_option.items() if on and len(key) == 1],
                "remote": [key[0] for key, on in writer.remote_option.items() if on and len(key) == 1]}

    def early(self) -> tuple[list[int], list[list[Any]]]:
        """The options turned on and the subnegotiations heard so far."""
        return [o for relay in self._relays for o in relay.turned_on], [h for relay in self._relays for h in relay.heard]

    def heard(self) -> list[list[Any]]:
        """Every subnegotiation kept (for a game process started since)."""
        return [heard for relay in self._relays for heard in relay.heard]

    def watch(self, negotiated: Callable[[], None], forward: Callable[[str, list[Any]], None]) -> None:
        """Call ``negotiated`` after every read that held negotiation, ``forward`` for each option turned on and each
        subnegotiation."""
        self._protocol.negotiated = negotiated
        for relay in self._relays:
            relay.forward = forward
            relay.turned_on.clear()

    def echo_back(self) -> None:
        """The client echoes what it types again (a password prompt the last game process left open is gone)."""
        if self._writer.local_option.enabled(ECHO):
            self._writer.iac(WONT, ECHO)

    def hand_on(self, forward: Callable[[bytes], None] | None) -> None:
        """What the client types to ``forward`` as it arrives (b"": it hung up); None: held, unread past a
        buffer's worth, until a game process serves (``TelnetInput.hand_on``)."""
        self._protocol.reader.hand_on(forward)  # type: ignore[union-attr]

    def hold_input(self, held: bool) -> None:
        """Read no more of the client while its game process holds a window of its input unread; then read on."""
        self._protocol.hold_input(held)

    def write(self, data: bytes) -> None:
        """Bytes from the game process, as they go (through MCCP2 when on: its compressing write)."""
        if self._protocol._mccp2_compressor is None:
            self._transport.write_now(data)
        else:
            self._transport.write(data)

    def handable(self) -> bytes | None:
        """None if its socket may be handed to the game process now (server.portal.handing); else why not: b"never"
        (TLS, MCCP: the stream's state is the portal's), or b"" (not now: bytes wait to be read or written here, a
        command or an answer to one of ours is under way, its reading is held)."""
        protocol, writer = self._protocol, self._writer
        if self.tls or protocol._mccp2_compressor is not None or protocol._mccp3_decompressor is not None:
            return b"never"
        if (writer.is_closing() or protocol.budget is None or not protocol._tls_checked or protocol._backlog
                or protocol._gate.paused or protocol.reader._buffer or self._transport.get_write_buffer_size()
                or writer.iac_received or writer.cmd_received in MID_COMMAND):
            return b""
        return None

    def hand_off(self) -> tuple[int, tuple[float, float]]:
        """Stop reading it (the game process does): its descriptor, to hand over, and its budget as it stands."""
        protocol = self._protocol
        assert protocol.budget is not None
        protocol._gate.pause("handed")
        return protocol._raw.get_extra_info("socket").fileno(), protocol.budget.state()

    def take_back(self, unparsed: bytes, budget: tuple[float, float] | None) -> None:
        """Read it again, after ``unparsed`` (what the game process read of it and did not parse: telnet), its
        budget as the game process left it (None: as it was, the game process gone)."""
        protocol = self._protocol
        if budget is not None and protocol.budget is not None:
            protocol.budget.carry(*budget)
        protocol._gate.resume("handed")
        if unparsed:
            protocol.data_received(unparsed)

    def negotiate(self, verb: bytes, option: bytes) -> None:
        self._writer.iac(verb, option)

    def close(self) -> None:
        self._writer.close()

    @property
    def closed(self) -> bool:
        return bool(self._writer.is_closing())

    @property
    def tls(self) -> bool:
        """Whether it came to the TLS port."""
        return self._writer.get_extra_info("ssl_object") is not None
