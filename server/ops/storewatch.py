"""The server's eye on its store (issue 36): when the store starts failing (its ``Trouble``: a full disk, a database
server gone or refusing) it is logged once (``store.failed``), ``/health`` says so, and a write that changes nothing
is tried again with back-off (1, 2, 4 ... 30 s) until one goes through; then ``store.recovered`` is logged and
whatever waits for the store (held tables, an event's count of a game) goes on. Saves that only keep things tidy
(who was seen when, old tables pruned) are ``spared``: their failure is noted and left for the next time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import structlog

from server.store import Store, StoreDown, Trouble

log = structlog.get_logger()
T = TypeVar("T")
FIRST_WAIT, LONGEST_WAIT = 1.0, 30.0
"""Seconds before the store is tried again, doubling from the first to the longest."""
SETTLED = 60.0
"""A store that worked this long since it last failed is tried again from the first wait when it fails next (one
that fails again sooner goes on from where its back-off was: a disk nearly full does not make it try every second)."""


async def spared(work: Awaitable[T]) -> T | None:
    """``work``, or None if the store cannot do it now (noted as its trouble; the next time will do)."""
    try:
        return await work
    except StoreDown:
        return None


class StoreWatch:
    """Watches one store's trouble: logs it, tries the store again until it works, and wakes those waiting."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._works = asyncio.Event()
        self._works.set()
        self._wait = FIRST_WAIT
        self._worked_since = time.monotonic()
        self._retrying: asyncio.Task[None] | None = None
        self._stopped = False
        self.recovered: list[Callable[[], None]] = []
        """Told each time the store works again."""
        store.trouble.listen(self._failed)

    @property
    def failing(self) -> bool:
        return self.store.trouble.failing

    def figures(self) -> dict[str, Any]:
        """The store's state for ``/health``: its problem (None while it works), for how long, and how many uses of
        it failed since the start."""
        trouble = self.store.trouble
        failing_for = None if trouble.since is None else round(time.time() - trouble.since, 1)
        return {"problem": trouble.problem, "failing_for": failing_for, "failures": trouble.failures}

    async def works(self) -> None:
        """Return once the store works (at once while it does)."""
        await self._works.wait()

    async def until_done(self, work: Callable[[], Awaitable[None]]) -> None:
        """``work`` (which may be done twice) again each time the store works again, until the store lets it finish:
        what a closing table sets going (an event's count of its game) must not be lost to a moment's failure."""
        while True:
            try:
                return await work()
            except StoreDown:
                await self.works()

    def stop(self) -> None:
        """The server stops: no more tries."""
        self._stopped = True
        if self._retrying is not None:
            self._retrying.cancel()

    def _failed(self, trouble: Trouble, began: bool) -> None:
        if not began or self._stopped:
            return
        self._works.clear()
        if time.monotonic() - self._worked_since > SETTLED:
            self._wait = FIRST_WAIT
        log.error("store.failed", store=self.store.where, problem=trouble.problem, retry_in=self._wait)
        if self._retrying is None or self._retrying.done():
            self._retrying = asyncio.get_running_loop().create_task(self._retry())

    async def _retry(self) -> None:
        """Try the store after each wait, longer each time, until a write goes through."""
        trouble = self.store.trouble
        while True:
            await asyncio.sleep(self._wait)
            self._wait = min(2 * self._wait, LONGEST_WAIT)
            try:
                await self.store.probe()
            except StoreDown:
                continue
            except Exception:  # (a store closed under it: the server is stopping)
                log.exception("store.probe_failed")
                continue
            break
        failing_for = 0.0 if trouble.since is None else time.time() - trouble.since
        log.info("store.recovered", store=self.store.where, failing_for=round(failing_for, 1),
                 failures=trouble.failures)
        trouble.recovered()
        self._worked_since = time.monotonic()
        self._works.set()
        for listener in self.recovered:
            listener()
