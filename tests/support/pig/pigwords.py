"""What Pig says: each move's news for each viewer, the scoreboard, its rules, its line in a room and its prompt."""

from __future__ import annotations

from rooms.tables import SEATING_EVENTS, Sat, Stood, TableNews

from support.pig.pigplay import PigView
from support.pig.pigrules import Began, Held, Left, Rolled, Won


def render(news: TableNews, viewer: str) -> str:
    """A move's news in words for ``viewer``."""
    view: PigView = news.view

    def who(name: str | None, you: str, other: str) -> str:
        return f"You {you}" if name == viewer else f"{name} {other}"

    lines = []
    for event in news.events:
        if isinstance(event, Began):
            lines.append(f"Table {news.table}: a game of Pig to {event.goal} begins for {', '.join(event.players)}.")
        elif isinstance(event, Rolled) and event.face == 1:
            lines.append(f"{who(event.player, 'roll', 'rolls')} a 1: the turn is lost.")
        elif isinstance(event, Rolled):
            lines.append(f"{who(event.player, 'roll', 'rolls')} a {event.face}: turn total {view.turn}.")
        elif isinstance(event, Held):
            lines.append(f"{who(event.player, 'hold', 'holds')} {event.points}: score {event.score}.")
        elif isinstance(event, Left):
            lines.append(f"{event.player} {event.why}.")
        elif isinstance(event, Won):
            lines.append(f"*** {event.player or 'Nobody'} wins the game of Pig at table {news.table}! ***")
        elif isinstance(event, Sat):
            lines.append(f"{who(event.player, 'sit', 'sits')} down at table {news.table}.")
        elif isinstance(event, Stood):
            lines.append(f"{who(event.player, 'leave', 'leaves')} table {news.table}.")
        elif isinstance(event, SEATING_EVENTS):
            lines.append(f"Table {news.table}: {event}.")
    if viewer in view.waiting_on:
        lines.append("You may: " + ", ".join(view.legal[viewer]) + ".")
    return "\n".join(lines)


def scoreboard(view: PigView) -> str:
    return "\n".join([f"Table {view.table}: Pig to {view.goal}, {view.status.value}",
                      *(f"{seat.name}: {seat.score}" for seat in view.seats)])

def rules_text(view: PigView) -> str:
    return f"Table {view.table} plays Pig: roll a die, a 1 loses the turn; hold banks it; first to {view.goal}."

def table_line(view: PigView, room: str | None = None) -> str:
    where = f" in {room}" if room is not None else ""
    return f"Table {view.table}{where}: Pig to {view.goal} ({view.status.value}). Seats: " + \
        ", ".join(seat.name for seat in view.seats) + "."

def status_prompt(view: PigView) -> str:
    return f"[T{view.table} Pig {view.up or view.status.value} | turn {view.turn}] >"
