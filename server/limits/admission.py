"""Who may connect, and who is cut off: the one place telnet, TLS telnet and the web socket alike read a connection's
address, take its byte budget, count its address's connections, and punish a flood. Each transport only says the
verdict its own way (a telnet line, a JSON error, an HTTP 503)."""

from __future__ import annotations

import asyncio
import errno
import os
import resource
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import structlog

from server.words import texts
from server.community.addressbans import AddressBans
from server.limits.budget import ByteBudget, Penalties
from server.limits.netaddress import canonical_address, forwarded_client
from server.settings import Limits

log = structlog.get_logger()


HANDSHAKE_SHARE = 0.5
"""The share of the process's descriptors that connections still in their TLS handshake may hold together. Each
address may hold only so many, but silent sockets from a hundred addresses took every descriptor, and plain telnet
and the web went unserved until the handshakes timed out. Past this share the handshake that has waited longest is
given up for the new one: a real client's handshake takes milliseconds, a silent socket's never ends."""
MIN_HANDSHAKES = 16


def most_handshakes() -> int:
    """How many TLS handshakes may be under way at once, from the process's descriptor limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return MIN_HANDSHAKES if soft == resource.RLIM_INFINITY else max(MIN_HANDSHAKES, int(soft * HANDSHAKE_SHARE))


OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""Why ``accept`` fails when the process (or the system) has no descriptor or buffer left for a new connection."""


class Sparse:
    """A warning an attacker can cause at will (a refused connection, a failed accept), logged once a second at
    most, with how many times it happened since the last line: never a flood of lines."""

    def __init__(self, event: str, every: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._event, self._every, self._clock = event, every, clock
        self._times, self._logged = 0, -every

    def __call__(self, **fields: Any) -> None:
        self._times += 1
        now = self._clock()
        if now - self._logged >= self._every:
            log.warning(self._event, times=self._times, **fields)
            self._times, self._logged = 0, now


class AcceptErrors:
    """The event loop's exception handler while the server runs. asyncio reports each failed ``accept`` of a
    listening socket there, with a traceback, up to a backlog's worth a turn and again every second it retries: out
    of descriptors (EMFILE), that wrote thousands of tracebacks a second. Those are one warning line a second at most
    here (``server.accept_failed``); anything else goes on to the handler there was."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._previous = loop, loop.get_exception_handler()
        self._warn = Sparse("server.accept_failed")
        loop.set_exception_handler(self)

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES:
            self._warn(error=os.strerror(error.errno))
        elif self._previous is not None:
            self._previous(loop, context)
        else:
            loop.default_exception_handler(context)

    def remove(self) -> None:
        """Give the loop its handler back (the server has stopped)."""
        self._loop.set_exception_handler(self._previous)


def peer_address(extra_info: Callable[..., Any]) -> str:
    """The remote address of a connection, from its transport's ``get_extra_info``, in its canonical form (an IPv4
    client of a dual-stack listener is itself, not ``::ffff:...``); '?' once it is gone."""
    peer = str((extra_info("peername") or ("?",))[0])
    return canonical_address(peer) or peer


class Admission:
    """The per-address rules for new connections: the input budget, the flooders' penalty, the connection limit, and
    refusal while the server stops."""

    def __init__(
        self, limits: Limits, trusted_proxies: list[str], stopping: Callable[[], bool], bans: AddressBans | None = None,
    ) -> None:
        self._limits, self._stopping = limits, stopping
        self._trusted = {canonical_address(proxy) or proxy for proxy in trusted_proxies}
        self._bans = bans or AddressBans()
        self._flooders = Penalties(limits.flood_penalty, limits.max_connections_per_address)
        self._per_address: Counter[str] = Counter()
        self._accepted: Counter[str] = Counter()
        self._refused = Sparse("session.refused_at_accept")
        self._handshakes: dict[object, Callable[[], None]] = {}
        """Connections in their TLS handshake, oldest first, each with how to give it up."""
        self._most_handshakes = most_handshakes()
        self._given_up = Sparse("session.handshake_given_up")

    def trusts(self, peer: str) -> bool:
        """Whether ``peer`` is a trusted reverse proxy (web.trusted_proxies), whose connections are everyone's."""
        return peer in self._trusted

    def client_address(self, peer: str, forwarded: list[str]) -> str:
        """The client's address: the peer's, or, behind a trusted reverse proxy, what its ``X-Forwarded-For`` lines
        say (``server.limits.netaddress.forwarded_client``), so that bans, per-address limits and login throttles count
        people, not the proxy, and not what a client wrote itself."""
        if self.trusts(peer) and forwarded:
            return forwarded_client(peer, forwarded, self.trusts)
        return peer

    def budget(self, address: str) -> ByteBudget | None:
        """A new connection's budget of bytes (limits.input_burst, then limits.input_rate a second, negotiation at
        limits.negotiation_weight); None if its address was cut off in the last limits.flood_penalty seconds (the
        transport says ``texts.FLOODED_LATELY``)."""
        if self.penalised(address):
            return None
        limits = self._limits
        return ByteBudget(limits.input_burst, limits.input_rate, address, self._flooders.add, limits.negotiation_weight)

    def penalised(self, address: str) -> bool:
        """Whether ``address`` was cut off for flooding in the last limits.flood_penalty seconds."""
        return self._flooders.active(address)

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

    def arrive(self, address: str) -> str | None:
        """A connection accepted on a telnet port (plain or TLS), before anything is read or sent, a TLS handshake
        included: counted until it ends (``depart``); or why it may not be held, and it is not counted. Counting
        only what had finished its handshake let one address hold a descriptor per silent socket."""
        refusal = self.crowded(self._accepted[address])
        if refusal is None:
            self._accepted[address] += 1
        else:
            self._refused(address=address, reason=refusal)
        return refusal

    def begin_handshake(self, connection: object, give_up: Callable[[], None]) -> None:
        """A TLS connection starts its handshake; if ``HANDSHAKE_SHARE`` of the descriptors are held by handshakes
        already, the one that has waited longest is given up (``give_up``: its transport aborted; logged a second
        at most, with how many)."""
        if len(self._handshakes) >= self._most_handshakes:
            oldest = next(iter(self._handshakes))
            self._given_up(most=self._most_handshakes)
            self._handshakes.pop(oldest)()
        self._handshakes[connection] = give_up

    def end_handshake(self, connection: object) -> None:
        """A handshake begun is over (done, failed, timed out, given up or cancelled)."""
        self._handshakes.pop(connection, None)

    def depart(self, address: str) -> None:
        """A connection counted in by ``arrive`` has ended."""
        self._accepted[address] -= 1
        if not self._accepted[address]:
            del self._accepted[address]

    def enter(self, address: str) -> str | None:
        """Count a session from ``address`` in; or why it cannot be served (the server is stopping, a wizard banned
        its address, its address holds the most connections already), and it is not counted. Every transport comes
        here once its connection can read a line (after a TLS handshake): a banned address is told why."""
        if self._stopping():
            refusal: str | None = texts.SERVER_CLOSING
        elif self._bans.find(address) is not None:
            refusal = texts.ADDRESS_BANNED
        else:
            refusal = self.crowded(self._per_address[address])
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
