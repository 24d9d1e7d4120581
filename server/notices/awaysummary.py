"""What a player is told at login of what happened while they were away (moves made at their table, their games'
ends, challenges, mail): a few lines on telnet, the same items as data for GMCP (``Char.Away``) and JSON (a
``message`` of kind ``away``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rooms.messages import Message
from server.words import texts

if TYPE_CHECKING:
    from server.community.connected import Connected

MOST_LINES = 6
"""Items shown at login; more are counted in one more line."""


@dataclass(frozen=True, slots=True)
class AwayItem:
    """One thing that happened: its kind (``moves``, ``move``, ``challenge``, ``over``, ``mail``, or whatever a
    summary source adds), the table it concerns, and its words."""

    kind: str
    table: int | None
    text: str

    def as_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "table": self.table, "text": self.text}


SummarySource = Callable[["Connected"], Awaitable[list[AwayItem]]]
"""More items for a player's login summary (issue 38's "It is your move at tables 3 and 7"): added to
``Notices.summaries``, asked at each login."""


def summary_message(items: Sequence[AwayItem]) -> Message:
    """The summary as a message: its text for telnet, its items (``data``) for GMCP, its counts for JSON."""
    shown = [f"  {item.text}" for item in items[:MOST_LINES]]
    if len(items) > MOST_LINES:
        shown.append(texts.AWAY_MORE.format(count=len(items) - MOST_LINES))
    tables = sorted({item.table for item in items if item.table is not None})
    fields = {"count": str(len(items)), "kinds": ",".join(dict.fromkeys(item.kind for item in items)),
              "tables": ",".join(map(str, tables))}
    return Message("\n".join([texts.AWAY_HEADER, *shown]), "away", fields, data=tuple(items))
