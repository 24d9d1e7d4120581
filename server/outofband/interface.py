"""What an out-of-band protocol (GMCP, MSSP, ...) is to the telnet transport: a telnet option it offers at connect,
and one object a connection that is told when the client turns the option on, handed the client's subnegotiations,
and shown what the connection is shown. A new protocol is one module with a subclass, registered in
``server.outofband.PROTOCOLS``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol

import structlog
from telnetlib3.stream_writer import TelnetWriter

from rooms.messages import Message

log = structlog.get_logger()


class Host(Protocol):
    """What the server tells out-of-band protocols about itself."""

    def listing(self) -> dict[str, str]:
        """The server's public facts for MUD listings (MSSP's variables), as of now."""


class OutOfBand:
    """One connection's end of an out-of-band protocol; every hook does nothing unless the protocol needs it."""

    option: ClassVar[bytes]
    """The telnet option it is carried on (offered with WILL at connect)."""
    name: ClassVar[str]
    """What it is called (``Sink.out_of_band``, logs)."""
    one_way: ClassVar[bool] = False
    """Sent by the server only: a client's own WILL is refused (DONT)."""

    def __init__(self, writer: TelnetWriter, host: Host) -> None:
        self._writer, self._host = writer, host

    @property
    def active(self) -> bool:
        """Whether the client agreed to the option (either way round)."""
        return bool(self._writer.local_option.enabled(self.option) or self._writer.remote_option.enabled(self.option))

    def agreed(self) -> None:
        """The client turned the option on (DO), as of the bytes just read."""

    def received(self, *data: Any) -> None:
        """A subnegotiation from the client, as telnetlib3 decoded it; by default ignored (and logged)."""
        log.debug("outofband.ignored", protocol=self.name)

    def message(self, message: Message, viewer: Callable[[], str | None]) -> None:
        """What the connection was just shown; ``viewer`` says who is logged in on it (None: nobody yet)."""

    def prompt(self, text: str, secret: bool) -> None:
        """The connection was just prompted for input (``secret``: hidden)."""

    @property
    def shows(self) -> bool:
        """Whether it carries what the connection is shown (overrides ``message`` or ``prompt``): only those are
        told, so that a protocol with nothing to say costs a message nothing."""
        kind = type(self)
        return kind.message is not OutOfBand.message or kind.prompt is not OutOfBand.prompt

    @property
    def listening(self) -> bool:
        """Whether the client wants any of what it carries now (GMCP: once it asked for a package): one that shows
        is told only while it listens, and says when that may have changed (``_listening_changed``)."""
        return True

    def _listening_changed(self) -> None:
        """The connection's bands that are shown what it is shown are found again (``showing``)."""
        protocol = self._writer.protocol
        protocol.showing = showing(protocol.bands.values())


def showing(bands: Iterable[OutOfBand]) -> tuple[OutOfBand, ...]:
    """Those of a connection's ``bands`` told what it is shown, a message and a prompt each (they show, and the
    client listens: for most connections none)."""
    return tuple(band for band in bands if band.shows and band.listening)
