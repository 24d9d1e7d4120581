"""Cosmic Wimpout's daily challenge, pure: one player alone, ``TURNS`` turns on the day's keyed dice, the most points
wins the day. The player sits in seat 0 of a one-player game whose goal cannot be reached in ten turns (so no Last
Licks): the k-th throw of the day is the value at ``wimpout/throw/0/k/<slot>`` of the day's stream
(``engine.wimpout.keyeddice``) for everyone, so equal decisions give equal throws, whoever plays them."""

from __future__ import annotations

from collections.abc import Sequence

from engine.keyedstream import KeyedStream
from engine.wimpout import events as ev
from engine.wimpout.actions import Action
from engine.wimpout.game import Game
from engine.wimpout.keyeddice import KeyedDice
from engine.wimpout.rules import MAX_GOAL, RuleSet

TURNS = 10
"""Turns in a daily challenge: its score is the points banked in them."""
DAILY_RULES = RuleSet(goal=MAX_GOAL)
"""The rules' defaults, with a goal out of reach: ten turns never start Last Licks."""


class SoloDay:
    """One player's daily challenge: the game, thrown with the day's dice (rebuilt from stored events after a
    restart, it throws on exactly where they left it)."""

    def __init__(self, game: Game, stream: KeyedStream) -> None:
        self.game = game
        self.dice = KeyedDice(stream, lambda: self.game)

    @classmethod
    def start(cls, player: str, stream: KeyedStream) -> SoloDay:
        day = cls.__new__(cls)
        day.dice = KeyedDice(stream, lambda: day.game)
        day.game = Game.start([player], DAILY_RULES, day.dice)
        return day

    @classmethod
    def replay(cls, events: Sequence[ev.Event], stream: KeyedStream) -> SoloDay:
        return cls(Game.replay(events), stream)

    @property
    def player(self) -> str:
        created = self.game.events[0]
        assert isinstance(created, ev.GameCreated)
        return created.players[0]

    @property
    def turn(self) -> int:
        """The turn under way, from 1 (``TURNS + 1`` once the challenge is over)."""
        return turns_begun(self.game.events)

    @property
    def over(self) -> bool:
        return self.game.is_over or self.turn > TURNS

    @property
    def score(self) -> int:
        return self.game.state.player(self.player).score

    def legal(self) -> tuple[Action, ...]:
        return () if self.over else self.game.legal_actions(self.player)

    def apply(self, action: Action) -> list[ev.Event]:
        """Play ``action`` (IllegalAction with the reason if it may not be played now)."""
        if self.over:
            from engine.wimpout.game import IllegalAction

            raise IllegalAction("Your daily challenge is over.")
        return self.game.apply(self.player, action, self.dice)

    def copy(self) -> SoloDay:
        return SoloDay(Game.replay(list(self.game.events)), self.dice.stream)


def turns_begun(events: Sequence[ev.Event]) -> int:
    return sum(1 for event in events if type(event) is ev.TurnStarted)
