"""Each rated game's judgement (server.store.judged), in SQLite."""

from __future__ import annotations

from collections.abc import Sequence

from server.store.judged import Judged
from server.store.judgedsql import LAST_JUDGED, SAVE_JUDGED
from server.store.sqlite.groupcommit import GroupCommit


class SqliteSkill(GroupCommit):
    async def save_judged(self, game_id: int, judged: Sequence[Judged]) -> None:
        rows = [(game_id, j.player, j.decisions, j.accuracy, j.dice) for j in judged]
        await self._write(lambda db: db.executemany(SAVE_JUDGED, rows))

    async def last_judged(self, player: str, game: str, pool: str, limit: int) -> list[Judged]:
        rows = await self._run(lambda db: db.execute(LAST_JUDGED, (player, game, pool, limit)).fetchall())
        return [Judged(player, int(decisions), float(accuracy), float(dice)) for decisions, accuracy, dice in rows]
