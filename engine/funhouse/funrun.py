"""A Funhouse run: the six rooms in order (or one room alone), each room's end setting up the next, and the total.

``FunRun`` decides which events a command causes; ``evolve`` is the only code that changes the state, and a room
changes only through its ``play``, on the live path and on replay alike (the live move draws from the seeded stream
and the event records what it drew; replay reads the record). So ``FunRun.replay(run.events)`` equals ``run``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.funhouse import barrels, catwalk, mirror, slidejam, trampoland, whackadummy
from engine.funhouse import funevents as ev
from engine.funhouse.seedstreams import Chance, Draws, LoadedDraws, SeededChance
from engine.funhouse.funroom import Best, FunOptions, Room, RoomError

ROOMS: tuple[str, ...] = ("slide-jam", "magic-mirror", "catwalk", "barrels", "whack-a-dummy", "trampo-land")
ROOM_TYPES: dict[str, Callable[[dict[str, Any], FunOptions], Room]] = {
    "slide-jam": slidejam.SlideJam, "magic-mirror": mirror.MagicMirror, "catwalk": catwalk.Catwalk,
    "barrels": barrels.Barrels, "whack-a-dummy": whackadummy.WhackADummy, "trampo-land": trampoland.TrampoLand,
}
ALONE: dict[str, Callable[[Draws], dict[str, Any]]] = {
    "slide-jam": slidejam.deal, "magic-mirror": mirror.deal, "catwalk": catwalk.deal,
    "barrels": barrels.deal, "whack-a-dummy": whackadummy.deal, "trampo-land": trampoland.deal,
}
"""Each room's random setup when played alone (Slide Jam's is also the run's first)."""
AFTER: dict[str, Callable[[dict[str, Any], Draws], dict[str, Any]]] = {
    "magic-mirror": lambda carry, draws: carry,
    "catwalk": catwalk.after_mirror,
    "barrels": barrels.after_catwalk,
    "whack-a-dummy": lambda carry, draws: carry,
    "trampo-land": lambda carry, draws: trampoland.set_up(carry["sums"], draws),
}
"""Each room's setup from the room before it (and the room's own setup stream)."""


class FunError(RoomError):
    """The command is refused; the message says why, for the player."""


@dataclass
class FunState:
    """The fold of a run's events."""

    seed: int
    rooms: tuple[str, ...]
    options: FunOptions
    daily: str | None = None
    room: Room | None = None
    scores: list[int] = field(default_factory=list)
    drawn: int = 0
    """Draws the open room's play stream has given."""
    over: bool = False

    @property
    def total(self) -> int:
        return sum(self.scores)


def evolve(state: FunState, event: ev.Event, played: bool = False) -> None:
    """Fold ``event`` into ``state``. ``played``: the live path has already made the move on the room."""
    if isinstance(event, ev.RoomOpened):
        state.room = ROOM_TYPES[event.room](event.setup, state.options)
        state.drawn = 0
    elif isinstance(event, ev.Moved):
        assert state.room is not None
        if not played:
            state.room.play(event.command, LoadedDraws(event.draws))
        state.drawn += len(event.draws)
    elif isinstance(event, ev.RoomClosed):
        state.scores.append(event.score)
    elif isinstance(event, ev.RunEnded):
        state.over = True


def fold(events: Sequence[ev.Event]) -> FunState:
    first = events[0]
    assert isinstance(first, ev.RunStarted)
    state = FunState(first.seed, first.rooms, FunOptions.from_dict(first.options), first.daily)
    for event in events[1:]:
        evolve(state, event)
    return state


class FunRun:
    """One run: its events, its state (their fold), and the rules of moving on."""

    def __init__(self, started: ev.RunStarted) -> None:
        self.events: list[ev.Event] = [started]
        self.state = fold(self.events)

    @classmethod
    def start(cls, seed: int, room: str | None = None, options: FunOptions | None = None,
              chance: Chance | None = None, daily: datetime.date | str | None = None) -> FunRun:
        """A run through the six rooms, or ``room`` alone with its random setup; every draw comes from ``seed``, or
        from ``chance`` (a keyed one, ``seed`` 0)."""
        if room is not None and room not in ROOMS:
            raise FunError(f"There is no room '{room}': {', '.join(ROOMS)}.")
        day = daily.isoformat() if isinstance(daily, datetime.date) else daily
        run = cls(ev.RunStarted(seed, (room,) if room else ROOMS, (options or FunOptions()).to_dict(), day))
        chance = chance or SeededChance(seed)
        first = run.state.rooms[0]
        run._open(first, ALONE[first](chance.draws(first, "setup")), chance)
        return run

    @classmethod
    def daily(cls, day: datetime.date, chance: Chance, options: FunOptions | None = None) -> FunRun:
        """The day's run, the same layout for everyone: ``chance`` from the day's committed seed alone."""
        return cls.start(0, options=options, chance=chance, daily=day)

    @classmethod
    def replay(cls, events: Sequence[ev.Event]) -> FunRun:
        """Rebuild a run from its stored events."""
        run = cls.__new__(cls)
        run.events = list(events)
        run.state = fold(run.events)
        return run

    # -- what may be done -------------------------------------------------------------------------------------------

    @property
    def room(self) -> Room | None:
        """The room being played; None once the run is over."""
        return None if self.state.over else self.state.room

    @property
    def is_over(self) -> bool:
        return self.state.over

    def legal_moves(self) -> list[str]:
        """Every command the open room accepts now, as exact text; empty once the run is over."""
        return self.room.moves() if self.room else []

    def why_not(self, command: str) -> str | None:
        if self.room is None:
            return "The run is over."
        return self.room.why_not(command)

    def apply(self, command: str, chance: Chance) -> list[ev.Event]:
        """Make a move in the open room; when it ends the room, close it and open the next (or end the run).
        Returns the events caused, in order."""
        refusal = self.why_not(command)
        if refusal is not None:
            raise FunError(refusal)
        start = len(self.events)
        self._move(" ".join(command.split()), chance)
        return self.events[start:]

    def _move(self, command: str, chance: Chance, forced: bool = False) -> None:
        room = self.state.room
        assert room is not None
        draws = chance.draws(room.name, "play", self.state.drawn)
        room.play(command, draws)
        self._emit(ev.Moved(room.name, command, tuple(draws.record), forced), played=True)
        self._settle(chance)

    def _settle(self, chance: Chance) -> None:
        """Close a room that has ended and open the next; make a move there is no choosing (laying a single stack)."""
        room = self.state.room
        assert room is not None
        if room.over:
            self._emit(ev.RoomClosed(room.name, room.score(), room.stopped))
            index = len(self.state.scores)
            if index == len(self.state.rooms):
                self._emit(ev.RunEnded(tuple(self.state.scores), self.state.total))
                return
            name = self.state.rooms[index]
            self._open(name, AFTER[name](room.carry(), chance.draws(name, "setup")), chance)
            return
        forced = room.forced()
        if forced is not None:
            self._move(forced, chance, forced=True)

    def _open(self, name: str, setup: dict[str, Any], chance: Chance) -> None:
        self._emit(ev.RoomOpened(name, setup))
        self._settle(chance)

    def _emit(self, event: ev.Event, played: bool = False) -> None:
        self.events.append(event)
        evolve(self.state, event, played)

    # -- figures ----------------------------------------------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        """The scores of the rooms ended so far, by room."""
        return dict(zip(self.state.rooms, self.state.scores))

    def room_at(self, index: int, moves: int | None = None) -> Room:
        """Room ``index`` of the run (0 the first) as it was after ``moves`` of its moves (all it had by default)."""
        opened = [i for i, event in enumerate(self.events) if isinstance(event, ev.RoomOpened)]
        if not 0 <= index < len(opened):
            raise FunError("That room has not been reached.")
        state = fold(self.events[:opened[index] + 1])
        made = 0
        for event in self.events[opened[index] + 1:]:
            if isinstance(event, ev.RoomOpened) or (isinstance(event, ev.Moved) and not event.forced
                                                    and moves is not None and made >= moves):
                break
            made += isinstance(event, ev.Moved) and not event.forced
            evolve(state, event)
        assert state.room is not None
        return state.room

    def best(self, index: int, moves: int = 0, cap: int | None = None) -> Best:
        """The lowest score reachable in room ``index`` from its start (or after ``moves`` of its moves)."""
        room = self.room_at(index, moves)
        return room.best() if cap is None else room.best(cap)
