"""The server's running figures, counted where they happen at the cost of a few additions (a command, a store
commit), and read as one model by both who show them: ``/metrics`` (server.ops.metrics, Prometheus' text) and a wizard's
``@stats`` (words). The game process holds most of them; the portal (server.portal) the connections, reloads and
game-process restarts; each hands its own as JSON to whoever shows both."""

from __future__ import annotations

import time
from bisect import bisect_left
from dataclasses import asdict, dataclass, field
from collections import Counter, deque
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

COMMAND_BOUNDS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: the upper bounds of the command latency histogram's buckets (a command saves before it is shown, so its
time includes its store commit)."""
COMMIT_BOUNDS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: the store commit histogram's."""
RATE_WINDOW = 60.0
"""Seconds over which '@stats' works out commands a second."""
FOLD_EVERY = 4096
RATE_MARKS = 64


class Latencies:
    """A histogram of durations: how many fell in each bucket (the last: beyond every bound), their count and sum."""

    __slots__ = ("bounds", "buckets", "count", "total")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.buckets = [0] * (len(bounds) + 1)
        self.count, self.total = 0, 0.0

    def add(self, seconds: float) -> None:
        self.buckets[bisect_left(self.bounds, seconds)] += 1
        self.count += 1
        self.total += seconds

    def add_all(self, durations: list[float]) -> None:
        """Many at once (sorted in place, then cut at each bound: a few tens of nanoseconds each)."""
        durations.sort()
        below = 0
        for index, bound in enumerate(self.bounds):
            under = bisect_left(durations, bound, below)
            self.buckets[index] += under - below
            below = under
        self.buckets[-1] += len(durations) - below
        self.count += len(durations)
        self.total += sum(durations)

    def quantile(self, share: float) -> float | None:
        """The bound under which ``share`` of the durations fell (None: none yet, or beyond the last bound)."""
        if not self.count:
            return None
        seen = 0
        for bound, count in zip(self.bounds, self.buckets):
            seen += count
            if seen >= share * self.count:
                return bound
        return None

    def as_json(self) -> dict[str, Any]:
        return {"bounds": list(self.bounds), "buckets": self.buckets, "count": self.count, "total": self.total}

    @classmethod
    def of_json(cls, said: dict[str, Any]) -> Latencies:
        made = cls(tuple(said["bounds"]))
        made.buckets, made.count, made.total = list(said["buckets"]), said["count"], said["total"]
        return made


class Commands:
    """Every command a session ran: how many, how long each took, and how many a second of late. A command's time is
    only appended to a list (a fraction of a microsecond); the histogram takes them in when read, or every
    ``FOLD_EVERY`` commands, which keeps the list short however long nobody reads."""

    __slots__ = ("_latency", "_durations", "_marks")

    def __init__(self) -> None:
        self._latency = Latencies(COMMAND_BOUNDS)
        self._durations: list[float] = []
        self._marks: deque[tuple[float, int]] = deque([(time.monotonic(), 0)], maxlen=RATE_MARKS)
        """(when, how many so far) at each of the last folds."""

    def ran(self, started: float) -> None:
        """A command that started at ``started`` (``time.monotonic``: the session noted it) is done."""
        durations = self._durations
        durations.append(time.monotonic() - started)
        if len(durations) >= FOLD_EVERY:
            self._fold()

    def _fold(self) -> None:
        self._latency.add_all(self._durations)
        self._durations.clear()
        self._marks.append((time.monotonic(), self._latency.count))

    @property
    def latency(self) -> Latencies:
        self._fold()
        return self._latency

    def per_second(self) -> float:
        """Commands a second over about the last minute (since the last count taken over a minute ago, or since the
        start: counts are taken when the figures are read, and every ``FOLD_EVERY`` commands)."""
        self._fold()
        now, count = self._marks[-1]
        then, before = next(((when, seen) for when, seen in reversed(self._marks) if now - when >= RATE_WINDOW),
                            self._marks[0])
        return (count - before) / (now - then) if now > then else 0.0


class Commits:
    """A store's transactions (group commits): how long each took to be durable, and those that failed."""

    __slots__ = ("latency", "failures")

    def __init__(self) -> None:
        self.latency = Latencies(COMMIT_BOUNDS)
        self.failures = 0

    def took(self, started: float, failed: bool) -> None:
        self.latency.add(time.perf_counter() - started)
        self.failures += failed


@dataclass
class GameFigures:
    """What the game process knows: who plays, the commands, the tables, the store, the solver."""

    players: int
    commands: Latencies
    commands_per_second: float
    tables: dict[str, dict[str, int]]
    """By game type, how many tables are waiting, playing or over."""
    commits: Latencies
    commit_failures: int
    solves: int
    """Solves of the optimal strategy under way (the solver's queue)."""

    def as_json(self) -> dict[str, Any]:
        said = asdict(self)
        said["commands"], said["commits"] = self.commands.as_json(), self.commits.as_json()
        return said

    @classmethod
    def of_json(cls, said: dict[str, Any]) -> GameFigures:
        return cls(**{**said, "commands": Latencies.of_json(said["commands"]),
                      "commits": Latencies.of_json(said["commits"])})


@dataclass
class PortalFigures:
    """What the process holding the connections knows: them, the reloads, the game process's restarts."""

    connections: dict[str, int] = field(default_factory=dict)
    reloads: int = 0
    restarts: int = 0
    """Game processes started again after one died."""
    game_up: bool = True

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


Figures = tuple[GameFigures | None, PortalFigures]
"""The game process's (None while none serves) and the connections' holder's."""


def transports(kinds: Iterable[str]) -> dict[str, int]:
    """Connections by transport (telnet, tls, web), every transport named even at none."""
    return {"telnet": 0, "tls": 0, "web": 0} | dict(Counter(kinds))
