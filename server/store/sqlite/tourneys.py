"""Events and their standings in SQLite, and the accounts flagged as bots for the ladder."""

from __future__ import annotations

import json
import sqlite3

from server.store import sharedsql as sql
from server.store.domain import BotAccount, EntrantLine, EventRecord
from server.store.eventrows import entrant_line, event_record
from server.store.sqlite.groupcommit import GroupCommit


class SqliteEvents(GroupCommit):
    async def create_event(self, kind: str, room: str, options: list[str], seats: int, started_at: float,
                           ends_at: float | None, rounds: int | None, house: list[str]) -> int:
        def create(db: sqlite3.Connection) -> int:
            row = db.execute(sql.CREATE_EVENT, (kind, room, json.dumps(options), seats, started_at, ends_at,
                                                rounds)).fetchone()
            db.executemany(sql.ENTER_EVENT, [(row[0], name, 1) for name in house])
            return int(row[0])

        return await self._write(create)

    async def events(self, running: bool, limit: int = 10) -> list[EventRecord]:
        query, args = (sql.EVENTS_RUNNING, ()) if running else (sql.EVENTS_LATEST, (limit,))
        rows = await self._run(lambda db: db.execute(query, args).fetchall())
        return [record for row in rows if (record := event_record(row)) is not None]

    async def event(self, event_id: int) -> EventRecord | None:
        return event_record(await self._run(lambda db: db.execute(sql.EVENT_BY_ID, (event_id,)).fetchone()))

    async def set_event_round(self, event_id: int, round: int) -> None:
        await self._write(lambda db: db.execute(sql.SET_EVENT_ROUND, (round, event_id)))

    async def end_event(self, event_id: int, status: str) -> None:
        await self._write(lambda db: db.execute(sql.END_EVENT, (status, event_id)))

    async def enter_event(self, event_id: int, player: str, active: bool) -> None:
        query, args = (sql.ENTER_EVENT, (event_id, player, 0)) if active else (sql.LEAVE_EVENT, (event_id, player))
        await self._write(lambda db: db.execute(query, args))

    async def standings(self, event_id: int) -> list[EntrantLine]:
        rows = await self._run(lambda db: db.execute(sql.STANDINGS, (event_id,)).fetchall())
        return [entrant_line(row) for row in rows]

    async def event_game(self, event_id: int, game_id: int, round: int) -> None:
        await self._write(lambda db: db.execute(sql.EVENT_GAME, (event_id, game_id, round)))

    async def score_event_game(self, event_id: int, game_id: int, scores: list[tuple[str, int, bool]]) -> bool:
        def score(db: sqlite3.Connection) -> bool:
            if db.execute(sql.COUNT_EVENT_GAME, (event_id, game_id)).fetchone() is None:
                return False
            db.executemany(sql.SCORE_IN_EVENT, [(points, int(won), event_id, name) for name, points, won in scores])
            return True

        return await self._write(score)

    async def uncounted_games(self, event_id: int) -> list[tuple[int, int]]:
        return await self._run(lambda db: db.execute(sql.UNCOUNTED_GAMES, (event_id,)).fetchall())

    async def results_of(self, game_id: int) -> list[tuple[str, bool, int]]:
        rows = await self._run(lambda db: db.execute(sql.RESULTS_OF, (game_id,)).fetchall())
        return [(player, bool(won), score) for player, won, score in rows]

    async def bot_account(self, skeleton: str) -> BotAccount | None:
        row = await self._run(lambda db: db.execute(sql.BOT_ACCOUNT, (skeleton,)).fetchone())
        return None if row is None else BotAccount(row[0], row[1], bool(row[2]))

    async def owned_bots(self, owner: str) -> list[tuple[str, bool]]:
        rows = await self._run(lambda db: db.execute(sql.OWNED_BOTS, (owner,)).fetchall())
        return [(name, bool(accepted)) for name, accepted in rows]

    async def accept_bot(self, skeleton: str, owner: str, accepted: bool) -> bool:
        return bool(await self._write(
            lambda db: db.execute(sql.ACCEPT_BOT, (int(accepted), skeleton, owner)).rowcount))

    async def set_bot_account(self, skeleton: str, name: str, bot: BotAccount | None) -> bool:
        def flag(db: sqlite3.Connection) -> bool:
            row = db.execute(sql.BOT_ACCOUNT, (skeleton,)).fetchone()
            if bot is None:
                db.execute(sql.UNSET_BOT_ACCOUNT, (skeleton,))
                return False
            db.execute(sql.SET_BOT_ACCOUNT, (skeleton, name, bot.owner, bot.version))
            renewed = row is not None and row[1] != bot.version
            if renewed:
                db.execute(sql.FORGET_RATINGS, (name,))
            return renewed

        return await self._write(flag)

    async def games_since(self, player: str, since: float) -> int:
        row = await self._run(lambda db: db.execute(sql.GAMES_SINCE, (player, since)).fetchone())
        return int(row[0])
