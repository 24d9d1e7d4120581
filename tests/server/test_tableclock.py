"""The tables' clock: what it spawns is cancelled when the server stops, and nothing it is given later starts."""

from __future__ import annotations

import asyncio

from server.settings import load_settings
from server.tables.tableclock import TableClock


async def never(*_: object) -> None:
    """A clock's work that must not run here."""
    raise AssertionError("ran")


async def test_work_spawned_after_the_clock_stopped_never_starts() -> None:
    clock = TableClock(load_settings().tables, never, never)
    ran: list[str] = []

    async def work(name: str) -> None:
        ran.append(name)
        await asyncio.sleep(60)
        ran.append(f"{name} finished")

    before = clock.spawn(work("before"))
    await asyncio.sleep(0)
    clock.cancel()
    after = clock.spawn(work("after"))  # (a house bot's turn, spawned by the last move as the server stops)
    await asyncio.gather(before, after, return_exceptions=True)
    assert before.cancelled() and after.cancelled()
    assert ran == ["before"]
