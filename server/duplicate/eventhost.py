"""What a duplicate round asks of the events that run it (``server.competition.tournaments.Tournaments`` is one):
named here, so the events may use this package without a circle of imports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from server.community.presence import Presence
    from server.competition.runningevent import Running
    from server.store import Store
    from server.tables.hosting import Tables
    from server.tables.livetable import Live


class EventHost(Protocol):
    """The store, who is on, the tables, and how the events open a table of theirs."""

    store: Store
    presence: Presence[Any]
    hosting: Tables

    async def open_table(self, run: Running, names: list[str], house: set[str], round: int) -> Live | None: ...
