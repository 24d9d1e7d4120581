"""Channels, mutes and gags, and the moderation record, in SQLite."""

from __future__ import annotations

import sqlite3
import time

from server.store.domain import SEED_CHANNELS, Channel, ModerationEntry, Restriction
from server.store.sqlite.groupcommit import GroupCommit


class SqliteChannels(GroupCommit):
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


class SqliteModeration(GroupCommit):
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


def seed_channels(db: sqlite3.Connection) -> None:
    """The first channels, in a database that has none (inside the caller's transaction), with every account on the
    autojoined ones."""
    if db.execute("SELECT COUNT(*) FROM channels").fetchone() == (0,):
        db.executemany("INSERT INTO channels VALUES (?, ?, ?)", SEED_CHANNELS)
        db.execute("INSERT INTO channel_members SELECT c.name, a.skeleton FROM channels c, accounts a WHERE c.autojoin = 1")
