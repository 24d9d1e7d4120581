"""The storage seam holds: SQLite and PostgreSQL (their modules and their SQL) live only in their backends' folders,
with the SQL both dialects agree on in ``server/store/sharedsql.py``, and the rest of the server reaches the store
through ``server.store`` alone."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from server.store import Store
from server.store.postgresql import PostgresStore
from server.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
BACKEND = ROOT / "server" / "store" / "sqlite"
POSTGRESQL = ROOT / "server" / "store" / "postgresql"
SHARED = (ROOT / "server" / "store" / "sharedsql.py", ROOT / "server" / "store" / "postalsql.py",
          ROOT / "server" / "store" / "puzzlesql.py",
          ROOT / "server" / "store" / "judgedsql.py")
"""What both backends run as written (issues 38's and 40's statements in a module of their own)."""
SQL = re.compile(r"\b(SELECT .* FROM|INSERT (OR \w+ )?INTO|UPDATE \w+ SET|DELETE FROM|CREATE TABLE|PRAGMA)\b")


def sources(*backends: Path) -> list[Path]:
    """The server's modules outside these backends' folders."""
    return [p for layer in ("engine", "rooms", "server") for p in (ROOT / layer).rglob("*.py")
            if not any(backend in p.parents for backend in backends)]


def test_sql_only_in_the_backends_and_what_they_share() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}" for path in sources(BACKEND, POSTGRESQL) if path not in SHARED
        for n, line in enumerate(path.read_text().splitlines(), 1) if SQL.search(line)
    ]
    assert not found, found


def test_sqlite_only_in_the_sqlite_backend_and_psycopg_only_in_the_postgresql_one() -> None:
    for backend, module in ((BACKEND, "sqlite3"), (POSTGRESQL, "psycopg")):
        found = [
            f"{path.relative_to(ROOT)}:{n}" for path in sources(backend)
            for n, line in enumerate(path.read_text().splitlines(), 1)
            if re.search(rf"^\s*(import {module}|from {module}[_.\w]* )", line)
        ]
        assert not found, (module, found)


def test_outside_the_store_nothing_imports_a_backend() -> None:
    store = ROOT / "server" / "store"
    found = [
        str(path.relative_to(ROOT)) for path in sources()
        if store not in path.parents and "server.store.sqlite" in path.read_text()
    ]
    assert found == [], found  # (the console's help names the SQLite file by server.settings.SQLITE_FILE: issue 41)


@pytest.mark.parametrize("backend", [SqliteStore, PostgresStore])
def test_each_store_has_every_method_of_the_store_protocol_as_declared(backend: type) -> None:
    """A backend is anything with the protocol's methods: one missing or differing would fail only when called."""
    members = {name for cls in Store.__mro__ if cls.__module__ == "server.store.repositories" for name in vars(cls)
               if not name.startswith("_")}
    assert len(members) > 40
    for name in sorted(members):
        declared, made = inspect.getattr_static(Store, name), inspect.getattr_static(backend, name)
        if isinstance(declared, property):
            assert isinstance(made, property), name
        else:
            assert inspect.signature(made) == inspect.signature(declared), name
            assert inspect.iscoroutinefunction(made) == inspect.iscoroutinefunction(declared), name
