"""A connection the portal holds: its transport's end, and what the portal keeps of it besides (never game state):
its id, address, who the game process said is logged in on it and in which mode."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rooms.messages import Message
from server.portal.frames import HEAD, ID, INPUT_WINDOW, Kind
from server.wire.sink import LineOut
from server.telnet.telnetend import TelnetEnd
from server.wire.wiremodel import text_line

if TYPE_CHECKING:
    from server.portal.children import GameProcess


CLIENT_KINDS = frozenset({Kind.TAKEN, Kind.CLOSE, Kind.TELOPT, Kind.WHO, Kind.UNREAD})
"""The game process's frames about one connection that ``Client.heard`` takes (its output, the commonest, aside)."""


class Client:
    """One telnet or web connection in the portal."""

    unread = b""
    """What the last game process handed back unread when it retired: the next one gets it first."""
    untaken = 0
    """Bytes sent to the game process that its session has not said it took: past ``INPUT_WINDOW``, the client is
    not read (``held``) until it has."""
    held: asyncio.Future[None] | None = None
    """Done once the client may be read again."""
    handed_to: GameProcess | None = None
    """The game process its socket is handed to (server.portal.handing): the portal neither reads nor writes it."""
    deferred: tuple[str, ...] = ()
    """The portal's own lines for it while its socket is handed, said once it is back. (These five are the class's
    until a connection has its own: an idle connection holds none.)"""

    def __init__(self, ident: int, address: str, telnet: TelnetEnd | None = None, web: LineOut | None = None) -> None:
        self.ident, self.address, self.telnet, self.web = ident, address, telnet, web
        self.resume: dict[str, Any] = {"name": None, "json": False, "watching": None, "ladder": False, "arenas": []}
        """What the game process said the next one needs to take the connection over: who is logged in, whether a
        telnet connection speaks JSON lines (``@json on``), the table they watch, whether they wait in the bot ladder,
        the arenas they play. Not read here but for ``name`` and ``json``."""
        self.attached = False
        """Handed to a game process at least once (a later one skips the banner and logs them in again)."""
        self.agreed: list[int] = []
        """Options the client turned on before it was handed to a game process."""
        self.state: dict[str, Any] | None = None
        """The terminal's state as last sent to the game process."""
        self.ended = asyncio.get_running_loop().create_future()
        """Done once the client hung up (or the portal stops)."""
        self.write: Callable[[bytes], None] = telnet.write if telnet is not None else self._write_web
        """The game process's bytes for this client, as they go (bound once: every line shown comes here)."""

    def input(self, received: bytes) -> bytes:
        """An INPUT frame of what the client sent (made in place: every line typed comes here), counted against its
        window."""
        self.untaken += len(received)
        if self.untaken > INPUT_WINDOW:
            self.hold()
        return HEAD.pack(len(received) + 5, Kind.INPUT, self.ident) + received

    def heard(self, kind: Kind, payload: bytes) -> None:
        """A frame of the game process's about this connection (``CLIENT_KINDS``; its output aside)."""
        if kind is Kind.TAKEN:
            self.taken(ID.unpack(payload)[0])
        elif kind is Kind.CLOSE:
            self.close()
        elif kind is Kind.TELOPT:
            if self.telnet is not None:
                self.telnet.negotiate(payload[:1], payload[1:])
        elif kind is Kind.WHO:
            self.resume = json.loads(payload)
        elif kind is Kind.UNREAD:
            self.unread = payload

    def hold(self) -> None:
        """The game process holds a window of the client's input unread: read no more of it until it takes some."""
        if self.held is None:
            self.held = asyncio.get_running_loop().create_future()
            if self.telnet is not None:
                self.telnet.hold_input(True)

    def taken(self, count: int) -> None:
        """The game process's session took ``count`` bytes (or the game process is gone, with all of them)."""
        self.untaken -= count
        if self.held is not None and self.untaken <= INPUT_WINDOW:
            self.held.set_result(None)
            self.held = None
            if self.telnet is not None:
                self.telnet.hold_input(False)

    def end(self) -> None:
        if not self.ended.done():
            self.ended.set_result(None)

    def about(self) -> dict[str, Any]:
        """The ATTACH frame's payload."""
        about: dict[str, Any] = {"kind": "telnet" if self.telnet else "web", "address": self.address,
                                 "resume": self.resume, "fresh": not self.attached,
                                 "agreed": self.agreed, "oob": []}
        if self.telnet is not None:
            if self.attached:
                self.telnet.echo_back()
            self.state = about["state"] = self.telnet.state()
            about["oob"] = self.telnet.heard()
        self.agreed, self.attached = [], True
        return about

    @property
    def transport(self) -> str:
        """telnet, tls or web (``/metrics``' connections by transport)."""
        if self.telnet is None:
            return "web"
        return "tls" if self.telnet.tls else "telnet"

    @property
    def name(self) -> str | None:
        return self.resume["name"]  # type: ignore[no-any-return]

    def _write_web(self, data: bytes) -> None:
        assert self.web is not None
        self.web.write_line(data.decode("utf-8", "replace"))

    def say(self, text: str) -> None:
        """A line of the portal's own (a reload, a crash), as this connection shows lines; once its socket is back if
        it is handed (asked back for it)."""
        if self.handed_to is not None:
            if not self.deferred:
                self.handed_to.recall(self.ident)
            self.deferred += (text,)
            return
        if self.telnet is None or self.resume["json"]:  # (as a JsonSink says a server message with no fields)
            out: LineOut | None = self.web if self.telnet is None else self.telnet.sink
            assert out is not None
            out.write_line(text_line(text, "server"))
            return
        sink = self.telnet.sink
        if sink.prompts_inline:
            sink.write_line("")  # the client may be at a prompt
        sink.send(Message(text, "server"))

    def close(self) -> None:
        self.taken(self.untaken)  # (a browser's input waiting for its window ends with it)
        if self.telnet is not None:
            self.telnet.close()
        elif self.web is not None:
            self.web.close()

    @property
    def closed(self) -> bool:
        if self.telnet is not None:
            return self.telnet.closed
        return self.web is None or self.web.closed
