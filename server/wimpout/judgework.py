"""Rated games judged in a worker process of their own (``server.skill``), the solved tables read there once and
kept. In the game process, reading them (half a second of building objects) set off collections of its many objects
under the interpreter's lock: at the first rated game's end the 1,000-bot bench's p99 went from 4 ms to 400 ms."""

from __future__ import annotations

import asyncio
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from engine.wimpout import event_from_dict, event_to_dict
from engine.wimpout import events as ev
from rooms.wimpout.advising import judge
from server.process.workerpools import ended, spawned
from server.store.judged import Judged
from server.wimpout.solutions import Solutions

_solutions: Solutions | None = None
"""The worker's solved tables (read when a game of their rules is first judged there)."""


def judged_here(directory: str, records: list[dict[str, Any]]) -> list[tuple[str, int, float, float]]:
    """In the worker: the game judged by the tables at hand, shipped or solved before (it asks for no solve)."""
    global _solutions
    if _solutions is None:
        _solutions = Solutions(Path(directory))
    found = judge(_solutions, [event_from_dict(record) for record in records])
    return [(j.player, j.decisions, j.accuracy, j.dice) for j in found]


class JudgingWorker:
    """One worker process, started when a rated game is first judged, kept for the next."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._pool: ProcessPoolExecutor | None = None

    async def judged(self, events: list[ev.Event]) -> list[Judged]:
        """Each player's accuracy and dice share (a ``ValueError`` when the game cannot be judged)."""
        if self._pool is None:
            self._pool = spawned()
        records = [event_to_dict(event) for event in events]
        rows = await asyncio.wrap_future(self._pool.submit(judged_here, str(self.directory), records))
        return [Judged(*row) for row in rows]

    def stop(self) -> None:
        if self._pool is not None:
            ended(self._pool)
            self._pool = None
