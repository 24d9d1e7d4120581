"""What the game process tells the portal to hand a connection to the next one (WHO frames: who is logged in, in
which mode, the table they watch), read over a real unix socket as the portal reads it."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

from server.app import GameServer
from server.portal.frames import HEAD, Kind, data, frame
from server.portal.gameside import GameLink
from support.servers import settings_for

TERMINAL = {"width": 80, "rows": 24, "terminal": [True, False, False], "local": [1, 3], "remote": []}
FRESH = {"name": None, "json": False, "watching": None}


class Portal:
    """The portal's end of the socket: frames written, and every WHO frame read, by connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.told: dict[int, list[dict[str, Any]]] = {}
        self.ready = asyncio.Event()
        self.output: dict[int, bytes] = {}

    def send(self, kind: Kind, ident: int = 0, payload: bytes = b"") -> None:
        self.writer.write(frame(kind, ident, payload))

    def type(self, ident: int, line: str) -> None:
        self.send(Kind.INPUT, ident, line.encode() + b"\r\n")

    async def read(self) -> None:
        while head := await self.reader.readexactly(HEAD.size):
            length, kind, ident = HEAD.unpack(head)
            payload = await self.reader.readexactly(length - 5)
            if kind == Kind.READY:
                self.ready.set()
            elif kind == Kind.WHO:
                self.told.setdefault(ident, []).append(json.loads(payload))
            elif kind == Kind.OUT:
                self.output[ident] = self.output.get(ident, b"") + payload

    async def until_said(self, ident: int, text: bytes) -> None:
        async with asyncio.timeout(10):
            while text not in self.output.get(ident, b""):
                await asyncio.sleep(0.01)

    async def until_told(self, ident: int, **expected: Any) -> None:
        async with asyncio.timeout(10):
            while not self.told.get(ident) or any(self.told[ident][-1][k] != v for k, v in expected.items()):
                await asyncio.sleep(0.01)


async def test_a_watcher_who_sits_down_is_told_as_no_longer_watching(tmp_path: Path) -> None:
    server = GameServer(settings_for(tmp_path))
    link = GameLink(server, "token")
    game_end, portal_end = socket.socketpair()
    await asyncio.get_running_loop().create_unix_connection(lambda: link.frames, sock=game_end)
    portal = Portal(*await asyncio.open_unix_connection(sock=portal_end))
    reading = asyncio.create_task(portal.read())
    try:
        portal.send(Kind.OPEN, 0, data({"port": 0, "tls_port": None}))
        async with asyncio.timeout(20):
            await portal.ready.wait()
        for ident in (1, 2):
            about = {"kind": "telnet", "address": "127.0.0.1", "resume": FRESH, "fresh": True, "agreed": [],
                     "oob": [], "state": TERMINAL}
            portal.send(Kind.ATTACH, ident, data(about))
        portal.type(1, "create Ann annspassword")
        portal.type(2, "create Bob bobspassword")
        await portal.until_told(1, name="Ann", watching=None)
        await portal.until_told(2, name="Bob", watching=None)
        portal.type(1, "table open")
        await portal.until_said(1, b"table 1")
        portal.type(2, "watch 1")
        await portal.until_told(2, name="Bob", watching=1)
        portal.type(2, "sit 1")
        await portal.until_said(2, b"You sit")
        await portal.until_told(2, name="Bob", watching=None)
        assert portal.told[1][-1] == {"name": "Ann", "json": False, "watching": None, "ladder": False, "arenas": []}
    finally:
        portal.send(Kind.STOP)
        async with asyncio.timeout(20):
            await server.wait_stopped()
        reading.cancel()
        portal.writer.close()
