"""An account's columns, alike in both backends (``sqlite/accounts.py``, ``postgresql/pgaccounts.py``): the record a
row of ``sharedsql.ACCOUNT_COLUMNS`` makes, which column each setter writes, and how its value is stored."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from server.store.domain import Account


def account_from_row(row: Sequence[Any]) -> Account:
    """The account a row of ``ACCOUNT_COLUMNS`` holds."""
    name, skeleton, password_hash, wizard, banned, doing, last_seen, created_at, builder, last_address = row
    return Account(name, skeleton, password_hash, bool(wizard), bool(banned), doing, last_seen, created_at,
                   bool(builder), last_address)


class AccountColumns:
    """The setters; a backend gives ``_update``, the one write they share."""

    async def _update(self, skeleton: str, column: str, value: object) -> None:
        raise NotImplementedError

    async def set_password_hash(self, skeleton: str, password_hash: str) -> None:
        await self._update(skeleton, "password_hash", password_hash)

    async def set_doing(self, skeleton: str, doing: str) -> None:
        await self._update(skeleton, "doing", doing)

    async def set_banned(self, skeleton: str, banned: bool) -> None:
        await self._update(skeleton, "banned", int(banned))

    async def set_builder(self, skeleton: str, builder: bool) -> None:
        await self._update(skeleton, "builder", int(builder))

    async def set_last_address(self, skeleton: str, address: str) -> None:
        await self._update(skeleton, "last_address", address)
