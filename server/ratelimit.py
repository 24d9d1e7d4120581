"""Token buckets: a burst allowance that refills at a steady rate."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` actions at once, then ``rate`` per second."""

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic):
        self.burst, self.rate, self._clock = burst, rate, clock
        self._tokens, self._stamp = float(burst), clock()

    def try_take(self) -> bool:
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def seconds_until_token(self) -> float:
        self._refill()
        return max(0.0, (1 - self._tokens) / self.rate)

    @property
    def full(self) -> bool:
        self._refill()
        return self._tokens >= self.burst

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now


class AddressThrottle:
    """One bucket per client address, forgetting addresses whose bucket has refilled."""

    PRUNE_AT = 1024

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic):
        self._burst, self._rate, self._clock = burst, rate, clock
        self._buckets: dict[str, TokenBucket] = {}

    def try_take(self, address: str) -> bool:
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.PRUNE_AT:
                self._forget_full()
            bucket = self._buckets[address] = TokenBucket(self._burst, self._rate, self._clock)
        return bucket.try_take()

    def seconds_until_token(self, address: str) -> float:
        bucket = self._buckets.get(address)
        return 0.0 if bucket is None else bucket.seconds_until_token()

    def _forget_full(self) -> None:
        for address in [a for a, b in self._buckets.items() if b.full]:
            del self._buckets[address]
