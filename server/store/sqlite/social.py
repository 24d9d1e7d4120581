"""What one account chose for itself, in SQLite: @set preferences, whom it ignores, the room it left from."""

from __future__ import annotations

from server.store import sharedsql as sql
from server.store.sqlite.groupcommit import GroupCommit


class SqlitePreferences(GroupCommit):
    async def preferences(self, skeleton: str) -> dict[str, str]:
        rows = await self._run(lambda db: db.execute(sql.PREFERENCES, (skeleton,)).fetchall())
        return dict(rows)

    async def set_preference(self, skeleton: str, key: str, value: str) -> None:
        await self._write(lambda db: db.execute(sql.SET_PREFERENCE, (skeleton, key, value)))

    async def ignored(self, skeleton: str) -> set[str]:
        """The names an account ignores."""
        rows = await self._run(lambda db: db.execute(sql.IGNORED, (skeleton,)).fetchall())
        return {name for (name,) in rows}

    async def set_ignored(self, skeleton: str, name: str, ignored: bool) -> None:
        await self._write(lambda db: db.execute(sql.IGNORE if ignored else sql.UNIGNORE, (skeleton, name)))

    async def location(self, skeleton: str) -> str | None:
        """The room a player was in when they last left (they come back there)."""
        row = await self._run(lambda db: db.execute(sql.LOCATION, (skeleton,)).fetchone())
        return None if row is None else str(row[0])

    async def set_location(self, skeleton: str, room: str) -> None:
        await self._write(lambda db: db.execute(sql.SET_LOCATION, (skeleton, room)))
