"""What wizards oversee, in PostgreSQL: the moderation record server-wide, the holds after '@boot' and '@ban',
players' reports, invitation codes, and accounts renamed or deleted (everything under their name following)."""

from __future__ import annotations

import time

from server.store import sharedsql as sql
from server.store.domain import Account, Invite, ModerationEntry, NameTaken, Report
from server.store.postgresql.pgaccounts import find_account
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, fetchall
from server.store.renaming import (
    Statement,
    deletion_statements,
    former_name,
    game_statements,
    name_statements,
    seat_pattern,
    skeleton_statements,
)

SEATED = "SELECT id, seats, conduct FROM games WHERE seats::text LIKE ?"


class PgOversight(PgGroupCommit):
    async def audit(self, word: str | None, limit: int) -> list[ModerationEntry]:
        if word is None:
            rows = await self._run(lambda db: fetchall(db, sql.AUDIT_ALL, (limit,)))
        else:
            rows = await self._run(lambda db: fetchall(db, sql.AUDIT, (word, word, word, limit)))
        return [ModerationEntry(*row) for row in rows]

    async def holds(self, now: float) -> dict[str, float]:
        async def read(db: Connection) -> dict[str, float]:
            await execute(db, sql.PRUNE_HOLDS, (now,))
            return {key: until for key, until in await fetchall(db, sql.HOLDS, (now,))}

        return await self._write(read)

    async def hold(self, key: str, until: float) -> None:
        await self._write(lambda db: execute(db, sql.HOLD, (key, until)))

    async def release(self, key: str) -> None:
        await self._write(lambda db: execute(db, sql.RELEASE, (key,)))

    async def file_report(self, reporter: str, reported: str, text: str, at: float) -> int:
        async def file(db: Connection) -> int:
            return int((await fetchall(db, sql.FILE_REPORT, (at, reporter, reported, text)))[0][0])

        return await self._write(file)

    async def reports(self, open_only: bool, limit: int) -> list[Report]:
        query = sql.OPEN_REPORTS if open_only else sql.LATEST_REPORTS
        return [Report(*row) for row in await self._run(lambda db: fetchall(db, query, (limit,)))]

    async def reports_by(self, reporter: str, since: float) -> list[Report]:
        return [Report(*row) for row in await self._run(lambda db: fetchall(db, sql.REPORTS_BY, (reporter, since)))]

    async def close_report(self, number: int, by: str, note: str, at: float) -> Report | None:
        rows = await self._write(lambda db: fetchall(db, sql.CLOSE_REPORT, (at, by, note, number)))
        return Report(*rows[0]) if rows else None

    async def create_invite(self, invite: Invite) -> None:
        await self._write(lambda db: execute(db, sql.CREATE_INVITE, (invite.code, invite.by, invite.at, invite.note)))

    async def invites(self, since: float) -> list[Invite]:
        return [Invite(*row) for row in await self._run(lambda db: fetchall(db, sql.INVITES, (since,)))]

    async def cancel_invite(self, code: str) -> bool:
        return bool(await self._write(lambda db: fetchall(db, sql.CANCEL_INVITE, (code,))))

    async def rename_account(self, skeleton: str, name: str, new_name: str, new_skeleton: str) -> Account:
        async def rename(db: Connection) -> Account:
            taken = await find_account(db, new_skeleton)
            if taken is not None and taken.skeleton != skeleton:
                raise NameTaken(taken.name)
            await _run_all(db, skeleton_statements(skeleton, new_skeleton))
            await execute(db, sql.RENAME_ACCOUNT, (new_name, new_skeleton, skeleton))
            await _rename_player(db, name, new_name)
            found = await find_account(db, new_skeleton)
            assert found is not None
            return found

        return await self._write(rename)

    async def delete_account(self, skeleton: str, name: str) -> str:
        async def delete(db: Connection) -> str:
            former = former_name()
            while await fetchall(db, sql.FORMER_TAKEN, (former,)):
                former = former_name()
            await _run_all(db, deletion_statements(skeleton, name))
            await _rename_player(db, name, former)
            await execute(db, sql.RECORD, (time.time(), former, "delete", former, ""))
            return former

        return await self._write(delete)


async def _rename_player(db: Connection, old: str, new: str) -> None:
    """Every column and every game that names ``old`` as a player, made ``new``."""
    await _run_all(db, name_statements(old, new))
    for game_id, seats, conduct in await fetchall(db, SEATED, (seat_pattern(old),)):
        events = await fetchall(db, sql.GAME_EVENTS, (game_id,))
        await _run_all(db, game_statements(game_id, seats, conduct, events, old, new))


async def _run_all(db: Connection, statements: list[Statement]) -> None:
    for statement, parameters in statements:
        await execute(db, statement, parameters)
