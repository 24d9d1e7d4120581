"""GMCP for MUD clients (Mudlet, MUSHclient, Blightmud...): what the client tells us, and what we tell it.

The client says hello (``Core.Hello``) and lists the packages it wants (``Core.Supports.Set/Add/Remove``). A client
that wants ``Char`` gets ``Char.Name`` at login, ``Char.Status`` (where it plays) as it changes and ``Char.Rating``
when the player's rating changes or they ask for it ('rating'); ``Room`` gets
``Room.Info`` whenever a room is shown, ``Comm`` gets ``Comm.Channel.Text`` for what is said to it (channels, the room,
pages, whispers: Mudlet's chat tabs); one that wants ``Wimpout`` gets ``Wimpout.Table``, ``Wimpout.Error``
and ``Wimpout.Prompt``: the very models JSON mode sends (server.protocol), so both say the same. A sub-package asked
for alone (``Wimpout.Table``, Mudlet's way to enable one module) gets its own messages. See docs/gmcp.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import structlog
from pydantic import BaseModel
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import GMCP

from rooms.messages import Message
from rooms.model import EXITS_LISTED_WITH
from rooms.tables import TableNews
from server.gametypes import GAME_TYPES
from server.outofband.interface import Host, OutOfBand
from server.funhouse.funwire import FunhouseMessage
from server.gameslist import GamesMessage
from server.protocol import ErrorMessage, PromptMessage, message_model
from server.ratednews import char_ratings
from server.render.colour import plain

log = structlog.get_logger()

PACKAGE = GAME_TYPES.default.package
"""The package of errors and prompts (the default game's); table news goes in its own game's package."""

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
        elif name == "core.ping":
            self._writer.send_gmcp("Core.Ping")
        else:
            log.debug("gmcp.ignored", package=package[:40])

    def message(self, message: Message, viewer: Callable[[], str | None]) -> None:
        """What the connection was just shown, for GMCP: table news, Funhouse boards (``Wimpout.Funhouse``) and errors
        (text goes in-band only); ``viewer`` says who is logged in, asked only of GMCP clients."""
        if not self.supports:  # most connections: no GMCP, or no package asked for
            return
        name = viewer()
        self._name(name)
        if message.kind == "room" and self.wants("Room.Info"):
            self._writer.send_gmcp("Room.Info", room_info(message))
        elif message.kind in TALK and self.wants("Comm.Channel.Text"):
            self._writer.send_gmcp("Comm.Channel.Text", channel_text(message))
        elif message.kind == "away" and isinstance(message.data, tuple) and self.wants("Char.Away"):
            self._writer.send_gmcp("Char.Away", {"items": [item.as_data() for item in message.data]})
        elif message.kind == "games" and isinstance(message.data, GamesMessage) and self.wants("Char.Games"):
            self._writer.send_gmcp("Char.Games", message.data.model_dump(mode="json", exclude={"type"}))
        if isinstance(message.data, TableNews) and name is not None:
            self._char_status(char_status(name, message.data))
        if message.kind in RATING_KINDS and message.fields.get("player") == name and self.wants("Char.Rating"):
            for rating in char_ratings(message):
                self._writer.send_gmcp("Char.Rating", rating)
        if message.kind != "error" and message.data is None:
            return
        model = message_model(message, name)
        if isinstance(message.data, TableNews):
            self._send(model.model_copy(update={"text": plain(message.text)}), GAME_TYPES[message.data.game].package)
        elif isinstance(model, (ErrorMessage, FunhouseMessage)):
            self._send(model)

    def prompt(self, text: str, secret: bool) -> None:
        if self.supports:  # (most connections ask for no package)
            self._send(PromptMessage(text=text, secret=secret))

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

    def _send(self, model: BaseModel, package: str = PACKAGE) -> None:
        """``model`` as its package's message (``Wimpout.Table``), if the client asked for it."""
        data = model.model_dump(mode="json")
        name = f"{package}.{data['type'].capitalize()}"
        if self.wants(name):
            self._writer.send_gmcp(name, data)


RATING_KINDS = ("rating_change", "rating")
"""Messages that tell a player's own rating: ``Char.Rating``, one a game type."""
TALK = {"channel": None, "say": "say", "pose": "say", "page": "page", "whisper": "whisper"}
"""Message kinds sent as ``Comm.Channel.Text``, by the channel they go in (a channel's own name for channels)."""


def room_info(message: Message) -> dict[str, Any]:
    """``Room.Info`` of a room description: its key (``num``, what a mapper keys rooms by), name, exits, players."""
    fields = message.fields
    return {"num": fields["room"], "name": fields["name"], "exits": _names(fields["exits"]),
            "players": _names(fields["players"])}


def channel_text(message: Message) -> dict[str, Any]:
    """``Comm.Channel.Text`` (IRE's shape): the channel, who talked, and the line as shown, without colour."""
    channel = TALK[message.kind] or message.fields.get("channel", "")
    return {"channel": channel, "talker": message.fields.get("who", ""), "text": plain(message.text)}


def char_status(name: str, news: TableNews) -> dict[str, Any]:
    """``Char.Status``: the table a player plays or watches, its game and state, their score and whether it is their
    turn (any game's view: seats with names and scores, whose turn is ``up``)."""
    view = news.view
    seat = next((s for s in getattr(view, "seats", ()) if s.name == name), None)
    status = getattr(view, "status", None)
    return {"name": name, "table": news.table, "game": news.game, "status": getattr(status, "value", status),
            "seated": seat is not None, "score": getattr(seat, "score", None), "up": getattr(view, "up", None) == name}


def _names(text: str) -> list[str]:
    """A message field's list (``green, blue``) as a list."""
    return [part.strip() for part in text.split(EXITS_LISTED_WITH) if part.strip()]
