"""Epic Funhouse's checkable chance (engine.keyedstream): every die, coin and shuffle place of a run is the value at
its address, so a run can be checked from its stored events by playing its moves again on the same seeds.

Addresses (docs/fairness.md): ``funhouse/<room>/<purpose>/<p>``, the ``p``-th draw (from 0) of the room's stream for
``setup`` (its layout) or ``play`` (its moves), as the seeded streams of ``seedstreams`` number them. A die is a
value below 6 (0 null .. 5), a coin below 2 (1: it lands value-up), a place of a shuffle below the number of places
left (Fisher-Yates from the last place down, as ``seedstreams.shuffled``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.keyedstream import Draw, KeyedStream, Verdict
from engine.funhouse import funevents as ev
from engine.funhouse.funroom import FunOptions, RoomError
from engine.funhouse.funrun import FunRun

GAME = "funhouse"


def draw_address(room: str, purpose: str, position: int) -> str:
    return f"{GAME}/{room}/{purpose}/{position}"


class KeyedDraws:
    """One room's stream for one purpose, from ``position`` on: each draw the value at its address, written down (as
    ``seedstreams.RecordingDraws`` does, so a move's event carries them) and logged with its address."""

    def __init__(self, stream: KeyedStream, room: str, purpose: str, position: int, log: list[Draw] | None) -> None:
        self._stream, self._room, self._purpose, self._position = stream, room, purpose, position
        self._log = log
        self.record: list[int] = []

    def below(self, n: int) -> int:
        address = draw_address(self._room, self._purpose, self._position)
        value = self._stream.below(address, n)
        if self._log is not None:
            self._log.append(Draw(address, n, value, f"{self._room}, {self._purpose} draw {self._position + 1}"))
        self._position += 1
        self.record.append(value)
        return value

    def roll(self) -> int:
        return self.below(6)

    def cast(self) -> bool:
        return self.below(2) == 1


class KeyedChance:
    """A run's chance from a keyed stream (in place of ``seedstreams.SeededChance``): nothing to keep, an address
    names each draw. ``log``: every draw made is noted there too (the export of a run)."""

    def __init__(self, stream: KeyedStream, log: list[Draw] | None = None) -> None:
        self.stream = stream
        self.log = log

    def draws(self, room: str, purpose: str, position: int = 0) -> KeyedDraws:
        return KeyedDraws(self.stream, room, purpose, position, self.log)


def _plain(event: ev.Event) -> Any:
    """An event as JSON reads it back (tuples as lists), so a stored event and one played again compare equal."""
    return json.loads(json.dumps(ev.event_to_dict(event)))


def _differs(stored: Any, again: Any | None, number: int) -> str:
    """Words for the first stored event that the seeds do not give."""
    if isinstance(stored, ev.RoomOpened):
        return f"the layout of {stored.room} (event {number}) is not the one the seeds give"
    if isinstance(stored, ev.Moved) and isinstance(again, ev.Moved):
        return (f"the move '{stored.command}' in {stored.room} (event {number}) drew {list(stored.draws)}, the seeds"
                f" give {list(again.draws)}")
    if again is None:
        return f"event {number} ({type(stored).__name__}) goes on past what the seeds give"
    return f"event {number} ({type(stored).__name__}) is not what the seeds give ({type(again).__name__})"


def replayed(events: Sequence[ev.Event], stream: KeyedStream) -> tuple[Verdict, list[Draw]]:
    """The run played again on ``stream``, its moves as stored: the first event that comes out otherwise is the
    mismatch. Returns the verdict and every draw made (with its address)."""
    log: list[Draw] = []
    first = events[0] if events else None
    if not isinstance(first, ev.RunStarted):
        return Verdict(0, "a run's events begin with its start"), log
    chance = KeyedChance(stream, log)
    room = first.rooms[0] if len(first.rooms) == 1 else None
    try:
        run = FunRun.start(first.seed, room, FunOptions.from_dict(first.options), chance, daily=first.daily)
    except (RoomError, KeyError, TypeError, ValueError) as error:
        return Verdict(0, f"the run cannot be started again ({error})"), log
    compared = 0
    for number, event in enumerate(events):
        if number >= len(run.events) and isinstance(event, ev.Moved) and not event.forced:
            try:
                run.apply(event.command, chance)
            except (RoomError, KeyError, TypeError, ValueError) as error:
                return Verdict(compared, f"the move '{event.command}' (event {number}) is refused when played again on"
                                         f" the seeds ({error})"), log
        again = run.events[number] if number < len(run.events) else None
        if again is None or _plain(again) != _plain(event):
            return Verdict(compared, _differs(event, again, number)), log
        compared = len(log)
    if len(run.events) != len(events):
        return Verdict(compared, f"the seeds go on past the stored run (event {len(events)})"), log
    return Verdict(len(log)), log
