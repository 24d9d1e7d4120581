"""Rooms and exits: the fixed shape of the world."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Exit:
    """A way out of a room, matched by its name or any alias, case-insensitively."""

    name: str
    destination: str
    aliases: tuple[str, ...] = ()

    def matches(self, word: str) -> bool:
        wanted = word.strip().casefold()
        return wanted == self.name.casefold() or wanted in (a.casefold() for a in self.aliases)


@dataclass(frozen=True, slots=True)
class Room:
    """A place people can be in together; everything said there is heard there."""

    key: str
    name: str
    description: str
    exits: tuple[Exit, ...] = ()

    def find_exit(self, word: str) -> Exit | None:
        return next((e for e in self.exits if e.matches(word)), None)
