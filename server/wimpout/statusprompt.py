"""The one-line status prompt shown after each burst of output (``@set prompt``): where your table stands, e.g.
``[T1 Ann 255/300 | turn 70 | 2 cubes | need 101] >`` (outside a table the server shows ``texts.IDLE_PROMPT``)."""

from __future__ import annotations

from rooms.tables import Status
from rooms.wimpout.wimpoutview import TableView
from server.words.texts import IDLE_PROMPT
from server.wimpout.eventwords import last_lick_need

TYPING_ROOM = 10
"""Columns a prompt leaves free on the screen for typing. TinyFugue shows no prompt at all that is not at least two
columns narrower than its screen (at 40 columns, '[T1 Ann 0/100 | turn 50 | 2 cubes | clearing 10s] >' was not shown)."""


def status_prompt(view: TableView, width: int) -> str:
    """The same line for everyone at a table: who is up with their score and the goal, the turn so far, the cubes
    left, the flash being cleared, and what the player up needs in Last Licks. On a screen too narrow for all of it,
    the least needed parts are left out (the names of those waiting are counted), last first."""
    goal = view.rules.goal
    if view.status is Status.WAITING:
        seated = [s.name for s in view.seats]
        parts = [f"T{view.table} waiting: {', '.join(seated)}", f"goal {goal}"]
        if len(_prompt(parts)) > width - TYPING_ROOM:
            parts[0] = f"T{view.table} waiting: {len(seated)} seated"
        return _fitted(parts, width)
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
    return _fitted(parts, width, spare=("clearing", "cubes", "cube", "turn"))


def _prompt(parts: list[str]) -> str:
    return f"[{' | '.join(parts)}] {IDLE_PROMPT}"


def _fitted(parts: list[str], width: int, spare: tuple[str, ...] = ()) -> str:
    """The prompt of ``parts``, without as many of them as it takes to fit: first those naming a word of ``spare``,
    in its order (what the output above already says), then the last."""
    while len(parts) > 1 and len(_prompt(parts)) > width - TYPING_ROOM:
        least = next((part for word in spare for part in parts[1:] if word in part.split()), parts[-1])
        parts = [part for part in parts if part is not least]
    return _prompt(parts)
