"""What every Funhouse room offers the run: the shape a room module fills in, the run's options, and a best score.

A room is built from its setup (plain JSON data, recorded in the run's events), takes moves as command text (the
canonical text is what ``moves()`` lists; input is read case-insensitively), and changes only through ``play``, which
is both the live path and the replay path (it reads its chance from the draws given, which an event records).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from engine.funhouse.seedstreams import Draws

STOP = "stop"


class RoomError(ValueError):
    """A move the room refuses; the message says why, in words for the player."""


@dataclass(frozen=True, slots=True)
class FunOptions:
    """The rulings a player may change (FUNHOUSE-RULES.md's **option** marks), kept with the run. ``null_glyph`` is
    the display's (how a null shows on the drawn board): no rule reads it, but a run keeps it so that its player,
    its watchers and its replay see it alike."""

    slide_stacks: Literal["return", "free"] = "return"
    scoreboard: bool = True
    null_glyph: Literal["0", "n"] = "0"

    def to_dict(self) -> dict[str, Any]:
        return {"slide_stacks": self.slide_stacks, "scoreboard": self.scoreboard, "null_glyph": self.null_glyph}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FunOptions:
        """The options stored with a run (a run stored before ``null_glyph`` existed has the default)."""
        options = cls(**data)
        if options.slide_stacks not in ("return", "free"):
            raise RoomError("slide_stacks is 'return' or 'free'.")
        if options.null_glyph not in ("0", "n"):
            raise RoomError("null_glyph is '0' or 'n'.")
        return options


@dataclass(frozen=True, slots=True)
class Best:
    """The lowest score reachable from a position. ``exact`` False: the search hit its cap, and ``score`` is the best
    line it found (an honest "at most"). Catwalk's is an expectation, its corner rolls being chance."""

    score: float
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        return {"best": round(self.score, 4) if isinstance(self.score, float) else self.score, "exact": self.exact}


class Room(Protocol):
    """One room in play."""

    name: str
    over: bool
    stopped: bool
    """The room ended on ``stop``."""

    def forced(self) -> str | None:
        """A move the room offers no choice about, which the run makes at once (None: the player decides)."""
        ...

    def moves(self) -> list[str]:
        """Every legal move now, as the exact command text (``stop`` included); empty once the room is over."""
        ...

    def why_not(self, command: str) -> str | None:
        """None if ``command`` is legal now, else why not, for the player."""
        ...

    def play(self, command: str, draws: Draws) -> None:
        """Make a legal move (the caller asked ``why_not`` first), drawing any chance it needs from ``draws``."""
        ...

    def score(self) -> int:
        """The room's score as it stands (final once it is over)."""
        ...

    def view(self) -> dict[str, Any]:
        """The position as data for a renderer or a bot: what the player may see, nothing hidden shown."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """The whole position as data (hidden values too): equal snapshots, equal rooms."""
        ...

    def pieces(self) -> list[str]:
        """Every piece this room holds, wherever it lies (on the board, stacked, set aside), for conservation checks."""
        ...

    def carry(self) -> dict[str, Any]:
        """What the room hands the next one, once it is over."""
        ...

    def best(self, cap: int = ...) -> Best:
        """The lowest score reachable from here (``stop`` included), searching at most ``cap`` positions."""
        ...


def words(command: str) -> list[str]:
    return command.strip().lower().split()
