"""The web client's HTTP side: a port in the same process (aiohttp) serving the page, a WebSocket that speaks the
JSON-lines protocol of docs/bots.md through the same sessions as telnet, and two small JSON views for operators.

A WebSocket connection is an ordinary session (server.web.websocket): its frames are its input lines (so the line
limit, the flood throttle, login and every command are telnet's), and its output is a :class:`JsonSink`, one object
a frame. Who may connect is server.limits.admission's to say, as for telnet.
"""

from __future__ import annotations

import asyncio
import inspect
import ipaddress
import logging
import re
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Protocol, cast
from urllib.parse import urlsplit

import structlog
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.log import server_logger
from aiohttp.web_protocol import RequestHandler

from rooms.messages import Message
from server.words import texts
from server.limits.admission import Admission, peer_address
from server.wire.jsonsink import JsonSink
from server.limits.netaddress import canonical_address
from server.settings import Settings
from server.wire.sink import LineOut, Source
from server.web.websocket import WebSocketOut, WebSocketSource

log = structlog.get_logger()
UNHEALTHY = {"stopping", "store_failing"}
"""The ``status`` of a server ``/health`` answers 503 for."""

PAGE = resources.files("server.web") / "page"
"""The page's files (plain HTML, CSS and JavaScript: nothing to build, nothing fetched from elsewhere)."""
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
                 ".png": "image/png", ".webmanifest": "application/manifest+json"}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
    "Server": "cosmic-wimpout",  # not aiohttp's name and version
}
"""On every HTTP response, errors included (aiohttp's own answer to a request it cannot parse, the 503 of a crowded
address)."""
MAX_FRAME = 1 << 20
"""Bytes in one incoming frame. A frame is read whole before it is split into lines, so this bounds memory; a line
longer than ``limits.max_line_length`` inside it is refused as on telnet, a bigger frame closes with 1009."""
HEARTBEAT = 30.0
"""Seconds between pings, so a connection that silently died (a phone that lost its network) is noticed."""
TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
"""An unsubscribe link's token (server.commands.addresses makes them)."""
REQUEST_WAIT = 15.0
"""Seconds a connection may take to send a whole request (its head), or wait before its next one; then it is closed.
aiohttp's own default, an hour, let anyone hold connections open for nothing."""


class RequestLog(logging.LoggerAdapter[logging.Logger]):
    """aiohttp's server log, but what a client causes at will is a debug line, not an error with a traceback: a
    request aiohttp could not parse (a path or header past its limits, a bad length, not HTTP/1.x: answered 400 all
    the same), and a connection reset while its request was answered (a WebSocket's handshake). A failure of our own
    handlers is still logged as one."""

    def exception(self, msg: object, *args: object, exc_info: object = True, **kwargs: object) -> None:
        address = args[0] if args else None
        if isinstance(exc_info, HttpProcessingError):
            log.debug("web.bad_request", address=address, why=exc_info.message[:120])
        elif isinstance(exc_info, ConnectionError):
            log.debug("web.client_gone", address=address, why=str(exc_info)[:120])
        else:
            super().exception(msg, *args, exc_info=exc_info, **kwargs)  # type: ignore[arg-type]


def guarded(response: web.StreamResponse) -> None:
    """Give ``response`` the security headers."""
    response.headers.update(SECURITY_HEADERS)


class GuardedRequestHandler(RequestHandler):
    """aiohttp's handler of one connection, whose own error answers (400 for a request it cannot parse) get the
    security headers too: they never reach the application's signals."""

    def handle_error(
        self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        guarded(response)
        return response


class WebHost(Protocol):
    """Whom the web port serves: the game server in one process, or the portal (server.portal)."""

    settings: Settings
    admission: Admission

    @property
    def stopping(self) -> bool: ...

    def web_connected(self, source: Source, out: LineOut, address: str) -> Awaitable[None]:
        """Serve a browser's WebSocket until it closes."""

    def health(self) -> dict[str, Any] | Awaitable[dict[str, Any]]:
        """``status``, ``players``, ``connections``, ``tables`` (and, from a portal, its and its game process's)."""

    def who(self) -> dict[str, Any] | Awaitable[dict[str, Any]]:
        """``players`` (name, on_for, idle, doing) and ``max``."""

    def unsubscribe(self, token: str) -> Awaitable[bool | None]:
        """The one-click unsubscribe link of a mail was used: whether its token was someone's (None: the game is not
        there to ask)."""


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(text: str) -> tuple[str, str, int | None] | None:
    """A page's origin (``scheme://host[:port]``) as scheme, host (an address in its canonical form, a name in lower
    case) and port (the scheme's own if none is written); None if it is not an http(s) one (``null``, garbage)."""
    try:
        url = urlsplit(text.strip())
        port = url.port or DEFAULT_PORTS.get(url.scheme)
    except ValueError:
        return None
    if url.scheme not in DEFAULT_PORTS or not url.hostname:
        return None
    return url.scheme, canonical_address(url.hostname) or url.hostname, port


async def answered(figures: dict[str, Any] | Awaitable[dict[str, Any]]) -> dict[str, Any]:
    return await figures if inspect.isawaitable(figures) else figures


class WebClient:
    """The HTTP side of the server: ``/`` (the page and its files), ``/ws``, ``/health``, ``/who``."""

    def __init__(self, server: WebHost) -> None:
        self.server = server
        self.started = time.monotonic()
        app = web.Application()
        app.on_response_prepare.append(_security_headers)
        app.router.add_get("/", self._page)
        app.router.add_get("/ws", self._websocket)
        app.router.add_get("/health", self._health)
        app.router.add_get("/who", self._who)
        app.router.add_get("/unsubscribe", self._unsubscribe_page)
        app.router.add_post("/unsubscribe", self._unsubscribe)
        app.router.add_get("/{name}", self._page)
        self._files = {f.name: f.read_bytes() for f in PAGE.iterdir() if f.name[f.name.rfind("."):] in CONTENT_TYPES}
        self._origins = {origin for origin in map(origin_of, server.settings.web.allowed_origins) if origin}
        """``web.allowed_origins``, as ``origin_of`` reads an Origin."""
        self._handling = {"access_log": None, "logger": RequestLog(server_logger), "keepalive_timeout": REQUEST_WAIT}
        self._runner = web.AppRunner(app, handle_signals=False, **self._handling)
        self._listener: asyncio.Server | None = None

    @classmethod
    async def start(cls, server: WebHost) -> WebClient:
        client = cls(server)
        settings = server.settings.web
        await client._runner.setup()
        client._listener = await asyncio.get_running_loop().create_server(
            lambda: Door(client._admit), settings.host, settings.port)
        log.info("web.started", host=settings.host, port=client.port)
        return client

    @property
    def port(self) -> int:
        assert self._listener is not None and self._listener.sockets
        return int(self._listener.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.close()
        await self._runner.cleanup()

    def _admit(self, transport: asyncio.Transport) -> asyncio.BaseProtocol | str:
        """aiohttp's handler for a new connection, or why there is none: its address holds
        ``limits.max_connections_per_address`` connections already (a trusted proxy's are those of everyone behind
        it: not counted)."""
        peer = peer_address(transport.get_extra_info)
        handlers = self._runner.server
        assert handlers is not None
        admission = self.server.admission
        if not admission.trusts(peer):
            held = sum(peer_address(h.transport.get_extra_info) == peer
                       for h in handlers.connections if h.transport is not None)
            refusal = admission.crowded(held)
            if refusal is not None:
                log.info("web.refused", address=peer, reason="too_many_connections")
                return refusal
        return GuardedRequestHandler(handlers, loop=asyncio.get_running_loop(), **self._handling)

    async def _page(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", "index.html")
        body = self._files.get(name)
        if body is None:
            raise web.HTTPNotFound()
        return web.Response(body=body, content_type=CONTENT_TYPES[name[name.rfind("."):]], charset="utf-8")

    def _same_origin(self, request: web.Request) -> bool:
        """Whether the page opening ``/ws`` may: the server's own, at the address and port the request reached (its
        loopback one by ``localhost`` too), one of ``web.allowed_origins`` (the public addresses, a reverse
        proxy's), or none named (a bot: browsers always name it). Any other page's script would act from its
        visitor's address: fill its connections, get it banned as a flooder, use up its login failures. The
        request's own Host is not asked: a page at a name its owner points at this server (DNS rebinding) names
        itself there too."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        page = origin_of(origin)
        if page is None:
            return False
        if page in self._origins:
            return True
        local = request.transport.get_extra_info("sockname") if request.transport is not None else None
        if page[0] != "http" or not local:
            return False
        host = canonical_address(str(local[0]))
        loopback = host is not None and ipaddress.ip_address(host).is_loopback
        return page[2] == local[1] and (page[1] == host or loopback and page[1] == "localhost")

    async def _websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self._same_origin(request):
            log.info("web.foreign_origin", origin=request.headers.get("Origin", "")[:200], address=request.remote)
            raise web.HTTPForbidden(text=texts.FOREIGN_ORIGIN)
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        out = WebSocketOut(ws, request.transport)
        admission = self.server.admission
        peer = peer_address(request.transport.get_extra_info) if request.transport is not None else "?"
        address = admission.client_address(peer, request.headers.getall("X-Forwarded-For", []))
        budget = admission.budget(address)
        if budget is None:
            JsonSink(out, lambda: None).send(Message(texts.FLOODED_LATELY, "error", {"code": "rate_limited"}))
            out.close()
            await out.pump
            return ws

        def flooded() -> None:
            JsonSink(out, lambda: None).send(Message(admission.flooded(budget), "error", {"code": "rate_limited"}))
            out.close()

        source = WebSocketSource(ws, out, budget, flooded)
        try:
            await self.server.web_connected(source, out, address)
            await out.pump
        finally:
            out.pump.cancel()
        return ws

    async def _unsubscribe_page(self, request: web.Request) -> web.Response:
        """The link opened in a browser: a button (a GET changes nothing: mail scanners follow links)."""
        return web.Response(text=texts.UNSUBSCRIBE_PAGE, content_type="text/html", charset="utf-8")

    async def _unsubscribe(self, request: web.Request) -> web.Response:
        """RFC 8058's one-click unsubscribe (a POST of ``List-Unsubscribe=One-Click`` to the link), and the page's
        button: no more notification mail to that address."""
        token = request.query.get("t", "")
        done = await self.server.unsubscribe(token) if TOKEN.match(token) else False
        if done is None:
            raise web.HTTPServiceUnavailable(text=texts.UNSUBSCRIBE_LATER)
        if not done:
            raise web.HTTPNotFound(text=texts.UNSUBSCRIBE_UNKNOWN)
        return web.Response(text=texts.UNSUBSCRIBED, content_type="text/html", charset="utf-8")

    async def _health(self, request: web.Request) -> web.Response:
        """For operators and load balancers: 200 while serving, 503 once shutting down or while the store cannot
        save (``status`` ``store_failing``, ``store`` saying why: issue 36)."""
        figures = await answered(self.server.health())
        failing = self.server.stopping or figures.get("status") in UNHEALTHY
        return web.json_response({**figures, "uptime": int(time.monotonic() - self.started)},
                                 status=503 if failing else 200)

    async def _who(self, request: web.Request) -> web.Response:
        """WHO as JSON: who is on, for how long, idle how long, and their @doing (unless the operator keeps it to
        players: ``web.public_who``)."""
        if not self.server.settings.web.public_who:
            raise web.HTTPNotFound()
        return web.json_response(await answered(self.server.who()))


class Door(asyncio.Protocol):
    """A new connection to the web port: handed to aiohttp if admitted, else answered 503 and closed before anything
    is read from it."""

    def __init__(self, admit: Callable[[asyncio.Transport], asyncio.BaseProtocol | str]) -> None:
        self._admit = admit

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        stream = cast(asyncio.Transport, transport)  # (a TCP stream's: uvloop's is not asyncio's class)
        handler = self._admit(stream)
        if isinstance(handler, str):
            body = handler.encode()
            headers = "".join(f"{name}: {value}\r\n" for name, value in SECURITY_HEADERS.items()).encode()
            stream.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n%s"
                         b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (headers, len(body), body))
            stream.close()
            return
        stream.set_protocol(handler)
        handler.connection_made(stream)


async def _security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every response the application makes, errors it raises and the WebSocket's upgrade included, as it is sent."""
    guarded(response)
