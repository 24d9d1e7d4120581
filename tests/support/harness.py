"""Commands run in memory: a server's services with no listener, and sessions whose input is what a test types and
whose output is a list of messages. No socket anywhere: a command is tested as what it does with what was typed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from support.servers import settings_for
from rooms.messages import Message
from server.app import GameServer
from server.services import Services
from server.session import Session
from server.wire.sink import DEFAULT_HEIGHT, DEFAULT_WIDTH


class MemorySink:
    """Output kept as messages, shown as a program would read it: never wrapped, paged or prompted."""

    lays_out_text = pages = status_prompts = prompts_inline = paused = False
    width, height = DEFAULT_WIDTH, DEFAULT_HEIGHT
    out_of_band: tuple[str, ...] = ()

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.closed = False

    def send(self, message: Message, prompt: str | None = None) -> None:
        if not self.closed:
            self.messages.append(message)
        if prompt is not None:
            self.prompt(prompt)

    def prompt(self, text: str, secret: bool = False) -> None:
        self.send(Message(text, "prompt"))

    def end_secret(self) -> None: ...

    def close(self) -> None:
        self.closed = True

    def colour(self, choice: str | None) -> bool:
        return False

    def screen_reader(self, choice: str | None) -> bool:
        return choice == "on"

    async def caught_up(self) -> None: ...

    def write_line(self, line: str) -> None:
        self.send(Message(line, "raw"))

    def lines(self, text: str) -> list[str]:
        return text.split("\n")


class NoInput:
    """A session's input when lines are handed to it one command at a time: nothing is read from it."""

    async def read(self, n: int) -> bytes:
        return b""


class Typist:
    """One person at a keyboard with no network between: each line typed runs as the command it is, and what it
    (and anyone else's command) showed them is read back."""

    def __init__(self, services: Services, address: str = "127.0.0.1") -> None:
        self.sink = MemorySink()
        self.session = Session(services, NoInput(), self.sink, address)
        self._read = 0

    async def type(self, line: str) -> str:
        """Run ``line``; return everything shown since the last call, as text."""
        if (running := self.session.execute(line)) is not None:
            await running
        await asyncio.sleep(0)  # what the command set going (a house bot's answer, a save) gets a turn
        return self.shown()

    def shown(self) -> str:
        new = self.sink.messages[self._read :]
        self._read = len(self.sink.messages)
        return "\n".join(message.text for message in new)

    def last(self, kind: str) -> Message:
        return next(message for message in reversed(self.sink.messages) if message.kind == kind)


@asynccontextmanager
async def in_memory(data_dir: Path, **overrides: Any) -> AsyncIterator[Services]:
    """A server's services (store, world, presence, tables...) opened on ``data_dir``, with no listener."""
    server = GameServer(settings_for(data_dir, **overrides))
    await server.open()
    try:
        yield server.services
    finally:
        await server.stop()
