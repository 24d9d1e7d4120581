"""Issue 38's part of the store in SQLite: friends, challenges, vacations (``server.store.postal``)."""

from __future__ import annotations

from server.store import postalsql as sql
from server.store.postal import Challenge, Vacation
from server.store.sqlite.groupcommit import GroupCommit


class SqlitePostal(GroupCommit):
    async def friends(self, skeleton: str) -> list[str]:
        rows = await self._run(lambda db: db.execute(sql.FRIENDS, (skeleton,)).fetchall())
        return [name for (name,) in rows]

    async def followers(self, name: str) -> set[str]:
        rows = await self._run(lambda db: db.execute(sql.FOLLOWERS, (name,)).fetchall())
        return {key for (key,) in rows}

    async def set_friend(self, skeleton: str, name: str, friend: bool) -> None:
        await self._write(lambda db: db.execute(sql.BEFRIEND if friend else sql.UNFRIEND, (skeleton, name)))

    async def challenges(self, name: str, now: float) -> list[Challenge]:
        rows = await self._run(lambda db: db.execute(sql.CHALLENGES, (name, name, now)).fetchall())
        return [Challenge(*row) for row in rows]

    async def challenge(self, number: int) -> Challenge | None:
        row = await self._run(lambda db: db.execute(sql.CHALLENGE, (number,)).fetchone())
        return None if row is None else Challenge(*row)

    async def make_challenge(self, by: str, whom: str, options: str, at: float, expires: float) -> int:
        row = await self._write(lambda db: db.execute(sql.MAKE_CHALLENGE, (by, whom, options, at, expires)).fetchone())
        return int(row[0])

    async def take_challenge(self, number: int) -> Challenge | None:
        row = await self._write(lambda db: db.execute(sql.TAKE_CHALLENGE, (number,)).fetchone())
        return None if row is None else Challenge(*row)

    async def prune_challenges(self, now: float) -> int:
        return int(await self._write(lambda db: db.execute(sql.PRUNE_CHALLENGES, (now,)).rowcount))

    async def vacation(self, skeleton: str) -> Vacation | None:
        row = await self._run(lambda db: db.execute(sql.ONES_VACATION, (skeleton,)).fetchone())
        return None if row is None else Vacation(*row)

    async def vacations(self, now: float) -> list[Vacation]:
        rows = await self._run(lambda db: db.execute(sql.ON_VACATION, (now,)).fetchall())
        return [Vacation(*row) for row in rows]

    async def set_vacation(self, skeleton: str, since: float | None, until: float | None, year: int,
                           used: float) -> None:
        await self._write(lambda db: db.execute(sql.SET_VACATION, (skeleton, since, until, year, used)))
