"""A telnet connection as the game process sees it behind the portal (server.portal): what ``TelnetSink`` and the
out-of-band protocols ask of telnetlib3's writer, protocol and transport, answered from the state the portal sent
(width, rows, what the client shows, the options agreed), and what they write sent back to the portal as bytes (text
already encoded, subnegotiations already framed) or as a negotiation for the portal's telnetlib3 to make."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from telnetlib3.mud import gmcp_encode, mssp_encode
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import GMCP, IAC, MSSP, SB, SE

from server.outofband import PROTOCOLS
from server.outofband.interface import Host, OutOfBand, showing
from server.wire.sink import DEFAULT_HEIGHT, DEFAULT_WIDTH
from server.telnet.intake import CAUGHT_UP
from server.telnet.terminal import Terminal

Write = Callable[[bytes], None]


class Options:
    """Which telnet options are on (telnetlib3's ``local_option``/``remote_option``, read only)."""

    def __init__(self, on: Iterable[int] = ()) -> None:
        self.on = frozenset(bytes([option]) for option in on)
        self.enabled: Callable[[bytes], bool] = self.on.__contains__
        """Whether ``option`` is on (the set's own test: asked for every prompt, no call of Python's)."""


@lru_cache(maxsize=256)
def options(*on: int) -> Options:
    """One ``Options`` for every connection with the same options on (read only: about 0.6 KB a connection each)."""
    return Options(on)


class TelnetMirror:
    """telnetlib3's writer, protocol and transport in one, for a connection the portal holds."""

    def __init__(self, write: Write, negotiate: Callable[[bytes, bytes], None], close: Callable[[], None],
                 host: Host) -> None:
        self._negotiate, self._close = negotiate, close
        self.write: Write = write
        """Bytes for the client (bound once: every line shown is written here; dropped once closing)."""
        self.protocol = self.transport = self
        self.width, self.rows = DEFAULT_WIDTH, DEFAULT_HEIGHT
        self.terminal = Terminal()
        self.local_option = self.remote_option = options()
        bands = [protocol(self, host) for protocol in PROTOCOLS]  # type: ignore[arg-type]  # (a writer's stand-in)
        self.bands: dict[bytes, OutOfBand] = {band.option: band for band in bands}
        self.showing = showing(bands)
        self.caught_up = CAUGHT_UP  # never cleared: the portal stops reading a client that is behind on its output
        self.closing = False

    def update(self, state: dict[str, Any]) -> None:
        """The portal's view of the terminal (``server.telnet.telnetend.TelnetEnd.state``)."""
        self.width, self.rows = state["width"], state["rows"] or DEFAULT_HEIGHT
        self.terminal = Terminal(*state["terminal"])
        self.local_option, self.remote_option = options(*state["local"]), options(*state["remote"])

    def received(self, option: int, args: list[Any]) -> None:
        band = self.bands.get(bytes([option]))
        if band is not None:
            band.received(*args)

    def agreed(self, option: int) -> None:
        band = self.bands.get(bytes([option]))
        if band is not None:
            band.agreed()

    # --- what TelnetSink and the bands use -------------------------------------------------

    def get_write_buffer_size(self) -> int:
        return 0

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.rows if name == "rows" else default

    def iac(self, verb: bytes, option: bytes = b"") -> bool:
        if not self.closing:
            self._negotiate(verb, option)
        return True

    def send_gmcp(self, package: str, data: Any = None) -> None:
        if self.local_option.enabled(GMCP) or self.remote_option.enabled(GMCP):
            self.write(IAC + SB + GMCP + TelnetWriter._escape_iac(gmcp_encode(package, data)) + IAC + SE)

    def send_mssp(self, variables: dict[str, str | list[str]]) -> None:
        if self.local_option.enabled(MSSP) or self.remote_option.enabled(MSSP):
            self.write(IAC + SB + MSSP + TelnetWriter._escape_iac(mssp_encode(variables)) + IAC + SE)

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.write = _dropped
            self._close()

    def is_closing(self) -> bool:
        return self.closing


def _dropped(data: bytes) -> None:
    """What is written to a closing connection (``TelnetMirror.close``): nothing goes out."""
