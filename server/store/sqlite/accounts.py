"""Accounts in SQLite: names, passwords, powers, @doing, last seen."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable

from server.community.names import skeleton as skeleton_of
from server.store import sharedsql as sql
from server.store.accountcolumns import AccountColumns, account_from_row
from server.store.domain import Account, InviteRefused, NameTaken
from server.store.sqlite.groupcommit import GroupCommit


class SqliteAccounts(AccountColumns, GroupCommit):
    async def find(self, skeleton: str) -> Account | None:
        return await self._run(lambda db: find_account(db, skeleton))

    async def names(self) -> list[str]:
        """Every account's name (a new one must not look like any of them)."""
        return await self._run(lambda db: [name for (name,) in db.execute(sql.ACCOUNT_NAMES)])

    async def create(self, name: str, skeleton: str, password_hash: str, invite: str | None = None,
                     invited_since: float = 0.0) -> Account:
        """Add an account (never a wizard: see ``cosmic-wimpout wizard``), using the invitation ``invite`` if given.
        Raises :class:`NameTaken`, :class:`InviteRefused`."""

        def create(db: sqlite3.Connection) -> Account:
            account = create_account(db, name, skeleton, password_hash)
            if invite is not None:
                claim_invite(db, invite, name, invited_since)
            return account

        return await self._write(create)

    async def set_wizard(self, name: str, wizard: bool) -> bool:
        """Grant or take back wizard powers of the account called exactly ``name`` (any case); False if there is none."""

        def grant(db: sqlite3.Connection) -> bool:
            cursor = db.execute(sql.SET_WIZARD, (int(wizard), skeleton_of(name), name))
            return cursor.rowcount == 1

        return await self._write(grant)

    async def touch(self, skeletons: Iterable[str]) -> None:
        """Record that these accounts were seen now."""
        rows = [(time.time(), s) for s in skeletons]

        await self._write(lambda db: db.executemany(sql.TOUCH, rows))

    async def _update(self, skeleton: str, column: str, value: object) -> None:
        await self._write(lambda db: db.execute(sql.UPDATE_ACCOUNT.format(column=column), (value, skeleton)))


def find_account(db: sqlite3.Connection, skeleton: str) -> Account | None:
    row = db.execute(sql.FIND_ACCOUNT, (skeleton,)).fetchone()
    return None if row is None else account_from_row(row)


def create_account(db: sqlite3.Connection, name: str, skeleton: str, password_hash: str) -> Account:
    """Insert an account (inside the caller's transaction). Raises :class:`NameTaken`."""
    existing = find_account(db, skeleton)
    if existing is not None:
        raise NameTaken(existing.name)
    db.execute(sql.CREATE_ACCOUNT, (name, skeleton, password_hash, time.time()))
    db.execute(sql.AUTOJOIN_ACCOUNT, (skeleton,))
    found = find_account(db, skeleton)
    assert found is not None
    return found


def claim_invite(db: sqlite3.Connection, code: str, name: str, since: float) -> None:
    """Use an invitation for ``name`` (inside the transaction that creates the account). Raises InviteRefused."""
    if not db.execute(sql.CLAIM_INVITE, (name, time.time(), code, since)).fetchall():
        raise InviteRefused(code)
