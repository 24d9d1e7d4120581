"""An account's columns set one at a time, alike in both backends (``sqlite/accounts.py``,
``postgresql/pgaccounts.py``): which column each setter writes, and how its value is stored."""

from __future__ import annotations


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
