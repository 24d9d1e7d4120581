"""Who may connect, and who is cut off: the one place telnet, TLS telnet and the web socket alike read a connection's
address, take its byte budget, count its address's connections, and punish a flood. Each transport only says the
verdict its own way (a telnet line, a JSON error, an HTTP 503)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import structlog

from server import texts
from server.budget import ByteBudget, Penalties
from server.settings import Limits

log = structlog.get_logger()


def peer_address(extra_info: Callable[..., Any]) -> str:
    """The remote address of a connection, from its transport's ``get_extra_info``; '?' once it is gone."""
    return str((extra_info("peername") or ("?",))[0])


class Admission:
    """The per-address rules for new connections: the input budget, the flooders' penalty, the connection limit, and
    refusal while the server stops."""

    def __init__(self, limits: Limits, trusted_proxies: list[str], stopping: Callable[[], bool]) -> None:
        self._limits, self._trusted, self._stopping = limits, trusted_proxies, stopping
        self._flooders = Penalties(limits.flood_penalty, limits.max_connections_per_address)
        self._per_address: Counter[str] = Counter()

    def trusts(self, peer: str) -> bool:
        """Whether ``peer`` is a trusted reverse proxy (web.trusted_proxies), whose connections are everyone's."""
        return peer in self._trusted

    def client_address(self, peer: str, forwarded: str) -> str:
        """The client's address: the peer's, or, behind a trusted reverse proxy, the last ``X-Forwarded-For`` entry
        (the one that proxy added), so per-address limits count people, not the proxy."""
        if self.trusts(peer) and forwarded:
            return forwarded.rsplit(",", 1)[-1].strip() or peer
        return peer

    def budget(self, address: str) -> ByteBudget | None:
        """A new connection's budget of bytes (limits.input_burst, then limits.input_rate a second, negotiation at
        limits.negotiation_weight); None if its address was cut off in the last limits.flood_penalty seconds (the
        transport says ``texts.FLOODED_LATELY``)."""
        if self._flooders.active(address):
            return None
        limits = self._limits
        return ByteBudget(limits.input_burst, limits.input_rate, address, self._flooders.add, limits.negotiation_weight)

    def hold(self, address: str, transport: asyncio.BaseTransport) -> None:
        """Keep a connection refused for flooding lately, unread, until its address has served the penalty."""
        self._flooders.hold(address, transport)

    def flooded(self, budget: ByteBudget) -> str:
        """A connection went over its budget: its address is penalised; what to tell it as it is hung up on."""
        log.warning("session.input_flood", address=budget.address, rate=budget.rate)
        budget.exceeded(budget.address)
        return texts.INPUT_FLOOD.format(rate=int(budget.rate))

    def crowded(self, held: int) -> str | None:
        """Why an address holding ``held`` connections may not open another, if it may not."""
        limit = self._limits.max_connections_per_address
        if held >= limit:
            return texts.TOO_MANY_CONNECTIONS.format(limit=limit)
        return None

    def enter(self, address: str) -> str | None:
        """Count a session from ``address`` in; or why it cannot be served (the server is stopping, its address holds
        the most connections already), and it is not counted."""
        refusal = texts.SERVER_CLOSING if self._stopping() else self.crowded(self._per_address[address])
        if refusal is None:
            self._per_address[address] += 1
        return refusal

    def leave(self, address: str) -> None:
        """A session counted in by ``enter`` has ended."""
        self._per_address[address] -= 1
        if not self._per_address[address]:
            del self._per_address[address]

    def release_all(self) -> None:
        """Hang up on every connection held for its penalty (the server is stopping)."""
        self._flooders.release_all()
