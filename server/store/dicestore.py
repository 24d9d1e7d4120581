"""What the store keeps to check the dice of a game, a run or a day (docs/fairness.md): its own protocol, beside the
others of ``server.store.repositories``."""

from __future__ import annotations

from typing import Any, Protocol


class DiceStore(Protocol):
    """What checking the dice of a game, a run or a day needs (server.dicerecords): kept apart from the events, its
    server seed being secret until the end."""

    async def save_dice(self, kind: str, ref: str, record: dict[str, Any]) -> None: ...

    async def first_dice(self, kind: str, ref: str, record: dict[str, Any]) -> dict[str, Any]:
        """``record`` kept unless one is there already (another process was first): the one kept."""
        ...

    async def dice(self, kind: str, ref: str) -> dict[str, Any] | None: ...

    async def recent_games(self, game: str, limit: int) -> list[int]:
        """The ids of the newest ended games of a game type, newest first (the server's dice statistics)."""
        ...
