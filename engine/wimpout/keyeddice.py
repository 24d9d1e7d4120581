"""Cosmic Wimpout's checkable dice (engine.keyedstream): every cube thrown is the value at its address, so a game can
be checked throw by throw from its stored events, and tables that share a stream key throw the same cubes for the same
seat whatever each decided before.

Addresses (docs/fairness.md):

- ``wimpout/throw/<seat>/<k>/<slot>``: the ``k``-th throw (from 0) of the player in seat ``seat`` (from 0, the
  order the game seated them), cube slot ``slot``. A throw of ``c`` common cubes uses slots 0 .. c-1 (the common cubes
  thrown, in the order the throw lists them); the sun cube, when thrown, is always slot 4. Cubes left on the table
  from a void throw (``reroll_only_matching``) are not thrown again and take no slot. Every throw counts, a throw
  cancelled with Insurance Points too.
- ``wimpout/rolloff/<round>/<i>``: the roll-off for the first turn, round ``round`` (from 0; a tie throws again), the
  ``i``-th contender of that round in seat order.

A common cube's value is the index of its face in ``2 3 4 5 6 10``, the sun cube's in ``2 sun 4 5 6 10``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engine.keyedstream import Draw, KeyedStream, ordinal
from engine.wimpout import events as ev
from engine.wimpout.cubes import COMMON_CUBES, COMMON_FACES, SUN_CUBE_FACES, Face, Throw
from engine.wimpout.game import Game
from engine.wimpout.state import evolve, new_state
from engine.wimpout.throws import every_throw

GAME = "wimpout"
COMMON_LABELS = tuple(face.label for face in COMMON_FACES)
SUN_LABELS = tuple(face.label for face in SUN_CUBE_FACES)
SUN_SLOT = COMMON_CUBES
"""The sun cube's slot: always the fifth (4), however many common cubes are thrown with it."""


def throw_address(seat: int, k: int, slot: int) -> str:
    return f"{GAME}/throw/{seat}/{k}/{slot}"


def rolloff_address(round_: int, index: int) -> str:
    return f"{GAME}/rolloff/{round_}/{index}"


class Unreadable(ValueError):
    """Stored events that are not a game these dice could have thrown (named in words)."""


class KeyedDice:
    """A ``DiceSource`` drawing every cube at its address in ``stream``. ``game`` gives the game being played (None
    until it starts): whose throw it is, and how many that seat has thrown, are read from its events, so a game
    rebuilt after a restart or a failed save throws on exactly where its stored events left it. Each game's start
    needs a new source (the roll-off counts its rounds itself)."""

    def __init__(self, stream: KeyedStream, game: Callable[[], Game | None]) -> None:
        self.stream = stream
        self._game = game
        self._throws = every_throw()
        self._rolloffs = 0
        self._counted: tuple[list[Any] | None, int, dict[str, int]] = (None, 0, {})
        """The events last counted (the game's list itself), how many of them, and the throws of each player."""

    def throw(self, commons: int, sun: bool) -> Throw:
        game = self._game()
        turn = game.state.turn if game is not None else None
        if game is None or turn is None:
            raise RuntimeError("keyed dice are thrown only during a turn")
        seat = _seat(game, turn.player)
        k = self._thrown(game, turn.player)
        code = 0
        for slot in range(commons):
            code = code * 6 + self.stream.below(throw_address(seat, k, slot), 6)
        if sun:
            code = code * 6 + self.stream.below(throw_address(seat, k, SUN_SLOT), 6)
        return self._throws[commons][sun][code]

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        round_, self._rolloffs = self._rolloffs, self._rolloffs + 1
        return tuple(COMMON_FACES[self.stream.below(rolloff_address(round_, i), 6)] for i in range(cubes))

    def _thrown(self, game: Game, player: str) -> int:
        """How many throws ``player`` has made in ``game`` (counted on from the last call while the events only
        grew)."""
        events = game.events
        seen, counted, throws = self._counted
        if seen is not events or counted > len(events):
            counted, throws = 0, {}
        for index in range(counted, len(events)):
            event = events[index]
            if type(event) is ev.Thrown:
                throws[event.player] = throws.get(event.player, 0) + 1
        self._counted = (events, len(events), throws)
        return throws.get(player, 0)


def _seat(game: Game, player: str) -> int:
    created = game.events[0]
    assert isinstance(created, ev.GameCreated)
    return created.players.index(player)


def draws(events: Sequence[ev.Event]) -> Iterator[Draw]:
    """Every cube of a stored game as the game used it, at its address: what checking the game recomputes."""
    if not events or not isinstance(events[0], ev.GameCreated):
        raise Unreadable("a game's events begin with its creation")
    players = events[0].players
    state = new_state(events[0])
    throws = [0] * len(players)
    rounds = 0
    for number, event in enumerate(events[1:], 1):
        if isinstance(event, ev.RollOff):
            for i, (name, face) in enumerate(event.throws):
                yield Draw(rolloff_address(rounds, i), 6, _index(COMMON_FACES, face, number),
                           f"the roll-off, round {rounds + 1}, {name}'s cube (event {number})", _seat_of(players, name),
                           "common", COMMON_LABELS)
            rounds += 1
        elif isinstance(event, ev.Thrown):
            yield from _throw(event, state.turn, players, throws, number)
        try:
            evolve(state, event)
        except (AttributeError, KeyError, TypeError, ValueError) as error:
            raise Unreadable(f"event {number} does not follow from the ones before it ({error})") from None


def _throw(event: ev.Thrown, turn: Any, players: tuple[str, ...], throws: list[int], number: int) -> Iterator[Draw]:
    """The cubes freshly thrown in ``event`` (those left on the table from a void throw come first in it)."""
    if turn is None or turn.player != event.player:
        raise Unreadable(f"event {number}: {event.player} throws out of turn")
    seat = _seat_of(players, event.player)
    k = throws[seat]
    throws[seat] += 1
    held = turn.held
    fresh = event.throw.commons[len(held.commons):]
    if len(fresh) != turn.commons - len(held.commons):
        raise Unreadable(f"event {number}: {len(fresh)} common cubes thrown, not {turn.commons - len(held.commons)}")
    whose = f"{event.player}'s {ordinal(k + 1)} throw"
    for slot, face in enumerate(fresh):
        yield Draw(throw_address(seat, k, slot), 6, _index(COMMON_FACES, face, number),
                   f"{whose}, cube {slot + 1} (event {number})", seat, "common", COMMON_LABELS)
    if turn.sun and held.sun is None:
        if event.throw.sun is None:
            raise Unreadable(f"event {number}: the sun cube was not thrown")
        yield Draw(throw_address(seat, k, SUN_SLOT), 6, _index(SUN_CUBE_FACES, event.throw.sun, number),
                   f"{whose}, the sun cube (event {number})", seat, "sun", SUN_LABELS)


def _seat_of(players: tuple[str, ...], name: str) -> int:
    if name not in players:
        raise Unreadable(f"{name} is not seated in this game")
    return players.index(name)


def _index(faces: tuple[Face, ...], face: Face, number: int) -> int:
    if face not in faces:
        raise Unreadable(f"event {number}: that cube has no face {face.label}")
    return faces.index(face)
