"""Tables and their games in SQLite: seats and rules, every event as it happens, and each finished game's results
(what every game records in columns, a game's own figures in JSON, added up as the game's tally says)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping, Sequence
from typing import Any

from server.store import sharedsql as sql
from server.store.domain import (
    DEFAULT_GAME,
    MEETINGS_KEPT,
    Finish,
    FinishedGame,
    GameSummary,
    PlayedGame,
    RatingChange,
    Stats,
    StoredTable,
    Tally,
    rating_changes,
)
from server.competition.ratingmodel import Rating
from server.store.postal import LIVE
from server.store.sqlite.groupcommit import GroupCommit

PLAYERS = "SELECT group_concat(o.player, ', ') FROM results o WHERE o.game = g.id"
"""A game's players (in the order of the index on their NOCASE names, which the query reads)."""


class SqliteGames(GroupCommit):
    _tallies: Mapping[str, Tally]
    """How each game type's figures add up (given by the server, which knows its games)."""

    async def open_next_table(
        self, room: str, rules: dict[str, Any], seats: list[str], game: str = DEFAULT_GAME,
        bots: Mapping[str, list[str]] | None = None, rated: bool = True, post: dict[str, Any] | None = None,
    ) -> tuple[int, int]:
        """Record a new table under the lowest number no open table has, chosen by the database (its write lock
        keeps another process out meanwhile); returns its number and game id."""

        def insert(db: sqlite3.Connection) -> tuple[int, int]:
            number = int(db.execute(sql.FREE_NUMBER).fetchone()[0])
            return number, _insert_table(db, number, room, rules, seats, game, bots or {}, rated, post)

        return await self._write(insert)

    async def renumber_table(self, game_id: int, number: int) -> None:
        """Give an open table another number (restore found two open tables under one)."""
        await self._write(lambda db: db.execute(sql.RENUMBER_TABLE, (number, game_id)))

    async def save_table(
        self, game_id: int, rules: dict[str, Any], seats: list[str], bots: dict[str, list[str]], status: str,
        first_seq: int, events: list[dict[str, Any]], finish: Finish | None = None,
        conduct: dict[str, Any] | None = None, post: dict[str, Any] | None = None,
    ) -> list[RatingChange]:
        """The table's seats, house bots, rules and status now, how each person took part, its new game events and,
        when its game is over, the results and the players' new ratings: all in one transaction. Returns the ratings'
        changes (none if the game is not over or not rated)."""
        rows = [(game_id, first_seq + i, json.dumps(event)) for i, event in enumerate(events)]
        table = (json.dumps(rules), json.dumps(seats), json.dumps(bots), status, json.dumps(conduct or {}), _json(post),
                 game_id)

        def save(db: sqlite3.Connection) -> list[RatingChange]:
            db.executemany(sql.INSERT_EVENT, rows)
            db.execute(sql.SAVE_TABLE, table)
            return [] if finish is None else _record_finish(db, game_id, finish)

        return await self._write(save)

    async def set_pace(self, game_id: int, pace: float) -> None:
        await self._write(lambda db: db.execute(sql.SET_PACE, (pace, game_id)))

    async def set_post(self, game_id: int, post: dict[str, Any]) -> None:
        """A correspondence table's clock, frozen or going on without a move."""
        await self._write(lambda db: db.execute(sql.SET_POST, (json.dumps(post), game_id)))

    async def set_learner(self, game_id: int, learner: str) -> None:
        """The table is ``learner``'s tutorial (a restart brings back its notes and its loaded dice)."""
        await self._write(lambda db: db.execute(sql.SET_LEARNER, (learner, game_id)))

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """Results for a game already stored as over (the repair of a game a crash left without them)."""
        await self._write(lambda db: _record_finish(db, game_id, finish))

    async def ratings(self, player: str, pool: str = LIVE) -> dict[str, Rating]:
        """A player's rating in each game type they were rated in, in one pool."""
        rows = await self._run(lambda db: db.execute(sql.RATINGS, (player, pool)).fetchall())
        return {game: Rating(mu, sigma, games) for game, mu, sigma, games in rows}

    async def rating_board(self, game: str, bots: bool, limit: int, pool: str = LIVE) -> list[tuple[str, Rating]]:
        """The best rated people (or bots) in a game type's pool, best first."""
        rows = await self._run(lambda db: db.execute(sql.RATING_BOARD, (game, pool, int(bots), limit)).fetchall())
        return [(player, Rating(mu, sigma, games)) for player, mu, sigma, games in rows]

    async def close_table(self, game_id: int, status: str, forfeits: Finish | None = None) -> list[RatingChange]:
        """A table is gone without results: ``closed`` before its game began, or its game ``abandoned`` (then
        ``forfeits``, if rated, rates those who left it as losing to those still in it). Returns the ratings'
        changes."""

        def close(db: sqlite3.Connection) -> list[RatingChange]:
            found = db.execute(sql.GAME_RATED, (game_id,)).fetchone() if forfeits is not None else None
            db.execute(sql.CLOSE_TABLE, (status, time.time(), game_id))
            if forfeits is None or found is None or not (found[1] and forfeits.rated):
                return []
            return _rate(db, game_id, found[0], found[2], forfeits)

        return await self._write(close)

    async def meetings_since(self, whats: Sequence[str], since: float) -> dict[str, int]:
        """How many rated games were counted under each of ``whats`` since ``since`` (the daily caps)."""

        def count(db: sqlite3.Connection) -> dict[str, int]:
            return {what: int(db.execute(sql.MEETINGS_SINCE, (what, since)).fetchone()[0]) for what in whats}

        return await self._run(count)

    async def prune_closed(self, before: float) -> int:
        """Delete the tables closed before ``before`` (Unix time) where no game began; returns how many."""

        def prune(db: sqlite3.Connection) -> int:
            db.execute(sql.PRUNE_EVENTS, (before,))
            return db.execute(sql.PRUNE_TABLES, (before,)).rowcount

        return await self._write(prune)

    async def finished_without_results(self) -> list[FinishedGame]:
        """Games stored as over that have no results (a kill between two transactions, before they were one)."""

        def load(db: sqlite3.Connection) -> list[FinishedGame]:
            rows = db.execute(sql.WITHOUT_RESULTS).fetchall()
            return [FinishedGame(game_id, _events(db, game_id), game) for game_id, game in rows]

        return await self._run(load)

    async def open_tables(self) -> list[StoredTable]:
        """Every table not yet closed, with its game's events, to bring back after a restart."""

        def load(db: sqlite3.Connection) -> list[StoredTable]:
            tables = db.execute(sql.OPEN_TABLES).fetchall()
            return [
                StoredTable(game_id, number, room, json.loads(rules), json.loads(seats), status, _events(db, game_id),
                            json.loads(bots), pace, learner, game, bool(rated), json.loads(conduct),
                            None if post is None else json.loads(post))
                for game_id, number, room, rules, seats, status, bots, pace, learner, game, rated, conduct, post in tables
            ]

        return await self._run(load)

    async def game_events(self, game_id: int) -> PlayedGame | None:
        """A finished or abandoned game's table number, events and game type (``replay``, ``review``); None if there
        is no such game."""

        def load(db: sqlite3.Connection) -> PlayedGame | None:
            row = db.execute(sql.ENDED_GAME, (game_id,)).fetchone()
            return None if row is None else PlayedGame(row[0], _events(db, game_id), row[1])

        return await self._run(load)

    async def history(self, player: str, limit: int) -> list[GameSummary]:
        """A player's finished games, newest first."""

        def load(db: sqlite3.Connection) -> list[GameSummary]:
            rows = db.execute(sql.HISTORY.format(players=PLAYERS), (player, limit)).fetchall()
            return [GameSummary(*row[:-2], bool(row[-2]), bool(row[-1])) for row in rows]

        return await self._run(load)

    async def stats(self, player: str, game: str = DEFAULT_GAME) -> Stats:
        """A player's record in one game type, its figures added up by the game's tally."""
        tally = self._tallies[game]
        totals, paths = _totals(tally)

        def load(db: sqlite3.Connection) -> Stats:
            row = db.execute(sql.STATS.format(totals=totals), (*paths, player, game)).fetchone()
            return _stats(tally, row)

        return await self._run(load)

    async def top(self, limit: int, game: str = DEFAULT_GAME) -> list[tuple[str, Stats]]:
        """The leaderboard of people (house bots are left off): most wins, then best win rate, then the game's
        tiebreak figure."""
        tally = self._tallies[game]
        totals, paths = _totals(tally)
        tiebreak, tiebreak_paths = "", []
        if tally.tiebreak is not None:
            total, tiebreak_paths = _total(tally, tally.tiebreak)
            tiebreak = f", {total} DESC"

        def load(db: sqlite3.Connection) -> list[tuple[str, Stats]]:
            rows = db.execute(
                sql.TOP.format(totals=totals, tiebreak=tiebreak), (*paths, game, *tiebreak_paths, limit)
            ).fetchall()
            return [(row[0], _stats(tally, row[1:])) for row in rows]

        return await self._run(load)


def _total(tally: Tally, figure: str) -> tuple[str, list[str]]:
    """SQL adding one figure up over a player's results, and the JSON path it binds."""
    return f"{tally.totals[figure]}(json_extract(r.figures, ?))", [f"$.{figure}"]


def _totals(tally: Tally) -> tuple[str, list[str]]:
    """SQL adding up each of a game's figures (after a comma, to follow other columns), and the paths it binds."""
    parts = [_total(tally, figure) for figure in tally.totals]
    return "".join(f", {total}" for total, _ in parts), [path for _, [path] in parts]


def _stats(tally: Tally, row: tuple[Any, ...]) -> Stats:
    games, wins, *figures = (value or 0 for value in row)
    return Stats(games, wins, dict(zip(tally.totals, figures)))


def _insert_table(db: sqlite3.Connection, number: int, room: str, rules: dict[str, Any], seats: list[str], game: str,
                  bots: Mapping[str, list[str]], rated: bool, post: dict[str, Any] | None) -> int:
    row = db.execute(sql.OPEN_TABLE, (number, room, json.dumps(rules), json.dumps(seats), json.dumps(bots), int(rated),
                                      time.time(), game, _json(post))).fetchone()
    return int(row[0])


def _record_finish(db: sqlite3.Connection, game_id: int, finish: Finish) -> list[RatingChange]:
    rows = [(game_id, r.player, int(r.won), r.score, int(r.bot), json.dumps(r.figures)) for r in finish.results]
    db.executemany(sql.INSERT_RESULT, rows)
    db.execute(sql.FINISH_GAME, (time.time(), finish.winner, game_id))
    game, rated, pool = db.execute(sql.GAME_RATED, (game_id,)).fetchone()
    if not (rated and finish.rated):
        db.execute(sql.SET_UNRATED, (game_id,))
        return []
    return _rate(db, game_id, game, pool, finish)


def _rate(db: sqlite3.Connection, game_id: int, game: str, pool: str, finish: Finish) -> list[RatingChange]:
    """The players' new ratings in the game's pool after a rated game, and the game counted for the daily caps."""
    before = []
    for result in finish.results:
        row = db.execute(sql.RATING, (result.player, game, pool)).fetchone()
        before.append(Rating() if row is None else Rating(*row))
    changes = rating_changes(finish, before)
    db.executemany(sql.SET_RATING, [(c.player, game, pool, c.after.mu, c.after.sigma, c.after.games, int(c.bot))
                                    for c in changes])
    now = time.time()
    db.executemany(sql.ADD_MEETING, [(what, game_id, now) for what in finish.meetings])
    db.execute(sql.PRUNE_MEETINGS, (now - MEETINGS_KEPT,))
    return changes


def _json(post: dict[str, Any] | None) -> str | None:
    """A correspondence table's clock as stored (NULL: a live table)."""
    return None if post is None else json.dumps(post)


def _events(db: sqlite3.Connection, game_id: int) -> list[dict[str, Any]]:
    rows = db.execute(sql.EVENTS, (game_id,)).fetchall()
    return [json.loads(event) for (event,) in rows]
