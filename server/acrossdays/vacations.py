"""Vacations (issue 38): 'vacation on' freezes a player's deadlines at every correspondence table, up to
``correspondence.vacation_days`` a calendar year (UTC); 'vacation off', or the days running out, sets them going
again from where they stood. Kept in the store (``server.store.postal``), so a vacation outlasts restarts; its end is
an alarm on the server's clock."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import structlog

from rooms.messages import Refusal
from server.words import posttexts
from server.acrossdays.correspondence import DAY, days
from server.community.names import skeleton
from server.store.postal import Vacation
from server.acrossdays.timesource import Alarm

if TYPE_CHECKING:
    from server.tables.tablehost import TableHost

log = structlog.get_logger()


def year_of(when: float) -> int:
    return datetime.fromtimestamp(when, UTC).year


def when_text(when: float) -> str:
    """A moment as players read it (UTC)."""
    return datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d %H:%M UTC")


class Vacations:
    """Who is on vacation until when, and the alarms that end each vacation."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables
        self.until: dict[str, float] = {}
        """By player name: the end of their vacation (server's clock)."""
        self._ends: dict[str, Alarm] = {}

    @property
    def allowed(self) -> int:
        return self.tables.correspondence.vacation_days

    def on(self, name: str) -> bool:
        """On vacation now: a deadline that falls to them starts frozen."""
        return self.until.get(name, 0.0) > self.tables.time()

    async def load(self) -> None:
        """At start: everyone on vacation, their vacations' ends set again (one that ended meanwhile ends now)."""
        store, time = self.tables.store, self.tables.time
        for vacation in await store.vacations(time() - 366 * DAY):
            if vacation.until is not None and vacation.since is not None:
                self.until[vacation.name] = vacation.until
                self._alarm(vacation.name, vacation.until)

    async def left(self, name: str) -> tuple[float, Vacation | None]:
        """Days of vacation ``name`` has left this year, and their record."""
        found = await self.tables.store.vacation(skeleton(name))
        now = self.tables.time()
        used = found.used if found is not None and found.year == year_of(now) else 0.0
        return max(0.0, self.allowed - used), found

    async def start(self, name: str) -> float:
        """``name`` goes on vacation for the days they have left this year; returns its end."""
        if self.on(name):
            raise Refusal(posttexts.VACATION_ALREADY.format(until=when_text(self.until[name])))
        left, _ = await self.left(name)
        if left <= 0:
            raise Refusal(posttexts.VACATION_NONE_LEFT.format(days=self.allowed))
        now = self.tables.time()
        until = now + left * DAY
        await self.tables.store.set_vacation(skeleton(name), now, until, year_of(now), self.allowed - left)
        log.info("vacation.on", player=name, until=until)
        self.until[name] = until
        self._alarm(name, until)
        await self.tables.posts.vacation(name, until)
        return until

    async def stop(self, name: str, ended: bool = False) -> float:
        """``name`` is back (``ended``: their days ran out): the days taken counted, their deadlines running again;
        returns the days used this year."""
        found = await self.tables.store.vacation(skeleton(name))
        if found is None or found.since is None or found.until is None:
            raise Refusal(posttexts.VACATION_NOT)
        now = min(self.tables.time(), found.until)
        used = (found.used if found.year == year_of(now) else 0.0) + (now - found.since) / DAY
        await self.tables.store.set_vacation(skeleton(name), None, None, year_of(now), min(used, self.allowed))
        log.info("vacation.off", player=name, used=used, ended=ended)
        self.until.pop(name, None)
        alarm = self._ends.pop(name, None)
        if alarm is not None:
            alarm.cancel()
        await self.tables.posts.vacation(name, None)
        return used

    def _alarm(self, name: str, until: float) -> None:
        time = self.tables.time

        def ring() -> None:
            self._ends.pop(name, None)
            self.tables.clock.spawn(self._over(name))

        self._ends[name] = time.alarms.at(until, ring)

    async def _over(self, name: str) -> None:
        """The days ran out: the vacation ends, and the player is told if here."""
        try:
            await self.stop(name, ended=True)
        except Refusal:
            return
        session = self.tables.presence.players.get(name)
        if session is not None:
            session.tell(posttexts.VACATION_ENDED, "vacation")

    def state(self, left: float) -> str:
        return posttexts.VACATION_STATE.format(left=days(left), days=self.allowed)
