"""The storage backends the server can use, each declared by where its code lives and what it offers, and the one
that opens the configured store, chosen by the scheme of the ``store.url`` setting. Django-style: a backend is one
folder under ``server/store/``, imported only when chosen.

To add one: a folder beside ``sqlite/`` and ``postgresql/`` holding all its code and SQL (what the dialects agree on
is in ``sharedsql``), with its own numbered migrations ending in the same logical schema, and a store class that has
every method of ``repositories.Store`` (``tests/test_server_store_seam.py`` checks each backend's that way, and
``tests/test_server_store_backends.py`` runs the store and end-to-end tests on each); then a ``Backend`` line here."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from server.settings import Settings
from server.store.domain import StoreError, Tally
from server.store.redaction import redacted
from server.store.repositories import Store


@dataclass(frozen=True, slots=True)
class Backend:
    name: str
    schemes: tuple[str, ...]
    """The ``store.url`` schemes that choose it."""
    store: str
    """``module:Class`` of its store, built from where the database is (a directory, a URL) and the games' tallies."""
    shared: bool
    """Several game processes may use one database at once (table numbers and game ids come from the database)."""
    backup: str
    """What ``cosmic-wimpout backup`` writes, and how it is restored."""
    backup_suffix: str
    """The ending of the backups ``backup --keep N DIR`` names by their time (server.ops.backups)."""


SQLITE = Backend(
    "sqlite", ("", "sqlite"), "server.store.sqlite:SqliteStore", shared=False,
    backup="a copy of the database file: put it in the data directory as cosmic.sqlite3, the server stopped",
    backup_suffix=".sqlite3",
)
"""The default, with nothing to configure: one file in ``Settings.data_dir``."""
POSTGRESQL = Backend(
    "postgresql", ("postgresql", "postgres"), "server.store.postgresql:PostgresStore", shared=True,
    backup="a pg_dump archive (custom format): restore it with pg_restore --dbname URL into an empty database",
    backup_suffix=".dump",
)
"""A database server (replication, point-in-time recovery, a standby), with psycopg's pool."""
BACKENDS = (SQLITE, POSTGRESQL)


def backend_for(url: str) -> Backend:
    """The backend a ``store.url`` names by its scheme. Raises :class:`StoreError`."""
    scheme = url.partition(":")[0] if ":" in url else url
    for backend in BACKENDS:
        if scheme.lower() in backend.schemes:
            return backend
    known = ", ".join(f"{scheme}:" for backend in BACKENDS for scheme in backend.schemes if scheme)
    raise StoreError(f"store.url {redacted(url)!r} names no storage backend (known: {known} or empty for SQLite in "
                     "data_dir)")


def store_at(url: str, data_dir: Path, tallies: Mapping[str, Tally] | None = None) -> Store:
    """The store a URL names, not opened yet: SQLite's in ``data_dir`` for an empty one or ``sqlite:``, in DIR for
    ``sqlite:DIR``; the database itself for a server's URL."""
    backend = backend_for(url)
    where: Path | str = url
    if backend is SQLITE:
        where = Path(url.partition(":")[2]) if url.partition(":")[2] else data_dir
    module, name = backend.store.split(":")
    return cast(Store, getattr(importlib.import_module(module), name)(where, tallies))


def store_for(settings: Settings, tallies: Mapping[str, Tally] | None = None) -> Store:
    """The configured store, not opened yet; ``tallies`` say how each game type's figures add up (``stats``, ``top``)."""
    return store_at(settings.store.url, settings.data_dir, tallies)
