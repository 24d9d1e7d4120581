"""The SQLite schema as numbered migrations. ``PRAGMA user_version`` holds the last one applied (0: a database from
before they were numbered, which migrations 1 and 2 bring to the same place whatever release made it); each runs once,
inside the transaction that opens the database, and a database newer than the last one here is refused untouched."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from server.store.postalsql import POSTAL_SCHEMA
from server.store.puzzlesql import PUZZLES_SCHEMA
from server.store.judgedsql import JUDGED_SCHEMA
from server.store.sharedsql import DICE_RECORDS_SCHEMA, OUTREACH_SCHEMA
from server.store.domain import NewerDatabase

FIRST_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    skeleton TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    wizard INTEGER NOT NULL DEFAULT 0,
    banned INTEGER NOT NULL DEFAULT 0,
    doing TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    last_seen REAL,
    builder INTEGER NOT NULL DEFAULT 0
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
"""The schema when migrations began to be numbered; a table that exists already is left as it is."""
ADDED_COLUMNS = (
    ("games", "bots TEXT NOT NULL DEFAULT '{}'"),
    ("results", "bot INTEGER NOT NULL DEFAULT 0"),
    ("accounts", "builder INTEGER NOT NULL DEFAULT 0"),
    ("games", "pace REAL"),
    ("games", "learner TEXT"),
)
"""Columns that came after the first tables: a database from before them has its tables, but not these."""
RESULTS_PER_GAME = """
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'wimpout';
CREATE TABLE results_per_game (
    game INTEGER NOT NULL REFERENCES games (id),
    player TEXT NOT NULL COLLATE NOCASE,
    won INTEGER NOT NULL,
    score INTEGER NOT NULL,
    bot INTEGER NOT NULL DEFAULT 0,
    figures TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game, player)
);
INSERT INTO results_per_game (game, player, won, score, bot, figures)
    SELECT game, player, won, score, bot, json_object('best_turn', best_turn, 'freight_trains', freight_trains,
                                                      'train_wrecks', train_wrecks, 'supernovas', supernovas)
    FROM results;
DROP TABLE results;
ALTER TABLE results_per_game RENAME TO results;
CREATE INDEX results_player ON results (player);
"""
"""Games name their game type (every game before was Cosmic Wimpout's), and results keep what every game records in
columns and a game's own figures in JSON: Cosmic Wimpout's four columns move there, so a new game needs no column."""

RATINGS = """
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
UPDATE games SET rated = 0 WHERE learner IS NOT NULL OR status = 'abandoned';
CREATE TABLE ratings (
    player TEXT NOT NULL COLLATE NOCASE,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    bot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player, game)
);
CREATE INDEX ratings_board ON ratings (game, bot)
"""
"""Ratings per game type (``server.competition.ratingmodel``), and whether each game counts: tutorials and abandoned games never
did; the games played before are not rated after the fact (ratings start with this release)."""
FUNHOUSE_RUNS = """
CREATE TABLE funhouse_runs (
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL COLLATE NOCASE,
    started_at REAL NOT NULL,
    daily TEXT,
    room TEXT,
    events TEXT NOT NULL,
    total INTEGER
);
CREATE INDEX funhouse_runs_player ON funhouse_runs (player);
CREATE INDEX funhouse_runs_daily ON funhouse_runs (daily)
"""
"""Epic Funhouse's runs (issue 24), each its events as JSON, rewritten after every move."""


def _script(script: str) -> Callable[[sqlite3.Connection], None]:
    """Run a script's statements one by one (``executescript`` would commit the open transaction first)."""
    statements = [statement.strip() for statement in script.split(";") if statement.strip()]

    def run(db: sqlite3.Connection) -> None:
        for statement in statements:
            db.execute(statement)

    return run


def _add_missing_columns(db: sqlite3.Connection) -> None:
    for table, column in ADDED_COLUMNS:
        present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if column.split()[0] not in present:
            db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")


MAIL = """
CREATE TABLE mail (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    sender TEXT NOT NULL,
    sent_at REAL NOT NULL,
    body TEXT NOT NULL,
    read INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX mail_recipient ON mail (recipient);
"""
"""@mail: letters kept for their recipient (an account's skeleton) until deleted."""
EVENTS_AND_LADDER = """
CREATE TABLE bot_accounts (
    skeleton TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    owner TEXT NOT NULL,
    version TEXT NOT NULL
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    room TEXT NOT NULL,
    options TEXT NOT NULL,
    seats INTEGER NOT NULL,
    started_at REAL NOT NULL,
    ends_at REAL,
    rounds INTEGER,
    round INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL
);
CREATE TABLE event_standings (
    event INTEGER NOT NULL REFERENCES events (id),
    player TEXT NOT NULL COLLATE NOCASE,
    points INTEGER NOT NULL DEFAULT 0,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    house INTEGER NOT NULL DEFAULT 0,
    active INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (event, player)
);
CREATE TABLE event_games (
    event INTEGER NOT NULL REFERENCES events (id),
    game INTEGER NOT NULL REFERENCES games (id),
    round INTEGER NOT NULL,
    counted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event, game)
)
"""
"""Issue 29's events and bot ladder: accounts flagged as bots (their owner and version), events (an arena until
``ends_at``, a Swiss event of ``rounds``), their standings, and each game played in one (counted once)."""


ADDRESS_BANS = """
CREATE TABLE address_bans (
    network TEXT PRIMARY KEY,
    by TEXT NOT NULL,
    reason TEXT NOT NULL,
    at REAL NOT NULL
)
"""
"""Addresses and networks refused at admission by a wizard (``@ban <address>``; issue 30, finding 5)."""
FAIR_PLAY = """
ALTER TABLE games ADD COLUMN conduct TEXT NOT NULL DEFAULT '{}';
ALTER TABLE bot_accounts ADD COLUMN accepted INTEGER NOT NULL DEFAULT 0;
CREATE TABLE meetings (
    what TEXT NOT NULL,
    game INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (what, game)
);
CREATE INDEX meetings_at ON meetings (at)
"""
"""Issue 37's fair play: how each person took part in a game (own moves, who left, addresses), a bot's owner's
consent, and the rated games of the last days under each pair of accounts and each shared address (the daily caps)."""


COMMUNITY = """
ALTER TABLE accounts ADD COLUMN last_address TEXT;
CREATE TABLE holds (
    key TEXT PRIMARY KEY,
    until REAL NOT NULL
);
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    at REAL NOT NULL,
    reporter TEXT NOT NULL COLLATE NOCASE,
    reported TEXT NOT NULL COLLATE NOCASE,
    text TEXT NOT NULL,
    closed_at REAL,
    closed_by TEXT,
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_reporter ON reports (reporter);
CREATE TABLE invites (
    code TEXT PRIMARY KEY,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    used_by TEXT,
    used_at REAL
)
"""
"""Issues 36 and 37: the address each account last logged in from (a ban of someone offline holds it), the holds
after ``@boot`` and ``@ban`` (kept through reloads and restarts), players' reports to wizards, and one-use
invitation codes (``registration = "invite"``)."""

CORRESPONDENCE = """
ALTER TABLE games ADD COLUMN correspondence TEXT;
CREATE TABLE pooled_ratings (
    player TEXT NOT NULL COLLATE NOCASE,
    game TEXT NOT NULL,
    pool TEXT NOT NULL DEFAULT 'live',
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    bot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player, game, pool)
);
INSERT INTO pooled_ratings (player, game, pool, mu, sigma, games, bot)
    SELECT player, game, 'live', mu, sigma, games, bot FROM ratings;
DROP TABLE ratings;
ALTER TABLE pooled_ratings RENAME TO ratings;
CREATE INDEX ratings_board ON ratings (game, pool, bot);
""" + POSTAL_SCHEMA.format(text="TEXT", nocase="COLLATE NOCASE", identity="INTEGER PRIMARY KEY AUTOINCREMENT",
                          real="REAL")
"""Issue 38: a correspondence table's clock (NULL: a live table), ratings apart per pace (every rating before is the
live pool's), friends, challenges and vacations (``server.store.postal``)."""



@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    apply: Callable[[sqlite3.Connection], None]


MIGRATIONS = (
    Migration(1, _script(FIRST_SCHEMA)),
    Migration(2, _add_missing_columns),
    Migration(3, _script(RESULTS_PER_GAME)),
    Migration(4, _script(MAIL)),
    Migration(5, _script(RATINGS)),
    Migration(6, _script(FUNHOUSE_RUNS)),
    Migration(7, _script(EVENTS_AND_LADDER)),
    Migration(8, _script(ADDRESS_BANS)),
    Migration(9, _script(FAIR_PLAY)),
    Migration(10, _script(OUTREACH_SCHEMA.format(identity="INTEGER PRIMARY KEY", real="REAL"))),
    Migration(11, _script(COMMUNITY)),
    Migration(12, _script(DICE_RECORDS_SCHEMA)),
    Migration(13, _script(CORRESPONDENCE)),
    Migration(14, _script(PUZZLES_SCHEMA.format(identity="INTEGER PRIMARY KEY", real="REAL", nocase="COLLATE NOCASE"))),
    Migration(15, _script(JUDGED_SCHEMA.format(id="INTEGER", text="TEXT", nocase="COLLATE NOCASE", real="REAL"))),
)
"""In order: ``MIGRATIONS[n - 1]`` brings a database from version n - 1 to n."""
LATEST = MIGRATIONS[-1].version


def version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, where: str) -> None:
    """Apply the migrations the database lacks, inside the caller's transaction (``PRAGMA user_version`` is part of
    it: a failure leaves the database as it was). Raises :class:`NewerDatabase`, having changed nothing."""
    found = version(db)
    if found > LATEST:
        raise NewerDatabase(where, found, LATEST)
    for migration in MIGRATIONS[found:]:
        migration.apply(db)
        db.execute(f"PRAGMA user_version = {migration.version}")
