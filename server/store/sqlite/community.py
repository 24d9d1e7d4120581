"""Channels, mutes and gags, and the moderation record, in SQLite."""

from __future__ import annotations

import sqlite3
import time

from server.store import sharedsql as sql
from server.store.domain import SEED_CHANNELS, AddressBan, Channel, ModerationEntry, Restriction
from server.store.sqlite.groupcommit import GroupCommit


class SqliteChannels(GroupCommit):
    async def channels(self) -> list[Channel]:
        rows = await self._run(lambda db: db.execute(sql.CHANNELS).fetchall())
        return [Channel(name, description, bool(autojoin)) for name, description, autojoin in rows]

    async def memberships(self, skeleton: str) -> set[str]:
        rows = await self._run(lambda db: db.execute(sql.MEMBERSHIPS, (skeleton,)).fetchall())
        return {channel for (channel,) in rows}

    async def create_channel(self, channel: Channel) -> None:
        row = (channel.name, channel.description, int(channel.autojoin))
        await self._write(lambda db: db.execute(sql.CREATE_CHANNEL, row))

    async def destroy_channel(self, name: str) -> None:
        """A channel gone, with who was on it and the gags on it."""

        def destroy(db: sqlite3.Connection) -> None:
            for statement in sql.DESTROY_CHANNEL:
                db.execute(statement, (name,))

        await self._write(destroy)

    async def set_member(self, channel: str, skeleton: str, member: bool) -> None:
        await self._write(lambda db: db.execute(sql.JOIN_CHANNEL if member else sql.LEAVE_CHANNEL, (channel, skeleton)))


class SqliteModeration(GroupCommit):
    async def restrictions(self, skeleton: str) -> dict[str, Restriction]:
        """An account's mute and gags, by scope (expired ones included: callers ask ``active``)."""
        rows = await self._run(lambda db: db.execute(sql.RESTRICTIONS, (skeleton,)).fetchall())
        return {row[0]: Restriction(*row) for row in rows}

    async def restrict(self, skeleton: str, restriction: Restriction | None, scope: str) -> None:
        """Put a mute or gag on an account (``None``: lift the one of ``scope``)."""
        if restriction is None:
            await self._write(lambda db: db.execute(sql.LIFT, (skeleton, scope)))
        else:
            r = restriction
            row = (skeleton, scope, r.until, r.by, r.reason)
            await self._write(lambda db: db.execute(sql.RESTRICT, row))

    async def record(self, actor: str, action: str, target: str, detail: str) -> None:
        """Keep a moderation action for @whois."""
        row = (time.time(), actor, action, target, detail)
        await self._write(lambda db: db.execute(sql.RECORD, row))

    async def moderation(self, target: str, limit: int) -> list[ModerationEntry]:
        """The latest moderation actions about a player, newest first."""
        rows = await self._run(lambda db: db.execute(sql.MODERATION, (target, limit)).fetchall())
        return [ModerationEntry(*row) for row in rows]

    async def address_bans(self) -> list[AddressBan]:
        return [AddressBan(*row) for row in await self._run(lambda db: db.execute(sql.ADDRESS_BANS).fetchall())]

    async def ban_address(self, ban: AddressBan) -> None:
        row = (ban.network, ban.by, ban.reason, ban.at)
        await self._write(lambda db: db.execute(sql.BAN_ADDRESS, row))

    async def unban_address(self, network: str) -> None:
        await self._write(lambda db: db.execute(sql.UNBAN_ADDRESS, (network,)))

    async def banned_names(self) -> list[str]:
        return [name for (name,) in await self._run(lambda db: db.execute(sql.BANNED_NAMES).fetchall())]


def seed_channels(db: sqlite3.Connection) -> None:
    """The first channels, in a database that has none (inside the caller's transaction), with every account on the
    autojoined ones."""
    if db.execute(sql.COUNT_CHANNELS).fetchone() == (0,):
        db.executemany(sql.CREATE_CHANNEL, SEED_CHANNELS)
        db.execute(sql.AUTOJOIN_EVERYONE)
