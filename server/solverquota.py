"""Who the solver works for: the player whose command is running (a solve it starts, even from a house bot's move or
a thread that command set going, counts against them), and how many new rule sets each may have solved an hour.
Solves take minutes of a core, and anyone can ask for rules never solved (issue 30, finding 4)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar

HOUR = 3600.0

ASKER: ContextVar[str | None] = ContextVar("asker", default=None)
"""The player whose command is running (set before each command; tasks and threads it starts inherit it)."""


class SolveQuota:
    """At most ``per_hour`` solves started for each player over any hour."""

    def __init__(self, per_hour: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_hour = per_hour
        self._clock = clock
        self._started: dict[str, deque[float]] = {}

    def take(self, player: str) -> float:
        """Count a solve for ``player``: 0 if it may start, else the seconds until their next may."""
        now = self._clock()
        self._started = {who: times for who, times in self._started.items() if times[-1] > now - HOUR}
        times = self._started.setdefault(player, deque())
        while times and times[0] <= now - HOUR:
            times.popleft()
        if len(times) >= self.per_hour:
            return times[0] + HOUR - now
        times.append(now)
        return 0.0
