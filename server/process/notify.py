"""systemd's readiness protocol (``sd_notify``), for the unit's ``Type=notify``: a datagram to the unix socket named
by ``NOTIFY_SOCKET`` (a path, or ``@name`` in the abstract namespace) saying ``READY=1`` once the game process serves,
``RELOADING=1`` and ``READY=1`` around a reload, ``STOPPING=1`` at a stop. Without ``NOTIFY_SOCKET`` (not under
systemd) it does nothing. A few lines of the protocol rather than a dependency."""

from __future__ import annotations

import os
import socket
import time

import structlog

log = structlog.get_logger()
SOCKET_VARIABLE = "NOTIFY_SOCKET"


def notify(*assignments: str) -> None:
    """Tell systemd ``assignments`` (``"READY=1"``, ``"STATUS=..."``), if it is listening."""
    where = os.environ.get(SOCKET_VARIABLE)
    if not where:
        return
    address = "\0" + where[1:] if where.startswith("@") else where
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto("\n".join(assignments).encode(), address)
    except OSError as error:
        log.warning("server.notify_failed", error=str(error))


def ready(status: str) -> None:
    notify("READY=1", f"STATUS={status}")


def reloading() -> None:
    """A reload begins (``READY=1`` says it ended); systemd wants the time it began (``MONOTONIC_USEC``)."""
    notify("RELOADING=1", f"MONOTONIC_USEC={time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000}")


def stopping() -> None:
    notify("STOPPING=1")
