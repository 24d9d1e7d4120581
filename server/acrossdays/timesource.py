"""The server's clock, for what is counted in days (correspondence deadlines, vacations, challenges), and alarms set by
it. Time only moves forward, as on any server; a server started with ``adjustable_clock = true`` (tests and
demonstrations, never one people play on) lets a wizard move it forward ('@clock +2d'), so that days of play are tried
in seconds. The moves are kept in ``data_dir/clock-offset``, so a reload or a restart of the game process (even a
SIGKILL) keeps the time where it was moved to: without it, deadlines set in moved time would all lie days ahead.

A wizard's command rather than a file a test writes: the alarms due are rung before the command answers (a test reads
what followed, never waits for a poll), it is recorded like any wizard's act, and it does nothing on a server that
did not choose it at start."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path

import structlog

log = structlog.get_logger()
OFFSET_FILE = "clock-offset"


class Clock:
    """Unix time as the server counts it: the system's, plus what a wizard moved it forward by (never on a server
    without ``adjustable_clock``). Call it for the time."""

    def __init__(self, data_dir: Path | None = None, adjustable: bool = False) -> None:
        self.adjustable = adjustable and data_dir is not None
        self._file = data_dir / OFFSET_FILE if data_dir is not None else None
        self.offset = self._read() if self.adjustable else 0.0
        self.alarms = Alarms(self)

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward (kept in the data directory first), and ring the alarms now due."""
        if not self.adjustable:
            raise PermissionError("this server's clock is the system's")
        if seconds <= 0:
            raise ValueError("the clock only moves forward")
        self.offset += seconds
        assert self._file is not None
        kept = self._file.with_suffix(".new")
        kept.write_text(f"{self.offset!r}\n")
        os.replace(kept, self._file)
        log.warning("clock.advanced", seconds=seconds, offset=self.offset)
        self.alarms.moved()

    def _read(self) -> float:
        assert self._file is not None
        try:
            return max(0.0, float(self._file.read_text().strip() or 0))
        except (OSError, ValueError):
            return 0.0


class Alarm:
    """One thing to do at a time of the ``Clock`` (a deadline, a vacation's end); ``cancel`` it when it is moot."""

    __slots__ = ("_alarms", "when", "_ring", "_handle")

    def __init__(self, alarms: Alarms, when: float, ring: Callable[[], None]) -> None:
        self._alarms, self.when, self._ring = alarms, when, ring
        self._handle: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        wait = self.when - self._alarms.clock()
        self._handle = asyncio.get_running_loop().call_later(max(0.0, wait), self._rang)

    def _rang(self) -> None:
        self._handle = None
        if self._alarms.clock() < self.when - 0.001:  # (the loop's clock and the system's may drift apart)
            self._arm()
            return
        self._alarms.pending.discard(self)
        self._ring()

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._alarms.pending.discard(self)

    def left(self) -> float:
        """Seconds until it rings (0 once due)."""
        return max(0.0, self.when - self._alarms.clock())


class Alarms:
    """The alarms set and not yet rung: each an event loop timer, set again when the clock is moved."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.pending: set[Alarm] = set()

    def at(self, when: float, ring: Callable[[], None]) -> Alarm:
        """Call ``ring`` (in the event loop) once the clock reads ``when``."""
        alarm = Alarm(self, when, ring)
        self.pending.add(alarm)
        alarm._arm()
        return alarm

    def moved(self) -> None:
        """The clock jumped: every alarm now due rings at once (in order), the others wait for their time."""
        now = self.clock()
        for alarm in sorted(self.pending, key=lambda alarm: alarm.when):
            if alarm.when <= now:
                alarm.cancel()
                alarm._ring()
            else:
                alarm._arm()
