"""Events as the server runs them: an arena (for some minutes whoever joined is seated as tables free up, paired by
arena score), a Swiss event (fixed rounds, each round's tables drawn from the standings) and a duplicate event (drawn
as a Swiss event, each round's tables in groups on the same dice, scored by matchpoints: server.duplicate). The rules
are ``rooms.pairing``'s; here they meet the live tables, who is online, the store (standings are saved as each game is
counted) and the clock. Events are Cosmic Wimpout's (the default game), with its house bots as entrants."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import structlog

from rooms.messages import Delivery, Message, Refusal
from rooms.pairing import arena_tables, place_points, ranked, swiss_tables
from rooms.tables import TableEnding
from server import duplicate
from server.words import texts
from server.competition.anchors import anchor_name, anchor_seat
from server.games.gametypes import GAME_TYPES, pick
from server.competition.runningevent import Running
from server.tables.livetable import Live
from server.store import EventRecord, Finish, Result, StoreDown

if TYPE_CHECKING:
    from rooms.world import World
    from server.community.presence import Presence
    from server.ops.storewatch import StoreWatch
    from server.settings import Settings
    from server.store import Store
    from server.tables.hosting import Tables

log = structlog.get_logger()
ARENA, SWISS, DUPLICATE = "arena", "swiss", "duplicate"
ROUNDS = (SWISS, DUPLICATE)
"""The kinds played in rounds, started by 'event start'."""
RUNNING, OVER, STOPPED = "running", "over", "stopped"


class Tournaments:
    """The running events, by number."""

    def __init__(self, settings: Settings, store: Store, store_watch: StoreWatch, world: World,
                 presence: Presence[Any], hosting: Tables) -> None:
        self.settings, self.server_name = settings.events, settings.server_name
        self.store, self.store_watch, self.world = store, store_watch, world
        self.presence, self.hosting = presence, hosting
        self.running: dict[int, Running] = {}
        self._lock = asyncio.Lock()
        """One pairing at a time (a game's end and a join may come together)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._held: set[str] = set()
        """The configured arena times already held ("YYYY-MM-DD HH:MM", UTC)."""
        self.generation = 0
        """Counts the pairings, joins and leaves: who ``arenas_of`` names is asked again only once it moves
        (server.portal)."""

    # -- life cycle --------------------------------------------------------------------------------------------------

    async def restore(self) -> None:
        """The running events after a restart: their games still in play are followed again (the tables came back),
        those that ended meanwhile counted from their stored results; an arena's clock goes on."""
        store, tables = self.store, self.hosting
        for record in await store.events(running=True):
            run = self.running[record.event_id] = Running(record)
            for game_id, _ in await store.uncounted_games(record.event_id):
                live = next((live for live in tables.live.values() if live.game_id == game_id), None)
                if live is not None:
                    live.then, run.tables[game_id] = self._ended(run), live
                elif record.kind != DUPLICATE:  # (a duplicate round is counted whole, once all its tables are over)
                    await self._count(run, game_id, await self._stored_finish(game_id))
            if record.kind == DUPLICATE and not run.tables and record.round:
                await duplicate.close_round(self, run)
            if record.kind == ARENA:
                self._spawn(self._time_up(run))
            log.info("event.restored", number=record.event_id, kind=record.kind, playing=len(run.tables))
        for run in list(self.running.values()):
            if run.record.kind == ARENA or run.tables:  # a Swiss round nobody is back for waits for 'event start'
                await self.advance(run)

    def start(self) -> None:
        """The daily arenas at their configured times."""
        if self.settings.arena_times:
            self._spawn(self._schedule())

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()

    # -- what commands ask -------------------------------------------------------------------------------------------

    async def open(self, kind: str, room: str, by: str, length: int | None, words: list[str],
                   bots: list[str]) -> EventRecord:
        """A new event: an arena runs at once for ``length`` minutes; a Swiss event of ``length`` rounds takes
        entries until ``begin``. ``bots``: the house bots entered (their kinds)."""
        now = time.time()
        minutes = length or self.settings.arena_minutes
        ends_at, rounds = (now + 60 * minutes, None) if kind == ARENA else (None, length or self.settings.swiss_rounds)
        options = words or self.settings.options.split()
        game, chosen = pick(options)
        if game is not GAME_TYPES.default:
            raise Refusal(texts.EVENT_GAME.format(game=GAME_TYPES.default.title))
        game.new_table(0, room, by, chosen)  # options refused now, not at every pairing
        house = [anchor_name(bot) for bot in bots]
        number = await self.store.create_event(kind, room, options, self.settings.seats, now, ends_at, rounds,
                                                      house)
        record = await self.store.event(number)
        assert record is not None
        run = self.running[number] = Running(record)
        log.info("event.opened", number=number, kind=kind, by=by, minutes=minutes if kind == ARENA else None,
                 rounds=rounds, bots=house, options=options)
        named = texts.EVENT_WITH_BOTS.format(bots=", ".join(house)) if house else ""
        opened = {ARENA: texts.EVENT_OPENED_ARENA, SWISS: texts.EVENT_OPENED_SWISS, DUPLICATE: duplicate.OPENED}[kind]
        said = opened.format(by=by, number=number, time=texts.duration(60 * minutes), rounds=rounds, bots=named)
        message = Message(said, "event_opened", {"event": str(number), "kind": kind})
        self.presence.deliver(Delivery(name, message) for name in self.presence.players)
        if kind == ARENA:
            self._spawn(self._time_up(run))
        return record

    def find(self, number: int | None, verb: str) -> Running:
        """The running event numbered, or the only one running."""
        if number is not None:
            run = self.running.get(number)
            if run is None:
                raise Refusal(texts.EVENT_NO_SUCH.format(number=number))
            return run
        if not self.running:
            raise Refusal(texts.EVENT_NONE_RUNNING)
        if len(self.running) > 1:
            numbers = ", ".join(map(str, sorted(self.running)))
            raise Refusal(texts.EVENT_WHICH.format(numbers=numbers, verb=verb, first=min(self.running)))
        return next(iter(self.running.values()))

    async def enter(self, run: Running, name: str) -> None:
        """``name`` in the event (and in an arena's queue); ``advance`` seats whoever can be seated now."""
        await self.store.enter_event(run.number, name, True)
        if run.record.kind == ARENA and name not in run.queue:
            run.queue.append(name)
        self.generation += 1
        log.info("event.joined", number=run.number, player=name)

    async def leave(self, run: Running, name: str) -> None:
        """Out of the event, once any pairing under way is over: a leave saved while a pairing seats the standings it
        read would be followed by a seat (its game then counts, as any game under way when its player leaves)."""
        async with self._lock:
            standings = await self.store.standings(run.number)
            if name not in {line.standing.name for line in standings if line.active}:
                raise Refusal(texts.EVENT_NOT_IN.format(number=run.number))
            await self.store.enter_event(run.number, name, False)
            if name in run.queue:
                run.queue.remove(name)
            self.generation += 1

    def arenas_of(self, name: str) -> tuple[int, ...]:
        """The running arenas ``name`` plays: waiting in the queue, or at one of its tables (queued again after)."""
        if not self.running:
            return ()  # (asked for every connection when anyone sits: no pass over the tables when no event runs)
        seated = self.hosting.where.live_seat_of(name)
        return tuple(number for number, run in self.running.items() if run.record.kind == ARENA and (
            name in run.queue or (seated is not None and seated.game_id in run.tables)))

    def rejoin(self, number: int, name: str) -> None:
        """A player who was in arena ``number``'s queue before a reload or a crash of the game process
        (server.portal): queued again, and paired if a table can be made (at one of its tables still, they are
        queued again when that game ends)."""
        run = self.running.get(number)
        if run is None or run.record.kind != ARENA or number in self.arenas_of(name):  # (over; queued or playing)
            return
        run.queue.append(name)
        self._spawn(self.advance(run))

    async def begin(self, run: Running) -> None:
        """A wizard starts a Swiss event's first round, or its next one when none is being played (after a
        restart, whose players were not back yet)."""
        if run.record.kind not in ROUNDS:
            raise Refusal(texts.EVENT_NOT_SWISS.format(number=run.number))
        if run.tables:
            raise Refusal(texts.EVENT_STARTED_ALREADY.format(number=run.number, round=run.record.round))
        async with self._lock:
            await self._round(run, asked=True)
        if run.closing:  # its last round was played before a restart
            await self.advance(run)

    async def halt(self, run: Running) -> None:
        """A wizard stops an event: no more tables; it ends when the games being played have."""
        run.closing = True
        await self.store.end_event(run.number, STOPPED)
        run.record = await self._record(run.number)
        await self.advance(run)

    def state(self, record: EventRecord) -> str:
        """How far an event is, in words."""
        run = self.running.get(record.event_id)
        if record.status == OVER:
            return texts.EVENT_STATE_ENDED
        if record.status == STOPPED and run is None:
            return texts.EVENT_STATE_STOPPED
        if run is not None and run.closing:
            return texts.EVENT_STATE_CLOSING
        if record.kind == ARENA:
            return texts.EVENT_STATE_ARENA.format(time=texts.duration(max(0.0, (record.ends_at or 0) - time.time())))
        if not record.round:
            return texts.EVENT_STATE_WAITING.format(rounds=record.rounds)
        return texts.EVENT_STATE_ROUND.format(round=record.round, rounds=record.rounds)

    # -- pairing -----------------------------------------------------------------------------------------------------

    async def advance(self, run: Running) -> None:
        """Seat whoever can be seated now; end the event once nothing more will be played. A pairing the store
        cannot save is done again once it can (those it seated stay seated)."""
        try:
            await self._advance(run)
        except StoreDown:
            self._spawn(self.store_watch.until_done(lambda: self._advance(run)))

    async def _advance(self, run: Running) -> None:
        async with self._lock:
            try:
                if self.running.get(run.number) is not run:
                    return
                if run.record.kind == ARENA and not run.closing:
                    await self._pair_arena(run)
                elif run.record.kind in ROUNDS and not run.tables and run.record.round and not run.closing:
                    await self._round(run)
                if run.closing and not run.tables:
                    await self._finish(run)
            finally:
                self.generation += 1  # (the queues as the pairing left them)

    async def _pair_arena(self, run: Running) -> None:
        """Seat the arena's queue. Who joined while the standings were read (their entry saved after it) is not in
        them: they stay queued, for their own join's pairing."""
        lines = {line.standing.name: line for line in await self.store.standings(run.number)}
        run.queue = [name for name in run.queue if self._free(name) and (name not in lines or lines[name].active)]
        seated = {name for live in run.tables.values() for name in live.table.seats}
        bots = [line.standing for line in lines.values() if line.standing.house and line.standing.name not in seated]
        waiting = [lines[name].standing for name in run.queue if name in lines]
        for names in arena_tables(waiting, bots, run.record.seats, run.last_met):
            await self._seat(run, names, {name for name in names if lines[name].standing.house}, 0)

    async def _round(self, run: Running, asked: bool = False) -> None:
        """The next Swiss round's tables, drawn from the standings (entrants offline or seated elsewhere sit it
        out); after the last round, or when no table can be drawn, the event ends (a wizard who ``asked`` for the
        round is told instead)."""
        if run.record.kind == DUPLICATE and run.record.round:
            await duplicate.close_round(self, run)
        number = run.record.round + 1
        if run.record.rounds is not None and number > run.record.rounds:
            run.closing = True
            return
        lines = [line for line in await self.store.standings(run.number) if line.active]
        present = [line.standing for line in lines if line.standing.house or self._free(line.standing.name)]
        tables = swiss_tables(present, run.record.seats, run.met)
        if not tables and asked:
            raise Refusal(texts.EVENT_NOBODY.format(number=run.number))
        if not tables:
            run.closing = True
            return
        await self.store.set_event_round(run.number, number)
        run.record = await self._record(run.number)
        log.info("event.round", number=run.number, round=number, tables=tables)
        house = {s.name for s in present if s.house}
        if run.record.kind == DUPLICATE:
            await duplicate.seat_round(self, run, tables, house, number)
            return
        for names in tables:
            await self._seat(run, names, house, number)

    async def _seat(self, run: Running, names: list[str], house: set[str], round: int) -> None:
        live = await self.open_table(run, names, house, round)
        if live is not None:
            await self.hosting.begin(live)

    async def open_table(self, run: Running, names: list[str], house: set[str], round: int) -> Live | None:
        """A table of the event, its players told where they play; ``begin`` starts its game (None: someone sat down
        elsewhere meanwhile)."""
        people = [name for name in names if name not in house]
        bots = [anchor_seat(name) for name in names if name in house]
        try:
            live = await self.hosting.seat(run.record.room, people, bots, list(run.record.options),
                                                 self._ended(run))
        except Refusal as refusal:  # someone sat down elsewhere meanwhile: they wait for the next pairing
            log.warning("event.seat_failed", number=run.number, players=names, why=str(refusal))
            return None
        run.tables[live.game_id] = live
        for name in people:
            if name in run.queue:
                run.queue.remove(name)
        try:
            await self.store.event_game(run.number, live.game_id, round)
        except StoreDown:  # saved once the store works (before its game can end, which needs the store too)
            self._spawn(self.store_watch.until_done(
                lambda: self.store.event_game(run.number, live.game_id, round)))
        which = texts.EVENT_ROUND_SWISS.format(round=round) if round else texts.EVENT_ROUND_ARENA
        said = texts.EVENT_SEATED.format(number=run.number, round=which, table=live.table.number,
                                         players=", ".join(live.table.seats))
        message = Message(said, "event_seated", {"event": str(run.number), "table": str(live.table.number)})
        self.presence.deliver(Delivery(name, message) for name in people)
        return live

    def _free(self, name: str) -> bool:
        """Online and at no table: may be seated."""
        return name in self.presence.players and self.hosting.where.live_seat_of(name) is None

    # -- games ending ------------------------------------------------------------------------------------------------

    def _ended(self, run: Running) -> Any:
        async def ended(live: Live, ending: TableEnding) -> None:
            run.tables.pop(live.game_id, None)
            finish = live.finish if ending is TableEnding.OVER else None
            if run.record.kind != DUPLICATE:  # (counted with the whole round, once its last table is over)
                await self._count(run, live.game_id, finish)
            if run.record.kind == ARENA and finish is not None:
                run.queue.extend(r.player for r in finish.results if not r.bot and r.player not in run.queue)
            await self.advance(run)

        return ended

    async def _count(self, run: Running, game_id: int, finish: Finish | None) -> None:
        """A game of the event is over: its players' points by finishing place, saved once (an abandoned game
        counts for nobody)."""
        results = [] if finish is None else finish.results
        points = place_points(finish.places()) if finish is not None else []
        scores = [(r.player, p, r.won) for r, p in zip(results, points)]
        if not await self.store.score_event_game(run.number, game_id, scores):
            return
        names = frozenset(r.player for r in results)
        for name in names:
            run.last_met[name] = names - {name}
            run.met[name] = run.met.get(name, frozenset()) | (names - {name})
        if scores:
            said = texts.EVENT_SCORED.format(number=run.number, scores=", ".join(f"{n} +{p}" for n, p, _ in scores))
            message = Message(said, "event_scored", {"event": str(run.number), "game": str(game_id),
                                                     **{f"points.{n}": str(p) for n, p, _ in scores}})
            self.presence.deliver(Delivery(name, message) for name in names)

    async def _stored_finish(self, game_id: int) -> Finish | None:
        rows = await self.store.results_of(game_id)
        if not rows:
            return None
        return Finish(next((p for p, won, _ in rows if won), None), [Result(p, w, s, False, {}) for p, w, s in rows])

    async def _finish(self, run: Running) -> None:
        if run.record.kind == DUPLICATE and run.record.round:
            await duplicate.close_round(self, run)
        if run.record.status == RUNNING:
            await self.store.end_event(run.number, OVER)
        del self.running[run.number]
        lines = await self.store.standings(run.number)
        best = ranked(line.standing for line in lines)
        winner = best[0].name if best and best[0].games else "nobody"
        log.info("event.over", number=run.number, winner=winner)
        message = Message(texts.EVENT_OVER.format(number=run.number, winner=winner), "event_over",
                          {"event": str(run.number), "winner": winner})
        self.presence.deliver(Delivery(line.standing.name, message) for line in lines)

    async def _record(self, number: int) -> EventRecord:
        record = await self.store.event(number)
        assert record is not None
        return record

    # -- clocks ------------------------------------------------------------------------------------------------------

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _time_up(self, run: Running) -> None:
        await asyncio.sleep(max(0.0, (run.record.ends_at or 0) - time.time()))
        run.closing = True
        run.queue.clear()
        log.info("event.time_up", number=run.number, playing=len(run.tables))
        await self.advance(run)

    async def _opened_lately(self) -> bool:
        """An arena opened within the last minute and a half (a restart in the minute of a configured time)."""
        latest = await self.store.events(running=False, limit=1)
        return bool(latest) and latest[0].kind == ARENA and latest[0].started_at > time.time() - 90

    async def _schedule(self) -> None:
        """Open an arena at each configured time (UTC), once a day, in the start room."""
        while True:
            now = time.gmtime()
            today, clock = time.strftime("%Y-%m-%d", now), time.strftime("%H:%M", now)
            for at in self.settings.arena_times:
                key = f"{today} {at}"
                if at == clock and key not in self._held and not await self._opened_lately():
                    self._held.add(key)
                    await self.open(ARENA, self.world.start, self.server_name, None, [],
                                    list(self.settings.house_bots))
            await asyncio.sleep(20)

