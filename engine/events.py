"""Every change to a game is one of these events; a game's state is the fold of its events (see state.evolve).

Events are values: nothing changes one after it is made (they are not frozen only because frozen dataclasses cost a
large share of the engine's time to build).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from engine.cubes import Face, Throw
from engine.rules import RuleSet
from engine.scoring import Scoring


@dataclass(slots=True)
class GameCreated:
    players: tuple[str, ...]
    rules: RuleSet


@dataclass(slots=True)
class RollOff:
    """One round of the roll-off for the first turn: each contender throws one common cube."""

    throws: tuple[tuple[str, Face], ...]


@dataclass(slots=True)
class TurnStarted:
    player: str


@dataclass(slots=True)
class Thrown:
    """The cubes on the table after a throw (with reroll_only_matching, the held cubes too)."""

    player: str
    throw: Throw


@dataclass(slots=True)
class Voided:
    """The Reroll Clause: the throw showed a face of a flash being cleared, so it does not count."""

    player: str
    matched: tuple[Face, ...]
    held: Throw = Throw(())


@dataclass(slots=True)
class ChoiceOffered:
    player: str
    options: tuple[Scoring, ...]


@dataclass(slots=True)
class FlashCleared:
    player: str
    faces: tuple[Face, ...]


@dataclass(slots=True)
class Scored:
    player: str
    scoring: Scoring
    turn_points: int


@dataclass(slots=True)
class FlashMade:
    """The Futtless Rule now holds: the flash must be cleared before the player may stop."""

    player: str
    face: Face


@dataclass(slots=True)
class MustThrowAll:
    """You May Not Want To But You Must: all five cubes have scored, so all five are thrown again."""

    player: str


@dataclass(slots=True)
class WimpedOut:
    player: str
    points_lost: int
    train_wreck: bool


@dataclass(slots=True)
class Banked:
    player: str
    points: int
    score: int
    entered: bool
    """True when this bank got the player into the game (the opening minimum)."""


@dataclass(slots=True)
class PlayerOut:
    player: str
    reason: str


@dataclass(slots=True)
class LastLicksStarted:
    leader: str
    target: int
    challengers: tuple[str, ...]


@dataclass(slots=True)
class LastLickEnded:
    player: str
    passed: bool
    target: int


@dataclass(slots=True)
class LeaderChanged:
    """A new leader in Last Licks (or a new round of variant C): these challengers must now pass ``target``."""

    leader: str
    previous: str
    target: int
    challengers: tuple[str, ...]


@dataclass(slots=True)
class GameOver:
    winner: str | None
    reason: str


Event = (
    GameCreated
    | RollOff
    | TurnStarted
    | Thrown
    | Voided
    | ChoiceOffered
    | FlashCleared
    | Scored
    | FlashMade
    | MustThrowAll
    | WimpedOut
    | Banked
    | PlayerOut
    | LastLicksStarted
    | LastLickEnded
    | LeaderChanged
    | GameOver
)
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in Event.__args__}  # type: ignore[attr-defined]


@cache
def _adapter(cls: type) -> TypeAdapter[Any]:
    return TypeAdapter(cls)


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict for storage or a bot: ``{"type": "Scored", ...fields}``."""
    return {"type": type(event).__name__, **_adapter(type(event)).dump_python(event, mode="json")}


def event_from_dict(data: dict[str, Any]) -> Event:
    """The inverse of event_to_dict; raises ValueError on an unknown or malformed event."""
    fields = dict(data)
    cls = EVENT_TYPES.get(fields.pop("type", None))
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return _adapter(cls).validate_python(fields)
