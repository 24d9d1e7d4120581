"""Each player's Funhouse run, live: a solitaire belongs to its player, not to a table or a room, so it lives here
keyed by player (not in ``server.tables.hosting``, whose tables have seats, turns and watchers by seat). Every move is saved
before it is shown; a run not in memory is rebuilt from its stored events (after a restart or kill -9); the
best-possible searches run in a worker process, in turn and within bounds (``server.funhouse.funsearch``). A player
keeps ``funhouse.unfinished_runs`` unfinished runs at most, each deleted ``funhouse.prune_unfinished_after`` seconds
after its start (issue 37, finding 4: one connection stored 92 runs in 30 s, never pruned)."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, NamedTuple

import structlog

from engine.funhouse import STOP, Chance, FunOptions, FunRun, KeyedChance, RoomClosed, SeededChance, event_from_dict, \
    event_to_dict
from engine.funhouse.funevents import Event, Moved
from server.funhouse.funsearch import Searched, Searches
from server.words import texts
from server.store import FunRecord, Store, StoreDown
from server.tables.tabledice import new_record, seeds_of, stream_of

if TYPE_CHECKING:
    from server.settings import FunhouseSettings

log = structlog.get_logger()


class RoomEnd(NamedTuple):
    """A room closed: its score and, if it was searched, the best its setup allowed."""

    room: str
    score: int
    moved: bool
    """The player made a move in it (a room stopped before any is not searched)."""
    searched: Searched | None


class LiveRun:
    """A run being played: its stored number, its player, the run, its dice record (docs/fairness.md: the day's for a
    daily run, its own else; None for a run from before checkable dice) and its chance drawn from it."""

    def __init__(self, run_id: int, player: str, run: FunRun, dice: dict[str, Any] | None) -> None:
        self.run_id, self.player, self.run, self.dice = run_id, player, run, dice
        self.chance: Chance = KeyedChance(stream_of(dice)) if dice is not None else SeededChance(run.state.seed)


RUN, DAILY = "run", "daily"
"""The kinds of the Funhouse's dice records in the store: a run's own (by its number), a day's (by its date)."""


def today(now: float) -> datetime.date:
    return datetime.datetime.fromtimestamp(now, datetime.UTC).date()


def revealed(day: str, now: float) -> bool:
    """A day's daily seed is revealed, and its board closed, at the next 00:00 UTC."""
    return day < today(now).isoformat()


class Funhouse:
    """The live runs by player."""

    def __init__(self, store: Store, settings: FunhouseSettings, spend: Callable[[str], float]) -> None:
        self.store = store
        self.settings = settings
        self.searches = Searches(settings, spend)
        self._live: dict[str, LiveRun] = {}
        self.searching: set[asyncio.Task[None]] = set()
        """Best-possible searches under way (a task holds each until it is done, as asyncio asks)."""

    def search(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` (searches, then telling their results) beside the player's next commands: Trampo-Land's
        exact search can take seconds, and the player need not wait for it to go on."""
        task = asyncio.create_task(work)
        self.searching.add(task)
        task.add_done_callback(self._searched)

    def _searched(self, task: asyncio.Task[None]) -> None:
        self.searching.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("funhouse.search_failed", exc_info=task.exception())

    async def current(self, player: str) -> LiveRun | None:
        """The player's run under way, from memory or rebuilt from the store."""
        live = self._live.get(player)
        if live is not None:
            return live
        record = await self.store.open_fun_run(player)
        if record is None:
            return None
        run = rebuilt(record)
        dice = await self.store.dice(*dice_key(record.run_id, run.state.daily)) if run.state.seed == 0 else None
        if dice is None and run.state.seed == 0:  # keyed, its record lost to a stop just after the run was stored:
            dice = new_record(await seeds_of(self.store, [player], ()))  # it goes on unpredictable (and 'verify'
            await self.store.save_dice(RUN, str(record.run_id), dice)  # names its first draw as not the seeds')
        live = self._live[player] = LiveRun(record.run_id, player, run, dice)
        log.info("funhouse.resumed", player=player, run=record.run_id, events=len(record.events))
        return live

    async def begin(self, player: str, now: float, room: str | None = None,
                    day: datetime.date | None = None, options: FunOptions | None = None) -> LiveRun:
        """A new run, stored before it is shown (the player's earlier one, if any, stays unfinished, among the newest
        ``funhouse.unfinished_runs`` the player keeps)."""
        if day is not None:
            dice = await self.daily_dice(day)
            run = FunRun.daily(day, KeyedChance(stream_of(dice)), options)
        else:
            dice = new_record(await seeds_of(self.store, [player], ()))
            run = FunRun.start(0, room, options, KeyedChance(stream_of(dice)))
        run_id = await self.store.create_fun_run(
            player, now, run.state.daily, room, [event_to_dict(event) for event in run.events])
        if day is None:
            await self.store.save_dice(RUN, str(run_id), dice)
        live = self._live[player] = LiveRun(run_id, player, run, dice)
        log.info("funhouse.started", player=player, run=run_id, room=room, daily=run.state.daily)
        pruned = await self.store.prune_fun_runs(player, self.settings.unfinished_runs)
        if pruned:
            log.info("funhouse.pruned", player=player, runs=pruned)
        return live

    async def daily_dice(self, day: datetime.date) -> dict[str, Any]:
        """The day's secret seed and its commitment, made by the first to ask for it that day (the same for every
        process sharing the store: the first kept wins)."""
        return await self.store.first_dice(DAILY, day.isoformat(), new_record([]))

    async def dice_of(self, record: FunRecord) -> dict[str, Any] | None:
        """A stored run's dice record, or None (a run from before checkable dice: its own seed, not 0)."""
        if record.events and record.events[0].get("seed"):
            return None
        return await self.store.dice(*dice_key(record.run_id, record.daily))

    async def prune(self, now: float) -> None:
        """Delete the unfinished runs started more than ``funhouse.prune_unfinished_after`` seconds ago (never a
        day's first daily run: it decides that day's board); a player's run pruned in memory is forgotten too."""
        pruned = await self.store.prune_old_fun_runs(now - self.settings.prune_unfinished_after)
        if pruned:
            self._live = {player: live for player, live in self._live.items()
                          if await self.store.fun_run(live.run_id) is not None}
            log.info("funhouse.pruned", runs=pruned)

    def bests(self, live: LiveRun, events: list[Event]) -> Coroutine[Any, Any, list[RoomEnd]]:
        """For each room ``events`` closed: its name, the player's score and the best its setup allowed, searched on
        the run as it is now (the live one goes on meanwhile); not searched when stopped before any move, or when
        the player has too many searches waiting."""
        run = live.run
        closed = [event for event in events if isinstance(event, RoomClosed)]
        record = [event_to_dict(event) for event in run.events]
        first = len(run.state.scores) - len(closed)
        moved = {e.room for e in run.events if isinstance(e, Moved) and not e.forced and e.command.lower() != STOP}

        async def search() -> list[RoomEnd]:
            return [RoomEnd(event.room, event.score, event.room in moved,
                            await self.searches.best(live.player, record, index) if event.room in moved else None)
                    for index, event in enumerate(closed, first)]

        return search()

    def stop(self) -> None:
        self.searches.stop()

    async def move(self, live: LiveRun, command: str) -> list[Event]:
        """Make a move (``FunError`` if refused) and store the run before anyone is shown it. A move the store cannot
        save is not played: the run is let go from memory, to be rebuilt as stored at the player's next command."""
        events = live.run.apply(command, live.chance)
        total = live.run.state.total if live.run.is_over else None
        try:
            await self.store.save_fun_run(live.run_id, [event_to_dict(event) for event in live.run.events], total)
        except StoreDown as down:
            if self._live.get(live.player) is live:
                del self._live[live.player]
            log.warning("funhouse.not_saved", player=live.player, run=live.run_id)
            raise StoreDown(down.problem, texts.MOVE_NOT_PLAYED) from down
        if live.run.is_over:
            self._live.pop(live.player, None)
            log.info("funhouse.finished", player=live.player, run=live.run_id, total=total)
        return events


def dice_key(run_id: int, daily: str | None) -> tuple[str, str]:
    """Where a run's dice record is kept: the day's for a daily run, its own else."""
    return (DAILY, daily) if daily else (RUN, str(run_id))


def rebuilt(record: FunRecord) -> FunRun:
    return FunRun.replay([event_from_dict(event) for event in record.events])
