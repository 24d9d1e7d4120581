"""The JSON-lines protocol for bots: every message the server sends in JSON mode, as pydantic models.

``python -m server.protocol schema`` prints the JSON Schema (committed as docs/protocol.schema.json and checked
current by a test). Commands are still sent as text lines, so bots and people speak one command language.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.wimpout import event_to_dict, format_throw
from rooms.messages import Message
from rooms.advice import Hint
from rooms.tables import TableNews

ErrorCode = Literal[
    "unknown_command",
    "usage",
    "refused",
    "not_connected",
    "already_connected",
    "permission_denied",
    "line_too_long",
    "invalid_utf8",
    "rate_limited",
    "login_failed",
    "banned",
    "name_taken",
    "bad_name",
    "internal",
]
"""Why a command was not carried out; stable, so bots can act on them (the message is for people)."""


class _Model(BaseModel):
    """Built on first use (``defer_build``): only JSON-mode clients need the models, and building them all took
    about 3 ms of every start."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Seat(_Model):
    name: str
    score: int
    in_game: bool = Field(description="past the opening minimum, no Recovery circle open")
    out: str | None = Field(description="why the player left the game, or null while in it")
    insurance: int
    train_wrecks: int
    circles: int
    absent: bool
    bot: bool = Field(description="a house bot (its name ends in '.bot')")


class TableState(_Model):
    """The table as it stands after the events of the message."""

    table: int
    room: str
    status: Literal["waiting", "playing", "over"]
    goal: int
    rules: dict[str, Any] = Field(description="every rule option of the table (engine.rules.RuleSet)")
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


class TableMessage(_Model):
    """Something happened at a table you sit at or watch."""

    type: Literal["table"] = "table"
    table: int
    events: list[dict[str, Any]] = Field(description="the events in order: {'type': EventName, ...fields}")
    state: TableState
    you_may: list[str] = Field(description="your legal commands now, as exact text to send")
    text: str = Field(description="the same news as people read it")


class TextMessage(_Model):
    """Anything else the server says: room descriptions, talk, WHO, help, notices."""

    type: Literal["message"] = "message"
    kind: str
    text: str
    fields: dict[str, str]


class HintChoice(_Model):
    command: str = Field(description="the exact text that makes this choice")
    win: float = Field(description="your chance of winning if you make it and play perfectly after (0 to 1)")


class HintMessage(_Model):
    """Your answer to 'hint': each legal choice with your chance of winning, best first."""

    type: Literal["hint"] = "hint"
    table: int
    choices: list[HintChoice]
    exact: bool = Field(description="false: an estimate (more than two players, or rules not solved exactly)")
    note: str = Field(description="why the chances are estimates, if they are")
    text: str = Field(description="the same hint as people read it")


class ErrorMessage(_Model):
    """A command was not carried out; ``code`` is stable, ``message`` is for people."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


class PromptMessage(_Model):
    """The server waits for a line (e.g. a password)."""

    type: Literal["prompt"] = "prompt"
    text: str
    secret: bool


ServerMessage = Annotated[
    TableMessage | TextMessage | ErrorMessage | PromptMessage | HintMessage, Field(discriminator="type")
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage, config=ConfigDict(defer_build=True))


DEFAULT_CODE: ErrorCode = "refused"
"""An error told without a code (none should be) is still an error a bot can read."""


def message_model(message: Message, viewer: str | None) -> TableMessage | ErrorMessage | TextMessage | HintMessage:
    """The protocol message for ``message`` (``text`` already rendered for ``viewer``): what JSON lines and GMCP
    both send."""
    if isinstance(message.data, TableNews):
        return table_message(message.data, viewer or "", message.text)
    if isinstance(message.data, Hint):
        hint = message.data
        choices = [HintChoice(command=c.command, win=round(c.win, 6)) for c in hint.choices]
        return HintMessage(table=hint.table, choices=choices, exact=hint.exact, note=hint.note, text=message.text)
    if message.kind == "error":
        return ErrorMessage(code=message.fields.get("code", DEFAULT_CODE), message=message.text)  # type: ignore[arg-type]
    return TextMessage(kind=message.kind, text=message.text, fields=dict(message.fields))


def table_message(news: TableNews, viewer: str, text: str) -> TableMessage:
    """``news`` as ``viewer`` gets it: the same state and events for everyone, their own legal commands and text."""
    _, state, events, _ = _converted(news)
    you_may = list(news.view.legal.get(viewer, ()))
    return TableMessage(table=news.table, events=events, state=state, you_may=you_may, text=text)


def table_line(news: TableNews, viewer: str, text: str) -> str:
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
        state, events = _state(news), [_event_dict(event) for event in news.events]
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
    )


def _event_dict(event: object) -> dict[str, Any]:
    from rooms.tables import TableEvent

    if isinstance(event, TableEvent.__args__):  # type: ignore[attr-defined]
        fields = {name: getattr(event, name) for name in event.__slots__}  # type: ignore[attr-defined]
        if "rules" in fields:
            fields["rules"] = fields["rules"].model_dump(mode="json")
        return {"type": type(event).__name__, **{k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}}
    return event_to_dict(event)  # type: ignore[arg-type]


def schema() -> dict[str, Any]:
    return SERVER_MESSAGE.json_schema()


def schema_text() -> str:
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    if argv[1:] != ["schema"]:
        print("usage: python -m server.protocol schema", file=sys.stderr)
        return 2
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
