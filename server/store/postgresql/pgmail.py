"""@mail in PostgreSQL: letters kept for a player until they delete them."""

from __future__ import annotations

from server.store import sharedsql as sql
from server.store.domain import Letter
from server.store.postgresql.pgcommit import PgGroupCommit, execute, fetchall


class PgMail(PgGroupCommit):
    async def letters(self, skeleton: str) -> list[Letter]:
        rows = await self._run(lambda db: fetchall(db, sql.LETTERS, (skeleton,)))
        return [Letter(int(id), sender, sent_at, body, bool(read)) for id, sender, sent_at, body, read in rows]

    async def send_letter(self, skeleton: str, sender: str, sent_at: float, body: str) -> None:
        await self._write(lambda db: execute(db, sql.SEND_LETTER, (skeleton, sender, sent_at, body)))

    async def mark_read(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: execute(db, sql.MARK_READ, (skeleton, letter)))

    async def delete_letter(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: execute(db, sql.DELETE_LETTER, (skeleton, letter)))
