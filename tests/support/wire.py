"""A raw socket speaking telnet by hand, as a MUD client does: it records every option command, sub-negotiation and
prompt end the server sends, answers as the test tells it, and inflates MCCP2 with zlib once the server starts it."""

from __future__ import annotations

import asyncio
import codecs
import ssl
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from telnetlib3.telopt import ACCEPTED, CHARSET, REQUEST, CMD_EOR, DO, DONT, GA, IAC, MCCP2_COMPRESS, NAWS, SB, SE, SEND, TTYPE, WILL, WONT

from support.clients import BANNER_END, WAIT, Client
from server.app import GameServer

IS = b"\x00"
VERBS = (WILL, WONT, DO, DONT)
ANSWER = {WILL: (DO, DONT), DO: (WILL, WONT)}


class WireClient(Client):
    """``agree``: options this client accepts when offered (all others refused); ``ttypes``: its TTYPE answers."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
        agree: frozenset[bytes] = frozenset(), ttypes: tuple[str, ...] = (),
    ) -> None:
        super().__init__(reader, writer)
        self.agree, self.ttypes = agree, ttypes
        self.silent = False
        """While True, nothing is answered (a slow link); ``answer_now`` answers what came meanwhile."""
        self.commands: list[tuple[bytes, bytes]] = []
        self.subnegotiations: list[tuple[bytes, bytes]] = []
        self.prompt_ends: list[tuple[str, bytes]] = []
        """(the text of the line so far, GA or EOR) for every prompt end."""
        self.inflated = False
        self.finished = False
        """The MCCP2 stream ended (Z_FINISH): the server said it sent everything."""
        self._pending = b""
        self._line = ""
        self._inflate: zlib._Decompress | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._ttype_sent = 0

    def send(self, line: str) -> None:
        self.send_bytes(line.encode() + b"\r\n")

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    def naws(self, cols: int, rows: int) -> None:
        self.send_bytes(IAC + SB + NAWS + cols.to_bytes(2, "big") + rows.to_bytes(2, "big") + IAC + SE)

    def gmcp(self, message: str) -> None:
        self.send_bytes(IAC + SB + bytes([201]) + message.encode() + IAC + SE)

    def stop_inflating(self) -> None:
        """What MCCP2 has a client do when inflating fails: read plain from now on, and tell the server (DONT)."""
        self._inflate = None
        self.send_bytes(IAC + DONT + MCCP2_COMPRESS)

    def offered(self, verb: bytes, option: bytes) -> bool:
        return (verb, option) in self.commands

    async def subnegotiation(self, option: bytes, seen: int = 0) -> bytes:
        """The payload of the next sub-negotiation for ``option`` after the first ``seen`` of them."""
        async with asyncio.timeout(WAIT):
            while True:
                found = [payload for opt, payload in self.subnegotiations if opt == option]
                if len(found) > seen:
                    return found[seen]
                data = await self.reader.read(65536)
                if not data:
                    raise AssertionError(f"closed before sub-negotiation {option!r}")
                self.text += self.feed(data)

    async def _chunk(self) -> str:
        while data := await self.reader.read(65536):
            if text := self.feed(data):
                return text
        return ""

    def feed(self, data: bytes) -> str:
        """Text in ``data`` (CR LF as LF); everything else recorded and answered."""
        if self._inflate is not None:
            data = self._inflate.decompress(data)
            self.finished = self._inflate.eof
        buffer, out, parts = self._pending + data, bytearray(), []
        i = 0
        while i < len(buffer):
            at = buffer.find(IAC, i)
            if at < 0:
                out += buffer[i:]
                i = len(buffer)
                break
            out += buffer[i:at]
            if at + 1 >= len(buffer):
                i = at
                break
            cmd = buffer[at + 1 : at + 2]
            if cmd == IAC:
                out += IAC
                i = at + 2
            elif cmd in VERBS:
                if at + 2 >= len(buffer):
                    i = at
                    break
                self._negotiate(cmd, buffer[at + 2 : at + 3])
                i = at + 3
            elif cmd == SB:
                end = buffer.find(IAC + SE, at + 2)
                if end < 0:
                    i = at
                    break
                option, payload = buffer[at + 2 : at + 3], buffer[at + 3 : end].replace(IAC + IAC, IAC)
                self.subnegotiations.append((option, payload))
                i = end + 2
                if option == TTYPE and payload[:1] == SEND:
                    self._answer_ttype()
                if option == CHARSET and payload[:1] == REQUEST and CHARSET in self.agree:
                    self.send_bytes(IAC + SB + CHARSET + ACCEPTED + b"UTF-8" + IAC + SE)
                if option == MCCP2_COMPRESS:  # everything after this is one zlib stream
                    self._inflate, self.inflated = zlib.decompressobj(), True
                    rest = self._inflate.decompress(buffer[i:])
                    self.finished = self._inflate.eof
                    buffer, i = buffer[:i] + rest, i
            else:
                if cmd in (GA, CMD_EOR):
                    parts.append(self._text(out))
                    out = bytearray()
                    self.prompt_ends.append((self._line, cmd))
                i = at + 2
        self._pending = buffer[i:]
        parts.append(self._text(out))
        return "".join(parts)

    def _text(self, data: bytearray) -> str:
        text = self._decoder.decode(bytes(data)).replace("\r\n", "\n")
        self._line = (self._line + text).rpartition("\n")[2]
        return text

    def answer_now(self) -> None:
        self.silent = False
        for verb, option in self.commands:
            self._answer(verb, option)

    def _negotiate(self, verb: bytes, option: bytes) -> None:
        self.commands.append((verb, option))
        if not self.silent:
            self._answer(verb, option)

    def _answer(self, verb: bytes, option: bytes) -> None:
        if verb in ANSWER:
            yes, no = ANSWER[verb]
            self.send_bytes(IAC + (yes if option in self.agree else no) + option)

    def _answer_ttype(self) -> None:
        if self.ttypes:
            name = self.ttypes[min(self._ttype_sent, len(self.ttypes) - 1)]
            self._ttype_sent += 1
            self.send_bytes(IAC + SB + TTYPE + IS + name.encode() + IAC + SE)


@asynccontextmanager
async def wire_client(
    server: GameServer, agree: frozenset[bytes] = frozenset(), ttypes: tuple[str, ...] = (),
    tls: ssl.SSLContext | None = None, banner: bool = True, silent: bool = False,
) -> AsyncIterator[WireClient]:
    """A hand-speaking client, greeted (unless ``banner`` is False); ``tls`` connects to the TLS port; ``silent``
    answers nothing until told to."""
    port = server.tls_port if tls is not None else server.port
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, server_hostname="localhost" if tls else None)
    client = WireClient(reader, writer, agree, ttypes)
    client.silent = silent
    try:
        if banner:
            await client.expect(BANNER_END)
        yield client
    finally:
        await client.aclose()
