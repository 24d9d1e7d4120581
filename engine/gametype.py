"""What every game's pure rules offer the layers above (in the spirit of OpenSpiel's Game/State): a match started
from seats, options and a randomness source, whose move it is, its legal moves and why one is refused, moves applied
as events, and a match rebuilt from its stored events. Each game implements it in its own package (engine/wimpout/);
nothing here knows any game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Match(Protocol):
    """One game in play: the fold of its events."""

    @property
    def events(self) -> Sequence[Any]:
        """Every event so far, in order (what is stored; the match is rebuilt from them)."""

    @property
    def is_over(self) -> bool: ...

    def waiting_on(self) -> tuple[str, ...]:
        """Who the game waits for now (a player's move, a vote, an Insurance window...)."""


class EventCodec(Protocol):
    """A game's events to and from the plain dicts stored and sent (``{"type": name, ...fields}``)."""

    def __call__(self, event: Any) -> dict[str, Any]: ...


class EventReader(Protocol):
    def __call__(self, data: Mapping[str, Any]) -> Any: ...
