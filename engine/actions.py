"""What a player can do on their turn."""

from __future__ import annotations

from dataclasses import dataclass

from engine.scoring import Scoring


@dataclass(frozen=True, slots=True)
class Roll:
    """Throw the live cubes (all five at the start of a turn)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Bank the turn's points and end the turn."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick one of the ways the last throw can score (the sun's value, or which pair the sun joins)."""

    scoring: Scoring


Action = Roll | Stop | Choose
ROLL = Roll()
STOP = Stop()
