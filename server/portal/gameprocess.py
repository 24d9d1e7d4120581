"""A game process's life (``cosmic-wimpout --portal-socket PATH``, started by the portal): load the code, connect
to the portal and say hello, take the store when told (OPEN), serve the connections it is handed until told to retire
(a reload) or stop, or until the portal is gone."""

from __future__ import annotations

import asyncio
import os
import signal

import structlog

from server.app import START_ERRORS, GameServer
from server.portal.firstgame import TOKEN_VARIABLE
from server.portal.gameside import GameLink
from server.settings import Settings

log = structlog.get_logger()


async def serve_game(settings: Settings, socket: str) -> None:
    server = GameServer(settings)
    link = GameLink(server, os.environ.get(TOKEN_VARIABLE, ""), START_ERRORS)
    server.services.shutdown = link.shutdown
    server.services.reload = link.reload
    server.services.holder_figures = link.holder_figures
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGHUP):  # the portal's to act on (a terminal's ^C reaches both)
        loop.add_signal_handler(signum, lambda: None)
    # SIGTERM to the game process alone: save and end without hanging up; the portal starts another
    loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(link.retire()))
    await loop.create_unix_connection(lambda: link.frames, socket)
    link.hello()
    link.open_hands(socket)
    stopped = asyncio.ensure_future(server.wait_stopped())
    retired = asyncio.ensure_future(link.done.wait())
    await asyncio.wait((stopped, retired), return_when=asyncio.FIRST_COMPLETED)
    link.close()
    log.info("game.exited", pid=os.getpid())
