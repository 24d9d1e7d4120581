"""Accounts in PostgreSQL: names, passwords, powers, @doing, last seen."""

from __future__ import annotations

import time
from collections.abc import Iterable

from server.community.names import skeleton as skeleton_of
from server.store import sharedsql as sql
from server.store.accountcolumns import AccountColumns, account_from_row
from server.store.domain import Account, InviteRefused, NameTaken
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, executemany, fetchall, fetchone


class PgAccounts(AccountColumns, PgGroupCommit):
    async def find(self, skeleton: str) -> Account | None:
        return await self._run(lambda db: find_account(db, skeleton))

    async def names(self) -> list[str]:
        """Every account's name (a new one must not look like any of them)."""
        return await self._run(lambda db: _names(db))

    async def create(self, name: str, skeleton: str, password_hash: str, invite: str | None = None,
                     invited_since: float = 0.0) -> Account:
        """Add an account (never a wizard: see ``cosmic-wimpout wizard``), using the invitation ``invite`` if given.
        Raises :class:`NameTaken`, :class:`InviteRefused`."""

        async def create(db: Connection) -> Account:
            account = await create_account(db, name, skeleton, password_hash)
            if invite is not None:
                await claim_invite(db, invite, name, invited_since)
            return account

        return await self._write(create)

    async def set_wizard(self, name: str, wizard: bool) -> bool:
        """Grant or take back wizard powers of the account called exactly ``name`` (any case); False if there is none."""

        async def grant(db: Connection) -> bool:
            async with db.pipeline():  # its end waits for the result: the count of rows changed
                cursor = await execute(db, sql.SET_WIZARD, (int(wizard), skeleton_of(name), name))
            return cursor.rowcount == 1

        return await self._write(grant)

    async def touch(self, skeletons: Iterable[str]) -> None:
        """Record that these accounts were seen now."""
        rows = [(time.time(), s) for s in skeletons]
        await self._write(lambda db: executemany(db, sql.TOUCH, rows))

    async def _update(self, skeleton: str, column: str, value: object) -> None:
        await self._write(lambda db: execute(db, sql.UPDATE_ACCOUNT.format(column=column), (value, skeleton)))


async def find_account(db: Connection, skeleton: str) -> Account | None:
    row = await fetchone(db, sql.FIND_ACCOUNT, (skeleton,))
    return None if row is None else account_from_row(row)


async def create_account(db: Connection, name: str, skeleton: str, password_hash: str) -> Account:
    """Insert an account (inside the caller's transaction). Raises :class:`NameTaken`."""
    existing = await find_account(db, skeleton)
    if existing is not None:
        raise NameTaken(existing.name)
    await execute(db, sql.CREATE_ACCOUNT, (name, skeleton, password_hash, time.time()))
    await execute(db, sql.AUTOJOIN_ACCOUNT, (skeleton,))
    found = await find_account(db, skeleton)
    assert found is not None
    return found


async def _names(db: Connection) -> list[str]:
    return [name for (name,) in await fetchall(db, sql.ACCOUNT_NAMES)]


async def claim_invite(db: Connection, code: str, name: str, since: float) -> None:
    """Use an invitation for ``name`` (inside the transaction that creates the account). Raises InviteRefused."""
    if not await fetchall(db, sql.CLAIM_INVITE, (name, time.time(), code, since)):
        raise InviteRefused(code)
