"""A stored game told again, turn by turn, in the ScoreHandler's words (``replay``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.wimpout import events as ev
from rooms.wimpout.wimpoutplay import restore_table
from server.render.scorehandler import Style, render

TURN_STARTS = (ev.TurnStarted, ev.TurnResumed)


def replay_text(number: int, events: Sequence[ev.Event], style: Style) -> str:
    """Every event, each read against the table as it stood after it (a turn's news ends as the next turn begins,
    as it did live)."""
    created = events[0]
    assert isinstance(created, ev.GameCreated)
    parts, start = [], 0
    for end, event in enumerate(events, 1):
        if isinstance(event, TURN_STARTS) or end == len(events):
            table = restore_table(number, "", created.rules, created.players, events[:end])
            parts.append(render(table.news(*events[start:end]), "", style))
            start = end
    return "\n".join(parts)
