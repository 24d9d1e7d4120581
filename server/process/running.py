"""What the ``cosmic-wimpout`` console script runs (``server.main``): a console command, or the server (the portal
and its game process, the server in one process, or a game process under a portal) from its settings until it stops
on a signal."""

from __future__ import annotations

import asyncio
import gc
import signal
import sys
from collections.abc import Callable

import structlog

from server.process import eventloop, notify
from server.ops.consolewords import CONSOLE_NAMES
from server.process.startargs import parse_args, settings_of
from server.process.lockfile import DataDirInUse, DataDirLock
from server.logs import configure_logging
from server.portal.firstgame import FirstGame
from server.settings import ConfigError, Settings

GC_YOUNG_THRESHOLD = 50_000
"""Objects allocated (less those freed) between two collections of the youngest generation; Python's 700 suits a
small program. A server holding half a million objects (a thousand connections, the scoring tables) that collects
that often catches each move's objects while they await their commit, so they reach the oldest generation, and a
full collection (about 150 ms with the event loop stopped) came every few seconds under load. Collected this rarely,
what lives for a move dies first: a collection runs only when the heap grows (or cyclic garbage piles up: this many
objects at most), and a full one only when the heap has grown by a quarter. Once started, the server freezes what
it holds (``gc.freeze``): a full collection then walks only what came later, not the ~43,000 objects of the start
(7-12 ms each time with the event loop stopped, when a bystander's p99 is about 1 ms). It freezes them without
collecting first: a full collection there found about 25 unreachable objects among the 43,000, and took 9 - 18 ms of
the start, with the listener already open."""
START_ERRORS: tuple[type[Exception], ...] = (OSError, DataDirInUse)
"""What stops a server from starting, said in a line of the log, beside the errors of the mode started (its
``START_ERRORS``)."""


async def serve(settings: Settings, argv: list[str], first: FirstGame | None) -> None:
    """The portal and its game process (server.portal) until @shutdown, SIGTERM or SIGINT, all three the same
    graceful way, also while the first game process starts (the portal kills it: nothing was served yet, and the
    store's migrations are transactions); SIGHUP (``cosmic-wimpout reload``) reloads the game process once serving.
    The first game process starts before the portal loads its own code, which holds connections only
    (``server.portal.portalserver``: tests/server/test_portal_imports.py), and loads the game meanwhile."""
    from server.portal.children import begin

    loop = asyncio.get_running_loop()
    asked: list[str] = []  # (a signal while the portal loads: acted on once it is there)
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, asked.append, signum.name)
    begun = await begin(settings, argv, first)
    from server.portal.portalserver import Portal

    portal = Portal(settings, argv)
    started = _answer_signals({signal.SIGHUP: lambda _: asyncio.ensure_future(_reload(portal))})
    for signum in (signal.SIGTERM, signal.SIGINT):  # at once, even while the first game process starts
        loop.add_signal_handler(signum, _stop, portal, signum.name)
    for by in asked:
        _stop(portal, by)
    await portal.start(begun)
    if not portal.stopping:
        notify.ready(f"serving on port {portal.port}")  # (systemd's Type=notify: the game process serves)
    started.set_result(None)
    gc.freeze()
    await portal.wait_stopped()
    if portal.outdated is not None:  # (a game process died, and the code on disk cannot run with this portal)
        from server.portal.portalserver import GameFailed

        raise GameFailed(portal.outdated)


def _stop(portal: Portal, by: str) -> None:
    notify.stopping()
    portal.request_shutdown(by)


async def _reload(portal: Portal) -> None:
    """SIGHUP (``systemctl reload``): systemd is told the reload began and when it is over, however it went."""
    notify.reloading()
    try:
        await portal.reload()
    finally:
        notify.ready(f"serving on port {portal.port}")


async def serve_alone(settings: Settings) -> None:
    """The server in one process (``--one-process``)."""
    from server.app import GameServer

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    lock = DataDirLock.take(settings.data_dir)  # one server per data directory, portal or not
    try:
        server = GameServer(settings)
        started = _answer_signals({signal.SIGTERM: server.request_shutdown, signal.SIGINT: server.request_shutdown})
        await server.start()
        notify.ready(f"serving on port {server.port}")
        started.set_result(None)
        gc.freeze()  # what the start built (modules, settings, the world, restored tables) is never walked again
        structlog.get_logger().info("server.collector", frozen=gc.get_freeze_count(), young=gc.get_threshold()[0])
        await server.wait_stopped()
    finally:
        lock.release()


def _answer_signals(actions: dict[signal.Signals, Callable[[str], object]]) -> asyncio.Future[None]:
    """Each signal's action, called with the signal's name once the returned future is done (the server serving):
    a SIGTERM while the server starts stops it when started, rather than killing it with a game process orphaned."""
    loop = asyncio.get_running_loop()
    started: asyncio.Future[None] = loop.create_future()
    for signum, action in actions.items():
        loop.add_signal_handler(signum, lambda act=action, name=signum.name: started.add_done_callback(
            lambda _: act(name)))
    return started


def run(argv: list[str], first: FirstGame | None) -> None:
    """``argv``'s command, or the server; ``first``: the portal's first game process, if ``server.main`` started one
    (stopped here if ``argv`` runs no portal after all)."""
    if argv[:1] and argv[0] in CONSOLE_NAMES:
        from server.ops.console import CONSOLE_COMMANDS

        sys.exit(CONSOLE_COMMANDS[argv[0]](argv[1:]))
    try:
        args = parse_args(argv)
    except SystemExit:  # (an argument argparse refuses)
        if first is not None:
            first.stop()
        raise
    if first is not None and (args.one_process or args.portal_socket):
        first.stop()
        first = None
    if args.portal_socket == "-":  # a first game process: the game loads while the portal does; its socket follows
        import server.portal.gameprocess  # noqa: F401
        args.portal_socket = sys.stdin.readline().strip()
        if not args.portal_socket:  # the portal did not start (it says why)
            sys.exit(0)
    try:
        settings = settings_of(args)
    except ConfigError as exc:
        if first is not None:
            first.stop()
        sys.exit(f"cosmic-wimpout: {exc}")
    configure_logging(settings.log_format, settings.log_level)
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    if args.portal_socket:
        from server.app import START_ERRORS as failures
        from server.portal.gameprocess import serve_game

        serving = serve_game(settings, args.portal_socket)
    elif args.one_process:
        from server.app import START_ERRORS as failures

        serving = serve_alone(settings)
    else:
        from server.portal.portalserver import GameFailed

        failures = (GameFailed,)
        serving = serve(settings, argv, first)
    try:
        eventloop.run(serving, settings.event_loop)
    except (*START_ERRORS, *failures) as exc:
        if first is not None:
            first.stop()
        structlog.get_logger().error("server.failed", error=str(exc))
        sys.exit(1)

