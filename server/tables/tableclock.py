"""The clocks of the tables, whatever their game: the turn timer on the move a table waits for (its length is the
game type's), or at a correspondence table its deadline in days (on the server's clock, ``server.acrossdays.timesource``); the
time after which a live table every person left away is closed; and the tasks they start."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine

from server.tables.livetable import Live
from server.settings import TableSettings
from server.acrossdays.timesource import Clock

Work = Coroutine[None, None, None]


class TableClock:
    """Arms and disarms each table's clocks; what happens when one runs out is the hosting's (``expired``,
    ``abandoned``)."""

    def __init__(self, settings: TableSettings, expired: Callable[[Live, int], Work],
                 abandoned: Callable[[Live], Work], time: Clock | None = None) -> None:
        self.settings = settings
        self.time = time or Clock()
        """The server's clock, on which correspondence deadlines are set (the system's unless given)."""
        self._expired = expired
        self._abandoned = abandoned
        self._tasks: set[asyncio.Task[None]] = set()
        self._cancelled = False

    def arm(self, live: Live) -> None:
        """Start the clock on the move the table waits for, unless nobody is there to wait for it."""
        table = live.table
        timer = table.play.timer()
        if timer is None:
            return
        if live.post is not None and timer == "turn":  # days a move, whoever is here
            self._arm_deadline(live)
            return
        present = [name for name in table.play.players_in() if name not in table.absent and name not in table.bots]
        if not present or all(name in table.bots for name in table.play.waiting_on()):
            return  # nobody is there to wait for, or only house bots, who move at once
        seconds = live.kind.clock(timer, self.settings)
        self.disarm(live)  # an earlier move's publish may have armed it while this one was being saved
        moves = live.moves
        live.timer = asyncio.get_running_loop().call_later(seconds, lambda: self.spawn(self._expired(live, moves)))

    def _arm_deadline(self, live: Live) -> None:
        """A correspondence table's deadline, as its ``Post`` reckons it (none while frozen by a vacation)."""
        self.disarm(live)
        assert live.post is not None
        if live.post.deadline is None:
            return
        moves = live.moves
        live.alarm = self.time.alarms.at(live.post.deadline, lambda: self.spawn(self._expired(live, moves)))

    def disarm(self, live: Live) -> None:
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if live.alarm is not None:
            live.alarm.cancel()
            live.alarm = None

    def mind_absence(self, live: Live, away: float = 0.0) -> None:
        """While every person at the table is away, the time after which it is closed runs; anyone back stops it.
        ``away``: seconds they had been gone when the server started, which count, but leave them at least
        ``return_grace`` to come back (after a long stop, an upgrade, nobody could)."""
        settings = self.settings
        if not live.table.unattended or live.post is not None:  # (a correspondence table waits for days)
            self.keep(live)
        elif live.abandon is None:
            wait = max(settings.abandon_after - away, min(settings.return_grace, settings.abandon_after))
            live.abandon = asyncio.get_running_loop().call_later(wait, lambda: self.spawn(self._abandoned(live)))

    def keep(self, live: Live) -> None:
        """The table is not to be closed for absence (anyone is back, or it closes anyway)."""
        if live.abandon is not None:
            live.abandon.cancel()
            live.abandon = None

    def stop(self, live: Live) -> None:
        """No clock of ``live`` runs any more."""
        self.disarm(live)
        self.keep(live)

    def spawn(self, work: Work) -> asyncio.Task[None]:
        """Run ``work`` as a task of the tables' own (cancelled when the server stops; once it has, ``work`` never
        starts: a house bot's turn spawned by the last move would save into a closing store)."""
        task = asyncio.create_task(work)
        if self._cancelled:
            task.cancel()
            return task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def cancel(self) -> None:
        """The server stops: every task spawned is cancelled, and any spawned later with it."""
        self._cancelled = True
        for task in self._tasks:
            task.cancel()
