"""What checking dice needs (a game's, a Funhouse run's, a day's daily seed), in SQLite."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from server.store import sharedsql as sql
from server.store.sqlite.groupcommit import GroupCommit


class SqliteDice(GroupCommit):
    async def save_dice(self, kind: str, ref: str, record: dict[str, Any]) -> None:
        await self._write(lambda db: db.execute(sql.SAVE_DICE, (kind, ref, json.dumps(record))))

    async def first_dice(self, kind: str, ref: str, record: dict[str, Any]) -> dict[str, Any]:
        def claim(db: sqlite3.Connection) -> str:
            db.execute(sql.FIRST_DICE, (kind, ref, json.dumps(record)))
            return str(db.execute(sql.DICE_RECORD, (kind, ref)).fetchone()[0])

        return dict(json.loads(await self._write(claim)))

    async def recent_games(self, game: str, limit: int) -> list[int]:
        rows = await self._run(lambda db: db.execute(sql.RECENT_GAMES, (game, limit)).fetchall())
        return [int(game_id) for (game_id,) in rows]

    async def dice(self, kind: str, ref: str) -> dict[str, Any] | None:
        row = await self._run(lambda db: db.execute(sql.DICE_RECORD, (kind, ref)).fetchone())
        return None if row is None else dict(json.loads(row[0]))
