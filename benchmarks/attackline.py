"""A raw telnet client of the attack replay (benchmarks/attack_replay.py), as an attacker's script would be: lines
sent, answers waited for as text, prompts answered as a plain player would."""

from __future__ import annotations

import asyncio
import re
import ssl
import time
from collections.abc import Awaitable, Callable

HOST = "127.0.0.1"
SECRETS = ("SECRETpw1", "Hunter2pw", "NewSecret3", "Wrongpw77")


class Line:
    """A raw telnet client from one loopback address: what it was sent, as text."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer, self.text = reader, writer, ""

    @classmethod
    async def open(cls, port: int, address: str = HOST, tls: bool = False) -> Line:
        context = ssl.create_default_context() if tls else None
        if context is not None:
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0), ssl=context)
        return cls(reader, writer)

    async def until(self, pattern: str, seconds: float = 5.0, start: int = 0) -> bool:
        """Read until ``pattern`` shows after ``start`` (True), the line closes or ``seconds`` pass (False)."""
        regex = re.compile(pattern)
        try:
            async with asyncio.timeout(seconds):
                while not regex.search(self.text, start):
                    data = await self.reader.read(65536)
                    if not data:
                        return False
                    self.text += re.sub(rb"\xff[\xfb-\xfe].|\xff[\xf0-\xfa]", b"", data).decode(errors="replace")
        except TimeoutError:
            return False
        return True

    async def say(self, line: str, pattern: str, seconds: float = 5.0) -> bool:
        """Send ``line``; whether ``pattern`` shows in what comes after it."""
        start = len(self.text)
        self.writer.write(line.encode() + b"\r\n")
        return await self.until(pattern, seconds, start)

    async def drain(self, seconds: float) -> None:
        """Read whatever comes for ``seconds``."""
        await self.until("(?!)", seconds)

    def close(self) -> None:
        self.writer.close()


def report(attack: str, what: str) -> None:
    print(f"[{attack}] {what}", flush=True)


async def logged_in(port: int, name: str, address: str, create: bool = False) -> Line:
    line = await Line.open(port, address)
    await line.until("QUIT")
    await line.say(f"{'create' if create else 'connect'} {name} {SECRETS[0]}", "Obvious exits|exits:")
    return line


async def wizard(port: int, address: str) -> Line:
    """The wizard Wiz (the server's ``wizards``), logged in: made by the first attack that needs it."""
    line = await logged_in(port, "Wiz", address, create=True)
    if "Obvious exits" in line.text:
        return line
    line.close()
    return await logged_in(port, "Wiz", address)


async def loop_for(seconds: float, step: Callable[[], Awaitable[bool]]) -> tuple[int, int]:
    """Run ``step`` for ``seconds``: how many it did, how many were refused."""
    done = refused = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if await step():
            done += 1
        else:
            refused += 1
    return done, refused


async def answer(line: Line, command: str, pattern: str, seconds: float = 5.0) -> str:
    """What ``command`` was answered, as far as ``pattern`` reads it."""
    start = len(line.text)
    await line.say(command, pattern, seconds)
    found = re.search(pattern, line.text[start:])
    return found.group(0).strip() if found else "no answer"


async def moves(line: Line, count: int, end: str = "(?!)", seconds: float = 60) -> int:
    """Answer ``line``'s prompts as a plain player would (stop when allowed, else the first move offered), ``count``
    times or until ``end`` shows; how many moves it made."""
    pattern = re.compile(rf"You may: ([^\r\n]*)\.\r?\n|{end}")
    start, made = len(line.text), 0
    while made < count and await line.until(pattern.pattern, seconds, start):
        found = pattern.search(line.text, start)
        assert found is not None
        start = found.end()
        if found.group(1) is None:
            break
        offered = found.group(1).split(", ")
        line.writer.write(("stop" if "stop" in offered else offered[0]).encode() + b"\r\n")
        made += 1
    return made
