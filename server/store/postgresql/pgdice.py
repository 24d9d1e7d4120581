"""What checking dice needs (a game's, a Funhouse run's, a day's daily seed), in PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

from server.store import sharedsql as sql
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, fetchall, fetchone


class PgDice(PgGroupCommit):
    async def save_dice(self, kind: str, ref: str, record: dict[str, Any]) -> None:
        await self._write(lambda db: execute(db, sql.SAVE_DICE, (kind, ref, json.dumps(record))))

    async def first_dice(self, kind: str, ref: str, record: dict[str, Any]) -> dict[str, Any]:
        async def claim(db: Connection) -> str:
            await execute(db, sql.FIRST_DICE, (kind, ref, json.dumps(record)))
            row = await fetchone(db, sql.DICE_RECORD, (kind, ref))
            assert row is not None
            return str(row[0])

        return dict(json.loads(await self._write(claim)))

    async def recent_games(self, game: str, limit: int) -> list[int]:
        rows = await self._run(lambda db: fetchall(db, sql.RECENT_GAMES, (game, limit)))
        return [int(game_id) for (game_id,) in rows]

    async def dice(self, kind: str, ref: str) -> dict[str, Any] | None:
        row = await self._run(lambda db: fetchone(db, sql.DICE_RECORD, (kind, ref)))
        return None if row is None else dict(json.loads(row[0]))
