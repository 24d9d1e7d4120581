"""The portal: every listener and connection (telnet with its negotiation, MCCP2 and TLS; the web page and its
WebSockets; admission and flood limits), and a game process behind it that runs everything else. A reload starts a
new game process and hands it the connections; a crashed one is started again; nobody is hung up on meanwhile, and
what they type meanwhile waits here."""

from __future__ import annotations

import asyncio
import json
import os
import ssl
import time
from collections.abc import Coroutine
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

import structlog

from server.words import texts
from server.limits.admission import AcceptErrors, Admission
from server.process.eventloop import running_loop_name
from server.portal.asking import Asking
from server.portal.handing import Handing
from server.portal.linking import Linking
from server.portal.vetting import Vetting
from server.portal.children import Begun, GameProcess
from server.portal.portalclient import CLIENT_KINDS, Client
from server.portal.frames import Kind, data, frame, split_multi
from server.settings import Settings
from server.wire.sink import READ_CHUNK, LineOut, Sink, Source
from server.telnet.listener import TelnetListener, Viewer
from server.telnet.telnetend import RELAYS, TelnetEnd
from server.wire.tls import server_context

if TYPE_CHECKING:
    from collections.abc import Callable

    from server.process.lockfile import DataDirLock

    from server.ops.metrics import MetricsEndpoint
    from server.web.httpserver import WebClient

log = structlog.get_logger()
LOAD_WAIT = 60.0
"""Seconds a new game process has to load its code and say hello."""
OPEN_WAIT = 300.0
"""Seconds it has then to open the store and restore the tables."""
CRASH_WINDOW, CRASH_LOOP = 60.0, 3
"""Three deaths within a minute is a game process dying in a loop: said to everyone, retried with back-off."""
BACKOFF_MAX = 30.0


class GameFailed(Exception):
    """The first game process did not start: the portal does not serve without one."""


class Portal(Asking, Vetting, Handing, Linking):
    """The connections' side of the server; ``argv`` (the command's own arguments) starts each game process."""

    def __init__(self, settings: Settings, argv: list[str]) -> None:
        self.settings, self._argv = settings, argv
        self.admission = Admission(settings.limits, settings.web.trusted_proxies, lambda: self.stopping)
        self.clients: dict[int, Client] = {}
        self._next_ident = 1
        self.game: GameProcess | None = None  # the game process serving the connections (None while one starts)
        self._starting: list[GameProcess] = []
        self.ready = asyncio.Event()  # set while ``game`` serves; input waits for it
        self.started = time.monotonic()
        self.reloads = self.restarts = 0  # (restarts: game processes started again after one died)
        self.metrics: MetricsEndpoint | None = None
        self._deaths: list[float] = []
        self._busy = False
        """A reload or a recovery is under way."""
        self._recovering: asyncio.Task[None] | None = None
        self._listeners: list[TelnetListener] = []
        self.web: WebClient | None = None
        self._unix: asyncio.Server | None = None
        self._socket = ""
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._stopping: asyncio.Task[None] | None = None
        self._stopped = asyncio.Event()
        self._accept_errors: AcceptErrors | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.outdated: str | None = None  # why the code on disk cannot run with this portal (its frames changed)
        self._lock: DataDirLock | None = None  # the data directory's, while the portal runs (server.process.lockfile)

    # --- life cycle ----------------------------------------------------------------------

    async def start(self, begun: Begun) -> None:
        """Listen, and serve once the first game process (``begun``'s, loading meanwhile) does; an error if it does
        not start."""
        settings = self.settings
        self._lock, self._socket = begun.lock, begun.path
        self._starting.append(begun.game)
        self._accept_errors = AcceptErrors(asyncio.get_running_loop())
        self._unix = await asyncio.get_running_loop().create_unix_server(self._linked, sock=begun.listening)
        try:
            await self._open_listeners()
        except BaseException:
            begun.game.kill()
            raise
        game = await self._loaded(begun.game)
        failed = "the game process did not load (its error is above)" if game is None else await self._open(game)
        if self.stopping:  # told to stop meanwhile (SIGTERM, SIGINT): ``_stop`` ends what was started
            return
        if failed is not None or game is None:
            await self._close_down()
            raise GameFailed(failed)
        self._serve_with(game)
        log.info("server.started", host=settings.host, port=self.port, tls_port=self.tls_port,
                 web_port=self.web.port if self.web else None, data_dir=str(settings.data_dir), game_pid=game.pid,
                 socket=self._socket, loop=running_loop_name())

    async def _open_listeners(self) -> None:
        """Telnet (and TLS), the web page, ``/metrics``: a connection made meanwhile waits for ``_serve_with``."""
        settings = self.settings
        self._listeners.append(await self._listen(settings.port))
        if settings.tls.enabled:
            self._listeners.append(await self._listen(settings.tls.port, server_context(settings.tls)))
        if settings.web.enabled:
            from server.web.httpserver import WebClient  # (aiohttp: only when the web is on)
            self.web = await WebClient.start(self)
        if settings.metrics.enabled:
            from server.ops.metrics import MetricsEndpoint  # (prometheus_client: only when asked for)
            self.metrics = await MetricsEndpoint.start(settings.metrics, self.figures)

    async def _listen(self, port: int, tls: ssl.SSLContext | None = None) -> TelnetListener:
        settings = self.settings
        return await TelnetListener.open(settings.host, port, settings.connect_maxwait, tls,
                                         settings.tls.handshake_timeout, self, self.admission, self.telnet_connected,
                                         RELAYS)

    @property
    def port(self) -> int:
        port = self._listeners[0].port if self._listeners else None
        assert port is not None
        return port

    @property
    def tls_port(self) -> int | None:
        return self._listeners[1].port if len(self._listeners) > 1 else None

    def listing(self) -> dict[str, str]:
        return {}  # (Host: MSSP is answered by the game process)

    @property
    def stopping(self) -> bool:
        return self._stopping is not None

    def request_shutdown(self, by: str = "signal") -> asyncio.Task[None]:
        if self._stopping is None:
            log.info("portal.shutdown_requested", by=by)
            self._stopping = asyncio.create_task(self._stop())
        return self._stopping

    async def wait_stopped(self) -> None:
        await self._stopped.wait()

    async def _stop(self) -> None:
        """The game process says goodbye to everyone and saves; then every connection is closed."""
        for listener in self._listeners:
            listener.stop_releasing()
        if self._recovering is not None:
            self._recovering.cancel()
        game = self.game
        if game is not None and self.ready.is_set():
            game.send(Kind.STOP)
            await game.end(self.settings.limits.shutdown_grace + 10)
        else:
            self.tell(texts.SHUTDOWN)
        for starting in self._starting:
            starting.kill()
        await self._close_down()

    async def _close_down(self) -> None:
        for client in list(self.clients.values()):
            client.close()
            client.end()
        for listener in self._listeners:
            listener.close()
        self.admission.release_all()
        if self._tasks:
            _, late = await asyncio.wait(self._tasks, timeout=self.settings.limits.shutdown_grace)
            for task in late:
                task.cancel()
        if self.web is not None:
            await self.web.stop()
        if self.metrics is not None:
            await self.metrics.stop()
        if self._unix is not None:
            self._unix.close()
        with suppress(FileNotFoundError):
            os.unlink(self._socket)
        if self._lock is not None:
            self._lock.release()
        if self._accept_errors is not None:
            self._accept_errors.remove()
        log.info("portal.stopped")
        self._stopped.set()

    # --- game processes --------------------------------------------------------------------

    async def _spawn(self) -> GameProcess:
        """A new game process, loading its code; ``_starting`` until ``_open``'s end."""
        game = await GameProcess.start(self._socket, self._argv)
        self._starting.append(game)
        return game

    async def _loaded(self, game: GameProcess) -> GameProcess | None:
        """``game`` once it has loaded its code (said hello), or None (killed)."""
        if await game.said(game.hello, LOAD_WAIT):
            return game
        log.error("portal.game_failed_to_load", pid=game.pid, code=game.process.returncode)
        self._starting.remove(game)
        game.kill()
        return None

    async def _open(self, game: GameProcess) -> str | None:
        """None once ``game`` took the store and serves; else why not (in words, for the operator)."""
        try:
            game.send(Kind.OPEN, 0, data({"port": self.port, "tls_port": self.tls_port}))
            if await game.said(game.ready, OPEN_WAIT) and game.failure is None:
                return None
        finally:
            self._starting.remove(game)
        game.kill()
        if game.failure is None and game.process.returncode is None:
            return f"the game process did not open the store within {OPEN_WAIT:.0f} s"
        return game.failure or f"the game process exited ({game.process.returncode}) before it served (see above)"

    def _serve_with(self, game: GameProcess) -> None:
        """``game`` serves every connection from now; what they typed meanwhile follows."""
        self.game = game
        game.started = time.monotonic()
        assert game.link is not None
        frames = []
        for client in self.clients.values():  # each with what the last one handed back unread, if any
            client.taken(client.untaken)
            frames.append(frame(Kind.ATTACH, client.ident, data(client.about())))
            if client.unread:
                frames.append(client.input(client.unread))
                client.unread = b""
        game.link.send(b"".join(frames))
        self.ready.set()
        for client in list(self.clients.values()):  # what they typed meanwhile, after their ATTACH
            if client.telnet is not None:
                client.telnet.hand_on(partial(self._typed, client))

    def _hold(self) -> None:
        """No game process serves: input waits here."""
        self.game = None
        self.ready.clear()
        for client in self.clients.values():
            if client.telnet is not None:
                client.telnet.hand_on(None)

    def _lost(self, game: GameProcess) -> None:
        """A game process's link closed: retired, stopped, or dead (a crash: recovered)."""
        game.gone.set()
        self._take_all_back(game)
        if game is not self.game or self.stopping:
            return
        log.error("portal.game_died", pid=game.pid, code=game.process.returncode,
                  refused=game.link.refused if game.link is not None else "")
        self._hold()
        self._deaths.append(time.monotonic())
        self.tell(texts.GAME_RESTARTING)
        self._recovering = asyncio.create_task(self._recover())

    async def _recover(self) -> None:
        """Start game processes until one serves; dying in a loop, said to everyone and retried with back-off."""
        self._busy = True
        try:
            while not self.stopping:
                now = time.monotonic()
                self._deaths = [t for t in self._deaths if now - t < CRASH_WINDOW]
                if len(self._deaths) >= CRASH_LOOP:
                    delay = min(BACKOFF_MAX, 2.0 ** (len(self._deaths) - CRASH_LOOP))
                    log.error("portal.game_crash_loop", deaths=len(self._deaths), retry_in=delay)
                    self.tell(texts.GAME_CRASH_LOOP.format(seconds=int(delay)))
                    await asyncio.sleep(delay)
                game = await self._loaded(await self._spawn())
                if self.outdated is not None:  # (no game process of the code on disk can serve with this portal)
                    self.request_shutdown("outdated")
                    return
                failed = "it did not load" if game is None else await self._open(game)
                if game is not None and failed is None:
                    self._serve_with(game)
                    self.restarts += 1
                    log.info("portal.game_recovered", pid=game.pid)
                    self.tell(texts.GAME_BACK)
                    return
                log.error("portal.game_failed_to_open", reason=failed)
                self._deaths.append(time.monotonic())
        finally:
            self._busy = False

    async def reload(self, asked_by: int = 0) -> None:
        """A new game process with the code on disk, handed every connection; the old one kept if the new one does
        not load."""
        asker = self.clients.get(asked_by)
        old = self.game
        if self._busy or old is None or self.stopping:
            if asker is not None:
                asker.say(texts.RELOAD_BUSY)
            log.warning("portal.reload_refused")
            return
        if not self._vetted(asker):
            return
        self._busy = True
        try:
            log.info("portal.reload_started", old_pid=old.pid)
            new = await self._loaded(await self._spawn())
            if new is None or self.game is not old:
                if new is not None:
                    self._starting.remove(new)
                    new.kill()
                log.error("portal.reload_failed", old_pid=old.pid)
                if asker is not None:
                    asker.say(texts.RELOAD_FAILED.format(why=self.outdated or texts.NOT_STARTED))
                self.outdated = None  # (the old game process goes on: a restart takes the new release)
                return
            self._hold()
            self.tell(texts.RELOADING)
            old.retiring = True
            old.send(Kind.RETIRE)
            await old.end(self.settings.limits.shutdown_grace + 30)
            failed = await self._open(new)
            if failed is not None:
                log.error("portal.game_failed_to_open", reason=failed)
                self._deaths.append(time.monotonic())
                self._busy = False
                await self._recover()
                return
            self.reloads += 1
            self._serve_with(new)
            log.info("portal.reloaded", pid=new.pid, reloads=self.reloads)
            if asker is not None and self.clients.get(asked_by) is asker:
                asker.say(texts.RELOADED)
        finally:
            self._busy = False

    def _from_game(self, game: GameProcess, kind: Kind, ident: int, payload: bytes) -> None:
        if kind is Kind.OUT:
            client = self.clients.get(ident)
            if client is not None:
                client.write(payload)
        elif kind is Kind.MULTI:
            idents, out = split_multi(payload)
            for ident in idents:
                client = self.clients.get(ident)
                if client is not None:
                    client.write(out)
        elif kind is Kind.WANT or kind is Kind.HANDBACK:
            self._hand(game, kind, ident, payload)
        elif kind in CLIENT_KINDS:
            client = self.clients.get(ident)
            if client is not None:
                client.heard(kind, payload)
        elif kind is Kind.READY:
            game.ready.set()
        elif kind is Kind.QUERY:  # (the game process asks only for the figures here: a wizard's @stats)
            game.send_answer(ident, data(self.holder_figures().as_json()))
        elif kind is Kind.FAILED:
            game.failure = payload.decode("utf-8", "replace")
            game.ready.set()
        elif kind is Kind.ANSWER:
            answer = self._answers.pop(ident, None)
            if answer is not None and not answer.done():
                answer.set_result(json.loads(payload))
        elif kind is Kind.RELOAD:
            self._keep(self.reload(ident))
        elif kind is Kind.SHUTDOWN:
            self.request_shutdown(payload.decode() or "game")

    def _keep(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def tell(self, text: str) -> None:
        """A line of the portal's own to every connection."""
        for client in list(self.clients.values()):
            if not client.closed:
                client.say(text)

    # --- connections ---------------------------------------------------------------------

    def telnet_connected(self, reader: Source, sink_for: Callable[[Viewer], Sink], address: str
                         ) -> Coroutine[Any, Any, None]:
        end = TelnetEnd.of(sink_for(lambda: None))
        client = self._register(address, telnet=end, agreed=end.early()[0])
        end.watch(lambda: self._negotiated(client), lambda what, said: self._relayed(client, what, said))
        if self.ready.is_set():
            end.hand_on(partial(self._typed, client))
        return self._held(client)

    def _typed(self, client: Client, received: bytes) -> None:
        """A telnet client's bytes, as they arrive (handed on only while a game process serves), or its end. (Every
        line typed comes here: the INPUT frame is made in place.)"""
        if not received:
            client.end()
            return
        game = self.game
        if client.attached and game is not None and game.link is not None:
            game.link.send(client.input(received))

    async def _held(self, client: Client) -> None:
        """A telnet connection, until it ends."""
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            await client.ended
        finally:
            self._gone(client, task)

    def _gone(self, client: Client, task: asyncio.Task[Any]) -> None:
        self._to_game(client, Kind.GONE)
        self.clients.pop(client.ident, None)
        client.close()
        self._tasks.discard(task)

    async def web_connected(self, source: Source, out: LineOut, address: str) -> None:
        await self._pump(self._register(address, web=out), source)

    def _register(self, address: str, telnet: TelnetEnd | None = None, web: LineOut | None = None,
                  agreed: list[int] | None = None) -> Client:
        """A new connection (``agreed``: the options its client turned on while it negotiated, in its ATTACH)."""
        client = Client(self._next_ident, address, telnet, web)
        client.agreed = agreed or []
        self._next_ident += 1
        self.clients[client.ident] = client
        if self.ready.is_set() and self.game is not None and self.game.link is not None:
            self.game.link.send(frame(Kind.ATTACH, client.ident, data(client.about())))
        return client

    def _to_game(self, client: Client, kind: Kind, payload: bytes = b"") -> None:
        if self.ready.is_set() and client.attached and self.game is not None and self.game.link is not None:
            self.game.link.send(frame(kind, client.ident, payload))

    def _negotiated(self, client: Client) -> None:
        if client.telnet is not None and client.attached and self.ready.is_set():
            state = client.telnet.state()
            if state != client.state:
                client.state = state
                self._to_game(client, Kind.STATE, data(state))

    def _relayed(self, client: Client, what: str, said: list[Any]) -> None:
        if what == "agreed":
            if client.attached and self.ready.is_set():
                self._to_game(client, Kind.AGREED, bytes(said))
            else:
                client.agreed += said
        else:
            self._to_game(client, Kind.OOB, data(said))

    async def _pump(self, client: Client, source: Source) -> None:
        """A browser's input to the game process serving it; held (unread) while none does."""
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        web = client.web
        try:
            while True:
                if web is not None and web.paused:
                    await web.caught_up()
                try:
                    received = await source.read(READ_CHUNK)
                except (ConnectionError, OSError):
                    break
                if not received:
                    break
                while not self.ready.is_set():
                    await self.ready.wait()
                self._typed(client, received)
                if client.held is not None:
                    await client.held
        finally:
            self._gone(client, task)
