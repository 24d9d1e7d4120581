"""@mail in SQLite: letters kept for a player until they delete them."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from server.store import sharedsql as sql
from server.store.domain import Letter
from server.store.sqlite.groupcommit import GroupCommit


class SqliteMail(GroupCommit):
    async def letters(self, skeleton: str) -> list[Letter]:
        rows = await self._run(lambda db: db.execute(sql.LETTERS, (skeleton,)).fetchall())
        return [Letter(id, sender, sent_at, preview, bool(read)) for id, sender, sent_at, preview, read in rows]

    async def letter_body(self, skeleton: str, letter: int) -> str | None:
        row = await self._run(lambda db: db.execute(sql.LETTER_BODY, (skeleton, letter)).fetchone())
        return None if row is None else str(row[0])

    async def send_letter(self, skeleton: str, sender: str, sent_at: float, body: str, most: int) -> bool:
        return bool(await self._write(
            lambda db: db.execute(sql.SEND_LETTER, (skeleton, sender, sent_at, body, skeleton, most)).rowcount))

    async def mark_read(self, skeleton: str, letter: int) -> None:
        await self._write(lambda db: db.execute(sql.MARK_READ, (skeleton, letter)))

    async def delete_letters(self, skeleton: str, letters: Sequence[int] | None) -> int:
        def delete(db: sqlite3.Connection) -> int:
            if letters is None:
                return db.execute(sql.DELETE_ALL_LETTERS, (skeleton,)).rowcount
            return sum(db.execute(sql.DELETE_LETTER, (skeleton, letter)).rowcount for letter in letters)

        return await self._write(delete)
