"""Tables and their games in PostgreSQL: seats and rules, every event as it happens, and each finished game's results
(what every game records in columns, a game's own figures in JSON, added up as the game's tally says). Game ids come
from a sequence and table numbers are chosen under a lock, so processes sharing the database never take one twice."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from server.store import sharedsql as sql
from server.store.domain import (
    DEFAULT_GAME, MEETINGS_KEPT, Finish, FinishedGame, GameSummary, PlayedGame, RatingChange, Stats, StoredTable, Tally, rating_changes,
)
from server.competition.ratingmodel import Rating
from server.store.postal import LIVE
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, executemany, fetchall, fetchone
from server.store.postgresql.pgschema import LOCK

PLAYERS = "SELECT string_agg(o.player, ', ' ORDER BY lower(o.player) COLLATE \"C\") FROM results o WHERE o.game = g.id"
"""A game's players, in SQLite's order (its index on the NOCASE name)."""


class PgGames(PgGroupCommit):
    _tallies: Mapping[str, Tally]
    """How each game type's figures add up (given by the server, which knows its games)."""

    async def open_next_table(
        self, room: str, rules: dict[str, Any], seats: list[str], game: str = DEFAULT_GAME,
        bots: Mapping[str, list[str]] | None = None, rated: bool = True, post: dict[str, Any] | None = None,
    ) -> tuple[int, int]:
        """Record a new table under the lowest number no open table has, chosen by the database; returns its number
        and game id."""

        async def insert(db: Connection) -> tuple[int, int]:
            await execute(db, "SELECT pg_advisory_xact_lock(?)", (LOCK,))
            row = await fetchone(db, sql.FREE_NUMBER)
            assert row is not None
            return row[0], await _insert_table(db, row[0], room, rules, seats, game, bots or {}, rated, post)

        return await self._write(insert)

    async def renumber_table(self, game_id: int, number: int) -> None:
        """Give an open table another number (restore found two open tables under one)."""
        await self._write(lambda db: execute(db, sql.RENUMBER_TABLE, (number, game_id)))

    async def save_table(
        self, game_id: int, rules: dict[str, Any], seats: list[str], bots: dict[str, list[str]], status: str,
        first_seq: int, events: list[dict[str, Any]], finish: Finish | None = None,
        conduct: dict[str, Any] | None = None, post: dict[str, Any] | None = None,
    ) -> list[RatingChange]:
        """The table's seats, house bots, rules and status now, how each person took part, its new game events and,
        when its game is over, the results and the players' new ratings: all in one transaction. Returns the ratings'
        changes."""
        rows = [(game_id, first_seq + i, json.dumps(event)) for i, event in enumerate(events)]
        table = (json.dumps(rules), json.dumps(seats), json.dumps(bots), status, json.dumps(conduct or {}), _json(post),
                 game_id)

        async def save(db: Connection) -> list[RatingChange]:
            await executemany(db, sql.INSERT_EVENT, rows)
            await execute(db, sql.SAVE_TABLE, table)
            return [] if finish is None else await _record_finish(db, game_id, finish)

        return await self._write(save)

    async def set_pace(self, game_id: int, pace: float) -> None:
        await self._write(lambda db: execute(db, sql.SET_PACE, (pace, game_id)))

    async def set_post(self, game_id: int, post: dict[str, Any]) -> None:
        """A correspondence table's clock, frozen or going on without a move."""
        await self._write(lambda db: execute(db, sql.SET_POST, (json.dumps(post), game_id)))

    async def set_learner(self, game_id: int, learner: str) -> None:
        """The table is ``learner``'s tutorial (a restart brings back its notes and its loaded dice)."""
        await self._write(lambda db: execute(db, sql.SET_LEARNER, (learner, game_id)))

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """Results for a game already stored as over (the repair of a game a crash left without them)."""
        await self._write(lambda db: _record_finish(db, game_id, finish))

    async def ratings(self, player: str, pool: str = LIVE) -> dict[str, Rating]:
        """A player's rating in each game type they were rated in, in one pool."""
        rows = await self._run(lambda db: fetchall(db, sql.RATINGS, (player, pool)))
        return {game: Rating(mu, sigma, games) for game, mu, sigma, games in rows}

    async def rating_board(self, game: str, bots: bool, limit: int, pool: str = LIVE) -> list[tuple[str, Rating]]:
        """The best rated people (or bots) in a game type's pool, best first."""
        rows = await self._run(lambda db: fetchall(db, sql.RATING_BOARD, (game, pool, int(bots), limit)))
        return [(player, Rating(mu, sigma, games)) for player, mu, sigma, games in rows]

    async def close_table(self, game_id: int, status: str, forfeits: Finish | None = None) -> list[RatingChange]:
        """A table is gone without results: ``closed`` before its game began, or its game ``abandoned`` (then
        ``forfeits``, if rated, rates those who left it as losing to those still in it). Returns the ratings'
        changes."""

        async def close(db: Connection) -> list[RatingChange]:
            found = await fetchone(db, sql.GAME_RATED, (game_id,)) if forfeits is not None else None
            await execute(db, sql.CLOSE_TABLE, (status, time.time(), game_id))
            if forfeits is None or found is None or not (found[1] and forfeits.rated):
                return []
            return await _rate(db, game_id, found[0], found[2], forfeits)

        return await self._write(close)

    async def meetings_since(self, whats: Sequence[str], since: float) -> dict[str, int]:
        """How many rated games were counted under each of ``whats`` since ``since`` (the daily caps)."""

        async def count(db: Connection) -> dict[str, int]:
            counted = {}
            for what in whats:
                row = await fetchone(db, sql.MEETINGS_SINCE, (what, since))
                counted[what] = 0 if row is None else int(row[0])
            return counted

        return await self._run(count)

    async def prune_closed(self, before: float) -> int:
        """Delete the tables closed before ``before`` (Unix time) where no game began; returns how many."""

        async def prune(db: Connection) -> int:
            await execute(db, sql.PRUNE_EVENTS, (before,))
            return len(await fetchall(db, f"{sql.PRUNE_TABLES} RETURNING id", (before,)))  # (rowcount: -1, pipelined)

        return await self._write(prune)

    async def finished_without_results(self) -> list[FinishedGame]:
        """Games stored as over that have no results (a kill between two transactions, before they were one)."""

        async def load(db: Connection) -> list[FinishedGame]:
            return [FinishedGame(game_id, await _events(db, game_id), game)
                    for game_id, game in await fetchall(db, sql.WITHOUT_RESULTS)]

        return await self._run(load)

    async def open_tables(self) -> list[StoredTable]:
        """Every table not yet closed, with its game's events, to bring back after a restart."""

        async def load(db: Connection) -> list[StoredTable]:
            async with db.transaction():  # one snapshot
                await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                return [
                    StoredTable(game_id, number, room, rules, seats, status, await _events(db, game_id), bots, pace,
                                learner, game, bool(rated), conduct, post)
                    for game_id, number, room, rules, seats, status, bots, pace, learner, game, rated, conduct, post
                    in await fetchall(db, sql.OPEN_TABLES)
                ]

        return await self._run(load)

    async def game_events(self, game_id: int) -> PlayedGame | None:
        """A finished or abandoned game's table number, events and game type (``replay``); None if there is no such
        game."""

        async def load(db: Connection) -> PlayedGame | None:
            row = await fetchone(db, sql.ENDED_GAME, (game_id,))
            return None if row is None else PlayedGame(row[0], await _events(db, game_id), row[1])

        return await self._run(load)

    async def history(self, player: str, limit: int) -> list[GameSummary]:
        """A player's finished games, newest first."""
        rows = await self._run(lambda db: fetchall(db, sql.HISTORY.format(players=PLAYERS), (player, limit)))
        return [GameSummary(*row[:-2], bool(row[-2]), bool(row[-1])) for row in rows]

    async def stats(self, player: str, game: str = DEFAULT_GAME) -> Stats:
        """A player's record in one game type, its figures added up by the game's tally."""
        tally = self._tallies[game]
        totals, names = _totals(tally)
        row = await self._run(lambda db: fetchone(db, sql.STATS.format(totals=totals), (*names, player, game)))
        assert row is not None
        return _stats(tally, row)

    async def top(self, limit: int, game: str = DEFAULT_GAME) -> list[tuple[str, Stats]]:
        """The leaderboard of people (house bots are left off): most wins, then best win rate, then the game's
        tiebreak figure."""
        tally = self._tallies[game]
        totals, names = _totals(tally)
        tiebreak, tiebreak_names = "", []
        if tally.tiebreak is not None:
            total, tiebreak_names = _total(tally, tally.tiebreak)
            tiebreak = f", {total} DESC"
        query = sql.TOP.format(totals=totals, tiebreak=tiebreak)
        rows = await self._run(lambda db: fetchall(db, query, (*names, game, *tiebreak_names, limit)))
        return [(row[0], _stats(tally, row[1:])) for row in rows]


def _total(tally: Tally, figure: str) -> tuple[str, list[str]]:
    """SQL adding one figure up over a player's results (a whole number, as SQLite's), and the key it binds."""
    return f"CAST({tally.totals[figure]}(CAST(r.figures ->> ? AS bigint)) AS bigint)", [figure]


def _totals(tally: Tally) -> tuple[str, list[str]]:
    """SQL adding up each of a game's figures (after a comma, to follow other columns), and the keys it binds."""
    parts = [_total(tally, figure) for figure in tally.totals]
    return "".join(f", {total}" for total, _ in parts), [name for _, [name] in parts]


def _stats(tally: Tally, row: tuple[Any, ...]) -> Stats:
    games, wins, *figures = (value or 0 for value in row)
    return Stats(games, wins, dict(zip(tally.totals, figures)))


async def _insert_table(db: Connection, number: int, room: str, rules: dict[str, Any], seats: list[str], game: str,
                        bots: Mapping[str, list[str]], rated: bool, post: dict[str, Any] | None) -> int:
    row = await fetchone(db, sql.OPEN_TABLE, (number, room, json.dumps(rules), json.dumps(seats), json.dumps(bots),
                                              int(rated), time.time(), game, _json(post)))
    assert row is not None
    return int(row[0])


async def _record_finish(db: Connection, game_id: int, finish: Finish) -> list[RatingChange]:
    rows = [(game_id, r.player, int(r.won), r.score, int(r.bot), json.dumps(r.figures)) for r in finish.results]
    await executemany(db, sql.INSERT_RESULT, rows)
    await execute(db, sql.FINISH_GAME, (time.time(), finish.winner, game_id))
    found = await fetchone(db, sql.GAME_RATED, (game_id,))
    assert found is not None
    game, rated, pool = found
    if not (rated and finish.rated):
        await execute(db, sql.SET_UNRATED, (game_id,))
        return []
    return await _rate(db, game_id, game, pool, finish)


async def _rate(db: Connection, game_id: int, game: str, pool: str, finish: Finish) -> list[RatingChange]:
    """The players' new ratings in the game's pool after a rated game, and the game counted for the daily caps."""
    asked = [await execute(db, sql.RATING, (result.player, game, pool)) for result in finish.results]
    before = []
    for cursor in asked:  # (pipelined: every player's rating in one round trip, while later moves wait for it)
        row = await cursor.fetchone()
        before.append(Rating() if row is None else Rating(*row))
    changes = rating_changes(finish, before)
    await executemany(db, sql.SET_RATING, [(c.player, game, pool, c.after.mu, c.after.sigma, c.after.games, int(c.bot))
                                           for c in changes])
    now = time.time()
    await executemany(db, sql.ADD_MEETING, [(what, game_id, now) for what in finish.meetings])
    await execute(db, sql.PRUNE_MEETINGS, (now - MEETINGS_KEPT,))
    return changes


def _json(post: dict[str, Any] | None) -> str | None:
    """A correspondence table's clock as stored (NULL: a live table)."""
    return None if post is None else json.dumps(post)


async def _events(db: Connection, game_id: int) -> list[dict[str, Any]]:
    return [event for (event,) in await fetchall(db, sql.EVENTS, (game_id,))]
