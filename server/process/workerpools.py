"""Worker processes for the CPU-heavy work a player can start (the solver's solves, the Funhouse's searches): never on
the game process's loop, nor in a thread sharing its interpreter's lock."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def spawned(initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """One worker process, started afresh (``spawn``: nothing of the event loop's process is copied into it)."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=initializer,
                               initargs=initargs)


def ended(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker at once, work under way given up: a server's exit never waits on it."""
    workers = list(getattr(pool, "_processes", {}).values())  # Python 3.11 has no terminate_workers()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
