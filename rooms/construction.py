"""The construction kit's rules: names of rooms and exits, what may be dug or opened where, and the changed rooms
each change makes. Pure: the server checks who may build and saves what changed."""

from __future__ import annotations

import dataclasses

from rooms.messages import Refusal, speech
from rooms.model import EXITS_LISTED_WITH, Exit, Room
from rooms.world import World

NAME_MAX = 60
DESCRIPTION_MAX = 2000
EXIT_SEPARATOR = ";"
"""``north;n;up``: an exit's name, then its aliases, as MUCK builders write them."""


def room_name(world: World, name: str, renaming: Room | None = None) -> str:
    """A room name as typed, if it is usable: not empty, not too long, not another room's."""
    name = " ".join(name.split())
    if not name:
        raise Refusal("A room needs a name.")
    if len(name) > NAME_MAX:
        raise Refusal(f"Room names are at most {NAME_MAX} characters long.")
    taken = world.room_named(name)
    if taken is not None and taken is not renaming:
        raise Refusal(f"There is already a room called {taken.name} ({taken.key}).")
    return name


def description(text: str) -> str:
    """A room's description as typed, its runs of spaces made one (as in speech: none can pad a fake line start)."""
    text = speech(text)
    if len(text) > DESCRIPTION_MAX:
        raise Refusal(f"Descriptions are at most {DESCRIPTION_MAX} characters long.")
    return text


def new_exit(room: Room, spec: str, destination: Room, replacing: Exit | None = None) -> Exit:
    """An exit ``name;alias;...`` out of ``room`` to ``destination``, if none of its words is taken there."""
    words = [" ".join(word.split()) for word in spec.split(EXIT_SEPARATOR)]
    if not words[0] or not all(words):
        raise Refusal("An exit needs a name (and any aliases after ';', as in north;n).")
    if any(len(word) > NAME_MAX for word in words):
        raise Refusal(f"Exit names are at most {NAME_MAX} characters long.")
    if any(EXITS_LISTED_WITH in word for word in words):
        raise Refusal(f"Exit names cannot hold '{EXITS_LISTED_WITH}' (it separates the exits in a room's list).")
    for word in words:
        taken = room.find_exit(word)
        if taken is not None and taken is not replacing:
            raise Refusal(f"There is already an exit called {word} in {room.name} (to {taken.destination}).")
    return Exit(words[0], destination.key, tuple(dict.fromkeys(words[1:])))


def with_exit(room: Room, exit_: Exit, replacing: Exit | None = None) -> Room:
    """The room with ``exit_`` added, or in place of ``replacing``."""
    exits = [exit_ if e is replacing else e for e in room.exits]
    return dataclasses.replace(room, exits=tuple(exits if replacing is not None else [*exits, exit_]))


def without_exit(room: Room, exit_: Exit) -> Room:
    return dataclasses.replace(room, exits=tuple(e for e in room.exits if e is not exit_))


def exit_here(room: Room, word: str) -> Exit:
    found = room.find_exit(word)
    if found is None:
        raise Refusal(f"There is no exit called {word.strip()} here.")
    return found
