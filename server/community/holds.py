"""Who a wizard has just removed ('@boot', '@ban'): the account, and new characters from its address, kept out for
``limits.boot_hold`` seconds, so that a booted player reconnecting at once, or a banned one creating another name, is
not straight back. Kept in the store as well as here (logins ask here, with no query): a reload or a restart of the
game process lets no one back early."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from server.community.addressbans import plain_address

if TYPE_CHECKING:
    from server.store import Store

ADDRESS = "@"
"""What marks an address's hold among accounts' (an account's key is its name's skeleton, which holds no ``@``)."""


class Holds:
    """The holds in force: an account's skeleton, or ``@`` and an address, and until when (Unix time)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self._store, self._clock = store, clock
        self._until: dict[str, float] = {}

    async def load(self) -> None:
        """The holds as stored (at start: those over are forgotten)."""
        self._until = await self._store.holds(self._clock())

    async def hold(self, account: str, address: str | None, seconds: float) -> None:
        """Keep ``account`` (a skeleton), and new characters from ``address`` (if known), out for ``seconds``."""
        if seconds <= 0:
            return
        now = self._clock()
        self._until = {key: until for key, until in self._until.items() if until > now}
        keys = [account] if address is None else [account, _address_key(address)]
        self._until.update((key, now + seconds) for key in keys)
        await asyncio.gather(*(self._store.hold(key, now + seconds) for key in keys))

    async def release(self, account: str) -> None:
        """A wizard let ``account`` back in (``@unban``)."""
        if self._until.pop(account, None) is not None:
            await self._store.release(account)

    def account(self, skeleton: str) -> float:
        """The seconds the account must still wait (0 if none)."""
        return max(0.0, self._until.get(skeleton, 0.0) - self._clock())

    def address(self, address: str) -> float:
        """The seconds before a new character may be made from ``address`` (0 if none)."""
        return max(0.0, self._until.get(_address_key(address), 0.0) - self._clock())


def _address_key(address: str) -> str:
    """An address's key, written one way (an IPv4 address carried in IPv6 as itself)."""
    return ADDRESS + str(plain_address(address) or address)
