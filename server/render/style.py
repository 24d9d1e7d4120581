"""How one person wants to see tables, whatever the game: every game's renderer reads it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Style:
    """How one person wants to see tables (``@set cubes=art|compact``, ``@set screenreader=on``, ``@set color``)."""

    cubes: str = "art"
    screenreader: bool = False
    width: int = 80
    colour: bool = False

    @property
    def draws_art(self) -> bool:
        """Throws drawn as the Guide's cube faces, several lines high."""
        return self.cubes == "art" and not self.screenreader
