"""Issue 38's part of the store in PostgreSQL: friends, challenges, vacations (``server.store.postal``)."""

from __future__ import annotations

from server.store import postalsql as sql
from server.store.postal import Challenge, Vacation
from server.store.postgresql.pgcommit import PgGroupCommit, execute, fetchall, fetchone


class PgPostal(PgGroupCommit):
    async def friends(self, skeleton: str) -> list[str]:
        rows = await self._run(lambda db: fetchall(db, sql.FRIENDS, (skeleton,)))
        return [name for (name,) in rows]

    async def followers(self, name: str) -> set[str]:
        return {key for (key,) in await self._run(lambda db: fetchall(db, sql.FOLLOWERS, (name,)))}

    async def set_friend(self, skeleton: str, name: str, friend: bool) -> None:
        await self._write(lambda db: execute(db, sql.BEFRIEND if friend else sql.UNFRIEND, (skeleton, name)))

    async def challenges(self, name: str, now: float) -> list[Challenge]:
        rows = await self._run(lambda db: fetchall(db, sql.CHALLENGES, (name, name, now)))
        return [Challenge(*row) for row in rows]

    async def challenge(self, number: int) -> Challenge | None:
        row = await self._run(lambda db: fetchone(db, sql.CHALLENGE, (number,)))
        return None if row is None else Challenge(*row)

    async def make_challenge(self, by: str, whom: str, options: str, at: float, expires: float) -> int:
        row = await self._write(lambda db: fetchone(db, sql.MAKE_CHALLENGE, (by, whom, options, at, expires)))
        assert row is not None
        return int(row[0])

    async def take_challenge(self, number: int) -> Challenge | None:
        row = await self._write(lambda db: fetchone(db, sql.TAKE_CHALLENGE, (number,)))
        return None if row is None else Challenge(*row)

    async def prune_challenges(self, now: float) -> int:
        return len(await self._write(lambda db: fetchall(db, f"{sql.PRUNE_CHALLENGES} RETURNING id", (now,))))

    async def vacation(self, skeleton: str) -> Vacation | None:
        row = await self._run(lambda db: fetchone(db, sql.ONES_VACATION, (skeleton,)))
        return None if row is None else Vacation(*row)

    async def vacations(self, now: float) -> list[Vacation]:
        return [Vacation(*row) for row in await self._run(lambda db: fetchall(db, sql.ON_VACATION, (now,)))]

    async def set_vacation(self, skeleton: str, since: float | None, until: float | None, year: int,
                           used: float) -> None:
        await self._write(lambda db: execute(db, sql.SET_VACATION, (skeleton, since, until, year, used)))
