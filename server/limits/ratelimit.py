"""Token buckets: a burst allowance that refills at a steady rate."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """Allows ``burst`` actions at once, then ``rate`` per second."""

    def __init__(
        self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic, tokens: float | None = None
    ):
        self.burst, self.rate, self._clock = burst, rate, clock
        self._tokens, self._stamp = float(burst if tokens is None else tokens), clock()

    def try_take(self) -> bool:
        """(Asked for every line read: ``_refill`` is written out here.)"""
        now = self._clock()
        tokens = self._tokens + (now - self._stamp) * self.rate
        if tokens > self.burst:  # (not min(): a call of its own)
            tokens = self.burst
        self._stamp = now
        if tokens >= 1:
            self._tokens = tokens - 1
            return True
        self._tokens = tokens
        return False

    def seconds_until_token(self) -> float:
        self._refill()
        return max(0.0, (1 - self._tokens) / self.rate)

    def give_back(self, tokens: float = 1) -> None:
        """Return tokens taken for something that turned out not to count."""
        self._refill()
        self._tokens = min(self.burst, self._tokens + tokens)

    def owe(self) -> None:
        """Take a token whether or not there is one: what happened has happened (the bucket refills from below)."""
        self._refill()
        self._tokens -= 1

    def take_up_to(self, most: float) -> float:
        """Take as many whole tokens as there are, up to ``most``; how many were taken."""
        self._refill()
        taken = min(most, float(int(self._tokens)))
        self._tokens -= taken
        return taken

    @property
    def tokens(self) -> float:
        self._refill()
        return self._tokens

    @property
    def full(self) -> bool:
        return self.tokens >= self.burst

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now


class AddressThrottle:
    """One bucket per key (a client address, or an account and an address), forgetting keys whose bucket has
    refilled."""

    PRUNE_AT = 1024

    def __init__(self, burst: float, rate: float, clock: Callable[[], float] = time.monotonic):
        self._burst, self._rate, self._clock = burst, rate, clock
        self._buckets: dict[str, TokenBucket] = {}

    def try_take(self, address: str) -> bool:
        return self.bucket(address).try_take()

    def bucket(self, address: str) -> TokenBucket:
        """``address``'s bucket, a full one for an address not seen lately."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= self.PRUNE_AT:
                self._forget_full()
            bucket = self._buckets[address] = TokenBucket(self._burst, self._rate, self._clock)
        return bucket

    def seconds_until_token(self, address: str) -> float:
        bucket = self._buckets.get(address)
        return 0.0 if bucket is None else bucket.seconds_until_token()

    def owe(self, address: str) -> None:
        self.bucket(address).owe()

    def give_back(self, address: str, tokens: float = 1) -> None:
        bucket = self._buckets.get(address)
        if bucket is not None:
            bucket.give_back(tokens)

    def _forget_full(self) -> None:
        for address in [a for a, b in self._buckets.items() if b.full]:
            del self._buckets[address]


class CommandBuckets:
    """Connections' command buckets (``burst`` commands at once, then ``rate`` a second each), their bursts drawn from
    their address's share: ``most`` connections' worth (as many as it may hold at once), refilling at their rate.
    People behind one address (a NAT) each get a burst, but connecting again gives no more than holding ``most``
    connections would: a flooder of lines that reconnected after each burst of 500 got a thousand commands a second.
    A closed connection's unused burst goes back to its address."""

    def __init__(self, burst: float, rate: float, most: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._burst, self._rate, self._clock = burst, rate, clock
        self._shares = AddressThrottle(burst * most, rate * most, clock)

    def take(self, address: str) -> TokenBucket:
        """A new connection's bucket, with what its address's share can give of a burst."""
        share = self._shares.bucket(address)
        return TokenBucket(self._burst, self._rate, self._clock, tokens=share.take_up_to(self._burst))

    def keep(self, address: str, bucket: TokenBucket) -> None:
        """A connection from ``address`` closed: what is left of its burst goes back to the address."""
        self._shares.give_back(address, int(bucket.tokens))


class LoginThrottle:
    """Password guesses and new accounts, limited so that an attacker gets no more tries than are due and cannot lock
    a player out.

    A guess is limited per account and address (guessing Igor's password from one place does not stop Igor logging
    in from another, nor anyone else behind the same address logging in as someone else) and per address over all
    accounts (one address cannot try many accounts). Its account-and-address token is taken before the password is
    checked, in the same step as the check for it, and given back if the password was right: parallel connections
    cannot get more guesses at one account than one would. Its address's token is taken only once the password
    proves wrong, even if there is none left (the address then owes it): a login in flight holds none, so the
    correct logins of many people behind one address (a NAT, bots reconnecting after a restart) are never refused
    for each other's, however many are checked at once; parallel wrong guesses from one address, as many as it may
    hold connections, are paid for by a longer wait.
    """

    def __init__(
        self, account_burst: float, address_burst: float, failure_refill: float, create_burst: float,
        create_refill: float, clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._pairs = AddressThrottle(account_burst, 1 / failure_refill, clock)
        self._addresses = AddressThrottle(address_burst, 1 / failure_refill, clock)
        self._creates = AddressThrottle(create_burst, 1 / create_refill, clock)

    def guess(self, account: str, address: str) -> float:
        """Take a guess at ``account`` from ``address``: 0 if it may be made (its tokens are taken), else the
        seconds until it may."""
        pair = f"{account}@{address}"
        wait = max(self._pairs.seconds_until_token(pair), self._addresses.seconds_until_token(address))
        if wait > 0:
            return wait
        self._pairs.try_take(pair)
        return 0.0

    def right(self, account: str, address: str) -> None:
        """The guess was the password: it does not count."""
        self._pairs.give_back(f"{account}@{address}")

    def wrong(self, address: str) -> None:
        """The guess was not the password: it counts against its address too."""
        self._addresses.owe(address)

    def create(self, address: str) -> float:
        """Take a new account's token for ``address``: 0 if it may be created, else the seconds until it may."""
        wait = self._creates.seconds_until_token(address)
        if wait > 0:
            return wait
        self._creates.try_take(address)
        return 0.0
