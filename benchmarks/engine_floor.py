"""The floor under any engine behind ``engine_bench.py``'s client: the same games, every answer known in advance.

The engine's games are recorded first (off the clock), move by move as the client makes them: each move's events, the
moves listed next, and what the client reads of the turn. The floor then plays them again through the very client
loop the engine is measured with (``engine_bench.play``): ``legal_actions`` returns the recorded moves, and ``apply``
draws the same cubes from the same dice (``SeededDice.throw``), makes the move's events anew (the engine's classes and
fields), logs them, sets what the client reads, and returns the new events. No rule is checked or worked out, no
state is folded, nothing can be refused. What is left is what the interface costs: the client's loop, dice behind a
method, a new object for each event and a list of them for each move. No engine that keeps this interface (and
these events) can be faster, so floor/reference bounds engine/reference from above.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from engine.wimpout import Action, Game, Roll, RuleSet, SeededDice
from engine.wimpout import events as ev
from engine.wimpout.state import NO_CUBES

Seen = tuple[str, int, int, bool, tuple[str, ...]]
"""What the client reads of the turn: player, points, commons, sun, Insurance window."""
Client = Callable[[Any, SeededDice], None]
"""The client loop: plays a whole game through ``legal_actions`` and ``apply`` (``engine_bench.play``)."""


@dataclass(slots=True)
class Move:
    """One recorded move: the cubes it throws (None if none), its events as (class, fields), and the position after."""

    throws: tuple[int, bool] | None
    events: tuple[tuple[type, tuple[Any, ...]], ...]
    over: bool
    turn: Seen | None
    legal: tuple[Action, ...] = ()
    """The moves listed after this one (when the client asked)."""


@dataclass(slots=True)
class Recorded:
    start: tuple[ev.Event, ...]
    first: Seen
    legal: tuple[Action, ...]
    moves: list[Move]
    throws: int
    events: list[ev.Event]
    """The engine's, to check the floor's against."""


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
    turn: Turn


class Floor:
    """A recorded game played again through the engine's interface, with nothing worked out."""

    def __init__(self, recorded: Recorded) -> None:
        self.events: list[ev.Event] = list(recorded.start)
        self.state = Position(False, Turn(*recorded.first))
        self._moves = iter(recorded.moves)
        self._legal = recorded.legal

    def legal_actions(self, player: str | None = None) -> tuple[Action, ...]:
        return self._legal

    def apply(self, player: str | None, action: Action, dice: SeededDice) -> list[ev.Event]:
        move = next(self._moves)
        if move.throws is not None:
            dice.throw(*move.throws)
        events = self.events
        first = len(events)
        for cls, values in move.events:
            events.append(cls(*values))
        state = self.state
        state.over = move.over
        if move.turn is not None:
            turn = state.turn
            turn.player, turn.points, turn.commons, turn.sun, turn.window = move.turn
        self._legal = move.legal
        return events[first:]


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
        events = tuple((type(e), tuple(getattr(e, f.name) for f in fields(e))) for e in made)
        self.moves.append(Move(throws, events, self.state.over, _seen(self.game)))
        return made


def _seen(game: Game) -> Seen | None:
    turn = game.state.turn
    return None if turn is None else (turn.player, turn.points, turn.commons, turn.sun, turn.window)


def record(play: Client, games: int, seed: int, rules: RuleSet, players: tuple[str, ...]) -> list[Recorded]:
    """The engine's games played by the client, recorded."""
    dice = SeededDice(seed)
    recorded = []
    for _ in range(games):
        game = Game.start(players, rules, dice)
        first = _seen(game)
        assert first is not None and not first[4]
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
        floor = Floor(game)
        play(floor, dice)
        seconds += clock() - started
        if floor.events != game.events:
            raise ValueError("the floor made other events than the engine")
    return seconds
