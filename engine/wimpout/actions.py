"""What a player can do on their turn.

The actions without fields have one instance each (ROLL, STOP, ...) and compare by identity (``eq=False``): finding
one among the moves just listed costs no Python-level ``__eq__``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.wimpout.scoring import Scoring


@dataclass(frozen=True, slots=True, eq=False)
class Roll:
    """Throw the live cubes (all five at the start of a turn)."""


@dataclass(frozen=True, slots=True, eq=False)
class Stop:
    """Bank the turn's points and end the turn."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick one of the ways the last throw can score (the sun's value, or which pair the sun joins)."""

    scoring: Scoring




@dataclass(frozen=True, slots=True, eq=False)
class Insure:
    """Spend Insurance Points to cancel the throw on the table: 2 on one's own throw, 4 on an opponent's."""


@dataclass(frozen=True, slots=True, eq=False)
class LetStand:
    """Decline to spend Insurance Points on the throw on the table."""


@dataclass(frozen=True, slots=True, eq=False)
class CloseWindow:
    """The table's decision window for Insurance Points has run out (the server's timer sends it)."""


@dataclass(frozen=True, slots=True)
class Propose:
    """The Guiding Light: propose setting rule ``name`` to ``value``, or (with no name) an honour rule ``text``."""

    name: str = ""
    value: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class Vote:
    number: int
    yes: bool


@dataclass(frozen=True, slots=True)
class Withdraw:
    """A player leaves the game: by their own choice, or removed by the table (``player`` None when applied)."""

    player: str
    reason: str


INSURE = Insure()
LET_STAND = LetStand()
CLOSE_WINDOW = CloseWindow()

Action = Roll | Stop | Choose | Insure | LetStand | CloseWindow | Propose | Vote | Withdraw
ROLL = Roll()
STOP = Stop()
