"""SQLite persistence (WAL, ``synchronous=FULL``) for accounts, last seen, @doing, @set preferences, and every table:
its seats and rules, each game event as it happens, and each finished game's results (for history, stats and top).

All database work runs on one dedicated thread: queries are serialized, and the event loop never waits on the disk.
Writes are group-committed: every write asked for in one turn of the event loop goes to the disk in one transaction
(one fsync, one hand-off to the thread), and none of them returns before that transaction is durable. The commits are
pipelined: while one transaction is being synced, the turns that follow hand theirs over, and the thread commits all
of those together as soon as it is free, without waiting for the event loop to hear of the previous commit.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rooms.model import Exit, Room
from server.names import skeleton as skeleton_of

T = TypeVar("T")
Pending = tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]
"""A write and whoever awaits it."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    wizard INTEGER NOT NULL DEFAULT 0,
    banned INTEGER NOT NULL DEFAULT 0,
    doing TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    last_seen REAL
);
CREATE TABLE IF NOT EXISTS preferences (
    skeleton TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (skeleton, key)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    table_number INTEGER NOT NULL,
    room TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats TEXT NOT NULL,
    bots TEXT NOT NULL DEFAULT '{}',
    pace REAL,
    learner TEXT,
    status TEXT NOT NULL,
    opened_at REAL NOT NULL,
    ended_at REAL,
    winner TEXT
);
CREATE INDEX IF NOT EXISTS games_open ON games (status) WHERE status IN ('waiting', 'playing');
CREATE TABLE IF NOT EXISTS game_events (
    game INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS results (
    game INTEGER NOT NULL REFERENCES games (id),
    player TEXT NOT NULL COLLATE NOCASE,
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    best_turn INTEGER NOT NULL,
    freight_trains INTEGER NOT NULL,
    train_wrecks INTEGER NOT NULL,
    supernovas INTEGER NOT NULL,
    bot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, player)
);
CREATE INDEX IF NOT EXISTS results_player ON results (player);
CREATE TABLE IF NOT EXISTS ignores (
    skeleton TEXT NOT NULL,
    ignored TEXT NOT NULL,
    PRIMARY KEY (skeleton, ignored)
);
CREATE TABLE IF NOT EXISTS channels (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    description TEXT NOT NULL,
    autojoin INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS channel_members (
    channel TEXT NOT NULL COLLATE NOCASE,
    skeleton TEXT NOT NULL,
    PRIMARY KEY (channel, skeleton)
);
CREATE TABLE IF NOT EXISTS restrictions (
    skeleton TEXT NOT NULL,
    scope TEXT NOT NULL,
    until REAL,
    by TEXT NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (skeleton, scope)
);
CREATE TABLE IF NOT EXISTS moderation (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS moderation_target ON moderation (target COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS rooms (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    owner TEXT
);
CREATE TABLE IF NOT EXISTS exits (
    room TEXT NOT NULL REFERENCES rooms (key),
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    aliases TEXT NOT NULL,
    destination TEXT NOT NULL,
    PRIMARY KEY (room, position)
);
CREATE TABLE IF NOT EXISTS world (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS locations (
    skeleton TEXT PRIMARY KEY,
    room TEXT NOT NULL
);
"""
SEED_CHANNELS = (("pub", "Public talk, heard everywhere", True), ("games", "Looking for players", False))
"""The channels a new database starts with (autojoined ones are joined by every account, old and new)."""
EVERYWHERE = "*"
"""The scope of a mute: every way of talking (a gag's scope is one channel's name)."""
_ADDED_COLUMNS = (
    ("games", "bots TEXT NOT NULL DEFAULT '{}'"),
    ("results", "bot INTEGER NOT NULL DEFAULT 0"),
    ("accounts", "builder INTEGER NOT NULL DEFAULT 0"),
    ("games", "pace REAL"),
    ("games", "learner TEXT"),
)
"""Columns newer than the first schema, added to databases made before them."""
OPEN_STATUSES = ("waiting", "playing")
STATS_COLUMNS = "COUNT(*), SUM(won), MAX(best_turn), SUM(freight_trains), SUM(train_wrecks), SUM(supernovas)"
_COLUMNS = "name, skeleton, password_hash, wizard, banned, doing, last_seen, created_at, builder"


@dataclass(frozen=True, slots=True)
class Account:
    name: str
    skeleton: str
    password_hash: str
    wizard: bool
    banned: bool
    doing: str
    last_seen: float | None
    created_at: float
    builder: bool
    """May build (``@dig``...) in rooms they own; wizards build anywhere."""


@dataclass(frozen=True, slots=True)
class Restriction:
    """A mute (scope ``*``) or a gag from one channel, until a time or (``until`` None) until lifted."""

    scope: str
    until: float | None
    by: str
    reason: str

    def active(self, now: float) -> bool:
        return self.until is None or self.until > now


@dataclass(frozen=True, slots=True)
class Channel:
    name: str
    description: str
    autojoin: bool


@dataclass(frozen=True, slots=True)
class ModerationEntry:
    at: float
    actor: str
    action: str
    target: str
    detail: str


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as saved: enough to bring it back exactly (its game is the fold of ``events``)."""

    game_id: int
    number: int
    room: str
    rules: dict[str, Any]
    seats: list[str]
    status: str
    events: list[dict[str, Any]]
    bots: dict[str, list[str]]
    """House bots by name: the words of their strategy."""
    pace: float | None
    """Seconds house bots wait before a throw ('table pace'); None: the server's ``tables.bot_pace``."""
    learner: str | None
    """Whose tutorial this table is, if it is one."""


@dataclass(frozen=True, slots=True)
class Result:
    """One player's part in a finished game."""

    player: str
    won: bool
    score: int
    best_turn: int
    freight_trains: int
    train_wrecks: int
    supernovas: int
    bot: bool
    """A house bot: its games count, flagged, and stay off the leaderboard."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of ``history``."""

    game_id: int
    ended_at: float
    players: str
    winner: str | None
    score: int
    bots: bool
    """House bots played in it."""


@dataclass(frozen=True, slots=True)
class Stats:
    games: int
    wins: int
    best_turn: int
    freight_trains: int
    train_wrecks: int
    supernovas: int


@dataclass(frozen=True, slots=True)
class Finish:
    """How a game ended, saved in the same transaction as its last events (a kill can never split them)."""

    winner: str | None
    results: list[Result]


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game stored as over: its events, to rebuild results a crash before this release left out."""

    game_id: int
    events: list[dict[str, Any]]


class NameTaken(Exception):
    """Another account already has this name or one that looks like it."""

    def __init__(self, existing: str) -> None:
        super().__init__(existing)
        self.existing = existing


class Store:
    """Async facade over one SQLite database file."""

    FILENAME = "cosmic.sqlite3"

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / self.FILENAME
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._db: sqlite3.Connection | None = None
        self._turn: list[Pending] = []
        """Writes asked for in this turn of the event loop."""
        self._handed: deque[Pending] = deque()
        """Writes handed to the thread and not committed yet (appended by the loop, taken by the thread)."""

    async def open(self) -> None:
        await self._run(self._open)

    async def close(self) -> None:
        """Commit what was asked for, then close (the thread takes its jobs in order: every commit comes first)."""
        self._hand_over()
        await self._run(self._close)
        self._executor.shutdown(wait=True)

    async def find(self, skeleton: str) -> Account | None:
        return await self._run(lambda db: self._find(db, skeleton))

    async def create(self, name: str, skeleton: str, password_hash: str) -> Account:
        """Add an account (never a wizard: see ``cosmic-wimpout wizard``). Raises :class:`NameTaken`."""
        return await self._write(lambda db: create_account(db, name, skeleton, password_hash))

    async def set_password_hash(self, skeleton: str, password_hash: str) -> None:
        await self._update(skeleton, "password_hash", password_hash)

    async def set_doing(self, skeleton: str, doing: str) -> None:
        await self._update(skeleton, "doing", doing)

    async def set_banned(self, skeleton: str, banned: bool) -> None:
        await self._update(skeleton, "banned", int(banned))

    async def set_builder(self, skeleton: str, builder: bool) -> None:
        await self._update(skeleton, "builder", int(builder))

    async def touch(self, skeletons: Iterable[str]) -> None:
        """Record that these accounts were seen now."""
        rows = [(time.time(), s) for s in skeletons]

        await self._write(lambda db: db.executemany("UPDATE accounts SET last_seen = ? WHERE skeleton = ?", rows))

    async def location(self, skeleton: str) -> str | None:
        """The room a player was in when they last left (they come back there)."""
        row = await self._run(
            lambda db: db.execute("SELECT room FROM locations WHERE skeleton = ?", (skeleton,)).fetchone()
        )
        return None if row is None else str(row[0])

    async def set_location(self, skeleton: str, room: str) -> None:
        await self._write(lambda db: db.execute("INSERT OR REPLACE INTO locations VALUES (?, ?)", (skeleton, room)))

    # --- preferences (@set) ------------------------------------------------------------

    async def preferences(self, skeleton: str) -> dict[str, str]:
        rows = await self._run(
            lambda db: db.execute("SELECT key, value FROM preferences WHERE skeleton = ?", (skeleton,)).fetchall()
        )
        return dict(rows)

    async def set_preference(self, skeleton: str, key: str, value: str) -> None:
        await self._write(
            lambda db: db.execute("INSERT OR REPLACE INTO preferences VALUES (?, ?, ?)", (skeleton, key, value))
        )

    # --- ignoring, channels, moderation ------------------------------------------------------

    async def ignored(self, skeleton: str) -> set[str]:
        """The names an account ignores."""
        rows = await self._run(lambda db: db.execute("SELECT ignored FROM ignores WHERE skeleton = ?", (skeleton,)).fetchall())
        return {name for (name,) in rows}

    async def set_ignored(self, skeleton: str, name: str, ignored: bool) -> None:
        sql = "INSERT OR IGNORE INTO ignores VALUES (?, ?)" if ignored else "DELETE FROM ignores WHERE skeleton = ? AND ignored = ?"
        await self._write(lambda db: db.execute(sql, (skeleton, name)))

    async def channels(self) -> list[Channel]:
        rows = await self._run(lambda db: db.execute("SELECT name, description, autojoin FROM channels ORDER BY rowid").fetchall())
        return [Channel(name, description, bool(autojoin)) for name, description, autojoin in rows]

    async def memberships(self, skeleton: str) -> set[str]:
        rows = await self._run(
            lambda db: db.execute("SELECT channel FROM channel_members WHERE skeleton = ?", (skeleton,)).fetchall()
        )
        return {channel for (channel,) in rows}

    async def create_channel(self, channel: Channel) -> None:
        row = (channel.name, channel.description, int(channel.autojoin))
        await self._write(lambda db: db.execute("INSERT INTO channels VALUES (?, ?, ?)", row))

    async def destroy_channel(self, name: str) -> None:
        """A channel gone, with who was on it and the gags on it."""

        def destroy(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM channel_members WHERE channel = ?", (name,))
            db.execute("DELETE FROM restrictions WHERE scope = ?", (name,))
            db.execute("DELETE FROM channels WHERE name = ?", (name,))

        await self._write(destroy)

    async def set_member(self, channel: str, skeleton: str, member: bool) -> None:
        sql = (
            "INSERT OR IGNORE INTO channel_members VALUES (?, ?)" if member
            else "DELETE FROM channel_members WHERE channel = ? AND skeleton = ?"
        )
        await self._write(lambda db: db.execute(sql, (channel, skeleton)))

    async def restrictions(self, skeleton: str) -> dict[str, Restriction]:
        """An account's mute and gags, by scope (expired ones included: callers ask ``active``)."""
        rows = await self._run(
            lambda db: db.execute("SELECT scope, until, by, reason FROM restrictions WHERE skeleton = ?", (skeleton,)).fetchall()
        )
        return {row[0]: Restriction(*row) for row in rows}

    async def restrict(self, skeleton: str, restriction: Restriction | None, scope: str) -> None:
        """Put a mute or gag on an account (``None``: lift the one of ``scope``)."""
        if restriction is None:
            await self._write(lambda db: db.execute("DELETE FROM restrictions WHERE skeleton = ? AND scope = ?", (skeleton, scope)))
        else:
            r = restriction
            row = (skeleton, scope, r.until, r.by, r.reason)
            await self._write(lambda db: db.execute("INSERT OR REPLACE INTO restrictions VALUES (?, ?, ?, ?, ?)", row))

    async def record(self, actor: str, action: str, target: str, detail: str) -> None:
        """Keep a moderation action for @whois."""
        row = (time.time(), actor, action, target, detail)
        await self._write(
            lambda db: db.execute("INSERT INTO moderation (at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)", row)
        )

    async def moderation(self, target: str, limit: int) -> list[ModerationEntry]:
        """The latest moderation actions about a player, newest first."""
        rows = await self._run(
            lambda db: db.execute(
                "SELECT at, actor, action, target, detail FROM moderation WHERE target = ? COLLATE NOCASE"
                " ORDER BY id DESC LIMIT ?",
                (target, limit),
            ).fetchall()
        )
        return [ModerationEntry(*row) for row in rows]

    # --- the world (rooms and exits; config/world.toml only seeds a new database) -------------

    async def world(self) -> tuple[list[Room], str] | None:
        """Every room with its exits, and the start room's key; None if the database has no world yet."""

        def load(db: sqlite3.Connection) -> tuple[list[Room], str] | None:
            start = db.execute("SELECT value FROM world WHERE key = 'start'").fetchone()
            if start is None:
                return None
            exits: dict[str, list[Exit]] = {}
            for room, name, aliases, destination in db.execute(
                "SELECT room, name, aliases, destination FROM exits ORDER BY room, position"
            ):
                exits.setdefault(room, []).append(Exit(name, destination, tuple(json.loads(aliases))))
            rooms = [
                Room(key, name, description, tuple(exits.get(key, ())), owner)
                for key, name, description, owner in db.execute("SELECT key, name, description, owner FROM rooms ORDER BY rowid")
            ]
            return rooms, start[0]

        return await self._run(load)

    async def seed_world(self, rooms: Iterable[Room], start: str) -> None:
        """Keep a whole world (the seed of a new database) in one transaction."""
        rooms = list(rooms)

        def seed(db: sqlite3.Connection) -> None:
            for room in rooms:
                _save_room(db, room)
            db.execute("INSERT OR REPLACE INTO world VALUES ('start', ?)", (start,))

        await self._write(seed)

    async def save_rooms(self, rooms: Iterable[Room]) -> None:
        """Rooms as they are now (new or changed), each with all its exits, in one transaction."""
        rooms = list(rooms)

        def save(db: sqlite3.Connection) -> None:
            for room in rooms:
                _save_room(db, room)

        await self._write(save)

    async def delete_room(self, key: str, changed: Iterable[Room]) -> None:
        """A destroyed room and its exits gone, and the rooms that had exits to it saved, in one transaction."""
        changed = list(changed)

        def delete(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM exits WHERE room = ?", (key,))
            db.execute("DELETE FROM rooms WHERE key = ?", (key,))
            for room in changed:
                _save_room(db, room)

        await self._write(delete)

    # --- tables and games ----------------------------------------------------------------

    async def open_table(self, number: int, room: str, rules: dict[str, Any], seats: list[str]) -> int:
        """Record a new table; returns its game id (one table holds one game)."""

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (table_number, room, rules, seats, status, opened_at) VALUES (?, ?, ?, ?, ?, ?)",
                (number, room, json.dumps(rules), json.dumps(seats), "waiting", time.time()),
            )
            return int(cursor.lastrowid or 0)

        return await self._write(insert)

    async def renumber_table(self, game_id: int, number: int) -> None:
        """Give an open table another number (restore found two open tables under one)."""
        await self._write(lambda db: db.execute("UPDATE games SET table_number = ? WHERE id = ?", (number, game_id)))

    async def save_table(
        self, game_id: int, rules: dict[str, Any], seats: list[str], bots: dict[str, list[str]], status: str,
        first_seq: int, events: list[dict[str, Any]], finish: Finish | None = None,
    ) -> None:
        """The table's seats, house bots, rules and status now, its new game events and, when its game is over, the
        results: all in one transaction."""
        rows = [(game_id, first_seq + i, json.dumps(event)) for i, event in enumerate(events)]

        def save(db: sqlite3.Connection) -> None:
            db.executemany("INSERT INTO game_events (game, seq, event) VALUES (?, ?, ?)", rows)
            db.execute(
                "UPDATE games SET rules = ?, seats = ?, bots = ?, status = ? WHERE id = ?",
                (json.dumps(rules), json.dumps(seats), json.dumps(bots), status, game_id),
            )
            if finish is not None:
                record_finish(db, game_id, finish)

        await self._write(save)

    async def set_pace(self, game_id: int, pace: float) -> None:
        await self._write(lambda db: db.execute("UPDATE games SET pace = ? WHERE id = ?", (pace, game_id)))

    async def set_learner(self, game_id: int, learner: str) -> None:
        """The table is ``learner``'s tutorial (a restart brings back its notes and its loaded dice)."""
        await self._write(lambda db: db.execute("UPDATE games SET learner = ? WHERE id = ?", (learner, game_id)))

    async def finish_game(self, game_id: int, finish: Finish) -> None:
        """Results for a game already stored as over (the repair of a game a crash left without them)."""
        await self._write(lambda db: record_finish(db, game_id, finish))

    async def close_table(self, game_id: int, status: str) -> None:
        """A table is gone without results: ``closed`` before its game began, or its game ``abandoned``."""
        await self._write(
            lambda db: db.execute("UPDATE games SET status = ?, ended_at = ? WHERE id = ?", (status, time.time(), game_id))
        )

    async def finished_without_results(self) -> list[FinishedGame]:
        """Games stored as over that have no results (a kill between two transactions, before they were one)."""

        def load(db: sqlite3.Connection) -> list[FinishedGame]:
            rows = db.execute(
                "SELECT id FROM games g WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game = g.id)"
            ).fetchall()
            return [FinishedGame(game_id, _events(db, game_id)) for (game_id,) in rows]

        return await self._run(load)

    async def open_tables(self) -> list[StoredTable]:
        """Every table not yet closed, with its game's events, to bring back after a restart."""

        def load(db: sqlite3.Connection) -> list[StoredTable]:
            tables = db.execute(
                "SELECT id, table_number, room, rules, seats, status, bots, pace, learner FROM games"
                f" WHERE status IN {OPEN_STATUSES} ORDER BY table_number"
            ).fetchall()
            return [
                StoredTable(game_id, number, room, json.loads(rules), json.loads(seats), status, _events(db, game_id),
                            json.loads(bots), pace, learner)
                for game_id, number, room, rules, seats, status, bots, pace, learner in tables
            ]

        return await self._run(load)

    async def game_events(self, game_id: int) -> tuple[int, list[dict[str, Any]]] | None:
        """A finished or abandoned game's table number and events (``replay``); None if there is no such game."""

        def load(db: sqlite3.Connection) -> tuple[int, list[dict[str, Any]]] | None:
            row = db.execute("SELECT table_number FROM games WHERE id = ? AND status IN ('over', 'abandoned')",
                             (game_id,)).fetchone()
            return None if row is None else (row[0], _events(db, game_id))

        return await self._run(load)

    async def history(self, player: str, limit: int) -> list[GameSummary]:
        """A player's finished games, newest first."""

        def load(db: sqlite3.Connection) -> list[GameSummary]:
            rows = db.execute(
                "SELECT g.id, g.ended_at, (SELECT group_concat(o.player, ', ') FROM results o WHERE o.game = g.id),"
                " g.winner, r.score, (SELECT MAX(o.bot) FROM results o WHERE o.game = g.id)"
                " FROM results r JOIN games g ON g.id = r.game WHERE r.player = ?"
                " ORDER BY g.id DESC LIMIT ?",
                (player, limit),
            ).fetchall()
            return [GameSummary(*row[:-1], bool(row[-1])) for row in rows]

        return await self._run(load)

    async def stats(self, player: str) -> Stats:
        def load(db: sqlite3.Connection) -> Stats:
            row = db.execute(f"SELECT {STATS_COLUMNS} FROM results WHERE player = ?", (player,)).fetchone()
            return Stats(*(value or 0 for value in row))

        return await self._run(load)

    async def top(self, limit: int) -> list[tuple[str, Stats]]:
        """The leaderboard of people (house bots are left off): most wins, then best win rate, then best turn."""

        def load(db: sqlite3.Connection) -> list[tuple[str, Stats]]:
            rows = db.execute(
                f"SELECT player, {STATS_COLUMNS} FROM results WHERE bot = 0 GROUP BY player"
                " ORDER BY SUM(won) DESC, 1.0 * SUM(won) / COUNT(*) DESC, MAX(best_turn) DESC LIMIT ?",
                (limit,),
            ).fetchall()
            return [(row[0], Stats(*row[1:])) for row in rows]

        return await self._run(load)

    # --- internals -----------------------------------------------------------------------

    async def _update(self, skeleton: str, column: str, value: object) -> None:
        await self._write(lambda db: db.execute(f"UPDATE accounts SET {column} = ? WHERE skeleton = ?", (value, skeleton)))

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: work(self._db))  # type: ignore[arg-type]

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Queue a write for this turn's group commit and wait until it is on the disk; its own failure (e.g.
        :class:`NameTaken`) is raised here and undoes only its own changes."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if not self._turn:
            loop.call_soon(self._hand_over)  # once the turn's other writes are asked for
        self._turn.append((work, future))
        return await future

    def _hand_over(self) -> None:
        """Give the thread this turn's writes, and a job to commit them (with any handed over before, not yet taken)."""
        batch, self._turn = self._turn, []
        self._handed.extend(batch)
        try:
            self._executor.submit(self._commit_handed, asyncio.get_running_loop())
        except RuntimeError as closed:  # asked for after close: they fail rather than wait forever
            self._handed.clear()
            _settle(batch, [(None, closed)] * len(batch))

    def _commit_handed(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the thread: every write handed over so far in one transaction, then their waiters told (an earlier job
        may have taken them all: then there is nothing to do)."""
        batch: list[Pending] = []
        while self._handed:
            batch.append(self._handed.popleft())
        if not batch:
            return
        try:
            outcomes = commit_group(self._db, [work for work, _ in batch])  # type: ignore[arg-type]
        except Exception as error:  # the transaction itself failed: none of the batch is saved
            outcomes = [(None, error)] * len(batch)
        loop.call_soon_threadsafe(_settle, batch, outcomes)

    def _open(self, _: object) -> None:
        """Add what the database lacks (tables, columns, the first channels) in one transaction: never half of it,
        and one sync to disk where each statement on its own was one (about 20 for a new database: 75 - 160 ms)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = db = connect(self.path)
        with transaction(db, _SCHEMA):
            for table, column in _ADDED_COLUMNS:
                present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if column.split()[0] not in present:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
            if db.execute("SELECT COUNT(*) FROM channels").fetchone() == (0,):
                db.executemany("INSERT INTO channels VALUES (?, ?, ?)", SEED_CHANNELS)
                db.execute(
                    "INSERT INTO channel_members SELECT c.name, a.skeleton FROM channels c, accounts a WHERE c.autojoin = 1"
                )

    def _close(self, _: object) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    @staticmethod
    def _find(db: sqlite3.Connection, skeleton: str) -> Account | None:
        row = db.execute(f"SELECT {_COLUMNS} FROM accounts WHERE skeleton = ?", (skeleton,)).fetchone()
        if row is None:
            return None
        name, skel, password_hash, wizard, banned, doing, last_seen, created_at, builder = row
        return Account(name, skel, password_hash, bool(wizard), bool(banned), doing, last_seen, created_at, bool(builder))


BUSY_TIMEOUT = 10.0
"""Seconds to wait for another process holding the database (the console's ``cosmic-wimpout wizard``)."""


def connect(path: Path) -> sqlite3.Connection:
    """A connection with our durability: WAL, every commit synced (``synchronous=FULL``), transactions explicit."""
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    return db


@contextmanager
def transaction(db: sqlite3.Connection, script: str = "") -> Iterator[None]:
    """One transaction, committed at the end of the block or rolled back whole; ``script`` (statements) runs first
    inside it (``executescript`` would commit an open transaction first, so it opens this one)."""
    if script:
        db.executescript("BEGIN IMMEDIATE;" + script)
    else:
        db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def commit_group(db: sqlite3.Connection, works: list[Callable[[sqlite3.Connection], Any]]) -> list[tuple[Any, Exception | None]]:
    """Run writes in one transaction, each in its own savepoint: one that fails is undone alone."""
    outcomes: list[tuple[Any, Exception | None]] = []
    with transaction(db):
        for work in works:
            db.execute("SAVEPOINT work")
            try:
                outcomes.append((_kept_here(work(db)), None))
            except Exception as error:
                db.execute("ROLLBACK TO work")
                outcomes.append((None, error))
            db.execute("RELEASE work")
    return outcomes


def _kept_here(value: T) -> T | None:
    """A write's result, but never a cursor: one freed on the event loop resets its statement there, and SQLite's
    statement cache may meanwhile have handed that very statement to this thread's next write (``touch`` failed with
    'bad parameter or other API misuse', about one in a thousand under load). It is closed here, on this thread."""
    if isinstance(value, sqlite3.Cursor):
        value.close()
        return None
    return value


def _settle(batch: list[Pending], outcomes: list[tuple[Any, Exception | None]]) -> None:
    """On the event loop: each write's waiter gets its outcome (unless it stopped waiting)."""
    for (_, future), (value, error) in zip(batch, outcomes):
        if future.done():
            continue
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)


def create_account(db: sqlite3.Connection, name: str, skeleton: str, password_hash: str) -> Account:
    """Insert an account (inside the caller's transaction). Raises :class:`NameTaken`."""
    existing = Store._find(db, skeleton)
    if existing is not None:
        raise NameTaken(existing.name)
    db.execute(
        "INSERT INTO accounts (name, skeleton, password_hash, created_at) VALUES (?, ?, ?, ?)",
        (name, skeleton, password_hash, time.time()),
    )
    db.execute("INSERT INTO channel_members SELECT name, ? FROM channels WHERE autojoin = 1", (skeleton,))
    found = Store._find(db, skeleton)
    assert found is not None
    return found


def set_wizard(db: sqlite3.Connection, name: str, wizard: bool) -> bool:
    """Grant or take back wizard powers of the account called exactly ``name`` (any case); False if there is none."""
    cursor = db.execute("UPDATE accounts SET wizard = ? WHERE skeleton = ? AND name = ? COLLATE NOCASE",
                        (int(wizard), skeleton_of(name), name))
    return cursor.rowcount == 1


def record_finish(db: sqlite3.Connection, game_id: int, finish: Finish) -> None:
    rows = [
        (game_id, r.player, int(r.won), r.score, r.best_turn, r.freight_trains, r.train_wrecks, r.supernovas, int(r.bot))
        for r in finish.results
    ]
    db.executemany(
        "INSERT INTO results (game, player, won, score, best_turn, freight_trains, train_wrecks, supernovas, bot)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    db.execute("UPDATE games SET status = 'over', ended_at = ?, winner = ? WHERE id = ?", (time.time(), finish.winner, game_id))


def _save_room(db: sqlite3.Connection, room: Room) -> None:
    db.execute(
        "INSERT INTO rooms (key, name, description, owner) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE"
        " SET name = excluded.name, description = excluded.description, owner = excluded.owner",
        (room.key, room.name, room.description, room.owner),
    )
    db.execute("DELETE FROM exits WHERE room = ?", (room.key,))
    db.executemany(
        "INSERT INTO exits VALUES (?, ?, ?, ?, ?)",
        [(room.key, i, e.name, json.dumps(list(e.aliases)), e.destination) for i, e in enumerate(room.exits)],
    )


def _events(db: sqlite3.Connection, game_id: int) -> list[dict[str, Any]]:
    rows = db.execute("SELECT event FROM game_events WHERE game = ? ORDER BY seq", (game_id,)).fetchall()
    return [json.loads(event) for (event,) in rows]
