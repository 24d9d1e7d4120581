"""One dedicated thread for all of a database's work, and the group commit of the writes of each loop turn.

Queries are serialized, and the event loop never waits on the disk. Writes are group-committed: every write asked for
in one turn of the event loop goes to the disk in one transaction (one fsync, one hand-off to the thread), and none of
them returns before that transaction is durable. The commits are pipelined: while one transaction is being synced,
the turns that follow hand theirs over, and the thread commits all of those together as soon as it is free, without
waiting for the event loop to hear of the previous commit.

A failure of the database itself (a full disk, an I/O error, a lock held too long: ``DOWN``) is raised as
``StoreDown`` and noted in ``trouble``; a write's own failure (a constraint, :class:`NameTaken`) as it is.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from server.ops.figures import Commits
from server.store.outcomes import Outcome, settle
from server.store.sqlite.connection import commit_group
from server.store.trouble import Trouble

T = TypeVar("T")
Pending = tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]
"""A write and whoever awaits it."""
DOWN = {5, 6, 7, 8, 10, 11, 13, 14, 15, 26}
"""SQLite's primary result codes that say the database cannot be used now, whatever was asked of it: BUSY, LOCKED,
NOMEM, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, PROTOCOL, NOTADB."""


def down(error: BaseException) -> bool:
    """Whether ``error`` is the database's failure, not the statement's (sqlite3 raises both as OperationalError)."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.Error) and code is not None and code & 0xFF in DOWN


class GroupCommit:
    """A connection on its own thread: ``_run`` reads, ``_write`` joins this turn's group commit."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None
        self._turn: list[Pending] = []
        """Writes asked for in this turn of the event loop."""
        self._handed: deque[Pending] = deque()
        """Writes handed to the thread and not committed yet (appended by the loop, taken by the thread)."""
        self.commits = Commits()
        """Each transaction's time to be durable, and those that failed (server.ops.figures; counted on the thread)."""
        self._trouble = Trouble()

    @property
    def trouble(self) -> Trouble:
        """Whether the database works now (each failure of its own noted there)."""
        return self._trouble

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, lambda: work(self._db))  # type: ignore[arg-type]
        except sqlite3.Error as error:
            if down(error):
                raise self._trouble.failed(error) from error
            raise

    async def probe(self) -> None:
        """A write that changes nothing (the schema's version, written again): whether the store can save now."""

        def rewrite(db: sqlite3.Connection) -> None:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            db.execute(f"PRAGMA user_version = {version}")

        await self._write(rewrite)

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Queue a write for this turn's group commit and wait until it is on the disk; its own failure (e.g.
        :class:`NameTaken`) is raised here and undoes only its own changes."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if not self._turn:
            loop.call_soon(self._hand_over)  # once the turn's other writes are asked for
        self._turn.append((work, future))
        return await future

    async def _stop(self) -> None:
        """Commit what was asked for, then close (the thread takes its jobs in order: every commit comes first)."""
        self._hand_over()
        await self._run(self._close)
        self._executor.shutdown(wait=True)

    def _hand_over(self) -> None:
        """Give the thread this turn's writes, and a job to commit them (with any handed over before, not yet taken)."""
        batch, self._turn = self._turn, []
        self._handed.extend(batch)
        try:
            self._executor.submit(self._commit_handed, asyncio.get_running_loop())
        except RuntimeError as closed:  # asked for after close: they fail rather than wait forever
            self._handed.clear()
            _settle(batch, [(None, closed)] * len(batch))

    def _commit_handed(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the thread: every write handed over so far in one transaction, then their waiters told (an earlier job
        may have taken them all: then there is nothing to do)."""
        batch: list[Pending] = []
        while self._handed:
            batch.append(self._handed.popleft())
        if not batch:
            return
        started, failed = time.perf_counter(), False
        try:
            outcomes = commit_group(self._db, [work for work, _ in batch])  # type: ignore[arg-type]
        except Exception as error:  # the transaction itself failed: none of the batch is saved
            outcomes, failed = [(None, error)] * len(batch), True
        self.commits.took(started, failed)
        loop.call_soon_threadsafe(self._settle, batch, outcomes)

    def _settle(self, batch: list[Pending], outcomes: list[Outcome]) -> None:
        """On the event loop: each write's waiter gets its outcome (unless it stopped waiting), the database's own
        failures as :class:`StoreDown`."""
        _settle(batch, [(value, self._trouble.judged(error, down)) for value, error in outcomes])

    def _close(self, _: object) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _settle(batch: list[Pending], outcomes: list[Outcome]) -> None:
    """On the event loop: each write's waiter gets its outcome (unless it stopped waiting)."""
    settle([future for _, future in batch], outcomes)
