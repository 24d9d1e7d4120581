"""Whether the store works: the one place every failure of the store itself passes through (a full disk, a database
server gone or refusing; not a write's own failure, such as a name already taken), whichever the backend. The server
watches it (``server.ops.storewatch``: the log's ``store.failed`` and ``store.recovered``, ``/health``, the retries) and
a counter can hang on it (``listen``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from server.store.domain import StoreDown

Listener = Callable[["Trouble", bool], None]
"""Told of each failure, and whether it is the first since the store last worked."""


class Trouble:
    """The store's trouble now: the last problem since it last worked (None while it works), since when, and how many
    uses of it failed in all."""

    def __init__(self) -> None:
        self.problem: str | None = None
        self.since: float | None = None
        """Unix time the store began failing (None while it works)."""
        self.failures = 0
        """Uses of the store (a write, a read) that failed because of it, since the process started."""
        self._listeners: list[Listener] = []

    @property
    def failing(self) -> bool:
        return self.problem is not None

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def failed(self, error: BaseException) -> StoreDown:
        """A use of the store failed because of it (on the event loop): noted, and the error to raise instead, which
        names the problem."""
        problem = " ".join(f"{type(error).__name__}: {error}".split()).rstrip(":")
        self.failures += 1
        began = self.problem is None
        self.problem = problem
        if began:
            self.since = time.time()
        for listener in self._listeners:
            listener(self, began)
        return StoreDown(problem)

    def judged(self, error: Exception | None, down: Callable[[BaseException], bool]) -> Exception | None:
        """A write's outcome as its waiter gets it: the store's own failure (``down`` says which are) as the
        :class:`StoreDown` it is noted as, any other as it is."""
        if error is None or isinstance(error, StoreDown) or not down(error):
            return error
        failure = self.failed(error)
        failure.__cause__ = error
        return failure

    def recovered(self) -> None:
        """The store works again (a write went through)."""
        self.problem = self.since = None
