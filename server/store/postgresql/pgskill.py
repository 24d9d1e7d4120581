"""Each rated game's judgement (server.store.judged), in PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence

from server.store.judged import Judged
from server.store.judgedsql import LAST_JUDGED, SAVE_JUDGED
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, fetchall


class PgSkill(PgGroupCommit):
    async def save_judged(self, game_id: int, judged: Sequence[Judged]) -> None:
        async def save(db: Connection) -> None:
            for j in judged:
                await execute(db, SAVE_JUDGED, (game_id, j.player, j.decisions, j.accuracy, j.dice))

        await self._write(save)

    async def last_judged(self, player: str, game: str, pool: str, limit: int) -> list[Judged]:
        rows = await self._run(lambda db: fetchall(db, LAST_JUDGED, (player, game, pool, limit)))
        return [Judged(player, int(decisions), float(accuracy), float(dice)) for decisions, accuracy, dice in rows]
