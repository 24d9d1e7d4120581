"""GMCP for MUD clients (Mudlet, MUSHclient, Blightmud...): what the client tells us, and what we tell it.

The client says hello (``Core.Hello``) and lists the packages it wants (``Core.Supports.Set/Add/Remove``). A client
that wants ``Char`` gets ``Char.Name`` at login, ``Char.Status`` (where it plays) as it changes and ``Char.Rating``
when the player's rating changes or they ask for it ('rating'); ``Room`` gets
``Room.Info`` whenever a room is shown, ``Comm`` gets ``Comm.Channel.Text`` for what is said to it (channels, the room,
pages, whispers: Mudlet's chat tabs); one that wants ``Wimpout`` gets ``Wimpout.Table``, ``Wimpout.Error``
and ``Wimpout.Prompt``: the very models JSON mode sends (server.wire.protocol), so both say the same. A sub-package asked
for alone (``Wimpout.Table``, Mudlet's way to enable one module) gets its own messages. See docs/gmcp.md.

What each message says is ``server.outofband.gmcpnews``'s (the games' models), loaded when the first message is
shown: a portal offers the option and relays what the client says, and never loads the games (server.portal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import structlog
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import GMCP

from rooms.messages import Message
from server.outofband.interface import Host, OutOfBand

log = structlog.get_logger()

MAX_SUPPORTS = 64
"""Packages remembered per connection: a client listing more is not taken at its word."""


class Gmcp(OutOfBand):
    """One connection's GMCP state: the client's hello and the packages it asked for."""

    option, name = GMCP, "GMCP"

    def __init__(self, writer: TelnetWriter, host: Host) -> None:
        super().__init__(writer, host)
        self.client: dict[str, str] = {}
        self.supports: set[str] = set()
        self._named: str | None = None
        self._status: dict[str, Any] | None = None

    def wants(self, message: str) -> bool:
        """Whether the client asked for ``message`` (``Wimpout.Table``): for it, or for a package it is in."""
        parts = message.lower().split(".")
        return any(".".join(parts[:depth]) in self.supports for depth in range(1, len(parts) + 1)) and self.active

    def received(self, package: str, data: Any) -> None:  # type: ignore[override]  # (GMCP: a package and its data)
        """A message from the client; anything unknown or malformed is ignored (and logged)."""
        name = package.lower()
        if name == "core.hello" and isinstance(data, dict):
            self.client = {str(k)[:40]: str(v)[:80] for k, v in list(data.items())[:8]}
            log.info("gmcp.hello", client=self.client.get("client"), version=self.client.get("version"))
        elif name in ("core.supports.set", "core.supports.add", "core.supports.remove") and isinstance(data, list):
            packages = {str(item).split()[0].lower() for item in data[:MAX_SUPPORTS] if str(item).strip()}
            if name.endswith(".set"):
                self.supports = packages
            elif name.endswith(".add"):
                self.supports = set(list(self.supports | packages)[:MAX_SUPPORTS])
            else:
                self.supports -= packages
            self._listening_changed()
        elif name == "core.ping":
            self._writer.send_gmcp("Core.Ping")
        else:
            log.debug("gmcp.ignored", package=package[:40])

    @property
    def listening(self) -> bool:
        """Once the client asked for a package (most connections: no GMCP, or none asked for)."""
        return bool(self.supports)

    def message(self, message: Message, viewer: Callable[[], str | None]) -> None:
        """What the connection was just shown, for GMCP: table news, Funhouse boards (``Wimpout.Funhouse``) and errors
        (text goes in-band only); ``viewer`` says who is logged in, asked only of GMCP clients."""
        from server.outofband.gmcpnews import gmcp_news  # (loaded by then in a game process: see the docstring above)

        name = viewer()
        self._name(name)
        for package, data in gmcp_news(message, name, self.wants, self._char_status):
            self._writer.send_gmcp(package, data)

    def prompt(self, text: str, secret: bool) -> None:
        from server.outofband.gmcpnews import prompt_news

        package, data = prompt_news(text, secret)
        if self.wants(package):
            self._writer.send_gmcp(package, data)

    def _name(self, viewer: str | None) -> None:
        """``Char.Name`` once a player is logged in on this connection."""
        if viewer is not None and viewer != self._named and self.wants("Char.Name"):
            self._named = viewer
            self._writer.send_gmcp("Char.Name", {"name": viewer, "fullname": viewer})
            self._char_status({"name": viewer, "table": None})

    def _char_status(self, status: dict[str, Any]) -> None:
        """``Char.Status`` when where the player plays has changed (a gauge's figures)."""
        if status != self._status and self.wants("Char.Status"):
            self._status = status
            self._writer.send_gmcp("Char.Status", status)
