"""The storage seam holds: SQLite (its module and its SQL) lives only in the SQLite backend's folder, and the rest
of the server reaches the store through ``server.store`` alone."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from server.store import Store
from server.store.sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
BACKEND = ROOT / "server" / "store" / "sqlite"
SQL = re.compile(r"\b(SELECT .* FROM|INSERT (OR \w+ )?INTO|UPDATE \w+ SET|DELETE FROM|CREATE TABLE|PRAGMA)\b")


def sources() -> list[Path]:
    return [p for layer in ("engine", "rooms", "server") for p in (ROOT / layer).rglob("*.py") if BACKEND not in p.parents]


def test_sqlite_and_sql_only_in_the_sqlite_backend() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}" for path in sources()
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"^\s*(import sqlite3|from sqlite3 )", line) or SQL.search(line)
    ]
    assert not found, found


def test_outside_the_store_nothing_imports_a_backend_but_the_console_for_its_file_name() -> None:
    store = ROOT / "server" / "store"
    found = [
        str(path.relative_to(ROOT)) for path in sources()
        if store not in path.parents and "server.store.sqlite" in path.read_text()
    ]
    assert found == ["server/console.py"], found


def test_the_sqlite_store_has_every_method_of_the_store_protocol_as_declared() -> None:
    """A backend is anything with the protocol's methods: one missing or differing would fail only when called."""
    members = {name for cls in Store.__mro__ if cls.__module__ == "server.store.repositories" for name in vars(cls)
               if not name.startswith("_")}
    assert len(members) > 40
    for name in sorted(members):
        declared, made = inspect.getattr_static(Store, name), inspect.getattr_static(SqliteStore, name)
        if isinstance(declared, property):
            assert isinstance(made, property), name
        else:
            assert inspect.signature(made) == inspect.signature(declared), name
            assert inspect.iscoroutinefunction(made) == inspect.iscoroutinefunction(declared), name
