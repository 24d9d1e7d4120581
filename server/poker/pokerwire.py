"""New Cosmic Poker's table message on the wire (JSON mode, GMCP, the web): per viewer, always. The state is
``engine.poker.seatview.table_view`` for that viewer (their own hand only, under ``hand``), each event is ``event_for``
that viewer, and ``you_may`` their own exact commands. Nothing here reads a hand or the deck directly."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Literal

from pydantic import Field

from engine.poker import event_for, table_view
from rooms.poker.pokerview import TABLE_EVENTS, PokerView
from rooms.tables import TableNews
from server.wire.wiremodel import WireModel


class PokerSeatState(WireModel):
    name: str
    absent: bool
    bot: bool


class PokerState(WireModel):
    table: int
    room: str
    status: Literal["waiting", "playing", "over"]
    options: dict[str, Any] = Field(description="the table's options that differ from the defaults")
    seats: list[PokerSeatState]
    watchers: list[str]
    waiting_on: list[str]
    winner: str | None
    game: dict[str, Any] | None = Field(
        description="the game as this viewer may see it (engine.poker.seatview.table_view): public figures of every "
                    "seat, the Warp, the bets; 'hand' (your cards, '?' for one still hidden) only for your own seat")


class PokerMessage(WireModel):
    """Something happened at a poker table you sit at or watch."""

    type: Literal["table"] = "table"
    game_type: Literal["poker"] = "poker"
    table: int
    events: list[dict[str, Any]] = Field(description="the events in order, as you may see them")
    state: PokerState
    you_may: list[str] = Field(description="your legal commands now, as exact text to send")
    text: str = Field(description="the same news as people read it")


def _record(event: Any, viewer: str | None) -> dict[str, Any]:
    if isinstance(event, TABLE_EVENTS):
        return {"type": type(event).__name__, **{k: list(v) if isinstance(v, tuple) else v
                                                 for k, v in asdict(event).items()}}
    return event_for(event, viewer)


def table_message(news: TableNews, viewer: str, text: str) -> PokerMessage:
    view: PokerView = news.view
    seated = view.state is not None and viewer in view.state.players
    who = viewer if seated else None
    state = PokerState(
        table=view.table, room=view.room, status=view.status.value, options=view.options.changed,
        seats=[PokerSeatState(name=s.name, absent=s.absent, bot=s.bot) for s in view.seats],
        watchers=list(view.watchers), waiting_on=list(view.waiting_on), winner=view.winner,
        game=None if view.state is None else table_view(view.state, who),
    )
    events = [_record(event, who) for event in news.events]
    return PokerMessage(table=news.table, events=events, state=state, you_may=list(view.legal.get(viewer, ())),
                        text=text)
