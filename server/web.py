"""The web client: an HTTP port in the same process (aiohttp) serving the page, a WebSocket that speaks the JSON-lines
protocol of docs/bots.md through the same sessions as telnet, and two small JSON views for operators.

A WebSocket connection is an ordinary :class:`Session`: its frames are its input lines (so the line limit, the
flood throttle, login and every command are telnet's), and its output is a :class:`JsonSink`, one object a frame.
"""

from __future__ import annotations

import asyncio
import time
from importlib import resources
from typing import TYPE_CHECKING

import structlog
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from server.jsonsink import JsonSink
from server.render.scorehandler import Style
from server.session import Session

if TYPE_CHECKING:
    from server.app import GameServer

log = structlog.get_logger()

PAGE = resources.files("server") / "webclient"
"""The page's files (plain HTML, CSS and JavaScript: nothing to build, nothing fetched from elsewhere)."""
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}
MAX_FRAME = 1 << 20
"""Bytes in one incoming frame. A frame is read whole before it is split into lines, so this bounds memory; a line
longer than ``limits.max_line_length`` inside it is refused as on telnet, a bigger frame closes with 1009."""
MAX_QUEUED = 2000
"""Frames waiting for a browser that does not read: past this it is hung up on, not buffered without end."""
HEARTBEAT = 30.0
"""Seconds between pings, so a connection that silently died (a phone that lost its network) is noticed."""


class WebSocketSource:
    """A WebSocket's frames as input bytes: each frame is a line (or several, split on newlines)."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self._ws = ws

    async def read(self, n: int) -> bytes:
        message = await self._ws.receive()
        if message.type is WSMsgType.TEXT:
            return message.data.encode() + b"\n"
        if message.type is WSMsgType.BINARY:  # not UTF-8 for sure: the session replaces bad bytes and says so
            return bytes(message.data) + b"\n"
        return b""


class WebSocketOut:
    """JSON lines to a browser, one a frame, sent in order by one task (a command never waits on a slow socket)."""

    width = 80
    """Text in messages is laid out for 80 columns; the page wraps it itself."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self._ws = ws
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._closing = False
        self.pump = asyncio.create_task(self._send_all())

    def write_line(self, line: str) -> None:
        if self._closing:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            log.warning("web.slow_reader", queued=MAX_QUEUED)
            self.close()
            return
        self._queue.put_nowait(line)

    def close(self) -> None:
        if not self._closing:
            self._closing = True
            self._queue.put_nowait(None)

    @property
    def closed(self) -> bool:
        return self._closing or self._ws.closed

    async def _send_all(self) -> None:
        try:
            while (line := await self._queue.get()) is not None:
                await self._ws.send_str(line)
        except ConnectionError:
            pass  # the browser went away; the session sees its reads end
        finally:
            await self._ws.close()


class WebSession(Session):
    """A browser's session. The page draws the cubes, so the words it gets are the screen reader's: its log and its
    live region read the same."""

    @property
    def style(self) -> Style:
        return Style(cubes="compact", screenreader=True, width=self.sink.width)


class WebClient:
    """The HTTP side of the server: ``/`` (the page and its files), ``/ws``, ``/health``, ``/who``."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.started = time.monotonic()
        app = web.Application(middlewares=[_security_headers])
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._websocket)
        app.router.add_get("/health", self._health)
        app.router.add_get("/who", self._who)
        app.router.add_get("/{name}", self._page)
        self._files = {f.name: f.read_bytes() for f in PAGE.iterdir() if f.name[f.name.rfind("."):] in CONTENT_TYPES}
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)

    @classmethod
    async def start(cls, server: GameServer) -> WebClient:
        client = cls(server)
        settings = server.settings.web
        await client._runner.setup()
        await web.TCPSite(client._runner, settings.host, settings.port).start()
        log.info("web.started", host=settings.host, port=client.port)
        return client

    @property
    def port(self) -> int:
        return int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def _page(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", "index.html")
        body = self._files.get(name)
        if body is None:
            raise web.HTTPNotFound()
        return web.Response(body=body, content_type=CONTENT_TYPES[name[name.rfind("."):]], charset="utf-8")

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        out = WebSocketOut(ws)
        session = WebSession(self.server, WebSocketSource(ws), JsonSink(out, lambda: session.name),
                             client_address(request, self.server.settings.web.trusted_proxies))
        try:
            await self.server.attach(session)
            await out.pump
        finally:
            out.pump.cancel()
        return ws

    async def _health(self, request: web.Request) -> web.Response:
        """For operators and load balancers: 200 while serving, 503 once shutting down."""
        server = self.server
        return web.json_response(
            {"status": "stopping" if server.stopping else "ok", "players": len(server.players),
             "connections": len(server.connections), "tables": len(server.tables.live),
             "uptime": int(time.monotonic() - self.started)},
            status=503 if server.stopping else 200,
        )

    async def _who(self, request: web.Request) -> web.Response:
        """WHO as JSON: who is on, for how long, idle how long, and their @doing."""
        now, players = time.monotonic(), self.server.players.values()
        return web.json_response({
            "players": [{"name": s.player, "on_for": int(now - s.connected_at), "idle": int(now - s.last_active),
                         "doing": s.doing} for s in players],
            "max": self.server.max_players,
        })


def client_address(request: web.Request, trusted_proxies: list[str]) -> str:
    """The browser's address: the peer's, or, behind a trusted reverse proxy, the last X-Forwarded-For entry (the
    one that proxy added), so per-address limits count people, not the proxy."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if peer in trusted_proxies and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip() or peer
    return peer


@web.middleware
async def _security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    response = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        response.headers.update(SECURITY_HEADERS)
    return response
