"""The SQL both backends run as it is written here: SQLite and PostgreSQL agree on it (``ON CONFLICT`` upserts,
``RETURNING``, ``COLLATE NOCASE``: PostgreSQL's schema makes a case-insensitive collation of that name). Placeholders
are ``?``; the PostgreSQL backend turns them into ``%s``. Statements the dialects write differently (JSON paths,
string aggregation, the schema) stay in each backend's folder."""

from __future__ import annotations

from server.store import judged, outreach, postal, puzzlesql
from server.store.domain import FORMER, OPEN_STATUSES, PREVIEW

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
LETTERS = f"SELECT id, sender, sent_at, substr(body, 1, {PREVIEW + 1}), read FROM mail WHERE recipient = ? ORDER BY id"
"""A mailbox's headers, without the bodies."""
LETTER_BODY = "SELECT body FROM mail WHERE recipient = ? AND id = ?"
SEND_LETTER = (
    "INSERT INTO mail (recipient, sender, sent_at, body) SELECT ?, ?, ?, ?"
    " WHERE (SELECT COUNT(*) FROM mail WHERE recipient = ?) < ?"
)
"""A letter kept only while its recipient's mailbox holds fewer than its cap (counted in the same statement)."""
MARK_READ = "UPDATE mail SET read = 1 WHERE recipient = ? AND id = ?"
DELETE_LETTER = "DELETE FROM mail WHERE recipient = ? AND id = ?"
DELETE_ALL_LETTERS = "DELETE FROM mail WHERE recipient = ?"

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
    ("email_addresses", "skeleton"), ("account_codes", "skeleton"), ("push_subscriptions", "skeleton"),
    ("notices", "skeleton"), ("outbox", "recipient"), ("friends", "skeleton"), ("vacations", "skeleton"),
)
"""What an account keeps under its skeleton (the key of its name): it follows a rename, and goes with the account."""
BY_NAME = (
    ("bot_accounts", "name"), ("bot_accounts", "owner"), ("ignores", "ignored"), ("results", "player"),
    ("ratings", "player"), ("funhouse_runs", "player"), ("event_standings", "player"), ("games", "winner"),
    ("games", "learner"), ("moderation", "actor"), ("moderation", "target"), ("mail", "sender"), ("rooms", "owner"),
    ("restrictions", "by"), ("address_bans", "by"), ("reports", "reporter"), ("reports", "reported"),
    ("reports", "closed_by"), ("invites", "by"), ("invites", "used_by"), ("friends", "friend"), ("challenges", "by"),
    ("challenges", "whom"), ("judged_games", "player"), *puzzlesql.BY_NAME,
)
"""Where a player's name is kept as a column (a game's seats and events hold it in JSON: ``server.store.renaming``)."""
GONE_WITH_THE_ACCOUNT = (("ignores", "ignored"), ("ratings", "player"), ("funhouse_runs", "player"),
                         ("friends", "friend"), ("challenges", "by"), ("challenges", "whom"), ("judged_games", "player"),
                         *puzzlesql.BY_NAME)
"""Rows under a deleted account's name that go with it ('@delete me'): whom others ignore or follow, its own
ratings, its solitaire runs, the challenges it made or was offered. The rest of ``BY_NAME`` is others' too (a game,
a report, the record): kept under its former name."""
DELETE_ACCOUNT = "DELETE FROM accounts WHERE skeleton = ?"
GAME_EVENTS = "SELECT seq, event FROM game_events WHERE game = ? ORDER BY seq"
SET_GAME_EVENT = "UPDATE game_events SET event = ? WHERE game = ? AND seq = ?"
SET_SEATS = "UPDATE games SET seats = ? WHERE id = ?"
SET_CONDUCT = "UPDATE games SET conduct = ? WHERE id = ?"
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
    "INSERT INTO games (table_number, room, rules, seats, bots, rated, status, opened_at, game, correspondence)"
    " VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)"
    " RETURNING id"
)
FREE_NUMBER = (
    f"SELECT MIN(n) FROM (SELECT 1 AS n UNION ALL SELECT table_number + 1 FROM games WHERE {OPEN}) AS candidates"
    f" WHERE n NOT IN (SELECT table_number FROM games WHERE {OPEN})"
)
"""The lowest table number no open table has (the server's own rule, asked of the database)."""
RENUMBER_TABLE = "UPDATE games SET table_number = ? WHERE id = ?"
INSERT_EVENT = "INSERT INTO game_events (game, seq, event) VALUES (?, ?, ?)"
SAVE_TABLE = (
    "UPDATE games SET rules = ?, seats = ?, bots = ?, status = ?, conduct = ?,"
    " correspondence = COALESCE(?, correspondence) WHERE id = ?"
)
"""(A correspondence table's clock is kept when none is given: a table never turns live, and what saves a held
table again has only its row.)"""
SET_POST = "UPDATE games SET correspondence = ? WHERE id = ?"
"""A correspondence table's clock (``server.acrossdays.correspondence.post``) frozen or going on without a move."""
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
    "SELECT id, table_number, room, rules, seats, status, bots, pace, learner, game, rated, conduct, correspondence"
    f" FROM games"
    f" WHERE {OPEN}"
    " ORDER BY table_number"
)
ENDED_GAME = "SELECT table_number, game FROM games WHERE id = ? AND status IN ('over', 'abandoned')"
DICE_RECORDS_SCHEMA = """
CREATE TABLE dice_records (
    kind TEXT NOT NULL,
    ref TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (kind, ref)
)
"""
"""Issue 40's migration (the same in both dialects): what checking the dice of a game, a Funhouse run or a day's
daily needs (``kind`` ``game``, ``run`` or ``daily``; ``ref`` its id or date): the scheme, the server seed (secret
until the end), its commitment and the seeds mixed in, as JSON (engine.keyedstream, docs/fairness.md)."""
DICE_RECORD = "SELECT record FROM dice_records WHERE kind = ? AND ref = ?"
SAVE_DICE = "INSERT INTO dice_records VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO UPDATE SET record = excluded.record"
RECENT_GAMES = "SELECT id FROM games WHERE game = ? AND status IN ('over', 'abandoned') ORDER BY id DESC LIMIT ?"
FIRST_DICE = "INSERT INTO dice_records VALUES (?, ?, ?) ON CONFLICT (kind, ref) DO NOTHING"
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
GAME_RATED = (
    "SELECT game, rated, CASE WHEN correspondence IS NULL THEN 'live' ELSE 'correspondence' END FROM games WHERE id = ?"
)
"""A game's type, whether it is rated, and its rating pool (its pace: ``server.store.postal.POOLS``)."""
RATING = "SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ? AND pool = ?"
SET_RATING = (
    "INSERT INTO ratings (player, game, pool, mu, sigma, games, bot) VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (player, game, pool)"
    " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, bot = excluded.bot"
)
RATINGS = "SELECT game, mu, sigma, games FROM ratings WHERE player = ? AND pool = ? ORDER BY game"
RATING_BOARD = (
    "SELECT player, mu, sigma, games FROM ratings WHERE game = ? AND pool = ? AND bot = ?"
    " ORDER BY mu - 3 * sigma DESC, player LIMIT ?"
)
"""The conservative figure (``server.competition.ratingmodel``: mu - 3 sigma) ranks players; people and bots apart, each pace's
pool apart."""

BOT_ACCOUNT = "SELECT owner, version, accepted FROM bot_accounts WHERE skeleton = ?"
SET_BOT_ACCOUNT = (
    "INSERT INTO bot_accounts (skeleton, name, owner, version) VALUES (?, ?, ?, ?) ON CONFLICT (skeleton)"
    " DO UPDATE SET name = excluded.name, owner = excluded.owner, version = excluded.version,"
    " accepted = CASE WHEN bot_accounts.owner = excluded.owner THEN bot_accounts.accepted ELSE 0 END"
)
"""A bot named for a new owner waits for that owner's consent again (the same owner's stands)."""
OWNED_BOTS = "SELECT name, accepted FROM bot_accounts WHERE owner = ? ORDER BY name"
ACCEPT_BOT = "UPDATE bot_accounts SET accepted = ? WHERE skeleton = ? AND owner = ?"
UNSET_BOT_ACCOUNT = "DELETE FROM bot_accounts WHERE skeleton = ?"
FORGET_RATINGS = "DELETE FROM ratings WHERE player = ?"
"""A bot's new version starts new ratings."""
GAMES_SINCE = "SELECT COUNT(*) FROM results r JOIN games g ON g.id = r.game WHERE r.player = ? AND g.ended_at >= ?"
MEETINGS_SINCE = "SELECT COUNT(*) FROM meetings WHERE what = ? AND at >= ?"
ADD_MEETING = "INSERT INTO meetings (what, game, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
PRUNE_MEETINGS = "DELETE FROM meetings WHERE at < ?"

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
EVENT_GAME = "INSERT INTO event_games (event, game, round) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
"""(Said again after a failure whose commit may have gone through: once is enough.)"""
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
    f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE room IS NULL AND daily IS NULL AND total IS NOT NULL"
    " ORDER BY total, id LIMIT ?"
)
"""The all-time board: runs of the six rooms on their own dice (the daily's, the same for everyone, rank apart)."""
FUN_DAILY_TOP = (
    f"SELECT {FUN_COLUMNS} FROM funhouse_runs WHERE total IS NOT NULL AND id IN"
    " (SELECT MIN(id) FROM funhouse_runs WHERE daily = ? GROUP BY player) ORDER BY total, id LIMIT ?"
)
"""Each player's first daily run of the day counts (finished; one given up counts as it ended)."""
FIRST_DAILIES = "SELECT MIN(id) FROM funhouse_runs WHERE daily IS NOT NULL GROUP BY player, daily"
"""Each player's first daily run of each day: it decides that day's board, so it is never pruned."""
PRUNE_FUN_RUNS_OF = (
    "DELETE FROM funhouse_runs WHERE player = ? AND total IS NULL AND id NOT IN"
    " (SELECT id FROM funhouse_runs WHERE player = ? AND total IS NULL ORDER BY id DESC LIMIT ?) AND id NOT IN"
    " (SELECT MIN(id) FROM funhouse_runs WHERE player = ? AND daily IS NOT NULL GROUP BY daily)"
)
"""A player's unfinished runs beyond the newest few."""
PRUNE_OLD_FUN_RUNS = f"DELETE FROM funhouse_runs WHERE total IS NULL AND started_at < ? AND id NOT IN ({FIRST_DAILIES})"

# -- reaching players away from the game (issue 39; the records in server/store/outreach.py) --

OUTREACH_SCHEMA = """
CREATE TABLE email_addresses (
    skeleton TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    confirmed INTEGER NOT NULL DEFAULT 0,
    token TEXT NOT NULL UNIQUE,
    mail_off INTEGER NOT NULL DEFAULT 0,
    set_at {real} NOT NULL
);
CREATE TABLE account_codes (
    skeleton TEXT NOT NULL,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    expires_at {real} NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (skeleton, purpose)
);
CREATE TABLE outbox (
    id {identity},
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    target TEXT NOT NULL,
    payload TEXT NOT NULL,
    dedup TEXT UNIQUE,
    created_at {real} NOT NULL,
    due_at {real} NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'queued',
    done_at {real},
    error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox (due_at) WHERE status = 'queued';
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    skeleton TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at {real} NOT NULL
);
CREATE TABLE notices (
    id {identity},
    skeleton TEXT NOT NULL,
    at {real} NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    table_number INTEGER,
    dedup TEXT UNIQUE,
    shown INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notices_unshown ON notices (skeleton) WHERE shown = 0
"""
"""Issue 39's tables, with each backend's identity column for ``{identity}`` and its 8-byte float for ``{real}``."""
EMAIL = "SELECT address, confirmed, token, mail_off FROM email_addresses WHERE skeleton = ?"
SET_EMAIL = (
    "INSERT INTO email_addresses (skeleton, address, token, set_at) VALUES (?, ?, ?, ?) ON CONFLICT (skeleton)"
    " DO UPDATE SET address = excluded.address, token = excluded.token, set_at = excluded.set_at, confirmed = 0,"
    " mail_off = 0"
)
CONFIRM_EMAIL = "UPDATE email_addresses SET confirmed = 1 WHERE skeleton = ?"
DROP_EMAIL = "DELETE FROM email_addresses WHERE skeleton = ?"
MAIL_ON = "UPDATE email_addresses SET mail_off = 0 WHERE skeleton = ?"
UNSUBSCRIBE = "UPDATE email_addresses SET mail_off = 1 WHERE token = ? RETURNING skeleton"

CODE = "SELECT code_hash, expires_at, attempts FROM account_codes WHERE skeleton = ? AND purpose = ?"
SET_CODE = (
    "INSERT INTO account_codes VALUES (?, ?, ?, ?, 0) ON CONFLICT (skeleton, purpose)"
    " DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0"
)
SPEND_ATTEMPT = "UPDATE account_codes SET attempts = attempts + 1 WHERE skeleton = ? AND purpose = ?"
DROP_CODE = "DELETE FROM account_codes WHERE skeleton = ? AND purpose = ?"
DROP_CODES = "DELETE FROM account_codes WHERE skeleton = ?"
SET_PASSWORD = "UPDATE accounts SET password_hash = ? WHERE skeleton = ?"

QUEUE = (
    "INSERT INTO outbox (channel, recipient, target, payload, dedup, created_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (dedup) DO NOTHING"
)
DUE = (
    "SELECT id, channel, recipient, target, payload, created_at, attempts FROM outbox"
    " WHERE status = 'queued' AND due_at <= ? ORDER BY due_at, id LIMIT ?"
)
NEXT_DUE = "SELECT MIN(due_at) FROM outbox WHERE status = 'queued'"
SENT = "UPDATE outbox SET status = 'sent', done_at = ?, attempts = attempts + 1 WHERE id = ?"
RETRY = "UPDATE outbox SET due_at = ?, attempts = attempts + 1, error = ? WHERE id = ?"
GIVE_UP = "UPDATE outbox SET status = 'failed', done_at = ?, attempts = attempts + 1, error = ? WHERE id = ?"
PRUNE_OUTBOX = "DELETE FROM outbox WHERE status <> 'queued' AND done_at < ?"

PUSH_SUBSCRIPTIONS = "SELECT endpoint, skeleton, p256dh, auth FROM push_subscriptions WHERE skeleton = ? ORDER BY created_at"
PUSH_SUBSCRIPTION = "SELECT endpoint, skeleton, p256dh, auth FROM push_subscriptions WHERE endpoint = ?"
SUBSCRIBE_PUSH = (
    "INSERT INTO push_subscriptions VALUES (?, ?, ?, ?, ?) ON CONFLICT (endpoint)"
    " DO UPDATE SET skeleton = excluded.skeleton, p256dh = excluded.p256dh, auth = excluded.auth"
)
DROP_PUSH = "DELETE FROM push_subscriptions WHERE endpoint = ?"
DROP_PUSHES = "DELETE FROM push_subscriptions WHERE skeleton = ?"
COUNT_PUSHES = "SELECT COUNT(*) FROM push_subscriptions WHERE skeleton = ?"

RECORD_NOTICE = (
    "INSERT INTO notices (skeleton, at, kind, text, table_number, dedup) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (dedup) DO NOTHING RETURNING id"
)
UNSHOWN = "SELECT id, at, kind, text, table_number FROM notices WHERE skeleton = ? AND shown = 0 ORDER BY id"
SHOWN = "UPDATE notices SET shown = 1 WHERE skeleton = ? AND id <= ? AND shown = 0"
DIGEST_DUE = (
    "SELECT DISTINCT n.skeleton FROM notices n JOIN preferences p ON p.skeleton = n.skeleton"
    " JOIN email_addresses e ON e.skeleton = n.skeleton"
    " WHERE n.shown = 0 AND p.key = 'notify' AND replace(p.value, 'digest', '') <> p.value AND e.confirmed = 1 AND e.mail_off = 0"
)
PRUNE_NOTICES = "DELETE FROM notices WHERE at < ?"

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
    ("games", "id, table_number, room, rules, seats, bots, pace, learner, status, opened_at, ended_at, winner, game, rated,"
     " conduct, correspondence", "id"),
    ("game_events", "game, seq, event", "game, seq"),
    ("results", "game, player, won, score, bot, figures", "game, player"),
    ("ratings", "player, game, pool, mu, sigma, games, bot", "game, pool, player"),
    ("funhouse_runs", FUN_COLUMNS, "id"),
    ("bot_accounts", "skeleton, name, owner, version, accepted", "skeleton"),
    ("events", EVENT_COLUMNS, "id"),
    ("event_standings", "event, player, points, games, wins, house, active", "event, player"),
    ("event_games", "event, game, round, counted", "event, game"),
    ("meetings", "what, game, at", "what, game"),
    ("dice_records", "kind, ref, record", "kind, ref"),
    *outreach.COPIED,
    *postal.COPIED,
    *puzzlesql.COPIED,
    *judged.COPIED,
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
