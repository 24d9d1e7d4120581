"""A pool of PostgreSQL connections, and the group commit of the writes of each loop turn.

Reads take any pooled connection (autocommit: they see every committed write). Writes are group-committed as in
SQLite's backend: every write asked for in one turn of the event loop goes to the server in one transaction, and none
returns before that transaction is durable (``synchronous_commit = on``). The transaction is pipelined: a turn's
statements reach the server without a round trip each (under load, each round trip waits for the server's process to
get a core). One that fails is undone alone: the group is then run again with a savepoint around each write (not the
first time: each savepoint is two more round trips, and writes seldom fail). Commits follow one another without a
pause: while one is on its way, the turns that follow queue theirs, and the committer sends all of those together as
soon as the first is done.

A failure of the database server itself (gone, refusing, its disk full, no connection within ``POOL_WAIT``: ``down``)
is raised as ``StoreDown`` and noted in ``trouble``; a write's own failure (a constraint, ``NameTaken``) as it is."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg import AsyncConnection, AsyncCursor
from psycopg_pool import AsyncConnectionPool

from server.ops.figures import Commits
from server.store.outcomes import Outcome, settle
from server.store.trouble import Trouble

T = TypeVar("T")
Connection = AsyncConnection[tuple[Any, ...]]
Work = Callable[[Connection], Awaitable[Any]]
Pending = tuple[Work, asyncio.Future[Any]]
"""A write and whoever awaits it."""
POOL_SIZE = (2, 10)
"""Connections kept open, and at most: one commits, the others read (logins, history) meanwhile."""
CONNECT_TIMEOUT = 10.0
"""Seconds to wait for the database server when opening."""
APPLICATION_NAME = "cosmic-wimpout"
"""What a server's connections call themselves (``pg_stat_activity``: ``store copy`` sees a server is on)."""
POOL_WAIT = 5.0
"""Seconds a read or a commit waits for a connection before the store is said to fail (the pool's own default, 30 s,
kept a player's command waiting that long while the database server was gone)."""
REFUSING = (psycopg.OperationalError, psycopg.InterfaceError, psycopg.errors.ReadOnlySqlTransaction,
            psycopg.errors.InsufficientPrivilege)
"""Errors of the database server rather than of a statement: a connection lost or refused, the server shutting down,
its disk full, no connection within ``POOL_WAIT``, a server in read-only mode, a role no longer allowed to write."""


def down(error: BaseException) -> bool:
    """Whether ``error`` is the database server's failure, not the statement's."""
    return isinstance(error, REFUSING)


def pg(sql: str) -> str:
    """Shared SQL's ``?`` placeholders as psycopg's ``%s``."""
    return sql.replace("?", "%s")


async def execute(db: Connection, sql: str, params: Sequence[Any] = ()) -> AsyncCursor[tuple[Any, ...]]:
    return await db.execute(pg(sql), params)


async def changed(db: Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """How many rows a write changed (the end of its pipeline waits for the count)."""
    async with db.pipeline():
        cursor = await execute(db, sql, params)
    return cursor.rowcount


async def fetchall(db: Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    return await (await execute(db, sql, params)).fetchall()


async def fetchone(db: Connection, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    return await (await execute(db, sql, params)).fetchone()


async def executemany(db: Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    if rows:
        async with db.cursor() as cursor:
            await cursor.executemany(pg(sql), rows)


async def durable(db: Connection) -> None:
    """Every pooled connection commits durably, whatever the server's default says."""
    await db.execute("SET synchronous_commit = on")


async def commit_group(db: Connection, works: Sequence[Work]) -> list[Outcome]:
    """Run writes in one transaction, pipelined (statements whose results no write reads go out without waiting for
    the server); if one fails, undo them all and run them again one by one, each in its own savepoint, so that only
    the failed one is undone. A connection lost fails them all (nothing is run twice: the commit may have been
    made)."""
    try:
        async with db.pipeline(), db.transaction():
            return [(await work(db), None) for work in works]
    except Exception:
        if db.broken or db.closed:
            raise
    outcomes: list[Outcome] = []
    async with db.transaction():
        for work in works:
            try:
                async with db.transaction():
                    outcomes.append((await work(db), None))
            except Exception as error:
                outcomes.append((None, error))
    return outcomes


class PgGroupCommit:
    """``_run`` reads on a pooled connection, ``_write`` joins this turn's group commit."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._pool: AsyncConnectionPool[Connection] | None = None
        self._turn: list[Pending] = []
        """Writes asked for in this turn of the event loop."""
        self._handed: deque[Pending] = deque()
        """Writes handed to the committer and not committed yet."""
        self._committer: asyncio.Task[None] | None = None
        self.commits = Commits()
        """Each transaction's time to be durable, and those that failed (server.ops.figures)."""
        self._trouble = Trouble()

    async def _open_pool(self) -> None:
        low, high = POOL_SIZE
        self._pool = AsyncConnectionPool(
            self._url, min_size=low, max_size=high, open=False, configure=durable, timeout=POOL_WAIT,
            kwargs={"autocommit": True, "application_name": APPLICATION_NAME},
        )
        await self._pool.open(wait=True, timeout=CONNECT_TIMEOUT)

    @property
    def trouble(self) -> Trouble:
        """Whether the database works now (each failure of its own noted there)."""
        return self._trouble

    async def _run(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        if self._pool is None:
            raise RuntimeError("the store is closed")
        try:
            async with self._pool.connection() as db:
                return await work(db)
        except psycopg.Error as error:
            if down(error):
                raise self._trouble.failed(error) from error
            raise

    async def probe(self) -> None:
        """A write that changes nothing (the schema's version, written again): whether the store can save now. The
        pool's connections are checked first, so that those a restart of the database server broke are replaced."""
        if self._pool is not None:
            await self._pool.check()
        await self._write(lambda db: execute(db, "UPDATE schema_version SET version = version"))

    async def _write(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """Queue a write for this turn's group commit and wait until it is durable; its own failure (e.g.
        :class:`NameTaken`) is raised here and undoes only its own changes."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if not self._turn:
            loop.call_soon(self._hand_over)  # once the turn's other writes are asked for
        self._turn.append((work, future))
        return await future

    def _hand_over(self) -> None:
        """Give the committer this turn's writes (starting it unless it is on its way: it takes them next)."""
        batch, self._turn = self._turn, []
        if self._pool is None:  # asked for after close: they fail rather than wait forever
            settle([future for _, future in batch], [(None, RuntimeError("the store is closed"))] * len(batch))
            return
        self._handed.extend(batch)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_handed())

    async def _commit_handed(self) -> None:
        """Every write handed over so far in one transaction, their waiters told, and again while more came."""
        assert self._pool is not None
        while self._handed:
            batch = list(self._handed)
            self._handed.clear()
            started, failed = time.perf_counter(), False
            try:
                async with self._pool.connection() as db:
                    outcomes = await commit_group(db, [work for work, _ in batch])
            except Exception as error:  # the transaction itself failed: none of the batch is saved
                outcomes, failed = [(None, error)] * len(batch), True
            self.commits.took(started, failed)
            settle([future for _, future in batch], [(value, self._trouble.judged(error, down))
                                                     for value, error in outcomes])

    async def _stop(self) -> None:
        """Commit what was asked for, then close the pool."""
        if self._turn:
            self._hand_over()
        if self._committer is not None:
            await self._committer
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()
