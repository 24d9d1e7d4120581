"""A stored Funhouse run's row as the record both backends return (the row is the one ``sharedsql.FUN_COLUMNS``
names)."""

from __future__ import annotations

import json
from typing import Any

from server.store.domain import FunRecord


def fun_record(row: tuple[Any, ...] | None) -> FunRecord | None:
    if row is None:
        return None
    run_id, player, started_at, daily, room, events, total = row
    return FunRecord(int(run_id), str(player), float(started_at), daily, room, json.loads(events),
                     None if total is None else int(total))
