"""The Funhouse's best-possible searches (each room's "best this setup allowed"), within bounds (issue 37, finding 4:
one Trampo-Land search took 17.8 CPU-s in a thread of the game process, and three accounts searching raised everyone
else's WHO round trip from 22 ms to 278 ms at p90).

They run in a worker process of their own, one at a time in the order asked (a queue: the game process's loop never
shares its core with one). Each looks at ``funhouse.free_search`` positions; one that needs more takes one from its
player's hourly quota shared with the solver (``limits.solves_per_hour``: the expensive things a player can start)
and goes on to ``funhouse.search_budget`` positions, its CPU budget. A search cut short by either gives the best line
it found, said to be so. A player has ``funhouse.searches_waiting`` searches waiting at most (a room closed beyond that is told it
was not searched), and a room stopped before any move is not searched at all."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

import structlog

from engine.funhouse import Best, FunRun, event_from_dict
from server.process.workerpools import ended, spawned

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from server.settings import FunhouseSettings

log = structlog.get_logger()


class Cut(str, Enum):
    """Why a search gave its best so far rather than the best: its budget ran out, or its player's quota had."""

    BUDGET = "budget"
    QUOTA = "quota"


@dataclass(frozen=True, slots=True)
class Searched:
    best: Best
    cut: Cut | None = None


def search(events: list[dict[str, Any]], index: int, positions: int) -> Best:
    """In the worker: the best of room ``index`` of the run these events make, looking at ``positions`` at most."""
    return FunRun.replay([event_from_dict(event) for event in events]).best(index, 0, positions)


class Searches:
    """The worker process (started at the first search) and each player's searches waiting."""

    def __init__(self, settings: FunhouseSettings, spend: Callable[[str], float]) -> None:
        self.settings = settings
        self._spend = spend
        """Takes one of a player's hourly quota: 0 if taken, else the seconds until one is free (the solver's)."""
        self._pool: ProcessPoolExecutor | None = None
        self._waiting: Counter[str] = Counter()

    async def best(self, player: str, events: list[dict[str, Any]], index: int) -> Searched | None:
        """Room ``index``'s best, searched in turn with everyone's; None when ``player`` has too many waiting."""
        if self._waiting[player] >= self.settings.searches_waiting:
            log.info("funhouse.search_refused", player=player, waiting=self._waiting[player])
            return None
        self._waiting[player] += 1
        try:
            best = await self._run(events, index, self.settings.free_search)
            if best.exact:
                return Searched(best)
            if self._spend(player) > 0:
                log.info("funhouse.search_over_quota", player=player)
                return Searched(best, Cut.QUOTA)
            log.info("funhouse.search_long", player=player, positions=self.settings.search_budget)
            best = await self._run(events, index, self.settings.search_budget)
            return Searched(best, None if best.exact else Cut.BUDGET)
        finally:
            self._waiting[player] -= 1
            if not self._waiting[player]:
                del self._waiting[player]

    async def _run(self, events: list[dict[str, Any]], index: int, positions: int) -> Best:
        if self._pool is None:
            self._pool = spawned()
        return await asyncio.wrap_future(self._pool.submit(search, events, index, positions))

    def stop(self) -> None:
        """The worker is ended (a search under way is given up): the server's exit does not wait for it."""
        if self._pool is not None:
            ended(self._pool)
            self._pool = None
