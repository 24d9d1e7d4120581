"""Two kinds of client of a loopback server: a telnet one (telnetlib3) and a raw socket that ignores negotiation, as
scripted bots do; and players already logged in."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import telnetlib3

from server.app import GameServer

WAIT = 10.0  # seconds before a missing reply fails a test (a guard, not a timing assertion)
BANNER_END = r"'QUIT'\s+leaves\."
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_IAC = re.compile(rb"\xff(?:[\xfb-\xfe].|\xfa.*?\xff\xf0|[\xf0-\xfa])", re.S)


class Client:
    """Reads everything the server sends into ``text`` and waits for expected pieces."""

    def __init__(self, reader: Any, writer: Any) -> None:
        self.reader, self.writer = reader, writer
        self.text = ""
        self._seen = 0

    async def _chunk(self) -> str:
        raise NotImplementedError

    def send(self, line: str) -> None:
        raise NotImplementedError

    async def expect(self, pattern: str, within: float = WAIT) -> str:
        """Wait for ``pattern`` (a regex) after what was already matched; return the match. ``within``: for what waits
        on other clients' whole games."""
        regex = re.compile(pattern)
        try:
            async with asyncio.timeout(within):
                while True:
                    found = regex.search(self.text, self._seen)
                    if found:
                        self._seen = found.end()
                        return found.group(0)
                    chunk = await self._chunk()
                    if not chunk:
                        raise AssertionError(f"closed before {pattern!r}; got {self.text[self._seen:]!r}")
                    self.text += chunk
        except TimeoutError:
            raise AssertionError(f"no {pattern!r} within {within} s; got {self.text[self._seen:][-2000:]!r}") from None

    async def closed(self) -> str:
        """Wait for the server to hang up; return what came after the last match."""
        async with asyncio.timeout(WAIT):
            while chunk := await self._chunk():
                self.text += chunk
        return self.text[self._seen :]

    async def command(self, line: str, reply: str) -> str:
        self.send(line)
        return await self.expect(reply)

    async def aclose(self) -> None:
        self.writer.close()


async def paged(client: Client, line: str, pattern: str, pages: int = 50) -> str:
    """Send ``line``, then 'more' screen after screen, until ``pattern`` shows (long output is paged)."""
    client.send(line)
    for _ in range(pages):
        found = await client.expect(rf"{pattern}|-- \d+ more lines: type 'more' --")
        if not found.startswith("-- "):
            return found
        client.send("more")
    raise AssertionError(f"no {pattern!r} in {pages} pages")


C = TypeVar("C", bound=Client)


class RawClient(Client):
    """A bare socket that never answers negotiation; telnet commands are stripped from view."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        super().__init__(reader, writer)
        self.raw = b""

    async def _chunk(self) -> str:
        """The next readable text; "" only at end of stream (negotiation alone is skipped)."""
        while data := await self.reader.read(65536):
            self.raw += data
            text = _IAC.sub(b"", data).decode("utf-8", "replace").replace("\r\n", "\n")
            if text:
                return text
        return ""

    def send(self, line: str) -> None:
        self.send_bytes(line.encode() + b"\r\n")

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)


class TelnetClient(Client):
    """A negotiating telnet client (telnetlib3), as Mudlet or telnet(1) would be. ``text`` is without colour codes;
    ``coloured`` is what arrived."""

    def __init__(self, reader: Any, writer: Any) -> None:
        super().__init__(reader, writer)
        self.coloured = ""

    async def _chunk(self) -> str:
        chunk = (await self.reader.read(65536)).replace("\r\n", "\n")
        self.coloured += chunk
        return _ANSI.sub("", chunk)

    def send(self, line: str) -> None:
        self.writer.write(line + "\r\n")


@asynccontextmanager
async def _greeted(client: C) -> AsyncIterator[C]:
    """The client once the banner has arrived; hung up afterwards."""
    try:
        await client.expect(BANNER_END)
        yield client
    finally:
        await client.aclose()


async def all_gone(server: GameServer) -> None:
    """Until the server has seen every client hang up: a test that connects again at once, at a per-address limit,
    must not count on the loop taking the old connections' ends before the new one's accept (uvloop may not)."""
    async with asyncio.timeout(WAIT):
        while server.health()["connections"]:
            await asyncio.sleep(0.01)


@asynccontextmanager
async def raw_client(server: GameServer, address: str = "127.0.0.1") -> AsyncIterator[RawClient]:
    """A raw client from ``address`` (any of 127.0.0.0/8: another address on the same machine)."""
    connection = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(address, 0))
    async with _greeted(RawClient(*connection)) as client:
        yield client


async def refused_line(port: int, address: str) -> str:
    """What a new telnet connection from ``address`` is told before it is hung up on."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    try:
        async with asyncio.timeout(WAIT):
            return (await reader.read()).decode(errors="replace")
    finally:
        writer.close()


class _RefusingClient(telnetlib3.TelnetClient):
    """telnetlib3's client, refusing some options it would agree to."""

    def __init__(self, refuse: tuple[bytes, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._refuse = refuse

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.writer.always_wont.update(self._refuse)
        self.writer.always_dont.update(self._refuse)


@asynccontextmanager
async def telnet_client(
    server: GameServer, cols: int = 80, term: str = "Mudlet", refuse: tuple[bytes, ...] = (), rows: int = 25
) -> AsyncIterator[TelnetClient]:
    """A negotiating client; by default it names itself as Mudlet does (a MUD client known to show UTF-8 and colour).
    ``refuse``: options it answers WONT/DONT (telnet(1) refuses CHARSET, which telnetlib3 would accept)."""
    factory = functools.partial(_RefusingClient, refuse=refuse)
    streams = await telnetlib3.open_connection(
        "127.0.0.1", server.port, cols=cols, rows=rows, term=term, encoding="utf8", connect_minwait=0.0, connect_maxwait=0.5,
        client_factory=factory,
    )
    async with _greeted(TelnetClient(*streams)) as client:
        yield client


@asynccontextmanager
async def player(server: GameServer, name: str, password: str = "secret1", create: bool = True) -> AsyncIterator[RawClient]:
    """A raw client already logged in (creating the character if asked)."""
    async with raw_client(server) as client:
        client.send(f"{'create' if create else 'connect'} {name} {password}")
        await client.expect(r"Obvious exits")
        yield client


def loose(text: str) -> str:
    """A regex for ``text`` as the server may wrap it: any run of spaces may have become a line break."""
    return r"\s+".join(re.escape(part) for part in text.split(" "))


async def play_until(client: Client, pattern: str, moves: int = 500) -> str:
    """Play as a plain person would (stop when allowed, else the first thing offered) until ``pattern`` shows."""
    for _ in range(moves):
        seen = await client.expect(rf"You may: ([^\n]*)\.\n|{pattern}")
        if not seen.startswith("You may: "):
            return seen
        offered = seen[len("You may: ") : -2].split(", ")
        client.send("stop" if "stop" in offered else offered[0])
    raise AssertionError(f"no {pattern!r} after {moves} moves")
