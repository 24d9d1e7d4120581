"""Web-client connections for tests: a real WebSocket (aiohttp's client) to ``/ws`` with the reference bot's
connection interface, so :class:`JsonClient` drives it and every frame is validated against the protocol."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from support.jsonclients import JsonClient, validate
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
async def web_client(
    server: GameServer, name: str | None = None, password: str = "secret1"
) -> AsyncIterator[JsonClient]:
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


class SilentBrowser:
    """A WebSocket spoken by hand over a bare socket that sends and never reads (aiohttp's client would read)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, server: GameServer) -> SilentBrowser:
        assert server.web is not None
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16 << 10)  # a small window: the server stalls soon
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.web.port))
        reader, writer = await asyncio.open_connection(sock=sock)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
        return cls(reader, writer)

    def send(self, text: str) -> None:
        """One masked text frame, as a client must send it."""
        data, mask = text.encode(), os.urandom(4)
        size = len(data)
        if size < 126:
            length = bytes([0x80 | size])
        elif size < 1 << 16:
            length = bytes([0xFE]) + size.to_bytes(2, "big")
        else:
            length = bytes([0xFF]) + size.to_bytes(8, "big")
        self.writer.write(b"\x81" + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    async def close(self) -> None:
        self.writer.close()
