"""Cosmic Wimpout's rules as a pure library: no I/O, no asyncio, no global random state; dice are an input.

    >>> from engine import Game, RuleSet, LoadedDice, ROLL, STOP
    >>> dice = LoadedDice(["10 2", "5 5 5 5 s10"])
    >>> game = Game.start(["Ann", "Bob"], RuleSet(goal=300), dice)
    >>> game.state.current
    'Ann'
    >>> [type(e).__name__ for e in game.apply("Ann", ROLL, dice)]
    ['Thrown', 'Scored', 'FlashMade']
    >>> game.why_not("Ann", STOP)
    'You must clear your flash of 5s before you can stop.'
"""

from engine.wimpout.actions import ROLL, STOP, Action, Choose, Roll, Stop
from engine.wimpout.cubes import COMMON_FACES, SUN_CUBE_FACES, Face, Throw, ThrowSyntaxError, format_throw, parse_throw
from engine.wimpout.dice import DiceExhausted, DiceSource, LoadedDice, SeededDice
from engine.wimpout.events import Event, event_from_dict, event_to_dict
from engine.wimpout.game import Game, IllegalAction
from engine.wimpout.rules import RuleError, RuleSet
from engine.wimpout.scoring import Outcome, Scoring, SunUse, score_throw
from engine.wimpout.state import GameState, PlayerState, TurnState, fold

__all__ = [
    "ROLL", "STOP", "Action", "Choose", "Roll", "Stop",
    "COMMON_FACES", "SUN_CUBE_FACES", "Face", "Throw", "ThrowSyntaxError", "format_throw", "parse_throw",
    "DiceExhausted", "DiceSource", "LoadedDice", "SeededDice",
    "Event", "event_from_dict", "event_to_dict",
    "Game", "IllegalAction",
    "RuleError", "RuleSet",
    "Outcome", "Scoring", "SunUse", "score_throw",
    "GameState", "PlayerState", "TurnState", "fold",
]
