"""How one person wants to see tables, whatever the game: every game's renderer reads it."""

from __future__ import annotations

from dataclasses import dataclass

ART_WIDTH = 49
"""Columns five cubes of art take side by side. On a narrower screen a throw is drawn compact unless its player chose
'@set cubes=art': in two rows of art, one throw and a tutorial note were taller than a 24-row screen."""


def default_cubes(width: int) -> str:
    """How throws are drawn to someone who did not choose (``@set cubes``), on a screen ``width`` columns wide."""
    return "art" if width >= ART_WIDTH else "compact"


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
