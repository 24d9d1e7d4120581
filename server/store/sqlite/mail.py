"""@mail in SQLite: letters kept for a player until they delete them."""

from __future__ import annotations

from server.store import sharedsql as sql
from server.store.domain import Letter
from server.store.sqlite.groupcommit import GroupCommit


class SqliteMail(GroupCommit):
    async def letters(self, skeleton: str) -> list[Letter]:
        rows = await self._run(lambda db: db.execute(sql.LETTERS, (skeleton,)).fetchall())
        return [Letter(id, sender, sent_at, body, bool(read)) for id, sender, sent_at, body, read in rows]

    async def send_letter(self, skeleton: str, sender: str, sent_at: float, body: str) -> None:
        await self._write(lambda db: db.execute(sql.SEND_LETTER, (skeleton, sender, sent_at, body)))

    async def mark_read(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: db.execute(sql.MARK_READ, (skeleton, letter)))

    async def delete_letter(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: db.execute(sql.DELETE_LETTER, (skeleton, letter)))
