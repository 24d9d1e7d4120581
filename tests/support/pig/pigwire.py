"""Pig's wire model: its table message (the envelope with its own state) for JSON mode, GMCP and the web."""

from __future__ import annotations

from typing import Any, Literal

from rooms.tables import TableNews
from server.wire.wiremodel import WireModel

from support.pig.pigplay import PigView
from support.pig.pigrules import event_record


class PigSeatState(WireModel):
    name: str
    score: int
    absent: bool


class PigState(WireModel):
    table: int
    room: str
    status: Literal["waiting", "playing", "over"]
    goal: int
    seats: list[PigSeatState]
    watchers: list[str]
    up: str | None
    turn: int
    waiting_on: list[str]
    winner: str | None


class PigMessage(WireModel):
    type: Literal["table"] = "table"
    table: int
    events: list[dict[str, Any]]
    state: PigState
    you_may: list[str]
    text: str


def table_message(news: TableNews, viewer: str, text: str) -> PigMessage:
    view: PigView = news.view
    state = PigState(
        table=view.table, room=view.room, status=view.status.value, goal=view.goal,
        seats=[PigSeatState(name=s.name, score=s.score, absent=s.absent) for s in view.seats],
        watchers=list(view.watchers), up=view.up, turn=view.turn, waiting_on=list(view.waiting_on),
        winner=view.winner,
    )
    events = [event_record(event) for event in news.events]
    return PigMessage(table=news.table, events=events, state=state, you_may=list(view.legal.get(viewer, ())),
                      text=text)
