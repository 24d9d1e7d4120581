"""Which telnet options this server agrees to, and how it reads a client's negotiation (telnetlib3's writer, made
safe against malformed subnegotiations)."""

from __future__ import annotations

from typing import Any

import structlog
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import (
    AARDWOLF, ACCEPTED, ATCP, CHARSET, LINEMODE, MCCP2_COMPRESS, MCCP3_COMPRESS, MSDP, MSP, MXP, ZMP,
)

from server.telnet.terminal import is_utf8
from server.telnet.writerstate import lighten, own_slctab

log = structlog.get_logger()

REFUSED = frozenset({MXP, MSP, MSDP, ATCP, ZMP, AARDWOLF, MCCP3_COMPRESS})
"""Options telnetlib3 would agree to but this server does not speak: asked for, they get WONT / DONT (unless an
out-of-band protocol for one is registered in server.outofband)."""

TTYPE_REQUESTS = 3
"""Terminal types asked for (MTTS): the client's name, its terminal type, its MTTS bits. A repeat ends it sooner."""
CHARSET_OFFERED = "UTF-8"
"""The one character set the server offers (CHARSET REQUEST) and accepts a client's offer of (``is_utf8``);
otherwise ASCII."""


class TelnetInputParser(TelnetWriter):
    """telnetlib3's writer (which also reads the client's negotiation), ignoring subnegotiations it cannot use, and
    asking for terminal types as MTTS does.

    A malformed one (NAWS not four bytes, a CHARSET REQUEST without offers, GMCP nested past the JSON parser's depth,
    a translation table...) raised inside telnetlib3, which logged the traceback a line at a time: any client could
    write tracebacks into the server's log at will. A client's MCCP2 or MCCP3 start (only a server starts MCCP2; MCCP3
    is refused) made telnetlib3 drop the rest of what it had read, or try to inflate what followed."""

    _ttype_requests = 0
    turned_on: tuple[bytes, ...] = ()
    """Options a DO turned on (the first, or one after a DONT) in the bytes being read: the protocol tells their
    out-of-band protocols (MSSP sends its table, with the figures of that moment) once those bytes are handled (an
    option counts as on only then)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lighten(self)  # memory per connection: server.telnet.writerstate

    def handle_do(self, opt: bytes) -> bool:
        if not self.local_option.enabled(opt):
            self.turned_on += (opt,)
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
        if option == LINEMODE:
            own_slctab(self)
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

