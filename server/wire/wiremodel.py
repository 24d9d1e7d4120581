"""The base of every wire model (JSON mode, GMCP, the web): the envelope's in server.wire.protocol, each game's table
state in its own folder."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict


class WireModel(BaseModel):
    """Built on first use (``defer_build``): only JSON-mode clients need the models, and building them all took
    about 3 ms of every start."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class TextMessage(WireModel):
    """Anything else the server says: room descriptions, talk, WHO, help, notices."""

    type: Literal["message"] = "message"
    kind: str
    text: str
    fields: dict[str, str]


def ascii_line(line: str) -> str:
    """A JSON line as sent: ASCII only (rare others, in talk and names, as ``\\uXXXX``), so any client reads it
    whatever its encoding."""
    return line if line.isascii() else json.dumps(json.loads(line), separators=(",", ":"))


def text_line(text: str, kind: str) -> str:
    """A line of text with no fields, as a JSON line (the portal's own lines to a JSON connection)."""
    return ascii_line(TextMessage(kind=kind, text=text, fields={}).model_dump_json())
