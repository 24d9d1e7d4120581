"""Every change to a Funhouse run is one of these events; a run's state is their fold (``funrun.fold``).

Events are plain data: a room's setup is recorded whole when it opens, and each move records the draws it used, so a
run replays exactly from its events with no generator at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.eventcodec import EventCodec


@dataclass(frozen=True, slots=True)
class RunStarted:
    seed: int
    """The seed of its seeded streams (``seedstreams``); 0 for a run whose chance is keyed (``keyedchance``: its
    server seed and commitment are kept by the server, beside the run)."""
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
_CODEC: EventCodec[Event] = EventCodec(Event.__args__)  # type: ignore[attr-defined]
EVENT_TYPES = _CODEC.types
event_to_dict = _CODEC.to_dict
event_from_dict = _CODEC.from_dict
