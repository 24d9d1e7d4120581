"""Stores that fail on purpose (issue 36), for the tests and the crash campaign of a server whose store cannot save:
SQLite's data directory on a small tmpfs whose disk is then filled (mounting needs root), or a PostgreSQL database
that refuses every connection (those it had are ended), each put right again afterwards."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

FILLER = "filler"
"""The file that fills a small disk (in the data directory, beside the database)."""


class Fault(Protocol):
    """A store made to fail (``fail``) and put right (``mend``), as often as wanted."""

    def fail(self) -> None: ...

    def mend(self) -> None: ...


def why_no_small_disk() -> str | None:
    """Why a small tmpfs cannot be mounted here, if it cannot."""
    if os.geteuid() != 0:
        return "mounting a small tmpfs to fill up needs root"
    if shutil.which("mount") is None or shutil.which("umount") is None:
        return "no mount(8) here"
    return None


class FullDisk:
    """A small tmpfs holding SQLite's data directory: ``fail`` fills it to the last byte, ``mend`` frees it."""

    def __init__(self, where: Path) -> None:
        self.where = where

    def fail(self) -> None:
        chunk = bytes(64 * 1024)
        descriptor = os.open(self.where / FILLER, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            for size in (len(chunk), 4096, 1):  # to the last byte
                try:
                    while True:
                        os.write(descriptor, chunk[:size])
                except OSError as full:
                    if full.errno != errno.ENOSPC:
                        raise
        finally:
            os.close(descriptor)

    def mend(self) -> None:
        (self.where / FILLER).unlink(missing_ok=True)


@contextmanager
def small_disk(where: Path, size: str = "2m") -> Iterator[FullDisk]:
    """``where`` (made if missing) on a tmpfs of ``size`` for as long as the block runs (root only)."""
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(where)], check=True)
    try:
        yield FullDisk(where)
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


class Refusing:
    """A PostgreSQL database that ``fail`` closes to every connection (ending those it has: the server's pool, a
    client's), as a database being restored or a server going down refuses them; ``mend`` opens it again."""

    def __init__(self, url: str) -> None:
        self.url = url
        base, _, self.name = url.rpartition("/")
        self._admin = f"{base}/postgres"

    def _admin_sql(self, *statements: str) -> None:
        import psycopg

        with psycopg.connect(self._admin, autocommit=True) as db:
            for statement in statements:
                db.execute(statement)

    def fail(self) -> None:
        self._admin_sql(f"ALTER DATABASE {self.name} ALLOW_CONNECTIONS false",
                        f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{self.name}'")

    def mend(self) -> None:
        self._admin_sql(f"ALTER DATABASE {self.name} ALLOW_CONNECTIONS true")


@contextmanager
def store_fault(data_dir: Path, url: str) -> Iterator[Fault]:
    """The fault for the store a server started now would use: SQLite's data directory ``data_dir`` on a small
    disk to fill, or the PostgreSQL database of ``url`` to close (mended at the end either way)."""
    if not url or url.startswith("sqlite:"):
        with small_disk(data_dir) as disk:
            try:
                yield disk
            finally:
                disk.mend()
        return
    refusing = Refusing(url)
    try:
        yield refusing
    finally:
        refusing.mend()


class Stopped:
    """A PostgreSQL cluster (``support.pgcluster.Cluster``) stopped as an operator would (every connection ended, new
    ones refused at the port), then started again."""

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster

    def fail(self) -> None:
        self.cluster.stop()

    def mend(self) -> None:
        self.cluster.start()
