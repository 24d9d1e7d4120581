"""The server's fair dice: every cube drawn from the operating system's unpredictable source (``secrets``).

A seeded generator shared by every table (MT19937) leaks its state through the faces it shows: a watcher of enough
games could predict throws. Nothing here can be predicted from what was shown, and nothing needs to be kept: every
throw is stored as an event, so replays never need a seed.
"""

from __future__ import annotations

import secrets

from engine.wimpout.cubes import COMMON_FACES, Face, Throw
from engine.wimpout.throws import throws


class SystemDice:
    """A ``DiceSource`` drawing each cube from ``secrets`` (the OS's CSPRNG), with no state of its own."""

    def throw(self, commons: int, sun: bool) -> Throw:
        """The whole throw in one draw: a uniform number below 6^cubes is the code of one throw (its base-6 digits
        are the cubes' faces), so the operating system is asked once a throw rather than once a cube, and the throw
        is the one the engine built for that code (found by identity, no new objects kept in the game's log)."""
        return throws(commons, sun)[secrets.randbelow(6 ** (commons + sun))]

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        return tuple(secrets.choice(COMMON_FACES) for _ in range(cubes))
