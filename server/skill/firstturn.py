"""The first turn's worth in a two-player Cosmic Wimpout game: the solver's chance that its taker wins between
optimal players (docs/strategy.md, "The first player's chance"), by the game's goal."""

from __future__ import annotations

from collections.abc import Sequence

from engine.wimpout import Game
from engine.wimpout import events as ev
from server.competition.ratingmodel import FirstTurn

SOLVED_FIRST_TURN = ((100, 0.5472), (200, 0.5350), (300, 0.5293), (500, 0.5232))
"""(goal, the first turn's chance of winning) from the shipped optimal tables (their ``first_player_wins``; a test
reads them again). Other goals take the straight line between the two nearest, the ends beyond them: the edge shrinks
slowly as the goal grows (a first turn is a smaller share of a longer game)."""


def first_turn_chance(goal: int) -> float:
    """The first turn's chance of winning at ``goal`` between equal players."""
    low_goal, low = SOLVED_FIRST_TURN[0]
    if goal <= low_goal:
        return low
    for high_goal, high in SOLVED_FIRST_TURN[1:]:
        if goal <= high_goal:
            return low + (high - low) * (goal - low_goal) / (high_goal - low_goal)
        low_goal, low = high_goal, high
    return low


def first_turn(game: Game, players: Sequence[str]) -> FirstTurn | None:
    """Who took ``game``'s first turn, as a seat among ``players`` (the order its ratings are given in), with the
    turn's worth; None unless two players, or before the roll-off gave the first turn."""
    if len(players) != 2:
        return None
    opener = next((e.player for e in game.events if isinstance(e, ev.TurnStarted)), None)
    if opener not in players:
        return None
    return FirstTurn(list(players).index(opener), first_turn_chance(game.rules.goal))
