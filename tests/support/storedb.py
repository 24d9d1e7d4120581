"""The store a test's servers use, reached from the test itself on either backend: the store the environment's
``COSMIC_STORE__URL`` names (set by the ``store_url`` fixture and the whole-suite switch; SQLite's file in the data
directory without it), and a raw connection to its database for what only SQL can do (a row deleted as a kill
between two transactions leaves it, a row read without the server)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from server.store import Store, Tally, store_at
from server.store.postgresql.pgstore import pg_program
from server.store.sqlite import FILENAME


def current_url() -> str:
    """The ``store.url`` servers started now would use ("" for SQLite in their data directory)."""
    return os.environ.get("COSMIC_STORE__URL", "")


def store_here(data_dir: Path, tallies: Mapping[str, Tally] | None = None) -> Store:
    """The store a server on ``data_dir`` would open now, not opened yet."""
    return store_at(current_url(), data_dir, tallies)


@contextmanager
def database(data_dir: Path, url: str | None = None) -> Iterator[Any]:
    """A connection to the store's database, committed at the end of the block: sqlite3's, or psycopg's giving JSON
    as its text as SQLite does (statements without parameters read and write alike on both). ``url``: the store's,
    the environment's when None."""
    url = current_url() if url is None else url
    if not url or url.startswith("sqlite:"):
        where = Path(url.partition(":")[2]) if url.partition(":")[2] else data_dir
        with closing(sqlite3.connect(where / FILENAME)) as db:
            yield db
            db.commit()
        return
    import psycopg
    from psycopg.types.string import TextLoader

    with psycopg.connect(url) as db:
        db.adapters.register_loader("json", TextLoader)
        yield db


def stored_bytes(data_dir: Path) -> bytes:
    """Everything the store keeps, as bytes to search: every file in the data directory (SQLite's database among
    them), and PostgreSQL's whole database as ``pg_dump`` writes it in plain SQL when it is the store."""
    files = b"".join(p.read_bytes() for p in data_dir.glob("*") if p.is_file())
    url = current_url()
    if not url or url.startswith("sqlite:"):
        return files
    return files + subprocess.run([pg_program("pg_dump"), f"--dbname={url}"], check=True, capture_output=True).stdout
