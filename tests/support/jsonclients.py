"""JSON-mode clients for tests: the reference bot's own connection, with every line received checked against the
protocol's models (so end-to-end tests collect and validate each kind of message the server sends)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from bots.reference_bot import Connection
from support.clients import WAIT
from server.app import GameServer
from server.wire.protocol import SERVER_MESSAGE

SEEN: Counter[str] = Counter()
"""Every message type validated so far in this test run."""


def validate(way: str, line: str) -> None:
    """A connection trace that validates what the server sent (ASCII only, whatever was said)."""
    if way == "<":
        assert line.isascii(), line
        SEEN[SERVER_MESSAGE.validate_json(line).type] += 1


class JsonClient:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.received: list[dict[str, Any]] = []

    def send(self, line: str) -> None:
        self.connection.send(line)

    async def expect(self, type_: str, where: Callable[[dict[str, Any]], bool] = lambda m: True, **fields: Any) -> dict[str, Any]:
        """The next message of ``type_`` whose top-level ``fields`` are as given and ``where`` holds."""
        try:
            async with asyncio.timeout(WAIT):
                while (message := await self.connection.message()) is not None:
                    self.received.append(message)
                    if message["type"] == type_ and all(message.get(k) == v for k, v in fields.items()) and where(message):
                        return message
        except TimeoutError:
            pass
        raise AssertionError(f"no {type_} {fields} within {WAIT} s; got {self.received[-5:]}")

    async def command(self, line: str, type_: str, **fields: Any) -> dict[str, Any]:
        self.send(line)
        return await self.expect(type_, **fields)


@asynccontextmanager
async def json_client(server: GameServer, name: str | None = None, password: str = "secret1") -> AsyncIterator[JsonClient]:
    """A JSON-mode connection from its first line; logged in (created) as ``name`` if given."""
    client = JsonClient(await Connection.open("127.0.0.1", server.port, validate))
    try:
        await client.command("json", "message", kind="json")
        if name is not None:
            await client.command(f"create {name} {password}", "message", kind="welcome")
        yield client
    finally:
        await client.connection.close()
