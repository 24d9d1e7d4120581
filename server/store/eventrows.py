"""Stored events' rows as the records both backends return (``sqlite/tourneys.py``, ``postgresql/pgtourneys.py``)."""

from __future__ import annotations

import json
from typing import Any

from rooms.pairing import Standing
from server.store.domain import EntrantLine, EventRecord


def event_record(row: tuple[Any, ...] | None) -> EventRecord | None:
    if row is None:
        return None
    event_id, kind, room, options, seats, started_at, ends_at, rounds, round, status = row
    return EventRecord(int(event_id), kind, room, json.loads(options), seats, started_at, ends_at, rounds, round, status)


def entrant_line(row: tuple[Any, ...]) -> EntrantLine:
    player, points, games, wins, house, active = row
    return EntrantLine(Standing(player, points, games, wins, bool(house)), bool(active))
