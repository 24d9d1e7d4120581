"""Worker processes for the CPU-heavy work a player can start (the solver's solves, the Funhouse's searches): never on
the game process's loop, nor in a thread sharing its interpreter's lock."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

PARENT_WATCH = 1.0
"""Seconds between a worker's looks at whether the process that started it is still there."""


def spawned(initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """One worker process, started afresh (``spawn``: nothing of the event loop's process is copied into it), which
    ends with the process that started it."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=started,
                               initargs=(os.getpid(), initializer, initargs))


def started(parent: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """In the worker: it watches its parent. A game process killed (SIGKILL, a crash) left its workers waiting for
    work for ever, holding the tables they had read and the server's output pipes (a crash campaign never ended)."""
    threading.Thread(target=orphaned, args=(parent,), name="parent-watch", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH)
    os._exit(0)


def ended(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker at once, work under way given up: a server's exit never waits on it."""
    workers = list(getattr(pool, "_processes", {}).values())  # Python 3.11 has no terminate_workers()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
