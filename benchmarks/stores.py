"""Benchmarks on either storage backend: ``--store postgresql`` runs the server processes they start on a throwaway
PostgreSQL cluster (``tests/support/pgcluster.py``, fsync on: the durability of production), and reads what they left."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.storedb import database  # noqa: E402

STORES = ("sqlite", "postgresql")
"""What ``--store`` may name."""


@contextmanager
def configured(store: str) -> Iterator[str]:
    """Server processes started in the block use this backend (``COSMIC_STORE__URL``); yields its URL ("" for
    SQLite: the file in each server's data directory)."""
    with configured_cluster(store) as (url, _):
        yield url


@contextmanager
def configured_cluster(store: str) -> Iterator[tuple[str, Any]]:
    """``configured``, and the PostgreSQL cluster it runs (``support.pgcluster.Cluster``: stopped and started again
    by the crash campaign's store fault), None for SQLite."""
    if store == "sqlite":  # (not the PostgreSQL database the environment may name: the test suite's, for instance)
        named = os.environ.pop("COSMIC_STORE__URL", None)
        try:
            yield "", None
        finally:
            if named is not None:
                os.environ["COSMIC_STORE__URL"] = named
        return
    from support.pgcluster import cluster

    with cluster(durable=True) as made:
        url = made.create()
        os.environ["COSMIC_STORE__URL"] = url
        try:
            yield url, made
        finally:
            del os.environ["COSMIC_STORE__URL"]


def reading(url: str, data_dir: Path) -> AbstractContextManager[Any]:
    """A connection to read the store with the server dead, whichever backend (``support.storedb.database``)."""
    return database(data_dir, url)


def intact(url: str, data_dir: Path) -> bool:
    """The database passes its engine's own check: SQLite's ``PRAGMA integrity_check``, PostgreSQL's ``pg_amcheck``
    (every table and index)."""
    if not url:
        with database(data_dir, url) as db:
            return bool(db.execute("PRAGMA integrity_check").fetchone() == ("ok",))
    from support.pgcluster import binaries

    bin_dir = binaries()
    assert bin_dir is not None
    check = subprocess.run([str(bin_dir / "pg_amcheck"), "--install-missing", "--heapallindexed", url],
                           capture_output=True, text=True)
    if check.returncode:
        print(json.dumps({"pg_amcheck": check.stdout + check.stderr}))
    return check.returncode == 0
