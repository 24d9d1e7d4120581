"""Turns played with scripted cubes, for the engine's turn tests: a game started after a given roll-off, throws and
stops that assert they were legal, and the refusals' words."""

from __future__ import annotations

from engine.wimpout import events as ev
from engine.wimpout.actions import ROLL, STOP
from engine.wimpout.dice import LoadedDice
from engine.wimpout.game import Game
from engine.wimpout.rules import RuleSet

CLEAR_4S = "You must clear your flash of 4s before you can stop."
YMNWTBYM = "All five cubes have scored: you may not want to, but you must throw all five again."
ROLL_FIRST = "Every turn begins by throwing all five cubes: roll first."


def reroll_clause(face: str) -> str:
    return (
        f"Your throw matched the flash of {face}s you are clearing, so it does not count (the Reroll Clause):"
        " throw those cubes again."
    )


def opening(points: int, minimum: int = 35) -> str:
    return f"You need {minimum} points in one turn to get in the game; you have {points} so far."


def start(players=("Ann", "Bob"), rolloff: str | None = "10 2", **options: object) -> Game:
    script = [rolloff] if rolloff else []
    return Game.start(list(players), RuleSet(**options), LoadedDice(script))


def roll(game: Game, player: str, throw: str) -> list[ev.Event]:
    return game.apply(player, ROLL, LoadedDice([throw]))


def stop(game: Game, player: str) -> list[ev.Event]:
    return game.apply(player, STOP, LoadedDice([]))


def names(events: list[ev.Event]) -> list[str]:
    return [type(event).__name__ for event in events]


def scored(events: list[ev.Event]) -> ev.Scored:
    (event,) = [e for e in events if isinstance(e, ev.Scored)]
    return event
