"""MSSP: what MUD listing crawlers are told about this server (name, players, uptime, and the usual extras)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from importlib.resources import files

from telnetlib3.telopt import MSSP

from server.outofband.interface import OutOfBand
from server.settings import Settings

CODEBASE = "cosmic-wimpout"

PROTOCOLS = {"ANSI": "1", "GMCP": "1", "MCCP": "1", "MSDP": "0", "MSP": "0", "MXP": "0", "UTF-8": "1",
             "VT100": "0", "XTERM 256 COLORS": "0", "XTERM TRUE COLORS": "0", "PUEBLO": "0"}
"""What this server speaks, as MSSP's yes/no flags (the "0" ones are those server.telnet.negotiation.REFUSED turns
down)."""


def release() -> str:
    """The commit and its date a release was built from (docs/upgrade.sh builds from ``git archive``, which writes them
    into server/release.txt: .gitattributes); empty in a checkout. The version number alone is the same for every
    release, so it cannot say which one is installed."""
    stamp = files("server").joinpath("release.txt").read_text().strip()
    return "" if stamp.startswith("$Format") else stamp


def codebase() -> str:
    """What ``--version`` and MSSP's CODEBASE say: e.g. "cosmic-wimpout 0.1.0 (84fff89 2026-11-29)"."""
    built = f" ({release()})" if release() else ""
    try:
        return f"{CODEBASE} {version(CODEBASE)}{built}"
    except PackageNotFoundError:  # running from a checkout that was not installed
        return CODEBASE + built


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
