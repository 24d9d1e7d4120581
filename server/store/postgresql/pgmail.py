"""@mail in PostgreSQL: letters kept for a player until they delete them."""

from __future__ import annotations

from collections.abc import Sequence

from server.store import sharedsql as sql
from server.store.domain import Letter
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, changed, execute, fetchall, fetchone


class PgMail(PgGroupCommit):
    async def letters(self, skeleton: str) -> list[Letter]:
        rows = await self._run(lambda db: fetchall(db, sql.LETTERS, (skeleton,)))
        return [Letter(int(id), sender, sent_at, preview, bool(read)) for id, sender, sent_at, preview, read in rows]

    async def letter_body(self, skeleton: str, letter: int) -> str | None:
        row = await self._run(lambda db: fetchone(db, sql.LETTER_BODY, (skeleton, letter)))
        return None if row is None else str(row[0])

    async def send_letter(self, skeleton: str, sender: str, sent_at: float, body: str, most: int) -> bool:
        return bool(await self._write(
            lambda db: changed(db, sql.SEND_LETTER, (skeleton, sender, sent_at, body, skeleton, most))))

    async def mark_read(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: execute(db, sql.MARK_READ, (skeleton, letter)))

    async def delete_letters(self, skeleton: str, letters: Sequence[int] | None) -> int:
        async def delete(db: Connection) -> int:
            if letters is None:
                return await changed(db, sql.DELETE_ALL_LETTERS, (skeleton,))
            return sum([await changed(db, sql.DELETE_LETTER, (skeleton, letter)) for letter in letters])

        return await self._write(delete)
