"""Epic Funhouse's runs, in PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

from server.store import sharedsql as sql
from server.store.domain import FunRecord
from server.store.funrows import fun_record
from server.store.postgresql.pgcommit import PgGroupCommit, changed, execute, fetchall, fetchone


class PgFunRuns(PgGroupCommit):
    async def create_fun_run(self, player: str, started_at: float, daily: str | None, room: str | None,
                             events: list[dict[str, Any]]) -> int:
        row = await self._write(lambda db: fetchone(
            db, sql.CREATE_FUN_RUN, (player, started_at, daily, room, json.dumps(events))))
        assert row is not None
        return int(row[0])

    async def save_fun_run(self, run_id: int, events: list[dict[str, Any]], total: int | None) -> None:
        await self._write(lambda db: execute(db, sql.SAVE_FUN_RUN, (json.dumps(events), total, run_id)))

    async def fun_run(self, run_id: int) -> FunRecord | None:
        return fun_record(await self._run(lambda db: fetchone(db, sql.FUN_RUN, (run_id,))))

    async def open_fun_run(self, player: str) -> FunRecord | None:
        return fun_record(await self._run(lambda db: fetchone(db, sql.OPEN_FUN_RUN, (player,))))

    async def fun_runs(self, player: str, limit: int) -> list[FunRecord]:
        rows = await self._run(lambda db: fetchall(db, sql.FUN_RUNS, (player, limit)))
        return [record for row in rows if (record := fun_record(row)) is not None]

    async def fun_top(self, limit: int, daily: str | None = None) -> list[FunRecord]:
        query, args = (sql.FUN_TOP, (limit,)) if daily is None else (sql.FUN_DAILY_TOP, (daily, limit))
        rows = await self._run(lambda db: fetchall(db, query, args))
        return [record for row in rows if (record := fun_record(row)) is not None]

    async def prune_fun_runs(self, player: str, keep: int) -> int:
        return await self._write(lambda db: changed(db, sql.PRUNE_FUN_RUNS_OF, (player, player, keep, player)))

    async def prune_old_fun_runs(self, before: float) -> int:
        return await self._write(lambda db: changed(db, sql.PRUNE_OLD_FUN_RUNS, (before,)))
