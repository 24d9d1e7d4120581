"""The floor under any engine behind ``engine_bench.py``'s client: the engine's games, every answer known in advance.

The engine's games are recorded first (off the clock), move by move as the client makes them: the cubes a move
throws, its other events' values, the moves listed next, and what the client reads of the game after it. The floor
then plays them again through the very client loop the engine is measured with (``engine_bench.play``), and pays only
what the interface makes any engine pay: ``legal_actions`` returns the recorded moves; ``apply`` draws the cubes from
the same dice (``SeededDice.throw``), makes each event anew as the engine makes its commonest (a new object of its
class with its fields set: the Thrown of a throw written out, the others by a function made once per class), logs
them, and returns the new ones. What the client reads is a view made in advance and set with one store: no rule is
checked or worked out, nothing is folded, nothing can be refused, and there is no replay machinery to pay for (no
iterator, no ``cls(*values)``, no fields unpacked into a turn). No engine that keeps this interface (and these events)
can be much faster, so floor/reference bounds engine/reference from above.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from engine.wimpout import Action, Game, Roll, RuleSet, SeededDice
from engine.wimpout import events as ev
from engine.wimpout.state import NO_CUBES

Client = Callable[[Any, SeededDice], None]
"""The client loop: plays a whole game through ``legal_actions`` and ``apply`` (``engine_bench.play``)."""
Maker = Callable[[tuple[Any, ...]], ev.Event]
_new = object.__new__
_Thrown = ev.Thrown


@dataclass(slots=True)
class Turn:
    """The fields of ``TurnState`` the client reads."""

    player: str
    points: int
    commons: int
    sun: bool
    window: tuple[str, ...]


@dataclass(slots=True)
class Position:
    over: bool
    turn: Turn | None


@dataclass(slots=True)
class Move:
    """One recorded move: the cubes it throws (None if none), its other events (made by ``made``'s functions from
    their values), and the position after it as the client reads it."""

    throws: tuple[int, bool] | None
    made: tuple[tuple[Maker, tuple[Any, ...]], ...]
    over: bool
    turn: Turn | None
    legal: tuple[Action, ...] = ()
    """The moves listed after this one (when the client asked)."""


@dataclass(slots=True)
class Recorded:
    start: tuple[ev.Event, ...]
    first: Turn
    legal: tuple[Action, ...]
    moves: list[Move]
    throws: int
    events: list[ev.Event]
    """The engine's, to check the floor's against."""


class Floor:
    """A recorded game played again through the engine's interface, with nothing worked out."""

    def __init__(self, recorded: Recorded, dice: SeededDice) -> None:
        for event in recorded.start:  # the roll-off draws its cubes too (its events are not made anew)
            if isinstance(event, ev.RollOff):
                dice.roll_off(len(event.throws))
        self.events: list[ev.Event] = list(recorded.start)
        self.state = Position(False, recorded.first)
        self._moves = recorded.moves
        self._at = 0
        self._legal = recorded.legal

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        return self._legal

    def apply(self, player: str | None, action: Action, dice: SeededDice) -> list[ev.Event]:
        move = self._moves[self._at]
        self._at += 1
        events = self.events
        first = len(events)
        throws = move.throws
        if throws is not None:
            event = _new(_Thrown)
            event.player, event.throw = player, dice.throw(throws[0], throws[1])
            events.append(event)
        for make, values in move.made:
            events.append(make(values))
        state = self.state
        state.over, state.turn = move.over, move.turn
        self._legal = move.legal
        return events[first:]


def _maker(cls: type) -> Maker:
    """A function making an event of ``cls`` from its fields' values as the engine makes its commonest events, made
    once per class."""
    if cls in _MAKERS:
        return _MAKERS[cls]
    lines = [f"    e.{field.name} = v[{index}]\n" for index, field in enumerate(fields(cls))]
    namespace: dict[str, Any] = {"new": _new, "cls": cls}
    exec(f"def make(v):\n    e = new(cls)\n{''.join(lines)}    return e\n", namespace)  # noqa: S102  # made once, here
    made = _MAKERS[cls] = namespace["make"]
    return made


_MAKERS: dict[type, Maker] = {}


class Recorder:
    """An engine game behind the same interface, writing down each move as the client makes it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.state = game.state
        self.moves: list[Move] = []

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        legal = self.game.legal_actions(player)
        if self.moves:
            self.moves[-1].legal = legal
        return legal

    def apply(self, player: str | None, action: Action, dice: SeededDice) -> list[ev.Event]:
        turn = self.state.turn
        assert turn is not None and turn.held is NO_CUBES  # the bench's rules never keep cubes on the table
        throws = (turn.commons, turn.sun) if isinstance(action, Roll) else None
        made = self.game.apply(player, action, dice)
        rest = made[1:] if throws is not None else made
        assert throws is None or isinstance(made[0], ev.Thrown) and made[0].player == player
        events = tuple((_maker(type(e)), tuple(getattr(e, f.name) for f in fields(e))) for e in rest)
        self.moves.append(Move(throws, events, self.state.over, _seen(self.game)))
        return made


def _seen(game: Game) -> Turn | None:
    turn = game.state.turn
    return None if turn is None else Turn(turn.player, turn.points, turn.commons, turn.sun, turn.window)


def record(play: Client, games: int, seed: int, rules: RuleSet, players: tuple[str, ...]) -> list[Recorded]:
    """The engine's games played by the client, recorded."""
    dice = SeededDice(seed)
    recorded = []
    for _ in range(games):
        game = Game.start(players, rules, dice)
        first = _seen(game)
        assert first is not None and not first.window
        start, legal = tuple(game.events), game.legal_actions()
        recorder = Recorder(game)
        play(recorder, dice)
        throws = sum(isinstance(event, ev.Thrown) for event in game.events)
        recorded.append(Recorded(start, first, legal, recorder.moves, throws, game.events))
    return recorded


def floor_round(play: Client, recorded: list[Recorded], seed: int) -> float:
    """CPU seconds for the recorded games played again by the client; each game's events are checked against the
    engine's (off the clock)."""
    dice = SeededDice(seed)
    seconds = 0.0
    clock = time.process_time
    for game in recorded:
        started = clock()
        floor = Floor(game, dice)
        play(floor, dice)
        seconds += clock() - started
        if floor.events != game.events:
            raise ValueError("the floor made other events than the engine")
    return seconds
