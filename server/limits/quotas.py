"""What one player may set going an hour (issue 30, finding 4 and its abuse caps): new rule sets solved (minutes of
a core each), tables opened, rooms dug and descriptions set (each kept in the database, the world in memory too).
Without these, one account reconnecting in a loop opened 3,920 tables in 66 s, and a builder dug 6,224 rooms."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING

from rooms.messages import Refusal
from server.words import texts

if TYPE_CHECKING:
    from server.settings import Limits, LettersSettings

HOUR = 3600.0

ASKER: ContextVar[str | None] = ContextVar("asker", default=None)
"""The player whose command is running (set before each command; tasks and threads it starts inherit it): a solve
it starts, even from a house bot's move or a thread, counts against them."""


class HourlyQuota:
    """At most ``per_hour`` of one thing for each player over any hour."""

    def __init__(self, per_hour: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_hour = per_hour
        self._clock = clock
        self._done: dict[str, deque[float]] = {}

    def wait(self, player: str) -> float:
        """0 if ``player`` may do one more now, else the seconds until they may."""
        now = self._clock()
        self._done = {who: times for who, times in self._done.items() if times and times[-1] > now - HOUR}
        times = self._done.get(player, deque())
        while times and times[0] <= now - HOUR:
            times.popleft()
        return times[0] + HOUR - now if len(times) >= self.per_hour else 0.0

    def count(self, player: str) -> None:
        """``player`` did one."""
        self._done.setdefault(player, deque()).append(self._clock())

    def take(self, player: str) -> float:
        """``wait``, counting one if it is 0."""
        wait = self.wait(player)
        if wait == 0:
            self.count(player)
        return wait


class Quotas:
    """Each player's tables, rooms, descriptions (``limits.*_per_hour``) and letters (``letters.per_hour``) an
    hour; wizards' building is not counted."""

    def __init__(self, limits: Limits, letters: LettersSettings) -> None:
        self.tables = HourlyQuota(limits.tables_per_hour)
        self.rooms = HourlyQuota(limits.rooms_per_hour)
        self.descriptions = HourlyQuota(limits.descriptions_per_hour)
        self.letters = HourlyQuota(letters.per_hour)

    @staticmethod
    def allow(quota: HourlyQuota, player: str, done: str) -> None:
        """Refuse, saying until when, if ``player`` has had their ``quota`` (``done``: "opened ... tables")."""
        wait = quota.wait(player)
        if wait > 0:
            raise Refusal(texts.QUOTA_REACHED.format(done=done.format(most=quota.per_hour), time=minutes(wait)))


def minutes(seconds: float) -> str:
    """A wait as players read it, in whole minutes up (``1 hour``, ``12 minutes``)."""
    return texts.duration(60 * -(-seconds // 60))
