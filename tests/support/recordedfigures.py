"""A finished game's figures per player, read back from its stored events by its game type (games on scripted dice
never reach 'stats', so tests on them check the figures a game records here)."""

from __future__ import annotations

from typing import Any

from server.games.gametypes import GAME_TYPES
from server.store import Result


async def recorded(store: Any, game_id: int) -> dict[str, Result]:
    played = await store.game_events(game_id)
    assert played is not None, game_id
    return {result.player: result for result in GAME_TYPES.of_stored(played).repair(played.events).results}
