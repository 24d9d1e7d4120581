"""The JSON-lines protocol for bots: every message the server sends in JSON mode, as pydantic models.

``python -m server.wire.protocol schema`` prints the JSON Schema (committed as docs/protocol.schema.json and checked
current by a test). Commands are still sent as text lines, so bots and people speak one command language.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, TypeAdapter

from rooms.messages import Message
from rooms.tables import TableNews
from server.funhouse.funwire import FunhouseMessage
from server.friends.friendslist import FriendsMessage
from server.acrossdays.gameslist import GamesMessage
from server.games.gametypes import GAME_TYPES
from server.wire.wiremodel import TextMessage, WireModel

ErrorCode = Literal[
    "unknown_command",
    "usage",
    "refused",
    "not_connected",
    "already_connected",
    "permission_denied",
    "line_too_long",
    "invalid_utf8",
    "rate_limited",
    "login_failed",
    "banned",
    "name_taken",
    "bad_name",
    "internal",
    "not_saved",
]
"""Why a command was not carried out; stable, so bots can act on them (the message is for people)."""


class ErrorMessage(WireModel):
    """A command was not carried out; ``code`` is stable, ``message`` is for people."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


class PromptMessage(WireModel):
    """The server waits for a line (e.g. a password)."""

    type: Literal["prompt"] = "prompt"
    text: str
    secret: bool


TableMessage = GAME_TYPES.default.message_model
"""The default game's table message: the envelope (type, table, events, state, you_may, text) with its state."""

GAME_MESSAGES = tuple(model for game in GAME_TYPES.all() for model in game.wire_messages)
"""The games' own messages besides their table message (Cosmic Wimpout's answer to 'hint')."""


def _tag(message: Any) -> str:
    """Which model a message is: its ``type``; a table message of another game than the default says which in
    ``game_type`` (the default's has none, as before there were other games)."""
    field = message.get if isinstance(message, dict) else lambda name: getattr(message, name, None)
    kind, game = field("type"), field("game_type")
    return f"table:{game}" if kind == "table" and game else str(kind)


def _tagged(model: type[BaseModel], tag: str | None = None) -> Any:
    return Annotated[model, Tag(tag or model.model_fields["type"].default)]


TABLE_MESSAGES = tuple(_tagged(game.message_model, None if game is GAME_TYPES.default else f"table:{game.name}")
                       for game in GAME_TYPES.all())
"""Every game's table message (the default's tagged ``table``, the others ``table:NAME``)."""

ServerMessage = Annotated[
    Union[*TABLE_MESSAGES, *(_tagged(m) for m in (TextMessage, ErrorMessage, PromptMessage, FunhouseMessage, GamesMessage,  # noqa: UP007
                                                  FriendsMessage, *GAME_MESSAGES))],
    Discriminator(_tag),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage, config=ConfigDict(defer_build=True))


DEFAULT_CODE: ErrorCode = "refused"
"""An error told without a code (none should be) is still an error a bot can read."""


def message_model(message: Message, viewer: str | None) -> BaseModel:
    """The protocol message for ``message`` (``text`` already rendered for ``viewer``): what JSON lines and GMCP
    both send."""
    if isinstance(message.data, TableNews):
        return table_message(message.data, viewer or "", message.text)
    if isinstance(message.data, WireModel):  # a game's own message, made with its text (a hint)
        return message.data
    if message.kind == "error":
        return ErrorMessage(code=message.fields.get("code", DEFAULT_CODE), message=message.text)  # type: ignore[arg-type]
    return TextMessage(kind=message.kind, text=message.text, fields=dict(message.fields))


def table_message(news: TableNews, viewer: str, text: str) -> BaseModel:
    """``news`` as ``viewer`` gets it, in the wire model of its table's game."""
    return GAME_TYPES[news.game].table_message(news, viewer, text)


def table_line(news: TableNews, viewer: str, text: str) -> str:
    """``table_message(news, viewer, text)`` as one JSON line."""
    return GAME_TYPES[news.game].table_json(news, viewer, text)


def schema() -> dict[str, Any]:
    return SERVER_MESSAGE.json_schema(mode="serialization")  # what the server writes, computed fields too


def schema_text() -> str:
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    if argv[1:] != ["schema"]:
        print("usage: python -m server.wire.protocol schema", file=sys.stderr)
        return 2
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
