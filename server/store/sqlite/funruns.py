"""Epic Funhouse's runs, in SQLite."""

from __future__ import annotations

import json
from typing import Any

from server.store import sharedsql as sql
from server.store.domain import FunRecord
from server.store.funrows import fun_record
from server.store.sqlite.groupcommit import GroupCommit


class SqliteFunRuns(GroupCommit):
    async def create_fun_run(self, player: str, started_at: float, daily: str | None, room: str | None,
                             events: list[dict[str, Any]]) -> int:
        row = await self._write(lambda db: db.execute(
            sql.CREATE_FUN_RUN, (player, started_at, daily, room, json.dumps(events))).fetchone())
        return int(row[0])

    async def save_fun_run(self, run_id: int, events: list[dict[str, Any]], total: int | None) -> None:
        await self._write(lambda db: db.execute(sql.SAVE_FUN_RUN, (json.dumps(events), total, run_id)))

    async def fun_run(self, run_id: int) -> FunRecord | None:
        return fun_record(await self._run(lambda db: db.execute(sql.FUN_RUN, (run_id,)).fetchone()))

    async def open_fun_run(self, player: str) -> FunRecord | None:
        return fun_record(await self._run(lambda db: db.execute(sql.OPEN_FUN_RUN, (player,)).fetchone()))

    async def fun_runs(self, player: str, limit: int) -> list[FunRecord]:
        rows = await self._run(lambda db: db.execute(sql.FUN_RUNS, (player, limit)).fetchall())
        return [record for row in rows if (record := fun_record(row)) is not None]

    async def fun_top(self, limit: int, daily: str | None = None) -> list[FunRecord]:
        query, args = (sql.FUN_TOP, (limit,)) if daily is None else (sql.FUN_DAILY_TOP, (daily, limit))
        rows = await self._run(lambda db: db.execute(query, args).fetchall())
        return [record for row in rows if (record := fun_record(row)) is not None]

    async def prune_fun_runs(self, player: str, keep: int) -> int:
        return int(await self._write(
            lambda db: db.execute(sql.PRUNE_FUN_RUNS_OF, (player, player, keep, player)).rowcount))

    async def prune_old_fun_runs(self, before: float) -> int:
        return int(await self._write(lambda db: db.execute(sql.PRUNE_OLD_FUN_RUNS, (before,)).rowcount))
