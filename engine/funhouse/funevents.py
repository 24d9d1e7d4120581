"""Every change to a Funhouse run is one of these events; a run's state is their fold (``funrun.fold``).

Events are plain data: a room's setup is recorded whole when it opens, and each move records the draws it used, so a
run replays exactly from its events with no generator at all.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class RunStarted:
    seed: int
    rooms: tuple[str, ...]
    """The six rooms in order, or one room played alone."""
    options: dict[str, Any]
    daily: str | None = None
    """The UTC date (ISO) of a daily run."""


@dataclass(frozen=True, slots=True)
class RoomOpened:
    room: str
    setup: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Moved:
    room: str
    command: str
    draws: tuple[int, ...] = ()
    """The chance the move used, in order: die faces 0-5 (null-5), coin casts 1 (value-up) or 0."""
    forced: bool = False
    """Made by the run, not the player: the room offered no choice (Catwalk laying a single stack)."""


@dataclass(frozen=True, slots=True)
class RoomClosed:
    room: str
    score: int
    stopped: bool


@dataclass(frozen=True, slots=True)
class RunEnded:
    scores: tuple[int, ...]
    total: int


Event = RunStarted | RoomOpened | Moved | RoomClosed | RunEnded
EVENT_TYPES: dict[str, type] = {kind.__name__: kind for kind in (RunStarted, RoomOpened, Moved, RoomClosed, RunEnded)}
_TUPLES = {"rooms", "draws", "scores"}


def event_to_dict(event: Event) -> dict[str, Any]:
    return {"type": type(event).__name__, **{key: list(item) if key in _TUPLES else item
                                             for key, item in asdict(event).items()}}


def event_from_dict(data: dict[str, Any]) -> Event:
    kind = EVENT_TYPES[data["type"]]
    names = {field.name for field in fields(kind)}
    event: Event = kind(**{key: tuple(item) if key in _TUPLES else item for key, item in data.items() if key in names})
    return event
