"""The one-line status prompt shown after each burst of output (``@set prompt``): where your table stands, e.g.
``[T1 Ann 255/300 | turn 70 | 2 cubes | need 101] >``; outside a table just ``>``."""

from __future__ import annotations

from rooms.tables import Status, TableView
from server.render.scorehandler import last_lick_need

IDLE_PROMPT = ">"


def status_prompt(view: TableView | None) -> str:
    """The same line for everyone at a table: who is up with their score and the goal, the turn so far, the cubes
    left, the flash being cleared, and what the player up needs in Last Licks."""
    if view is None:
        return IDLE_PROMPT
    goal = view.rules.goal
    if view.status is Status.WAITING:
        return f"[T{view.table} waiting: {', '.join(s.name for s in view.seats)} | goal {goal}] {IDLE_PROMPT}"
    seat = next((s for s in view.seats if s.name == view.up), None)
    if seat is None:
        return f"[T{view.table} over] {IDLE_PROMPT}"
    parts = [f"T{view.table} {seat.name} {seat.score}/{goal}", f"turn {view.turn_points}",
             f"{view.cubes_left} cube{'s' if view.cubes_left != 1 else ''}"]
    if view.clearing:
        parts.append("clearing " + " ".join(f"{face}s" for face in view.clearing))
    need = last_lick_need(view, seat.name)
    if need is not None and need > 0:
        parts.append(f"need {need}")
    return f"[{' | '.join(parts)}] {IDLE_PROMPT}"
