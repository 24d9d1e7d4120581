"""What one account chose for itself, in SQLite: @set preferences, whom it ignores, the room it left from."""

from __future__ import annotations

from server.store.sqlite.groupcommit import GroupCommit


class SqlitePreferences(GroupCommit):
    async def preferences(self, skeleton: str) -> dict[str, str]:
        rows = await self._run(
            lambda db: db.execute("SELECT key, value FROM preferences WHERE skeleton = ?", (skeleton,)).fetchall()
        )
        return dict(rows)

    async def set_preference(self, skeleton: str, key: str, value: str) -> None:
        await self._write(
            lambda db: db.execute("INSERT OR REPLACE INTO preferences VALUES (?, ?, ?)", (skeleton, key, value))
        )

    async def ignored(self, skeleton: str) -> set[str]:
        """The names an account ignores."""
        rows = await self._run(lambda db: db.execute("SELECT ignored FROM ignores WHERE skeleton = ?", (skeleton,)).fetchall())
        return {name for (name,) in rows}

    async def set_ignored(self, skeleton: str, name: str, ignored: bool) -> None:
        sql = "INSERT OR IGNORE INTO ignores VALUES (?, ?)" if ignored else "DELETE FROM ignores WHERE skeleton = ? AND ignored = ?"
        await self._write(lambda db: db.execute(sql, (skeleton, name)))

    async def location(self, skeleton: str) -> str | None:
        """The room a player was in when they last left (they come back there)."""
        row = await self._run(
            lambda db: db.execute("SELECT room FROM locations WHERE skeleton = ?", (skeleton,)).fetchone()
        )
        return None if row is None else str(row[0])

    async def set_location(self, skeleton: str, room: str) -> None:
        await self._write(lambda db: db.execute("INSERT OR REPLACE INTO locations VALUES (?, ?)", (skeleton, room)))
