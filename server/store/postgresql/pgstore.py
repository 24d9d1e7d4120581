"""The PostgreSQL store: a database on a server named by ``store.url``, reached through a pool of psycopg
connections, with group commit (``pgcommit``) and numbered migrations (``pgschema``). Backups wrap ``pg_dump``."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.types.string import TextLoader

from server.ops.privatefiles import private_file
from server.store import sharedsql as sql
from server.store.domain import StoreError, Tally
from server.store.redaction import redacted, scrubbed
from server.store.postgresql.pgaccounts import PgAccounts
from server.store.postgresql.pgcommit import (
    APPLICATION_NAME, CONNECT_TIMEOUT, Connection, PgGroupCommit, execute, executemany, pg,
)
from server.store.postgresql.pgcommunity import PgChannels, PgModeration, seed_channels
from server.store.postgresql.pgdice import PgDice
from server.store.postgresql.pgfunruns import PgFunRuns
from server.store.postgresql.pggames import PgGames
from server.store.postgresql.pgmail import PgMail
from server.store.postgresql.pgpuzzles import PgPuzzles
from server.store.postgresql.pgpostal import PgPostal
from server.store.postgresql.pgreaching import PgOutreach
from server.store.postgresql.pgstewardship import PgOversight
from server.store.postgresql.pgschema import IDENTITIES, migrate
from server.store.postgresql.pgskill import PgSkill
from server.store.postgresql.pgsocial import PgPreferences
from server.store.postgresql.pgtourneys import PgEvents
from server.store.postgresql.pgworld import PgWorld



def pg_program(name: str) -> str:
    """A PostgreSQL client program (``pg_dump``): on PATH, else the newest in Debian's /usr/lib/postgresql."""
    found = shutil.which(name) or next(
        (str(p) for p in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), key=lambda p: -int(p.parts[-3]))), None
    )
    if found is None:
        raise StoreError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return found


class PostgresStore(PgAccounts, PgPreferences, PgChannels, PgModeration, PgMail, PgWorld, PgGames, PgFunRuns,
                     PgEvents, PgOutreach, PgOversight, PgDice, PgPostal, PgPuzzles, PgSkill):
    """Async facade over one PostgreSQL database."""

    def __init__(self, url: str, tallies: Mapping[str, Tally] | None = None) -> None:
        PgGroupCommit.__init__(self, url)
        self._tallies = tallies or {}

    @property
    def where(self) -> str:
        """The URL without its password (it goes to logs and the console)."""
        return redacted(self._url)

    def exists(self) -> bool:
        """Whether the store has made its tables in the database. Raises StoreError if the database cannot be
        reached (refused, a wrong password, no such role or database): that is not "no database"."""
        try:
            with psycopg.connect(self._url, connect_timeout=int(CONNECT_TIMEOUT)) as db:
                row = db.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
                return bool(row and row[0])
        except psycopg.Error as error:
            raise self._unusable(error) from None

    def in_use(self) -> bool:
        """Another connection of a server's (``APPLICATION_NAME``) is open on the database."""
        try:
            with psycopg.connect(self._url, connect_timeout=int(CONNECT_TIMEOUT)) as db:
                row = db.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
                                 "application_name = %s AND pid <> pg_backend_pid()", (APPLICATION_NAME,)).fetchone()
                return bool(row and row[0])
        except psycopg.Error as error:
            raise self._unusable(error) from None

    def _unusable(self, error: Exception) -> StoreError:
        """Why the database cannot be used, in the driver's words, with no password in them."""
        return StoreError(f"cannot use the database {self.where}: {scrubbed(str(error).strip(), self._url)}")

    async def open(self) -> None:
        """Bring the database up to date (tables, the first channels) in one transaction, then open the pool. Raises
        :class:`StoreError` (the server says why and stops) if the database cannot be reached or changed."""
        try:
            async with await psycopg.AsyncConnection.connect(self._url, connect_timeout=int(CONNECT_TIMEOUT)) as db:
                async with db.transaction():
                    await migrate(db, self.where)
                    await seed_channels(db)
            await self._open_pool()
        except psycopg.Error as error:
            raise self._unusable(error) from None

    async def close(self) -> None:
        """Commit what was asked for, then close."""
        await self._stop()

    async def backup(self, to: Path) -> None:
        """``pg_dump`` of the whole database into the new file ``to`` (custom format, for ``pg_restore``): one
        snapshot, taken while the server goes on writing. The file is the server's user's alone, as SQLite's copy is."""
        try:
            where = conninfo_to_dict(self._url)
        except psycopg.Error as error:
            raise self._unusable(error) from None
        password = where.pop("password", None)
        private_file(to, new=True)
        with tempfile.TemporaryDirectory(prefix="cw-pgpass-") as private:  # (0700: the server's user's alone)
            env = dict(os.environ)
            if password is not None:  # never on pg_dump's command line, which every local user can read (ps)
                env["PGPASSFILE"] = _passfile(Path(private), str(password))
            dump = await asyncio.create_subprocess_exec(
                pg_program("pg_dump"), "--format=custom", "--no-owner", f"--file={to}",
                f"--dbname={make_conninfo(**where)}", env=env,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
            )
            _, errors = await dump.communicate()
        if dump.returncode:
            to.unlink(missing_ok=True)
            raise StoreError(f"pg_dump failed: {scrubbed(errors.decode(errors='replace').strip(), self._url)}")

    async def rows(self, table: str) -> list[tuple[Any, ...]]:
        """Every row of one table of the logical schema (``sharedsql.TABLES``), JSON as its text."""

        async def load(db: Connection) -> list[tuple[Any, ...]]:
            async with db.cursor() as cursor:
                cursor.adapters.register_loader("json", TextLoader)
                await cursor.execute(pg(sql.select_all(table)))  # type: ignore[arg-type]
                return await cursor.fetchall()

        return await self._run(load)

    async def load(self, tables: Mapping[str, list[tuple[Any, ...]]]) -> None:
        """Replace every row with these (by table of ``sharedsql.TABLES``), in one transaction; the sequences go on
        after the ids copied."""

        async def replace(db: Connection) -> None:
            for table, _, _ in reversed(sql.TABLES):
                await execute(db, f"DELETE FROM {table}")
            for table, _, _ in sql.TABLES:
                await executemany(db, sql.insert_all(table), tables.get(table, []))
            for table in IDENTITIES:
                await execute(db, f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                                  f" FROM {table}")

        await self._write(replace)


def _passfile(directory: Path, password: str) -> str:
    """A password file (libpq's ``PGPASSFILE``, mode 0600) holding ``password`` for any server and database."""
    path = directory / "pgpass"
    escaped = password.replace("\\", "\\\\").replace(":", "\\:")
    private_file(path, new=True)
    path.write_text(f"*:*:*:*:{escaped}\n")
    return str(path)
