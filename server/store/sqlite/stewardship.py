"""What wizards oversee, in SQLite: the moderation record server-wide, the holds after '@boot' and '@ban', players'
reports, invitation codes, and accounts renamed or deleted (everything under their name following)."""

from __future__ import annotations

import sqlite3
import time

from server.store import sharedsql as sql
from server.store.domain import Account, Invite, ModerationEntry, NameTaken, Report
from server.store.renaming import (
    Statement,
    deletion_statements,
    former_name,
    game_statements,
    name_statements,
    seat_pattern,
    skeleton_statements,
)
from server.store.sqlite.accounts import find_account
from server.store.sqlite.groupcommit import GroupCommit

SEATED = "SELECT id, seats, conduct FROM games WHERE seats LIKE ?"


class SqliteOversight(GroupCommit):
    async def audit(self, word: str | None, limit: int) -> list[ModerationEntry]:
        if word is None:
            rows = await self._run(lambda db: db.execute(sql.AUDIT_ALL, (limit,)).fetchall())
        else:
            rows = await self._run(lambda db: db.execute(sql.AUDIT, (word, word, word, limit)).fetchall())
        return [ModerationEntry(*row) for row in rows]

    async def holds(self, now: float) -> dict[str, float]:
        def read(db: sqlite3.Connection) -> dict[str, float]:
            db.execute(sql.PRUNE_HOLDS, (now,))
            return dict(db.execute(sql.HOLDS, (now,)).fetchall())

        return await self._write(read)

    async def hold(self, key: str, until: float) -> None:
        await self._write(lambda db: db.execute(sql.HOLD, (key, until)))

    async def release(self, key: str) -> None:
        await self._write(lambda db: db.execute(sql.RELEASE, (key,)))

    async def file_report(self, reporter: str, reported: str, text: str, at: float) -> int:
        row = (at, reporter, reported, text)
        return await self._write(lambda db: int(db.execute(sql.FILE_REPORT, row).fetchall()[0][0]))

    async def reports(self, open_only: bool, limit: int) -> list[Report]:
        query = sql.OPEN_REPORTS if open_only else sql.LATEST_REPORTS
        return [Report(*row) for row in await self._run(lambda db: db.execute(query, (limit,)).fetchall())]

    async def reports_by(self, reporter: str, since: float) -> list[Report]:
        rows = await self._run(lambda db: db.execute(sql.REPORTS_BY, (reporter, since)).fetchall())
        return [Report(*row) for row in rows]

    async def close_report(self, number: int, by: str, note: str, at: float) -> Report | None:
        rows = await self._write(lambda db: db.execute(sql.CLOSE_REPORT, (at, by, note, number)).fetchall())
        return Report(*rows[0]) if rows else None

    async def create_invite(self, invite: Invite) -> None:
        await self._write(lambda db: db.execute(sql.CREATE_INVITE, (invite.code, invite.by, invite.at, invite.note)))

    async def invites(self, since: float) -> list[Invite]:
        return [Invite(*row) for row in await self._run(lambda db: db.execute(sql.INVITES, (since,)).fetchall())]

    async def cancel_invite(self, code: str) -> bool:
        return await self._write(lambda db: bool(db.execute(sql.CANCEL_INVITE, (code,)).fetchall()))

    async def rename_account(self, skeleton: str, name: str, new_name: str, new_skeleton: str) -> Account:
        def rename(db: sqlite3.Connection) -> Account:
            taken = find_account(db, new_skeleton)
            if taken is not None and taken.skeleton != skeleton:
                raise NameTaken(taken.name)
            _run_all(db, skeleton_statements(skeleton, new_skeleton))
            db.execute(sql.RENAME_ACCOUNT, (new_name, new_skeleton, skeleton))
            _rename_player(db, name, new_name)
            found = find_account(db, new_skeleton)
            assert found is not None
            return found

        return await self._write(rename)

    async def delete_account(self, skeleton: str, name: str) -> str:
        def delete(db: sqlite3.Connection) -> str:
            former = former_name()
            while db.execute(sql.FORMER_TAKEN, (former,)).fetchall():
                former = former_name()
            _run_all(db, deletion_statements(skeleton, name))
            _rename_player(db, name, former)
            db.execute(sql.RECORD, (time.time(), former, "delete", former, ""))
            return former

        return await self._write(delete)


def _rename_player(db: sqlite3.Connection, old: str, new: str) -> None:
    """Every column and every game that names ``old`` as a player, made ``new``."""
    _run_all(db, name_statements(old, new))
    for game_id, seats, conduct in db.execute(SEATED, (seat_pattern(old),)).fetchall():
        events = db.execute(sql.GAME_EVENTS, (game_id,)).fetchall()
        _run_all(db, game_statements(game_id, seats, conduct, events, old, new))


def _run_all(db: sqlite3.Connection, statements: list[Statement]) -> None:
    for statement, parameters in statements:
        db.execute(statement, parameters)
