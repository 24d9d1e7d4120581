"""What GMCP says of each message a connection is shown (``server.outofband.gmcp``): rooms, talk, where the player
plays, ratings, and the games' own models, the very ones JSON mode sends (server.wire.protocol), so both say the same."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from rooms.messages import Message
from rooms.model import EXITS_LISTED_WITH
from rooms.tables import TableNews
from server.funhouse.funwire import FunhouseMessage
from server.acrossdays.gameslist import GamesMessage
from server.games.gametypes import GAME_TYPES
from server.wire.protocol import ErrorMessage, PromptMessage, message_model
from server.tables.ratednews import char_ratings
from server.render.colour import plain

PACKAGE = GAME_TYPES.default.package
"""The package of errors and prompts (the default game's); table news goes in its own game's package."""


def gmcp_news(message: Message, name: str | None, wants: Callable[[str], bool],
              status: Callable[[dict[str, Any]], None]) -> Iterator[tuple[str, Any]]:
    """The GMCP messages of ``message`` shown to ``name`` (None: nobody logged in yet), each package's only if the
    client ``wants`` it; where the player plays handed to ``status`` with every table's news, in its turn (the
    connection sends ``Char.Status`` when it changed)."""
    if message.kind == "room" and wants("Room.Info"):
        yield "Room.Info", room_info(message)
    elif message.kind in TALK and wants("Comm.Channel.Text"):
        yield "Comm.Channel.Text", channel_text(message)
    elif message.kind == "away" and isinstance(message.data, tuple) and wants("Char.Away"):
        yield "Char.Away", {"items": [item.as_data() for item in message.data]}
    elif message.kind == "games" and isinstance(message.data, GamesMessage) and wants("Char.Games"):
        yield "Char.Games", message.data.model_dump(mode="json", exclude={"type"})
    if isinstance(message.data, TableNews) and name is not None:
        status(char_status(name, message.data))
    if message.kind in RATING_KINDS and message.fields.get("player") == name and wants("Char.Rating"):
        for rating in char_ratings(message):
            yield "Char.Rating", rating
    if message.kind != "error" and message.data is None:
        return
    model = message_model(message, name)
    if isinstance(message.data, TableNews):
        yield from _wanted(model.model_copy(update={"text": plain(message.text)}), wants,
                           GAME_TYPES[message.data.game].package)
    elif isinstance(model, (ErrorMessage, FunhouseMessage)):
        yield from _wanted(model, wants)


def prompt_news(text: str, secret: bool) -> tuple[str, Any]:
    """A prompt, as GMCP says it (``Wimpout.Prompt``)."""
    return _as_package(PromptMessage(text=text, secret=secret))


def _wanted(model: BaseModel, wants: Callable[[str], bool], package: str = PACKAGE) -> Iterator[tuple[str, Any]]:
    """``model`` as its package's message (``Wimpout.Table``), if the client asked for it."""
    name, data = _as_package(model, package)
    if wants(name):
        yield name, data


def _as_package(model: BaseModel, package: str = PACKAGE) -> tuple[str, Any]:
    data = model.model_dump(mode="json")
    return f"{package}.{data['type'].capitalize()}", data


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
