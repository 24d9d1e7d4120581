"""The server's fair dice: every cube drawn from the operating system's unpredictable source (``secrets``).

A seeded generator shared by every table (MT19937) leaks its state through the faces it shows: a watcher of enough
games could predict throws. Nothing here can be predicted from what was shown, and nothing needs to be kept: every
throw is stored as an event, so replays never need a seed.
"""

from __future__ import annotations

import secrets

from engine.cubes import COMMON_FACES, SUN_CUBE_FACES, Face, Throw


class SystemDice:
    """A ``DiceSource`` drawing each cube from ``secrets`` (the OS's CSPRNG), with no state of its own."""

    def throw(self, commons: int, sun: bool) -> Throw:
        """The whole throw in one draw: each base-6 digit of a uniform number below 6^cubes is one cube's face, so the
        operating system is asked once a throw rather than once a cube."""
        code = secrets.randbelow(6 ** (commons + sun))
        faces = []
        for _ in range(commons):
            code, index = divmod(code, 6)
            faces.append(COMMON_FACES[index])
        return Throw(tuple(faces), SUN_CUBE_FACES[code] if sun else None)

    def roll_off(self, cubes: int) -> tuple[Face, ...]:
        return tuple(secrets.choice(COMMON_FACES) for _ in range(cubes))
