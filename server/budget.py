"""How many bytes a connection may send: a burst, then a steady rate, counting everything it sends, telnet
negotiation included (an endless ``IAC SB`` or a stream of ``IAC NOP`` costs the server as much as text).
Whoever goes over is cut off, and their address may not connect again for a while: the budget is far above what a
person or a bot playing needs."""

from __future__ import annotations

import time
from collections.abc import Callable


class ByteBudget:
    """``burst`` bytes at once, then ``rate`` bytes a second, for a connection from ``address``; ``exceeded`` is
    told the address when it goes over."""

    def __init__(
        self, burst: int, rate: float, address: str = "", exceeded: Callable[[str], None] = lambda address: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst, self.rate, self.address, self.exceeded, self._clock = burst, rate, address, exceeded, clock
        self._left, self._stamp = float(burst), clock()

    def spend(self, size: int) -> bool:
        """Count ``size`` bytes received; False once the connection has sent more than its budget."""
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._stamp) * self.rate) - size
        self._stamp = now
        return self._left >= 0


class Penalties:
    """Addresses cut off lately, until when: their new connections are refused at once."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self._clock = seconds, clock
        self._until: dict[str, float] = {}

    def add(self, address: str) -> None:
        now = self._clock()
        self._until = {a: t for a, t in self._until.items() if t > now}  # forget the served ones
        self._until[address] = now + self.seconds

    def active(self, address: str) -> bool:
        return self._until.get(address, 0.0) > self._clock()
