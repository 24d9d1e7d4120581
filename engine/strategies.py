"""Ways to play, for house bots and simulations: each is one small function of the game's public state and the
legal actions, returning the action to take (so better strategies plug in without touching anything else)."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import LET_STAND, ROLL, STOP, Action, Choose
from engine.state import GameState

Strategy = Callable[[GameState, str, tuple[Action, ...]], Action]


def _forced(legal: tuple[Action, ...]) -> Action | None:
    """Moves that need no judgement: the best-scoring choice offered, letting a throw stand, a lone option."""
    choices = [action for action in legal if isinstance(action, Choose)]
    if choices:
        return max(choices, key=lambda choice: (choice.scoring.points, len(choice.scoring.kept)))
    if LET_STAND in legal:
        return LET_STAND
    return legal[0] if len(legal) == 1 else None


def cautious(state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
    """Stop as soon as the rules allow."""
    forced = _forced(legal)
    if forced is not None:
        return forced
    return STOP if STOP in legal else ROLL


def threshold(points: int, cubes: int = 2) -> Strategy:
    """Keep throwing while the turn is under ``points`` and at least ``cubes`` cubes are live; then stop if allowed."""

    def play(state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
        forced = _forced(legal)
        if forced is not None:
            return forced
        turn = state.turn
        assert turn is not None
        if STOP in legal and (turn.points >= points or turn.commons + turn.sun < cubes):
            return STOP
        return ROLL

    return play


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "cautious": lambda: cautious,
    "threshold": threshold,
}
"""By name, as players ask for them (``table bot add Robby threshold 300``)."""
