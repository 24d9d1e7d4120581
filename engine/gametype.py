"""What every game's pure rules offer the layers above, in the spirit of OpenSpiel's Game/State: a match started
from seats, options and a randomness source (an input: no global random state), whose move it is, its legal moves
and why one is refused, a move applied as events, and a match rebuilt from its events (so a game is the fold of its
events, stored and replayed exactly). Each game implements it in its own package (engine/wimpout/: ``Game``);
nothing here knows any game, and games never import each other."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


class RandomnessExhausted(RuntimeError):
    """A loaded (scripted) randomness source has nothing left that fits what the game asks for: the move is refused
    and nothing changes."""


@runtime_checkable
class Match(Protocol):
    """One game in play."""

    @property
    def events(self) -> Sequence[Any]:
        """Every event so far, in order: what is stored, and what ``replay`` rebuilds the match from."""

    @property
    def is_over(self) -> bool: ...

    def waiting_on(self) -> tuple[str, ...]:
        """Who the match waits for now (a player's move, a vote, an Insurance window...)."""

    def legal_actions(self, player: str) -> Sequence[Any]:
        """What ``player`` may do now (the table adapter words each as the exact command to type)."""

    def why_not(self, player: str, action: Any) -> str | None:
        """Why ``player`` may not make ``action`` now, in words for them; None if they may."""

    def apply(self, player: str, action: Any, randomness: Any) -> list[Any]:
        """Make a move: the events it caused (the match is now their fold), or a refusal saying why not."""
