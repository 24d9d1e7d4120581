"""MSSP: what MUD listing crawlers are told about this server (name, players, uptime, and the usual extras)."""

from __future__ import annotations

from telnetlib3.telopt import MSSP

from server.outofband.interface import OutOfBand
from server.settings import Settings
from server.process.startargs import codebase

PROTOCOLS = {"ANSI": "1", "GMCP": "1", "MCCP": "1", "MSDP": "0", "MSP": "0", "MXP": "0", "UTF-8": "1",
             "VT100": "0", "XTERM 256 COLORS": "0", "XTERM TRUE COLORS": "0", "PUEBLO": "0"}
"""What this server speaks, as MSSP's yes/no flags (the "0" ones are those server.telnet.negotiation.REFUSED turns
down)."""


def mssp_variables(settings: Settings, players: int, started: float, port: int, tls_port: int | None) -> dict[str, str]:
    """The MSSP table for a server with ``players`` logged in, started at Unix time ``started``, listening on
    ``port`` (and ``tls_port`` for TLS, if on)."""
    extras = {key.upper().replace("_", " "): value for key, value in settings.mssp.model_dump().items() if value}
    variables = {
        "NAME": settings.server_name,
        "PLAYERS": str(players),
        "UPTIME": str(int(started)),
        "CODEBASE": codebase(),
        "PORT": str(port),
        "CRAWL DELAY": "-1",
        "HIRING BUILDERS": "0",
        "HIRING CODERS": "0",
        **extras,
        **PROTOCOLS,
        "SSL": str(tls_port or 0),
    }
    return variables


class Mssp(OutOfBand):
    """A crawler's DO MSSP (the first, or one after a DONT) gets the table, with the figures of that moment."""

    option, name, one_way = MSSP, "MSSP", True

    def agreed(self) -> None:
        self._writer.send_mssp(self._host.listing())
