"""Issue 38's SQL, the same in both backends: the tables of friends, challenges and vacations (a migration each
backend runs) and the statements on them (the records in ``server.store.postal``)."""

from __future__ import annotations

POSTAL_SCHEMA = """
CREATE TABLE friends (
    skeleton {text} NOT NULL,
    friend {text} {nocase} NOT NULL,
    PRIMARY KEY (skeleton, friend)
);
CREATE INDEX friends_friend ON friends (friend);
CREATE TABLE challenges (
    id {identity},
    by {text} {nocase} NOT NULL,
    whom {text} {nocase} NOT NULL,
    options {text} NOT NULL,
    at {real} NOT NULL,
    expires {real} NOT NULL
);
CREATE INDEX challenges_by ON challenges (by);
CREATE INDEX challenges_whom ON challenges (whom);
CREATE TABLE vacations (
    skeleton {text} PRIMARY KEY,
    since {real},
    until {real},
    year integer NOT NULL,
    used {real} NOT NULL DEFAULT 0
)
"""
"""Friends (whom an account follows, by name), challenges, vacations: the same in both backends' migrations (the
records in server/store/postal.py)."""

FRIENDS = "SELECT friend FROM friends WHERE skeleton = ? ORDER BY friend"
FOLLOWERS = "SELECT skeleton FROM friends WHERE friend = ?"
BEFRIEND = "INSERT INTO friends VALUES (?, ?) ON CONFLICT DO NOTHING"
UNFRIEND = "DELETE FROM friends WHERE skeleton = ? AND friend = ?"
CHALLENGE_COLUMNS = "id, by, whom, options, at, expires"
CHALLENGES = f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE (by = ? OR whom = ?) AND expires > ? ORDER BY id"
CHALLENGE = f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?"
MAKE_CHALLENGE = "INSERT INTO challenges (by, whom, options, at, expires) VALUES (?, ?, ?, ?, ?) RETURNING id"
TAKE_CHALLENGE = f"DELETE FROM challenges WHERE id = ? RETURNING {CHALLENGE_COLUMNS}"
"""A challenge answered (accepted, declined, withdrawn): gone in the statement that reads it, so two answers at once
cannot both have it."""
PRUNE_CHALLENGES = "DELETE FROM challenges WHERE expires <= ?"
VACATION = "SELECT a.name, v.since, v.until, v.year, v.used FROM vacations v JOIN accounts a ON a.skeleton = v.skeleton"
ON_VACATION = f"{VACATION} WHERE v.until > ?"
ONES_VACATION = f"{VACATION} WHERE v.skeleton = ?"
SET_VACATION = (
    "INSERT INTO vacations VALUES (?, ?, ?, ?, ?) ON CONFLICT (skeleton)"
    " DO UPDATE SET since = excluded.since, until = excluded.until, year = excluded.year, used = excluded.used"
)
