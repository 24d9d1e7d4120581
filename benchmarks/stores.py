"""Benchmarks on either storage backend: ``--store postgresql`` runs the server processes they start on a throwaway
PostgreSQL cluster (``tests/pgcluster.py``, fsync on: the durability of production), and reads what they left."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from server.store.sqlite import FILENAME  # noqa: E402

STORES = ("sqlite", "postgresql")
"""What ``--store`` may name."""


@contextmanager
def configured(store: str) -> Iterator[str]:
    """Server processes started in the block use this backend (``COSMIC_STORE__URL``); yields its URL ("" for
    SQLite: the file in each server's data directory)."""
    if store == "sqlite":
        yield ""
        return
    from pgcluster import cluster

    with cluster(durable=True) as made:
        url = made.create()
        os.environ["COSMIC_STORE__URL"] = url
        try:
            yield url
        finally:
            del os.environ["COSMIC_STORE__URL"]


@contextmanager
def reading(url: str, data_dir: Path) -> Iterator[Any]:
    """A connection to read the store with the server dead, whichever backend: sqlite3's, or psycopg's giving JSON as
    its text, as SQLite does (queries without parameters read alike on both)."""
    if not url:
        with closing(sqlite3.connect(data_dir / FILENAME)) as db:
            yield db
        return
    import psycopg
    from psycopg.types.string import TextLoader

    with psycopg.connect(url) as db:
        db.adapters.register_loader("json", TextLoader)
        yield db


def intact(url: str, data_dir: Path) -> bool:
    """The database passes its engine's own check: SQLite's ``PRAGMA integrity_check``, PostgreSQL's ``pg_amcheck``
    (every table and index)."""
    if not url:
        with reading(url, data_dir) as db:
            return bool(db.execute("PRAGMA integrity_check").fetchone() == ("ok",))
    from pgcluster import binaries

    bin_dir = binaries()
    assert bin_dir is not None
    check = subprocess.run([str(bin_dir / "pg_amcheck"), "--install-missing", "--heapallindexed", url],
                           capture_output=True, text=True)
    if check.returncode:
        print(json.dumps({"pg_amcheck": check.stdout + check.stderr}))
    return check.returncode == 0
