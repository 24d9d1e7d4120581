"""The running server: listener, connected sessions, the world, the store, shutdown."""

from __future__ import annotations

import asyncio
import ssl
import time
from collections.abc import Callable, Coroutine, Iterable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import structlog

from server.commands.catalog import register_all
from engine.wimpout import ThrowSyntaxError
from rooms.loader import WorldError, load_world_file
from rooms.messages import Delivery, Message
from rooms.world import World
from server.words import texts
from server.limits.admission import AcceptErrors, Admission
from server.process.eventloop import running_loop_name
from server.funhouse.funplay import Funhouse
from server.games.gametypes import GAME_TYPES
from server.competition.botladder import Ladder
from server.community.holds import Holds
from server.tables.hosting import Tables
from server.ops.figures import PortalFigures
from server.ops.figures import Figures, transports
from server.notices.notifier import Notices
from server.outofband.mssp import mssp_variables
from server.community.ownwords import own_words, reserved_in_use
from server.limits.ratelimit import CommandBuckets, LoginThrottle
from server.community.presence import Presence
from server.services import Services
from server.session import Session
from server.web.websession import WebSession
from server.settings import DEFAULTS, Settings
from server.store import Channel, Store, StoreError, store_for
from server.ops.storewatch import StoreWatch, spared
from server.limits.quotas import Quotas
from server.wimpout.solving import Solver
from server.wire.jsonsink import JsonSink
from server.wire.sink import LineOut, Sink, Source
from server.telnet.listener import TelnetListener, Viewer
from server.wire.tls import server_context
from server.acrossdays.challenges import Challenges
from server.acrossdays.timesource import Clock
from server.competition.tournaments import Tournaments
from server.ops.worldwings import missing_wings

if TYPE_CHECKING:
    from server.ops.metrics import MetricsEndpoint
    from server.web.httpserver import WebClient

log = structlog.get_logger()
register_all()  # every command, in REGISTRY before any connection (and for whoever imports the server)
START_ERRORS = (WorldError, OSError, ThrowSyntaxError, StoreError)
"""What a server's start can fail with that its message says well enough (a store that cannot be opened, a bad world
or dice file, a port in use): said in one line, no traceback."""
PRUNE_EVERY = 3600.0
"""Seconds between deletions of tables long closed (``tables.prune_closed_after``), besides one at start."""


class GameServer:
    """A MUCK in one process. Use ``async with GameServer(settings) as server``."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        limits = settings.limits
        self.world = World({}, "")
        """The rooms, from the database (``open`` fills it)."""
        self.store: Store = store_for(settings, {game.name: game.tally for game in GAME_TYPES.all()})
        self.store_watch = StoreWatch(self.store)
        """Whether the store works (``/health``), its failures logged once and tried again until it does."""
        self.store_watch.recovered.append(lambda: self.tables.clock.spawn(self._saving_again()))
        self.time = Clock(settings.data_dir, settings.adjustable_clock)
        """The server's clock for what is counted in days (correspondence deadlines, vacations, challenges)."""
        self.tables = Tables(settings, self.store, self.world, self.store_watch, self.time)
        self.solver = Solver(settings, self.tables)
        self.presence: Presence[Session] = Presence(self.store, self.world, self.tables, settings.wizards)
        self.notices = Notices(settings, self.store, self.presence, self.tables)
        self.services: Services[Session] = Services(
            settings, self.store, self.world, self.presence, self.tables, self.solver,
            LoginThrottle(limits.login_failure_burst, limits.address_failure_burst, limits.login_failure_refill,
                          limits.create_burst, limits.create_refill),
            CommandBuckets(limits.command_burst, limits.command_rate, limits.max_connections_per_address),
            Quotas(limits, settings.letters),
            lambda by: self.request_shutdown(by), Funhouse(self.store, settings.funhouse, self.solver.spend),
            Tournaments(settings, self.store, self.store_watch, self.world, self.presence, self.tables),
            Ladder(settings.ladder, self.store, self.world, self.presence, self.tables), self.notices,
            Holds(self.store), clock=self.time,
        )
        self.tables.serve(self.presence, self.notices, self.services)
        self.notices.summaries.append(self.tables.posts.summary)
        self.services.challenges = Challenges(settings.correspondence, self.store, self.time, self.presence,
                                              self.notices, self.tables)
        self.connections: set[Session] = set()
        self.admission = Admission(limits, settings.web.trusted_proxies, lambda: self.stopping,
                                   self.services.address_bans)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: TelnetListener | None = None
        self.web: WebClient | None = None
        self._tls_listener: TelnetListener | None = None
        self._accept_errors: AcceptErrors | None = None
        self.started = self.services.started
        """Unix time of start-up (MSSP's UPTIME)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._naming: asyncio.Task[None] | None = None
        """Working out the server's own words, once serving (``_reserved_names``)."""
        self._pruned = 0.0
        """Unix time tables long closed were last deleted."""
        self._stopping: asyncio.Task[None] | None = None
        self._stopped = asyncio.Event()
        self.retired = False
        """Retired for a reload (``retire``): the sessions left here are the next game process's."""
        self.metrics: MetricsEndpoint | None = None
        """``/metrics``, when this process holds the connections (one process) and it is on."""
        self.services.holder_figures = self._holder_figures
        self.portal_ports: tuple[int, int | None] | None = None
        """The ports the portal listens on, when this is its game process (server.portal), which listens on none."""

    @property
    def players(self) -> dict[str, Session]:
        """Logged-in sessions by player name (``Presence.players``)."""
        return self.presence.players

    @property
    def channels(self) -> dict[str, Channel]:
        return self.services.channels

    def deliver(self, deliveries: Iterable[Delivery]) -> None:
        self.presence.deliver(deliveries)

    # --- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        self._accept_errors = AcceptErrors(asyncio.get_running_loop())
        await self.open()
        self._listener = await self._listen(self.settings.port)
        if self.settings.tls.enabled:
            self._tls_listener = await self._listen(self.settings.tls.port, server_context(self.settings.tls))
        if self.settings.web.enabled:
            from server.web.httpserver import WebClient  # aiohttp takes a while to import: only when the web is on

            self.web = await WebClient.start(self)
        if self.settings.metrics.enabled:
            from server.ops.metrics import MetricsEndpoint  # (prometheus_client: only when asked for)

            self.metrics = await MetricsEndpoint.start(self.settings.metrics, self._figures)
        await self.begin(listening=True)

    async def begin(self, listening: bool = False) -> None:
        """Serve (after ``open``, ``start``'s listeners aside): the game process behind a portal starts here."""
        if not listening:
            await self.open()
        self._sweeper = asyncio.create_task(self._sweep_idle())
        self._naming = asyncio.create_task(self._reserved_names())
        self.services.events.start()
        self.services.ladder.start()
        self.notices.start()
        log.info("server.started" if listening else "game.started", host=self.settings.host, port=self.port, tls_port=self.tls_port,
                 web_port=self.web.port if self.web else None, data_dir=str(self.settings.data_dir),
                 store=self.store.where, loop=running_loop_name())

    async def _listen(self, port: int, tls: ssl.SSLContext | None = None) -> TelnetListener:
        """A telnet port (idle time is ``_sweep_idle``'s to judge)."""
        settings = self.settings
        return await TelnetListener.open(
            settings.host, port, settings.connect_maxwait, tls, settings.tls.handshake_timeout, self, self.admission,
            self.connected,
        )

    def listing(self) -> dict[str, str]:
        """What MUD listings are told (MSSP), as of now (server.outofband.interface.Host)."""
        return mssp_variables(self.settings, len(self.players), self.started, self.port, self.tls_port)

    async def open(self) -> None:
        """Everything but the listeners: the store, the world, the channels, the tables as they were (what the
        commands' services need; ``tests/support/harness.py`` runs commands on this alone)."""
        self.solver.start()
        await self.store.open()
        await self.notices.open()
        await self._load_world()
        self.world.furniture, self.world.listeners = self.tables.furniture, self.tables.where.listeners
        self.services.channels.update((channel.name, channel) for channel in await self.store.channels())
        self.services.address_bans.load(await self.store.address_bans())
        await self.services.holds.load()
        await self.tables.restore()
        await self.services.events.restore()
        await self._prune()

    async def _reserved_names(self) -> None:
        """Work out the server's own words (``server.community.ownwords``: once a process, in a thread, once serving: a
        character created meanwhile waits for them), and name the accounts that hold one from before it was
        reserved: they keep their names, and a wizard may '@rename' them."""
        await asyncio.to_thread(own_words)
        held = reserved_in_use(await self.store.names(), self.settings.wizards)
        if held:
            log.warning("accounts.reserved_names", names=held)

    async def _load_world(self) -> None:
        """The world kept in the database; a new database is seeded from the world file (which is then not read
        again: the world changes by building)."""
        stored = await self.store.world()
        seed = load_world_file(self.settings.world_file or Path(str(DEFAULTS / "world.toml")))
        if stored is not None:
            rooms, start = stored
            by_key = {room.key: room for room in rooms}
            for name, wing in missing_wings(by_key, seed).items():
                await self.store.save_rooms(wing)
                by_key.update((room.key, room) for room in wing)
                log.info("world.wing_added", wing=name, rooms=[room.key for room in wing])
            log.info("world.loaded", rooms=len(by_key))
            self.world.load(by_key, start)
            return
        await self.store.seed_world(seed.rooms(), seed.start)
        log.info("world.seeded", rooms=len(seed.rooms()), file=str(self.settings.world_file or "built-in"))
        self.world.load({room.key: room for room in seed.rooms()}, seed.start)

    @property
    def port(self) -> int:
        if self.portal_ports is not None:
            return self.portal_ports[0]
        port = self._listener.port if self._listener is not None else None
        assert port is not None
        return port

    @property
    def stopping(self) -> bool:
        return self._stopping is not None

    @property
    def tls_port(self) -> int | None:
        """The TLS port, when TLS is on."""
        if self.portal_ports is not None:
            return self.portal_ports[1]
        return self._tls_listener.port if self._tls_listener is not None else None

    def request_shutdown(self, by: str = "signal") -> asyncio.Task[None]:
        """Begin a graceful shutdown (once); safe to call from a command or a signal handler."""
        if self._stopping is None:
            log.info("server.shutdown_requested", by=by)
            self._stopping = asyncio.create_task(self._stop())
        return self._stopping

    async def stop(self) -> None:
        await self.request_shutdown()

    async def wait_stopped(self) -> None:
        await self._stopped.wait()

    async def _stop(self) -> None:
        """Tell everyone, save, hang up, close the database."""
        for task in (self._sweeper, self._naming):
            if task is not None:
                task.cancel()
        for listener in (self._listener, self._tls_listener):
            if listener is not None:
                listener.stop_releasing()
        self.services.events.stop()
        self.services.ladder.stop()
        self.tables.stop()
        self.solver.stop()
        self.services.funhouse.stop()
        self.store_watch.stop()
        await self.notices.stop()
        await spared(self.store.touch(self.presence.seen()))
        for session in list(self.connections):
            session.close(texts.SHUTDOWN, restart="yes")  # the web page retries
        for listener in (self._listener, self._tls_listener):
            if listener is not None:
                listener.close()  # after the farewells: this also closes client transports
        self.admission.release_all()
        if self._tasks:
            _, late = await asyncio.wait(self._tasks, timeout=self.settings.limits.shutdown_grace)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late)
        if self.web is not None:
            await self.web.stop()
        if self.metrics is not None:
            await self.metrics.stop()
        await self.store.close()
        if self._accept_errors is not None:
            self._accept_errors.remove()
        log.info("server.stopped")
        self._stopped.set()

    async def retire(self) -> None:
        """Stop serving without hanging up on anyone or telling them anything: a reload (server.portal) hands the
        connections to the next game process, which restores the tables from the store this closes."""
        log.info("server.retiring")
        self.retired = True
        if self._sweeper is None:  # never served (told to go while loading): nothing opened to save
            return
        self._sweeper.cancel()
        if self._naming is not None:
            self._naming.cancel()
        self.services.events.stop()
        self.services.ladder.stop()
        self.tables.stop()
        self.solver.stop()
        self.services.funhouse.stop()
        self.store_watch.stop()
        await self.notices.stop()
        await spared(self.store.touch(self.presence.seen()))
        await self.store.close()
        log.info("server.retired")

    def health(self) -> dict[str, Any]:
        """For operators and load balancers (``/health``): ``status`` is ``ok`` only while serving with a store that
        works (``store_failing`` while it cannot save: ``store`` says why and since when)."""
        status = "stopping" if self.stopping else "store_failing" if self.store_watch.failing else "ok"
        return {"status": status, "players": len(self.players), "connections": len(self.connections),
                "tables": len(self.tables.live), "held": len(self.tables.holds.held),
                "store": self.store_watch.figures()}

    async def _holder_figures(self) -> PortalFigures:
        """This process's connections (one process: it holds them; the portal's figures stand in for these)."""
        return PortalFigures(connections=transports(session.transport for session in self.connections))

    async def _figures(self) -> Figures:
        return self.services.figures(), await self._holder_figures()

    def who(self) -> dict[str, Any]:
        """WHO as JSON (``/who``): who is on, for how long, idle how long, and their @doing."""
        now, players = time.monotonic(), self.players.values()
        return {
            "players": [{"name": s.player, "on_for": int(now - s.connected_at), "idle": int(now - s.last_active),
                         "doing": s.doing} for s in players],
            "max": self.presence.max_players,
        }

    async def unsubscribe(self, token: str) -> bool:
        """A mail's unsubscribe link used (the web port's ``/unsubscribe``)."""
        return await self.notices.unsubscribe(token)

    async def __aenter__(self) -> GameServer:
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    # --- connections ---------------------------------------------------------------------

    def connected(
        self, reader: Source, sink_for: Callable[[Viewer], Sink], address: str
    ) -> Coroutine[Any, Any, None]:
        """A transport's new connection (telnet's listener): a session for it, its sink asking the session who is
        logged in; what ``attach`` returns serves it."""
        session: Session
        session = Session(self.services, reader, sink_for(lambda: session.name), address)
        return self.attach(session)

    async def web_connected(self, source: Source, out: LineOut, address: str) -> None:
        """A browser's WebSocket (server.web): a session speaking JSON, served until it closes."""
        session: Session
        session = WebSession(self.services, source, JsonSink(out, lambda: session.name), address)
        await self.attach(session)

    async def attach(self, session: Session, greet: bool = True) -> None:
        """Serve one connection, whatever carries it (telnet, WebSocket), until it closes: the per-address limit,
        the bookkeeping, and saving the player's last visit."""
        address = session.address
        refusal = self.admission.enter(address)
        if refusal is not None:
            log.warning("session.refused", address=address, reason=refusal)
            session.sink.send(Message(refusal, "error"))
            session.sink.close()
            self.services.command_buckets.keep(address, session.bucket)
            return
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self.connections.add(session)
        log.info("session.connected", address=address)
        try:
            await session.run(greet)
        finally:
            if not self.retired:  # (retired: the connection is the next game process's now, and the store closed)
                await self._left(session, task)

    async def _left(self, session: Session, task: asyncio.Task[Any]) -> None:
        """A connection's end: out of the world, its address's count and command bucket, its last visit saved."""
        address = session.address
        self.connections.discard(session)
        self.admission.leave(address)
        session.close()
        self.services.command_buckets.keep(address, session.bucket)
        if session.account is not None:
            await spared(self.store.touch([session.account.skeleton]))
        self._tasks.discard(task)
        log.info("session.disconnected", address=address, name=session.name)

    async def _sweep_idle(self) -> None:
        """Disconnect connections that sent nothing for ``idle_timeout`` seconds, and those not logged in
        ``login_timeout`` seconds after they connected (silent sockets from many addresses would otherwise hold a
        descriptor each for the idle timeout); record the players still connected as seen now (a kill gives them no
        logout: they would show as last seen at their login)."""
        limits = self.settings.limits
        timeout, login = limits.idle_timeout, limits.login_timeout
        while True:
            await asyncio.sleep(min(timeout / 4, login / 4, 30.0))
            now = time.monotonic()
            for session in [s for s in self.connections if s.account is None and s.connected_at < now - login]:
                log.info("session.login_timeout", address=session.address)
                session.close(texts.LOGIN_TIMEOUT.format(seconds=f"{login:g}"))
            for session in [s for s in self.connections if s.last_input < now - timeout]:
                log.info("session.idle_timeout", name=session.name, address=session.address)
                session.close(texts.IDLE_DISCONNECT)
            seen = self.presence.seen()
            if seen:
                await spared(self.store.touch(seen))
            if time.time() > self._pruned + PRUNE_EVERY:
                await self._prune()

    async def _saving_again(self) -> None:
        """The store works again: once the held tables have gone on, whoever was told that something was not done is
        told they may try again (a bot whose 'table open' or 'sit' failed knows when to send it again)."""
        await self.tables.holds.settled()
        told, self.services.unsaved = self.services.unsaved, set()
        back = Message(texts.STORE_BACK, "store_recovered")
        self.deliver(Delivery(name, back) for name in told if name in self.players)

    async def _prune(self) -> None:
        """Delete tables closed long ago where no game began, and Funhouse runs left unfinished long ago: opening and
        leaving tables or runs in a loop would otherwise grow the database without end (issue 30's abuse caps)."""
        self._pruned = time.time()
        pruned = await spared(self.store.prune_closed(self._pruned - self.settings.tables.prune_closed_after))
        if pruned:
            log.info("tables.pruned", tables=pruned)
        await self.services.funhouse.prune(self._pruned)
