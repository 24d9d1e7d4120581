"""Channels, mutes and gags, and the moderation record, in PostgreSQL."""

from __future__ import annotations

import time

from server.store import sharedsql as sql
from server.store.domain import SEED_CHANNELS, AddressBan, Channel, ModerationEntry, Restriction
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, executemany, fetchall, fetchone


class PgChannels(PgGroupCommit):
    async def channels(self) -> list[Channel]:
        rows = await self._run(lambda db: fetchall(db, sql.CHANNELS))
        return [Channel(name, description, bool(autojoin)) for name, description, autojoin in rows]

    async def memberships(self, skeleton: str) -> set[str]:
        return {channel for (channel,) in await self._run(lambda db: fetchall(db, sql.MEMBERSHIPS, (skeleton,)))}

    async def create_channel(self, channel: Channel) -> None:
        row = (channel.name, channel.description, int(channel.autojoin))
        await self._write(lambda db: execute(db, sql.CREATE_CHANNEL, row))

    async def destroy_channel(self, name: str) -> None:
        """A channel gone, with who was on it and the gags on it."""

        async def destroy(db: Connection) -> None:
            for statement in sql.DESTROY_CHANNEL:
                await execute(db, statement, (name,))

        await self._write(destroy)

    async def set_member(self, channel: str, skeleton: str, member: bool) -> None:
        await self._write(lambda db: execute(db, sql.JOIN_CHANNEL if member else sql.LEAVE_CHANNEL, (channel, skeleton)))


class PgModeration(PgGroupCommit):
    async def restrictions(self, skeleton: str) -> dict[str, Restriction]:
        """An account's mute and gags, by scope (expired ones included: callers ask ``active``)."""
        rows = await self._run(lambda db: fetchall(db, sql.RESTRICTIONS, (skeleton,)))
        return {row[0]: Restriction(*row) for row in rows}

    async def restrict(self, skeleton: str, restriction: Restriction | None, scope: str) -> None:
        """Put a mute or gag on an account (``None``: lift the one of ``scope``)."""
        if restriction is None:
            await self._write(lambda db: execute(db, sql.LIFT, (skeleton, scope)))
        else:
            row = (skeleton, scope, restriction.until, restriction.by, restriction.reason)
            await self._write(lambda db: execute(db, sql.RESTRICT, row))

    async def record(self, actor: str, action: str, target: str, detail: str) -> None:
        """Keep a moderation action for @whois."""
        row = (time.time(), actor, action, target, detail)
        await self._write(lambda db: execute(db, sql.RECORD, row))

    async def moderation(self, target: str, limit: int) -> list[ModerationEntry]:
        """The latest moderation actions about a player, newest first."""
        return [ModerationEntry(*row) for row in await self._run(lambda db: fetchall(db, sql.MODERATION, (target, limit)))]

    async def address_bans(self) -> list[AddressBan]:
        return [AddressBan(*row) for row in await self._run(lambda db: fetchall(db, sql.ADDRESS_BANS))]

    async def ban_address(self, ban: AddressBan) -> None:
        row = (ban.network, ban.by, ban.reason, ban.at)
        await self._write(lambda db: execute(db, sql.BAN_ADDRESS, row))

    async def unban_address(self, network: str) -> None:
        await self._write(lambda db: execute(db, sql.UNBAN_ADDRESS, (network,)))

    async def banned_names(self) -> list[str]:
        return [name for (name,) in await self._run(lambda db: fetchall(db, sql.BANNED_NAMES))]


async def seed_channels(db: Connection) -> None:
    """The first channels, in a database that has none (inside the caller's transaction), with every account on the
    autojoined ones."""
    if await fetchone(db, sql.COUNT_CHANNELS) == (0,):
        await executemany(db, sql.CREATE_CHANNEL, [(name, text, int(autojoin)) for name, text, autojoin in SEED_CHANNELS])
        await execute(db, sql.AUTOJOIN_EVERYONE)
