"""Rooms and exits: the shape of the world (changed by building, one whole room at a time)."""

from __future__ import annotations

from dataclasses import dataclass


EXITS_LISTED_WITH = ","
"""What separates exits in 'Obvious exits: ...' and a room's ``exits`` field: no exit's name may hold it, or one exit
would read, and the web page would show, as two (``north, QUIT``)."""


@dataclass(frozen=True, slots=True)
class Exit:
    """A way out of a room, matched by its name or any alias, case-insensitively."""

    name: str
    destination: str
    aliases: tuple[str, ...] = ()

    def matches(self, word: str) -> bool:
        wanted = word.strip().casefold()
        return wanted in (n.casefold() for n in self.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The name, then the aliases: every word that goes through the exit."""
        return (self.name, *self.aliases)


@dataclass(frozen=True, slots=True)
class Room:
    """A place people can be in together; everything said there is heard there."""

    key: str
    name: str
    description: str
    exits: tuple[Exit, ...] = ()
    owner: str | None = None
    """The builder who dug it (they may change it); None: wizards' alone."""

    def find_exit(self, word: str) -> Exit | None:
        return next((e for e in self.exits if e.matches(word)), None)
