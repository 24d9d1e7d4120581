"""How many bytes a connection may send: a burst, then a steady rate, counting everything it sends, telnet
negotiation included (an endless ``IAC SB`` or a stream of ``IAC NOP`` costs the server as much as text).
Whoever goes over is cut off, and their address may not connect again for a while: the budget is far above what a
person or a bot playing needs."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class ByteBudget:
    """``burst`` bytes at once, then ``rate`` bytes a second, for a connection from ``address``; ``exceeded`` is
    told the address when it goes over. A byte of telnet negotiation costs ``negotiation_weight`` bytes (it is read
    one at a time)."""

    def __init__(
        self, burst: int, rate: float, address: str = "", exceeded: Callable[[str], None] = lambda address: None,
        negotiation_weight: int = 1, clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst, self.rate, self.address, self.exceeded, self._clock = burst, rate, address, exceeded, clock
        self.negotiation_weight = negotiation_weight
        self._left, self._stamp = float(burst), clock()

    def spend(self, size: int) -> bool:
        """Count ``size`` bytes received; False once the connection has sent more than its budget."""
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._stamp) * self.rate) - size
        self._stamp = now
        return self._left >= 0

    def state(self) -> tuple[float, float]:
        """What is left and when it was counted: carried with a handed telnet socket (server.portal.handed), the
        other process reading the same monotonic clock."""
        return self._left, self._stamp

    def carry(self, left: float, stamp: float) -> None:
        """Go on from ``state`` as another process left it."""
        self._left, self._stamp = left, stamp


class Penalties:
    """Addresses cut off lately, until when. Their new connections are refused at once, told why, and held (not read)
    until the penalty is served: a client that connects again whenever it is hung up on (a MUD client's
    auto-reconnect, a flooding script) would otherwise come back thousands of times a second, each costing the server
    an accept and a hang-up. At most ``most`` are held per address; more are hung up on at once."""

    def __init__(self, seconds: float, most: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self.most, self._clock = seconds, most, clock
        self._until: dict[str, float] = {}
        self._held: dict[str, dict[asyncio.BaseTransport, asyncio.TimerHandle]] = {}

    def add(self, address: str) -> None:
        now = self._clock()
        self._until = {a: t for a, t in self._until.items() if t > now}  # forget the served ones
        self._until[address] = now + self.seconds

    def active(self, address: str) -> bool:
        return self._until.get(address, 0.0) > self._clock()

    def hold(self, address: str, transport: asyncio.BaseTransport) -> None:
        """Keep a refused connection until ``address`` has served its penalty, then hang up."""
        held = self._held.setdefault(address, {})
        if len(held) >= self.most:
            transport.close()
            return
        transport.pause_reading()  # type: ignore[attr-defined]
        wait = max(0.0, self._until.get(address, 0.0) - self._clock())
        held[transport] = asyncio.get_running_loop().call_later(wait, self._release, address, transport)

    def _release(self, address: str, transport: asyncio.BaseTransport) -> None:
        held = self._held[address]
        held.pop(transport).cancel()
        if not held:
            del self._held[address]
        transport.close()

    def release_all(self) -> None:
        """Hang up on every held connection (the server is stopping)."""
        for address, held in list(self._held.items()):
            for transport in list(held):
                self._release(address, transport)
