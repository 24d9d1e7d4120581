"""Ways to play, for house bots and simulations: each is one small function of the game's public state and the
legal actions, returning the action to take (so better strategies plug in without touching anything else)."""

from __future__ import annotations

from collections.abc import Callable

from engine.wimpout.actions import LET_STAND, ROLL, STOP, Action, Choose
from engine.wimpout.lastlicks import to_pass
from engine.wimpout.state import GameState

Strategy = Callable[[GameState, str, tuple[Action, ...]], Action]


def _forced(legal: tuple[Action, ...]) -> Action | None:
    """Moves that need no judgement: the best-scoring choice offered, letting a throw stand, a lone option."""
    choices = [action for action in legal if isinstance(action, Choose)]
    if choices:
        return max(choices, key=lambda choice: (choice.scoring.points, len(choice.scoring.kept)))
    if LET_STAND in legal:
        return LET_STAND
    return legal[0] if len(legal) == 1 else None


def _short_of_target(state: GameState, player: str) -> bool:
    """A Last Lick that has not passed the leader yet: stopping now is a certain loss, throwing on can only do better.
    (Under Bump or Eclipse a bank can move the leader, so there the strategy's own rule stands.)"""
    ll, turn = state.last_licks, state.turn
    if ll is None or turn is None or state.rules.bump or state.rules.eclipse:
        return False
    return to_pass(ll.target, state.player(player).score + turn.points) > 0


def cautious(state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
    """Stop as soon as the rules allow (in Last Licks, once past the leader)."""
    forced = _forced(legal)
    if forced is not None:
        return forced
    return STOP if STOP in legal and not _short_of_target(state, player) else ROLL


def threshold(points: int, cubes: int = 2) -> Strategy:
    """Keep throwing while the turn is under ``points`` and at least ``cubes`` cubes are live; then stop if allowed
    (in Last Licks, not before passing the leader)."""

    def play(state: GameState, player: str, legal: tuple[Action, ...]) -> Action:
        forced = _forced(legal)
        if forced is not None:
            return forced
        turn = state.turn
        assert turn is not None
        enough = turn.points >= points or turn.commons + turn.sun < cubes
        if STOP in legal and enough and not _short_of_target(state, player):
            return STOP
        return ROLL

    return play


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "cautious": lambda: cautious,
    "threshold": threshold,
}
"""By name, as players ask for them (``table bot add Robby threshold 300``)."""
