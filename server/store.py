"""SQLite persistence (WAL) for accounts, last seen and @doing.

All database work runs on one dedicated thread: queries are serialized, and the event loop
never waits on the disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    wizard INTEGER NOT NULL DEFAULT 0,
    banned INTEGER NOT NULL DEFAULT 0,
    doing TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    last_seen REAL
);
"""
_COLUMNS = "name, skeleton, password_hash, wizard, banned, doing, last_seen"


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    skeleton: str
    password_hash: str
    wizard: bool
    banned: bool
    doing: str
    last_seen: float | None


class NameTaken(Exception):
    """Another account already has this name or one that looks like it."""

    def __init__(self, existing: str) -> None:
        super().__init__(existing)
        self.existing = existing


class Store:
    """Async facade over one SQLite database file."""

    FILENAME = "cosmic.sqlite3"

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / self.FILENAME
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None

    async def open(self) -> None:
        await self._run(self._open)

    async def close(self) -> None:
        await self._run(self._close)
        self._executor.shutdown(wait=True)

    async def find(self, skeleton: str) -> Account | None:
        return await self._run(lambda db: self._find(db, skeleton))

    async def create(self, name: str, skeleton: str, password_hash: str) -> Account:
        """Add an account; the very first account is a wizard. Raises :class:`NameTaken`."""

        def create(db: sqlite3.Connection) -> Account:
            existing = self._find(db, skeleton)
            if existing is not None:
                raise NameTaken(existing.name)
            (count,) = db.execute("SELECT COUNT(*) FROM accounts").fetchone()
            with db:
                db.execute(
                    "INSERT INTO accounts (name, skeleton, password_hash, wizard, created_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (name, skeleton, password_hash, int(count == 0), time.time()),
                )
            found = self._find(db, skeleton)
            assert found is not None
            return found

        return await self._run(create)

    async def set_password_hash(self, skeleton: str, password_hash: str) -> None:
        await self._update(skeleton, "password_hash", password_hash)

    async def set_doing(self, skeleton: str, doing: str) -> None:
        await self._update(skeleton, "doing", doing)

    async def set_banned(self, skeleton: str, banned: bool) -> None:
        await self._update(skeleton, "banned", int(banned))

    async def touch(self, skeletons: Iterable[str]) -> None:
        """Record that these accounts were seen now."""
        rows = [(time.time(), s) for s in skeletons]

        def touch(db: sqlite3.Connection) -> None:
            with db:
                db.executemany("UPDATE accounts SET last_seen = ? WHERE skeleton = ?", rows)

        await self._run(touch)

    # --- internals -----------------------------------------------------------------------

    async def _update(self, skeleton: str, column: str, value: object) -> None:
        def update(db: sqlite3.Connection) -> None:
            with db:
                db.execute(f"UPDATE accounts SET {column} = ? WHERE skeleton = ?", (value, skeleton))

        await self._run(update)

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: work(self._db))  # type: ignore[arg-type]

    def _open(self, _: object) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def _close(self, _: object) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @staticmethod
    def _find(db: sqlite3.Connection, skeleton: str) -> Account | None:
        row = db.execute(f"SELECT {_COLUMNS} FROM accounts WHERE skeleton = ?", (skeleton,)).fetchone()
        if row is None:
            return None
        name, skel, password_hash, wizard, banned, doing, last_seen = row
        return Account(name, skel, password_hash, bool(wizard), bool(banned), doing, last_seen)
