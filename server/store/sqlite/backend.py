"""The SQLite store: one database file in the data directory (WAL, ``synchronous=FULL``), on one dedicated thread,
with group commit (``groupcommit``) and numbered migrations (``schema``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from contextlib import closing
from pathlib import Path
from typing import Any

from server.process.lockfile import running_pid
from server.ops.privatefiles import private_directory, private_file
from server.settings import SQLITE_FILE as FILENAME
from server.store import sharedsql as sql
from server.store.domain import Tally
from server.store.sqlite.accounts import SqliteAccounts
from server.store.sqlite.community import SqliteChannels, SqliteModeration, seed_channels
from server.store.sqlite.connection import connect, transaction
from server.store.sqlite.dicerows import SqliteDice
from server.store.sqlite.funruns import SqliteFunRuns
from server.store.sqlite.games import SqliteGames
from server.store.sqlite.groupcommit import GroupCommit
from server.store.sqlite.mail import SqliteMail
from server.store.sqlite.puzzlerows import SqlitePuzzles
from server.store.sqlite.reaching import SqliteOutreach
from server.store.sqlite.stewardship import SqliteOversight
from server.store.sqlite.schema import migrate
from server.store.sqlite.skillrows import SqliteSkill
from server.store.sqlite.sqlpostal import SqlitePostal
from server.store.sqlite.social import SqlitePreferences
from server.store.sqlite.tourneys import SqliteEvents
from server.store.sqlite.worldmap import SqliteWorld

SIDE_FILES = ("-wal", "-shm")
"""What SQLite keeps beside the database in WAL mode (named after it)."""


class SqliteStore(
    SqliteAccounts, SqlitePreferences, SqliteChannels, SqliteModeration, SqliteMail, SqliteWorld, SqliteGames,
    SqliteFunRuns, SqliteEvents, SqliteOutreach, SqliteOversight, SqliteDice, SqlitePostal, SqlitePuzzles,
    SqliteSkill,
):
    """Async facade over one SQLite database file."""

    def __init__(self, data_dir: Path, tallies: Mapping[str, Tally] | None = None) -> None:
        GroupCommit.__init__(self)
        self.path = data_dir / FILENAME
        self._tallies = tallies or {}

    @property
    def where(self) -> str:
        return str(self.path)

    def exists(self) -> bool:
        return self.path.is_file()

    def in_use(self) -> bool:
        """A server holds its directory's lock (server.process.lockfile)."""
        return running_pid(self.path.parent) is not None

    async def open(self) -> None:
        await self._run(self._open)

    async def close(self) -> None:
        """Commit what was asked for, then close (the thread takes its jobs in order: every commit comes first)."""
        await self._stop()

    async def backup(self, to: Path) -> None:
        """SQLite's online backup into the new file ``to``: the copy is the database at one moment, and the server
        goes on writing meanwhile."""

        def copy(db: sqlite3.Connection) -> None:
            private_file(to, new=True)
            with closing(sqlite3.connect(to)) as target:
                db.backup(target)

        await self._run(copy)

    async def rows(self, table: str) -> list[tuple[Any, ...]]:
        """Every row of one table of the logical schema (``sharedsql.TABLES``)."""
        return await self._run(lambda db: db.execute(sql.select_all(table)).fetchall())

    async def load(self, tables: Mapping[str, list[tuple[Any, ...]]]) -> None:
        """Replace every row with these (by table of ``sharedsql.TABLES``), in one transaction."""

        def replace(db: sqlite3.Connection) -> None:
            for table, _, _ in reversed(sql.TABLES):
                db.execute(f"DELETE FROM {table}")
            for table, _, _ in sql.TABLES:
                db.executemany(sql.insert_all(table), tables.get(table, []))

        await self._write(replace)

    def _open(self, _: object) -> None:
        """Bring the database up to date (tables, columns, the first channels) in one transaction: never half of it,
        and one sync to disk where each statement on its own was one (about 20 for a new database: 75 - 160 ms)."""
        private_directory(self.path.parent)
        for path in (self.path, *(self.path.with_name(self.path.name + end) for end in SIDE_FILES)):
            if path == self.path or path.exists():
                private_file(path)
        self._db = db = connect(self.path)
        try:
            with transaction(db):
                migrate(db, self.where)
                seed_channels(db)
        except BaseException:
            self._close(None)
            raise
