"""Cosmic Wimpout's table message on the wire: its seats and table state as JSON mode, GMCP and the web send them
(documented in docs/protocol.schema.json)."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field

from engine.wimpout import event_to_dict, format_throw
from rooms.tables import TableNews
from rooms.wimpout.rulewords import summary_names
from rooms.wimpout.wimpoutview import TABLE_EVENTS
from server.wire.wiremodel import WireModel


class Seat(WireModel):
    name: str
    score: int
    in_game: bool = Field(description="past the opening minimum, no Recovery circle open")
    out: str | None = Field(description="why the player left the game, or null while in it")
    insurance: int
    train_wrecks: int
    circles: int
    absent: bool
    bot: bool = Field(description="a house bot (its name ends in '.bot')")


class TableState(WireModel):
    """The table as it stands after the events of the message."""

    table: int
    room: str
    status: Literal["waiting", "playing", "over"]
    goal: int
    rules: dict[str, Any] = Field(description="every rule option of the table (engine.rules.RuleSet)")
    house_rules: list[str] = Field(description="the rules that differ from the default, by the names players know "
                                   "(e.g. 'Bump', 'Suspend 10'), as the table's rules line says them")
    seats: list[Seat]
    watchers: list[str]
    up: str | None = Field(description="whose turn it is")
    turn_points: int
    cubes_left: int
    sun_left: bool
    clearing: list[int] = Field(description="faces of the flashes being cleared")
    last_throw: str | None = Field(description="the cubes on the table, e.g. '4 4 4 4 s5' (s: the sun cube, S: sun)")
    waiting_on: list[str] = Field(description="who the table waits for")
    stop_refusal: str | None = Field(description="why the player up may not stop now, if they may not")
    leader: str | None
    target: int | None
    challengers: list[str]
    winner: str | None
    proposals: list[dict[str, Any]]
    hints: bool = Field(description="'hint' is answered at this table: its hints option on, and its game not rated")


class TableMessage(WireModel):
    """Something happened at a table you sit at or watch."""

    type: Literal["table"] = "table"
    table: int
    events: list[dict[str, Any]] = Field(description="the events in order: {'type': EventName, ...fields}")
    state: TableState
    you_may: list[str] = Field(description="your legal commands now, as exact text to send")
    text: str = Field(description="the same news as people read it")


def table_message(news: TableNews, viewer: str, text: str) -> TableMessage:
    """``news`` as ``viewer`` gets it: the same state and events for everyone, their own legal commands and text."""
    _, state, events, _ = _converted(news)
    you_may = list(news.view.legal.get(viewer, ()))
    return TableMessage(table=news.table, events=events, state=state, you_may=you_may, text=text)


def table_json(news: TableNews, viewer: str, text: str) -> str:
    """``table_message(news, viewer, text)`` as one JSON line: the part everyone gets is serialized once per move,
    and only the viewer's legal commands and text are added to it."""
    shared = _converted(news)[3]
    return f'{shared}"you_may":{_dumps(list(news.view.legal.get(viewer, ())))},"text":{_dumps(text)}}}'


_VIEWER_PART = '"you_may":[],"text":""}'
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""Strings and lists of strings as pydantic writes them (compact, UTF-8 kept, the same escapes)."""


def _converted(news: TableNews) -> tuple[TableNews, TableState, list[dict[str, Any]], str]:
    """The news' state and events as the protocol has them, and its JSON up to the viewer's part: a move goes to
    everyone at its table in turn, so it is converted once, not per person."""
    global _last
    if _last is None or _last[0] is not news:
        state, events = _state(news), [event_record(event) for event in news.events]
        line = TableMessage(table=news.table, events=events, state=state, you_may=[], text="").model_dump_json()
        assert line.endswith(_VIEWER_PART), "you_may and text must stay TableMessage's last fields"
        _last = (news, state, events, line[: -len(_VIEWER_PART)])
    return _last


_last: tuple[TableNews, TableState, list[dict[str, Any]], str] | None = None


def _state(news: TableNews) -> TableState:
    view = news.view
    seats = [Seat(**{name: getattr(seat, name) for name in Seat.model_fields}) for seat in view.seats]
    return TableState(
        table=view.table,
        room=view.room,
        status=view.status.value,
        goal=view.rules.goal,
        rules=view.rules.model_dump(mode="json"),
        house_rules=summary_names(view.rules),
        seats=seats,
        watchers=list(view.watchers),
        up=view.up,
        turn_points=view.turn_points,
        cubes_left=view.cubes_left,
        sun_left=view.sun_left,
        clearing=list(view.clearing),
        last_throw=format_throw(view.last_throw) if view.last_throw is not None else None,
        waiting_on=list(view.waiting_on),
        stop_refusal=view.stop_refusal,
        leader=view.leader,
        target=view.target,
        challengers=list(view.challengers),
        winner=view.winner,
        proposals=[{"number": p.number, "proposer": p.proposer, "text": p.text, "yes": list(p.yes),
                    "waiting": list(p.waiting)} for p in view.proposals],
        hints=view.hints,
    )


def event_record(event: object) -> dict[str, Any]:
    """A table's or the game's event as a dict (``{'type': name, ...fields}``)."""
    if isinstance(event, TABLE_EVENTS):
        fields = {name: getattr(event, name) for name in event.__slots__}  # type: ignore[attr-defined]
        if "rules" in fields:
            fields["rules"] = fields["rules"].model_dump(mode="json")
        return {"type": type(event).__name__, **{k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}}
    return event_to_dict(event)  # type: ignore[arg-type]


class HintChoice(WireModel):
    command: str = Field(description="the exact text that makes this choice")
    win: float = Field(description="your chance of winning if you make it and play perfectly after (0 to 1)")


class HintMessage(WireModel):
    """Your answer to 'hint': each legal choice with your chance of winning, best first."""

    type: Literal["hint"] = "hint"
    table: int
    choices: list[HintChoice]
    exact: bool = Field(description="false: an estimate (more than two players, or rules not solved exactly)")
    note: str = Field(description="why the chances are estimates, if they are")
    text: str = Field(description="the same hint as people read it")
