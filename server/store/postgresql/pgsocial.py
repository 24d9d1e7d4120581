"""What one account chose for itself, in PostgreSQL: @set preferences, whom it ignores, the room it left from."""

from __future__ import annotations

from server.store import sharedsql as sql
from server.store.postgresql.pgcommit import PgGroupCommit, execute, fetchall, fetchone


class PgPreferences(PgGroupCommit):
    async def preferences(self, skeleton: str) -> dict[str, str]:
        return dict(await self._run(lambda db: fetchall(db, sql.PREFERENCES, (skeleton,))))  # type: ignore[arg-type]

    async def set_preference(self, skeleton: str, key: str, value: str) -> None:
        await self._write(lambda db: execute(db, sql.SET_PREFERENCE, (skeleton, key, value)))

    async def ignored(self, skeleton: str) -> set[str]:
        """The names an account ignores."""
        return {name for (name,) in await self._run(lambda db: fetchall(db, sql.IGNORED, (skeleton,)))}

    async def set_ignored(self, skeleton: str, name: str, ignored: bool) -> None:
        await self._write(lambda db: execute(db, sql.IGNORE if ignored else sql.UNIGNORE, (skeleton, name)))

    async def location(self, skeleton: str) -> str | None:
        """The room a player was in when they last left (they come back there)."""
        row = await self._run(lambda db: fetchone(db, sql.LOCATION, (skeleton,)))
        return None if row is None else str(row[0])

    async def set_location(self, skeleton: str, room: str) -> None:
        await self._write(lambda db: execute(db, sql.SET_LOCATION, (skeleton, room)))
