"""A running event as the server keeps it beside its stored record (``server.competition.tournaments`` runs it;
``server.duplicate`` reads its rounds)."""

from __future__ import annotations

from dataclasses import dataclass, field

from server.store import EventRecord
from server.tables.livetable import Live


@dataclass(slots=True)
class Running:
    """A running event and what the server keeps beside its stored record."""

    record: EventRecord
    queue: list[str] = field(default_factory=list)
    """Arena: the people waiting for a table, in the order they came."""
    tables: dict[int, Live] = field(default_factory=dict)
    """Its games being played, by game id."""
    last_met: dict[str, frozenset[str]] = field(default_factory=dict)
    """Who each entrant last sat with (the arena does not seat them so again at once)."""
    met: dict[str, frozenset[str]] = field(default_factory=dict)
    """Everyone each entrant has sat with (a Swiss draw parts them)."""
    closing: bool = False
    """No more tables are drawn: the arena's time is up, or a wizard stopped it."""

    @property
    def number(self) -> int:
        return self.record.event_id
