"""The SQL both backends run as it is written here: SQLite and PostgreSQL agree on it (``ON CONFLICT`` upserts,
``RETURNING``, ``COLLATE NOCASE``: PostgreSQL's schema makes a case-insensitive collation of that name). Placeholders
are ``?``; the PostgreSQL backend turns them into ``%s``. Statements the dialects write differently (JSON paths,
string aggregation, the schema) stay in each backend's folder."""

from __future__ import annotations

from server.store.domain import FORMER, OPEN_STATUSES

ACCOUNT_COLUMNS = "name, skeleton, password_hash, wizard, banned, doing, last_seen, created_at, builder, last_address"
FIND_ACCOUNT = f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE skeleton = ?"
CREATE_ACCOUNT = "INSERT INTO accounts (name, skeleton, password_hash, created_at) VALUES (?, ?, ?, ?)"
AUTOJOIN_ACCOUNT = "INSERT INTO channel_members SELECT name, ? FROM channels WHERE autojoin = 1"
SET_WIZARD = "UPDATE accounts SET wizard = ? WHERE skeleton = ? AND name = ? COLLATE NOCASE"
TOUCH = "UPDATE accounts SET last_seen = ? WHERE skeleton = ?"
UPDATE_ACCOUNT = "UPDATE accounts SET {column} = ? WHERE skeleton = ?"
"""``column`` is one of the account's own (never a player's words)."""

PREFERENCES = "SELECT key, value FROM preferences WHERE skeleton = ?"
SET_PREFERENCE = "INSERT INTO preferences VALUES (?, ?, ?) ON CONFLICT (skeleton, key) DO UPDATE SET value = excluded.value"
IGNORED = "SELECT ignored FROM ignores WHERE skeleton = ?"
IGNORE = "INSERT INTO ignores VALUES (?, ?) ON CONFLICT DO NOTHING"
UNIGNORE = "DELETE FROM ignores WHERE skeleton = ? AND ignored = ?"
LOCATION = "SELECT room FROM locations WHERE skeleton = ?"
SET_LOCATION = "INSERT INTO locations VALUES (?, ?) ON CONFLICT (skeleton) DO UPDATE SET room = excluded.room"

CHANNELS = "SELECT name, description, autojoin FROM channels ORDER BY rowid"
"""In the order they were made (PostgreSQL's tables have an identity column named ``rowid`` where it matters)."""
MEMBERSHIPS = "SELECT channel FROM channel_members WHERE skeleton = ?"
CREATE_CHANNEL = "INSERT INTO channels (name, description, autojoin) VALUES (?, ?, ?)"
DESTROY_CHANNEL = (
    "DELETE FROM channel_members WHERE channel = ?",
    "DELETE FROM restrictions WHERE scope = ?",
    "DELETE FROM channels WHERE name = ?",
)
JOIN_CHANNEL = "INSERT INTO channel_members VALUES (?, ?) ON CONFLICT DO NOTHING"
LEAVE_CHANNEL = "DELETE FROM channel_members WHERE channel = ? AND skeleton = ?"
COUNT_CHANNELS = "SELECT COUNT(*) FROM channels"
AUTOJOIN_EVERYONE = "INSERT INTO channel_members SELECT c.name, a.skeleton FROM channels c, accounts a WHERE c.autojoin = 1"

RESTRICTIONS = "SELECT scope, until, by, reason FROM restrictions WHERE skeleton = ?"
LIFT = "DELETE FROM restrictions WHERE skeleton = ? AND scope = ?"
RESTRICT = (
    "INSERT INTO restrictions VALUES (?, ?, ?, ?, ?) ON CONFLICT (skeleton, scope)"
    " DO UPDATE SET until = excluded.until, by = excluded.by, reason = excluded.reason"
)
LETTERS = "SELECT id, sender, sent_at, body, read FROM mail WHERE recipient = ? ORDER BY id"
SEND_LETTER = "INSERT INTO mail (recipient, sender, sent_at, body) VALUES (?, ?, ?, ?)"
MARK_READ = "UPDATE mail SET read = 1 WHERE recipient = ? AND id = ?"
DELETE_LETTER = "DELETE FROM mail WHERE recipient = ? AND id = ?"

RECORD = "INSERT INTO moderation (at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?)"
MODERATION = (
    "SELECT at, actor, action, target, detail FROM moderation WHERE target = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?"
)

ADDRESS_BANS = "SELECT network, by, reason, at FROM address_bans ORDER BY at"
BAN_ADDRESS = (
    "INSERT INTO address_bans VALUES (?, ?, ?, ?) ON CONFLICT (network)"
    " DO UPDATE SET by = excluded.by, reason = excluded.reason, at = excluded.at"
)
UNBAN_ADDRESS = "DELETE FROM address_bans WHERE network = ?"
BANNED_NAMES = "SELECT name FROM accounts WHERE banned = 1 ORDER BY name"
ENTRY_COLUMNS = "at, actor, action, target, detail"
AUDIT_ALL = f"SELECT {ENTRY_COLUMNS} FROM moderation ORDER BY id DESC LIMIT ?"
AUDIT = (
    f"SELECT {ENTRY_COLUMNS} FROM moderation WHERE actor = ? COLLATE NOCASE OR target = ? COLLATE NOCASE"
    " OR action = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?"
)
"""The record server-wide (``@audit``): the latest entries, or those by, about or of one word (a name, an action)."""

HOLDS = "SELECT key, until FROM holds WHERE until > ?"
HOLD = "INSERT INTO holds VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = excluded.until"
RELEASE = "DELETE FROM holds WHERE key = ?"
PRUNE_HOLDS = "DELETE FROM holds WHERE until <= ?"

REPORT_COLUMNS = "id, at, reporter, reported, text, closed_at, closed_by, note"
FILE_REPORT = "INSERT INTO reports (at, reporter, reported, text) VALUES (?, ?, ?, ?) RETURNING id"
OPEN_REPORTS = f"SELECT {REPORT_COLUMNS} FROM reports WHERE closed_at IS NULL ORDER BY id LIMIT ?"
LATEST_REPORTS = f"SELECT {REPORT_COLUMNS} FROM reports ORDER BY id DESC LIMIT ?"
REPORTS_BY = f"SELECT {REPORT_COLUMNS} FROM reports WHERE reporter = ? AND (closed_at IS NULL OR at >= ?) ORDER BY id"
"""A player's reports still open, or filed since a time (what the limits on reports count)."""
CLOSE_REPORT = (
    f"UPDATE reports SET closed_at = ?, closed_by = ?, note = ? WHERE id = ? AND closed_at IS NULL RETURNING {REPORT_COLUMNS}"
)

INVITE_COLUMNS = "code, by, at, note, used_by"
CREATE_INVITE = "INSERT INTO invites (code, by, at, note) VALUES (?, ?, ?, ?)"
INVITES = f"SELECT {INVITE_COLUMNS} FROM invites WHERE used_by IS NULL AND at > ? ORDER BY at"
CLAIM_INVITE = "UPDATE invites SET used_by = ?, used_at = ? WHERE code = ? AND used_by IS NULL AND at > ? RETURNING by"
CANCEL_INVITE = "DELETE FROM invites WHERE code = ? AND used_by IS NULL RETURNING code"

RENAME_ACCOUNT = "UPDATE accounts SET name = ?, skeleton = ? WHERE skeleton = ?"
BY_SKELETON = (
    ("preferences", "skeleton"), ("ignores", "skeleton"), ("channel_members", "skeleton"), ("restrictions", "skeleton"),
    ("locations", "skeleton"), ("mail", "recipient"), ("bot_accounts", "skeleton"), ("holds", "key"),
)
"""What an account keeps under its skeleton (the key of its name): it follows a rename, and goes with the account."""
BY_NAME = (
    ("bot_accounts", "name"), ("bot_accounts", "owner"), ("ignores", "ignored"), ("results", "player"),
    ("ratings", "player"), ("funhouse_runs", "player"), ("event_standings", "player"), ("games", "winner"),
    ("games", "learner"), ("moderation", "actor"), ("moderation", "target"), ("mail", "sender"), ("rooms", "owner"),
    ("restrictions", "by"), ("address_bans", "by"), ("reports", "reporter"), ("reports", "reported"),
    ("reports", "closed_by"), ("invites", "by"), ("invites", "used_by"),
)
"""Where a player's name is kept as a column (a game's seats and events hold it in JSON: ``server.store.renaming``)."""
GONE_WITH_THE_ACCOUNT = (("ignores", "ignored"), ("ratings", "player"), ("funhouse_runs", "player"))
"""Rows under a deleted account's name that go with it ('@delete me'): whom others ignore, its own ratings, its
solitaire runs. The rest of ``BY_NAME`` is others' too (a game, a report, the record): kept under its former name."""
DELETE_ACCOUNT = "DELETE FROM accounts WHERE skeleton = ?"
GAME_EVENTS = "SELECT seq, event FROM game_events WHERE game = ? ORDER BY seq"
SET_GAME_EVENT = "UPDATE game_events SET event = ? WHERE game = ? AND seq = ?"
SET_SEATS = "UPDATE games SET seats = ? WHERE id = ?"
FORMER_TAKEN = "SELECT 1 FROM moderation WHERE actor = ?"


def rename_column(table: str, column: str) -> str:
    """``column`` of ``table`` (one of ``BY_NAME``) from one name to another: parameters new, old."""
    return f"UPDATE {table} SET {column} = ? WHERE {column} = ?"


def clear_column(table: str, column: str) -> str:
    """The rows of ``table`` whose ``column`` (one of ``BY_SKELETON`` or ``GONE_WITH_THE_ACCOUNT``) is a key."""
    return f"DELETE FROM {table} WHERE {column} = ?"

START_ROOM = "SELECT value FROM world WHERE key = 'start'"
SET_START_ROOM = "INSERT INTO world VALUES ('start', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
EXITS = "SELECT room, name, aliases, destination FROM exits ORDER BY room, position"
ROOMS = "SELECT key, name, description, owner FROM rooms ORDER BY rowid"
SAVE_ROOM = (
    "INSERT INTO rooms (key, name, description, owner) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE"
    " SET name = excluded.name, description = excluded.description, owner = excluded.owner"
)
DELETE_EXITS = "DELETE FROM exits WHERE room = ?"
DELETE_ROOM = "DELETE FROM rooms WHERE key = ?"
INSERT_EXIT = "INSERT INTO exits VALUES (?, ?, ?, ?, ?)"

OPEN = f"status IN {OPEN_STATUSES}"
OPEN_TABLE = (
    "INSERT INTO games (table_number, room, rules, seats, status, opened_at, game) VALUES (?, ?, ?, ?, 'waiting', ?, ?)"
    " RETURNING id"
)
FREE_NUMBER = (
    f"SELECT MIN(n) FROM (SELECT 1 AS n UNION ALL SELECT table_number + 1 FROM games WHERE {OPEN}) AS candidates"
    f" WHERE n NOT IN (SELECT table_number FROM games WHERE {OPEN})"
)
"""The lowest table number no open table has (the server's own rule, asked of the database)."""
RENUMBER_TABLE = "UPDATE games SET table_number = ? WHERE id = ?"
INSERT_EVENT = "INSERT INTO game_events (game, seq, event) VALUES (?, ?, ?)"
SAVE_TABLE = "UPDATE games SET rules = ?, seats = ?, bots = ?, status = ? WHERE id = ?"
SET_PACE = "UPDATE games SET pace = ? WHERE id = ?"
SET_LEARNER = "UPDATE games SET learner = ?, rated = 0 WHERE id = ?"
SET_UNRATED = "UPDATE games SET rated = 0 WHERE id = ?"
CLOSE_TABLE = "UPDATE games SET status = ?, ended_at = ?, rated = 0 WHERE id = ?"
CLOSED_BEFORE = "status = 'closed' AND ended_at < ?"
"""Tables closed before any game began there, and long ago: nothing to replay, count or restore."""
PRUNE_EVENTS = f"DELETE FROM game_events WHERE game IN (SELECT id FROM games WHERE {CLOSED_BEFORE})"
PRUNE_TABLES = f"DELETE FROM games WHERE {CLOSED_BEFORE}"
WITHOUT_RESULTS = (
    "SELECT id, game FROM games g WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game = g.id)"
)
OPEN_TABLES = (
    f"SELECT id, table_number, room, rules, seats, status, bots, pace, learner, game, rated FROM games WHERE {OPEN}"
    " ORDER BY table_number"
)
ENDED_GAME = "SELECT table_number, game FROM games WHERE id = ? AND status IN ('over', 'abandoned')"
ACCOUNT_NAMES = "SELECT name FROM accounts"
EVENTS = "SELECT event FROM game_events WHERE game = ? ORDER BY seq"
INSERT_RESULT = "INSERT INTO results (game, player, won, score, bot, figures) VALUES (?, ?, ?, ?, ?, ?)"
FINISH_GAME = "UPDATE games SET status = 'over', ended_at = ?, winner = ? WHERE id = ?"
HISTORY = (
    "SELECT g.id, g.ended_at, ({players}), g.winner, r.score, (SELECT MAX(o.bot) FROM results o WHERE o.game = g.id),"
    " g.rated"
    " FROM results r JOIN games g ON g.id = r.game WHERE r.player = ? ORDER BY g.id DESC LIMIT ?"
)
"""``players``: the dialect's subquery joining a game's players' names, in case-insensitive order."""
STATS = "SELECT COUNT(*), SUM(r.won){totals} FROM results r JOIN games g ON g.id = r.game WHERE r.player = ? AND g.game = ? AND g.rated = 1"
TOP = (
    "SELECT r.player, COUNT(*), SUM(r.won){totals} FROM results r JOIN games g ON g.id = r.game"
    f" WHERE r.bot = 0 AND g.game = ? AND g.rated = 1 AND substr(r.player, 1, {len(FORMER)}) <> '{FORMER}'"
    " GROUP BY r.player"
    " ORDER BY SUM(r.won) DESC, 1.0 * SUM(r.won) / COUNT(*) DESC{tiebreak} LIMIT ?"
)
GAME_RATED = "SELECT game, rated FROM games WHERE id = ?"
RATING = "SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?"
SET_RATING = (
    "INSERT INTO ratings (player, game, mu, sigma, games, bot) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (player, game)"
    " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, bot = excluded.bot"
)
RATINGS = "SELECT game, mu, sigma, games FROM ratings WHERE player = ? ORDER BY game"
RATING_BOARD = (
    "SELECT player, mu, sigma, games FROM ratings WHERE game = ? AND bot = ? ORDER BY mu - 3 * sigma DESC, player LIMIT ?"
)
"""The conservative figure (``server.ratingmodel``: mu - 3 sigma) ranks players; people and bots apart."""

BOT_ACCOUNT = "SELECT owner, version FROM bot_accounts WHERE skeleton = ?"
SET_BOT_ACCOUNT = (
    "INSERT INTO bot_accounts (skeleton, name, owner, version) VALUES (?, ?, ?, ?) ON CONFLICT (skeleton)"
    " DO UPDATE SET name = excluded.name, owner = excluded.owner, version = excluded.version"
)
UNSET_BOT_ACCOUNT = "DELETE FROM bot_accounts WHERE skeleton = ?"
FORGET_RATINGS = "DELETE FROM ratings WHERE player = ?"
"""A bot's new version starts new ratings."""
GAMES_SINCE = "SELECT COUNT(*) FROM results r JOIN games g ON g.id = r.game WHERE r.player = ? AND g.ended_at >= ?"

EVENT_COLUMNS = "id, kind, room, options, seats, started_at, ends_at, rounds, round, status"
CREATE_EVENT = (
    "INSERT INTO events (kind, room, options, seats, started_at, ends_at, rounds, status)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, 'running') RETURNING id"
)
EVENTS_RUNNING = f"SELECT {EVENT_COLUMNS} FROM events WHERE status = 'running' ORDER BY id"
EVENTS_LATEST = f"SELECT {EVENT_COLUMNS} FROM events ORDER BY id DESC LIMIT ?"
EVENT_BY_ID = f"SELECT {EVENT_COLUMNS} FROM events WHERE id = ?"
SET_EVENT_ROUND = "UPDATE events SET round = ? WHERE id = ?"
END_EVENT = "UPDATE events SET status = ? WHERE id = ?"
ENTER_EVENT = (
    "INSERT INTO event_standings (event, player, house) VALUES (?, ?, ?) ON CONFLICT (event, player)"
    " DO UPDATE SET active = 1"
)
LEAVE_EVENT = "UPDATE event_standings SET active = 0 WHERE event = ? AND player = ?"
STANDINGS = (
    "SELECT player, points, games, wins, house, active FROM event_standings WHERE event = ?"
    " ORDER BY points DESC, wins DESC, games, player"
)
EVENT_GAME = "INSERT INTO event_games (event, game, round) VALUES (?, ?, ?)"
COUNT_EVENT_GAME = "UPDATE event_games SET counted = 1 WHERE event = ? AND game = ? AND counted = 0 RETURNING game"
"""Returns the game if it was not counted yet (a row read back: PostgreSQL's pipeline has no row count yet)."""
SCORE_IN_EVENT = (
    "UPDATE event_standings SET points = points + ?, games = games + 1, wins = wins + ? WHERE event = ? AND player = ?"
)
UNCOUNTED_GAMES = "SELECT game, round FROM event_games WHERE event = ? AND counted = 0 ORDER BY game"
RESULTS_OF = "SELECT player, won, score FROM results WHERE game = ?"

FUN_COLUMNS = "id, player, started_at, daily, room, events, total"
CREATE_FUN_RUN = "INSERT INTO funhouse_runs (player, started_at, daily, room, events) VALUES (?, ?, ?, ?, ?) RETURNING id"
SAVE_FUN_RUN = "UPDATE funhouse_runs SET events = ?, total = ? WHERE id = ?"
FUN_RUN = f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE id = ?"
OPEN_FUN_RUN = f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE player = ? AND total IS NULL ORDER BY id DESC LIMIT 1"
FUN_RUNS = f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE player = ? ORDER BY id DESC LIMIT ?"
FUN_TOP = (
    f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE room IS NULL AND total IS NOT NULL ORDER BY total, id LIMIT ?"
)
FUN_DAILY_TOP = (
    f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE total IS NOT NULL AND id IN"
    " (SELECT MIN(id) FROM funhouse_runs WHERE daily = ? GROUP BY player) ORDER BY total, id LIMIT ?"
)
"""Each player's first daily run of the day counts (finished; one given up counts as it ended)."""

TABLES = (
    ("accounts", "id, name, skeleton, password_hash, wizard, banned, doing, created_at, last_seen, builder, last_address",
     "id"),
    ("preferences", "skeleton, key, value", "skeleton, key"),
    ("ignores", "skeleton, ignored", "skeleton, ignored"),
    ("locations", "skeleton, room", "skeleton"),
    ("channels", "name, description, autojoin", "rowid"),
    ("channel_members", "channel, skeleton", "channel, skeleton"),
    ("restrictions", "skeleton, scope, until, by, reason", "skeleton, scope"),
    ("moderation", "id, at, actor, action, target, detail", "id"),
    ("address_bans", "network, by, reason, at", "network"),
    ("holds", "key, until", "key"),
    ("reports", REPORT_COLUMNS, "id"),
    ("invites", "code, by, at, note, used_by, used_at", "code"),
    ("mail", "id, recipient, sender, sent_at, body, read", "id"),
    ("rooms", "key, name, description, owner", "rowid"),
    ("exits", "room, position, name, aliases, destination", "room, position"),
    ("world", "key, value", "key"),
    ("games", "id, table_number, room, rules, seats, bots, pace, learner, status, opened_at, ended_at, winner, game, rated",
     "id"),
    ("game_events", "game, seq, event", "game, seq"),
    ("results", "game, player, won, score, bot, figures", "game, player"),
    ("ratings", "player, game, mu, sigma, games, bot", "game, player"),
    ("funhouse_runs", FUN_COLUMNS, "id"),
    ("bot_accounts", "skeleton, name, owner, version", "skeleton"),
    ("events", EVENT_COLUMNS, "id"),
    ("event_standings", "event, player, points, games, wins, house, active", "event, player"),
    ("event_games", "event, game, round, counted", "event, game"),
)
"""Every table of the logical schema, with the columns a copy carries and the order it reads them in (rooms and
channels are shown in the order they were made), in an order that keeps references valid."""


def select_all(table: str) -> str:
    """Every row of a table of ``TABLES``, the columns a copy carries, in its order."""
    columns, order = next((columns, order) for name, columns, order in TABLES if name == table)
    return f"SELECT {columns} FROM {table} ORDER BY {order}"


def insert_all(table: str) -> str:
    """A row of a table of ``TABLES``, as ``select_all`` reads it."""
    columns = next(columns for name, columns, _ in TABLES if name == table)
    return f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' for _ in columns.split(','))})"
