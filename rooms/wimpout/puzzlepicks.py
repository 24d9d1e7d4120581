"""Puzzles picked from Cosmic Wimpout games, pure: a decision of a finished two-player game where the choice made
gave up a clear share of the chance of winning, and one choice is clearly best (by the solved tables: the chances are
exact). When the store holds too few real games, positions come from games between simple house bots, played here on
seeded dice: their rules of thumb (throw on below a threshold) are how most players play, and err as they do.

A position is a puzzle when, by the optimal policy:
- the best choice beats the choice made by at least ``GAP`` of winning chance (the mistake is not small);
- it beats every other choice by at least ``MARGIN`` (one answer is clearly right: grading is fair);
- the best choice's chance is between ``DECIDED`` and ``1 - DECIDED`` (the game is not already won or lost, where
  every choice is about equal and nothing is learned).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.wimpout import Game, RuleSet
from engine.wimpout import events as ev
from engine.wimpout.dice import SeededDice
from engine.wimpout.strategies import Strategy, threshold
from rooms.wimpout.advising import Advisors, advised
from rooms.wimpout.turnwords import command_text

GAP = 0.05
MARGIN = 0.03
DECIDED = 0.05
BOT_PLAYERS = ("first", "second")
BOT_STRATEGIES: tuple[Strategy, ...] = (threshold(150), threshold(350))
"""The bots of the fallback games: one throws on until 150 points in the turn, the other until 350 (what players
new to the game commonly do: stop early, or push too far)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """A puzzle's position: the game's first ``length`` events, whose decision it is, each choice with the chance of
    winning after it (best first), and the choice made in the game."""

    length: int
    player: str
    choices: tuple[tuple[str, float], ...]
    made: str


def picks(advisors: Advisors, events: list[ev.Event], deciders: frozenset[str] | None = None) -> Iterator[Pick]:
    """The puzzles in a finished two-player game (ValueError if it cannot be read exactly), among the decisions of
    ``deciders`` (all players: None)."""
    for d in advised(advisors, events):
        if d.advice is None or len(d.legal) < 2 or (deciders is not None and d.player not in deciders):
            continue
        choices = d.advice.choices
        best, second = choices[0], choices[1]
        made = next(choice for choice in choices if choice.action == d.action)
        if (best.win - made.win >= GAP and best.win - second.win >= MARGIN
                and DECIDED <= best.win <= 1 - DECIDED):
            words = tuple((command_text(d.game, d.player, c.action), round(c.win, 6)) for c in choices)
            yield Pick(len(d.game.events), d.player, words, command_text(d.game, d.player, d.action))


def bot_game(seed: int) -> list[ev.Event]:
    """A game between the fallback bots on dice seeded by ``seed`` (the same game for the same seed)."""
    dice = SeededDice(seed)
    game = Game.start(BOT_PLAYERS, RuleSet(), dice)
    while not game.is_over:
        player = game.waiting_on()[0]
        play = BOT_STRATEGIES[BOT_PLAYERS.index(player)]
        game.apply(player, play(game.state, player, game.legal_actions(player)), dice)
    return game.events
