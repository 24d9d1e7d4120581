"""Web-client connections for tests: a real WebSocket (aiohttp's client) to ``/ws`` with the reference bot's
connection interface, so :class:`JsonClient` drives it and every frame is validated against the protocol."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from json_helpers import JsonClient, validate
from server.app import GameServer


def web_url(server: GameServer, path: str) -> str:
    assert server.web is not None, "start the server with web={'enabled': True}"
    return f"http://127.0.0.1:{server.web.port}{path}"


class WsConnection:
    """Frames in, lines out: ``send`` queues (commands keep their order), ``message`` validates each frame."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.http, self.ws = http, ws
        self._out: asyncio.Queue[str | bytes] = asyncio.Queue()
        self._pump = asyncio.create_task(self._send_all())

    def send(self, line: str | bytes) -> None:
        self._out.put_nowait(line)

    async def _send_all(self) -> None:
        while True:
            data = await self._out.get()
            await (self.ws.send_bytes(data) if isinstance(data, bytes) else self.ws.send_str(data))

    async def message(self) -> dict[str, Any] | None:
        """The next message; None once the server closed the socket."""
        frame = await self.ws.receive()
        if frame.type is not aiohttp.WSMsgType.TEXT:
            return None
        validate("<", frame.data)
        return frame.json()  # type: ignore[no-any-return]

    async def close(self) -> None:
        self._pump.cancel()
        await self.ws.close()
        await self.http.close()


async def open_ws(server: GameServer, **options: Any) -> WsConnection:
    http = aiohttp.ClientSession()
    return WsConnection(http, await http.ws_connect(web_url(server, "/ws"), **options))


@asynccontextmanager
async def web_client(server: GameServer, name: str | None = None, password: str = "secret1") -> AsyncIterator[JsonClient]:
    """A browser's connection, past the banner; logged in (created) as ``name`` if given."""
    client = JsonClient(await open_ws(server))
    try:
        await client.expect("message", kind="banner")
        if name is not None:
            await client.command(f"create {name} {password}", "message", kind="welcome")
            await client.expect("message", kind="room")
        yield client
    finally:
        await client.connection.close()
