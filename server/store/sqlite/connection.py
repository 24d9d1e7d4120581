"""SQLite connections with the store's durability, and the transactions it runs on them."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
BUSY_TIMEOUT = 10.0
"""Seconds to wait for another process holding the database (the console's ``cosmic-wimpout wizard``)."""


def connect(path: Path) -> sqlite3.Connection:
    """A connection with our durability: WAL, every commit synced (``synchronous=FULL``), transactions explicit."""
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    return db


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One transaction, committed at the end of the block or rolled back whole."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def commit_group(db: sqlite3.Connection, works: list[Callable[[sqlite3.Connection], Any]]) -> list[tuple[Any, Exception | None]]:
    """Run writes in one transaction, each in its own savepoint: one that fails is undone alone."""
    outcomes: list[tuple[Any, Exception | None]] = []
    with transaction(db):
        for work in works:
            db.execute("SAVEPOINT work")
            try:
                outcomes.append((_kept_here(work(db)), None))
            except Exception as error:
                db.execute("ROLLBACK TO work")
                outcomes.append((None, error))
            db.execute("RELEASE work")
    return outcomes


def _kept_here(value: T) -> T | None:
    """A write's result, but never a cursor: one freed on the event loop resets its statement there, and SQLite's
    statement cache may meanwhile have handed that very statement to this thread's next write (``touch`` failed with
    'bad parameter or other API misuse', about one in a thousand under load). It is closed here, on this thread."""
    if isinstance(value, sqlite3.Cursor):
        value.close()
        return None
    return value
