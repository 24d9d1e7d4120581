"""The Funhouse board as data, for bots and the web client: what JSON mode and GMCP send beside the drawn board."""

from __future__ import annotations

from typing import Any, Literal

from server.wire.wiremodel import WireModel


class FunhouseMessage(WireModel):
    """A Funhouse run's state: its room's ``view()`` as ``board``, the exact moves the player may type after 'fh'
    (``you_may``, empty for a watcher and once the run is over), the room scores so far, and the drawn board."""

    type: Literal["funhouse"] = "funhouse"
    player: str
    run: int
    room: str | None
    board: dict[str, Any] | None
    you_may: list[str]
    scores: dict[str, int]
    total: int
    over: bool
    text: str
