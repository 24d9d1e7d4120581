"""Solving the optimal tables of a table's rules in a worker process (never on the event loop), caching them under
the data directory, and telling the tables that play by those rules when they are ready. Tables already at hand
(shipped or solved before) are read in a thread on first need: reading them costs about a second, which a start
need not pay when nobody asks for a hint."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import structlog

from engine.wimpout import RuleSet
from engine.wimpout.optimal.coverage import exactly_covered, model_rules
from rooms.messages import Delivery, Message
from rooms.wimpout.wimpoutplay import WimpoutPlay
from server.ops.privatefiles import private_directory, write_private
from server.process.workerpools import ended, spawned
from server.limits.quotas import ASKER, HourlyQuota, minutes
from server.wimpout.hinttext import READY, SOLVING
from server.wimpout.judgework import JudgingWorker
from server.wimpout.solutions import Solutions, table_file

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.queues import SimpleQueue

    from server.settings import Settings
    from server.tables.hosting import Tables

log = structlog.get_logger()
OVER_QUOTA = ("New rules solved for you within the hour: {most}, the most one player may. These rules' optimal tables are "
              "not solved for you (hints wait, optimal bots play by a simple rule): ask again in {time}.")
MAX_SOLVES = 3
"""Solves asked for and not finished, the one under way included. Each takes seconds to a minute of a core (goal 500
about 20 s, more at higher goals; the first on a machine about 10 s more, compiling), and anyone can ask
for rules never solved (a table opened with them, a house bot, a start, 'hint'): past this a request is declined, and
made again the next time the tables are needed."""

KEPT_SOLVED = 200
"""Solved tables kept under the data directory (15 - 40 KiB each; anyone can have new rules solved, one every few
minutes): past this the oldest files are deleted, and solved again if asked for again."""


_reports: SimpleQueue[tuple[str, int]] | None = None
"""In the worker: where it reports its solves' progress to the server (set by the pool's initializer)."""


def worker_started(reports: SimpleQueue[tuple[str, int]]) -> None:
    """The pool's initializer, in the worker."""
    global _reports
    _reports = reports


class Tenths:
    """In the worker: a solve's progress sent to the server each time another tenth is done, as (file name, percent);
    never 100%: the solve's end says that."""

    def __init__(self, reports: SimpleQueue[tuple[str, int]], name: str) -> None:
        self.reports, self.name, self.told = reports, name, 0

    def __call__(self, fraction: float) -> None:
        tenth = min(int(fraction * 10), 9)
        if tenth > self.told:
            self.told = tenth
            self.reports.put((self.name, tenth * 10))


def solve_to_file(rules: dict[str, object], path: str) -> float:
    """In the worker: solve, then write the tables where the server reads them (atomically)."""
    from engine.wimpout.optimal.solver import solve
    from engine.wimpout.optimal.packing import to_bytes

    progress = Tenths(_reports, Path(path).name) if _reports is not None else None
    solution = solve(RuleSet.model_validate(rules), progress=progress)
    write_private(Path(path), to_bytes(solution))
    return solution.seconds


class Solver:
    """One worker process at most, started on the first request; requests for the same rules are asked once."""

    def __init__(self, settings: Settings, tables: Tables) -> None:
        self.tables = tables
        """Whose players hear how a solve goes (those at the tables playing its rules)."""
        self.directory = settings.data_dir / "optimal"
        self._pool: ProcessPoolExecutor | None = None
        self._reports: SimpleQueue[tuple[str, int] | None] | None = None
        """The worker's progress reports, read by a thread of their own (None, put by ``stop``, ends it)."""
        self._files: dict[str, RuleSet] = {}
        """The rules of each solve under way, by the file it writes (what the worker's reports name)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reading: dict[RuleSet, asyncio.Future[object]] = {}
        """The readings of covered rule sets' tables under way, each started by the first to need them."""
        self._solving = 0
        """Solves taken and not finished (requests come from any thread: counted under ``_counting``)."""
        self._counting = threading.Lock()
        self.quota = HourlyQuota(settings.limits.solves_per_hour)
        """New rule sets solved per player an hour (taken under ``_counting`` too)."""
        self.solutions = Solutions(self.directory, self.request)
        """This server's solved tables ('hint', 'review' and its optimal bots read them)."""
        self.judging = JudgingWorker(self.directory)
        """Rated games judged for 'rating' (server.skill), in a process of their own."""

    @property
    def under_way(self) -> int:
        """Solves taken and not finished (``/metrics``' solver queue)."""
        return self._solving

    def start(self) -> None:
        """Solves are started on the server's loop, whichever thread asks ('review' reads the tables in one)."""
        self._loop = asyncio.get_running_loop()

    async def prepare(self, rules: RuleSet) -> None:
        """Have the tables for ``rules`` read, in a thread, before a hint or an optimal bot's move reads them on the
        loop: the first to need them waits (once per rule set, while its tables are kept), nobody else does. Tables
        not solved yet are asked for, as ``Solutions.advisor`` does; the table is told when they are ready."""
        model = model_rules(rules)
        if self.solutions.at_hand(model) is not None or self.solutions.pending(model) or not exactly_covered(model):
            return
        reading = self._reading.get(model)
        if reading is None:
            reading = self._reading[model] = asyncio.ensure_future(asyncio.to_thread(self.solutions.advisor, model))
            reading.add_done_callback(lambda _: self._reading.pop(model, None))
        await asyncio.shield(reading)

    def request(self, rules: RuleSet) -> bool:
        """Ask for a solve from any thread: it is started on the server's loop. False (declined) while ``MAX_SOLVES``
        are under way, or when the player whose command asked has had their quota this hour (they are told)."""
        loop = self._loop or asyncio.get_running_loop()  # before start(), only the loop itself asks
        asker = ASKER.get()
        with self._counting:
            if self._solving >= MAX_SOLVES:
                log.debug("optimal.solve_declined", goal=rules.goal, solving=self._solving)
                return False
            wait = self.quota.take(asker) if asker is not None else 0.0
            if wait > 0:
                log.info("optimal.solve_over_quota", name=asker, goal=rules.goal)
                loop.call_soon_threadsafe(self._over_quota, asker, wait)
                return False
            self._solving += 1
        loop.call_soon_threadsafe(self._start, rules)
        return True

    def spend(self, player: str) -> float:
        """One of ``player``'s hourly quota of expensive work, which solves and the Funhouse's long searches share
        (server.funhouse.funsearch): 0 if it was taken, else the seconds until one is free."""
        with self._counting:
            return self.quota.take(player)

    def _over_quota(self, asker: str, wait: float) -> None:
        words = OVER_QUOTA.format(most=self.quota.per_hour, time=minutes(wait))
        self.tables.presence.deliver([Delivery(asker, Message(words, "table"))])

    def _start(self, rules: RuleSet) -> None:
        private_directory(self.directory)
        if self._pool is None:
            import multiprocessing  # only when a solve is first asked for

            self._reports = reports = multiprocessing.get_context("spawn").SimpleQueue()
            self._pool = spawned(worker_started, (reports,))
            threading.Thread(target=self._listen, args=(reports,), name="solve-progress", daemon=True).start()
        path = self.directory / table_file(rules)
        self._files[path.name] = rules
        log.info("optimal.solving", goal=rules.goal, file=path.name)
        future = asyncio.wrap_future(self._pool.submit(solve_to_file, rules.model_dump(mode="json"), str(path)))
        future.add_done_callback(lambda done: self._done(rules, done))

    def _listen(self, reports: SimpleQueue[Any]) -> None:
        """In a thread: each progress report is handed to the loop, until ``stop``."""
        while (report := reports.get()) is not None:
            if self._loop is not None:
                self._loop.call_soon_threadsafe(self._progressed, *report)

    def _progressed(self, name: str, percent: int) -> None:
        rules = self._files.get(name)
        if rules is None or not self.solutions.progressed(rules, percent):
            return
        log.debug("optimal.progress", goal=rules.goal, percent=percent)
        self._tell(rules, SOLVING, percent=percent)

    def _done(self, rules: RuleSet, done: asyncio.Future[float]) -> None:
        self._files.pop(table_file(rules), None)
        with self._counting:
            self._solving -= 1
        if done.cancelled() or done.exception() is not None:
            self.solutions.failed(rules)
            log.warning("optimal.solve_failed", goal=rules.goal, why=str(done.exception()) if not done.cancelled() else "")
            return
        log.info("optimal.solved", goal=rules.goal, seconds=round(done.result(), 1))
        self._prune()
        if self.solutions.loaded(rules):
            self._tell(rules, READY)

    def _tell(self, rules: RuleSet, text: str, **fields: object) -> None:
        """Tell the tables that play by these (covered) rules."""
        for live in self.tables.live.values():
            table = live.table
            play = table.play
            if isinstance(play, WimpoutPlay) and model_rules(play.game.rules if play.game else play.rules) == rules:
                told = Message(text.format(number=table.number, **fields), "table", {"table": str(table.number)})
                self.tables.presence.deliver(Delivery(name, told) for name in table.audience)

    def _prune(self) -> None:
        """Delete the oldest solved tables beyond ``KEPT_SOLVED`` (a table in memory stays usable)."""
        solved = sorted(self.directory.glob("*.cwopt"), key=lambda path: path.stat().st_mtime)
        for path in solved[: max(0, len(solved) - KEPT_SOLVED)]:
            path.unlink(missing_ok=True)
            log.info("optimal.pruned", file=path.name)

    def stop(self) -> None:
        """A solve in progress is abandoned (it starts again when next asked for): the worker is ended, so the
        server's exit does not wait minutes for it."""
        self.judging.stop()
        if self._reports is not None:
            self._reports.put(None)  # before the worker is ended: it may not die holding the queue's lock
            self._reports = None
        if self._pool is not None:
            ended(self._pool)
            self._pool = None
