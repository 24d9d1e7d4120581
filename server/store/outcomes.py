"""What every backend's group commit shares: a write waiting for its transaction, and telling it how that went."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

Outcome = tuple[Any, Exception | None]
"""A write's result, or the error that undid it."""


def settle(waiters: Sequence[asyncio.Future[Any]], outcomes: Sequence[Outcome]) -> None:
    """On the event loop: each write's waiter gets its outcome (unless it stopped waiting)."""
    for future, (value, error) in zip(waiters, outcomes):
        if future.done():
            continue
        if error is None:
            future.set_result(value)
        else:
            future.set_exception(error)
