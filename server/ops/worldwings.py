"""Rooms a release added to the built-in world, for a database made before them. The world file seeds a new
database only (after that the world is the builders'), so a server starting on an older world adds each wing it
lacks from the world file: the wing's rooms, and the exit to them from the room the world file leads to them from.
A seeding step, not a store migration: the rooms' words stay in the world file, their one copy, rather than in the
SQL of two backends; and a wing is added only while it is wholly missing, so rooms builders have changed are never
touched. (Issue 36, item 9: an old database got the Funhouse wing but not the Poker Parlour, added before it.)"""

from __future__ import annotations

import dataclasses

from rooms.model import Room
from rooms.world import World

WINGS = {"poker": ("poker",), "funhouse": ("funhouse-",)}
"""Each wing added since the first world (issues 20 and 24), by the keys of its rooms: a key, or a key's start
(``funhouse-``)."""


def in_wing(key: str, keys: tuple[str, ...]) -> bool:
    return any(key == start or (start.endswith("-") and key.startswith(start)) for start in keys)


def missing_wings(stored: dict[str, Room], seed: World) -> dict[str, list[Room]]:
    """By wing, the rooms to save so that ``stored`` has each wing ``seed`` has: its rooms, and each stored room the
    seed leads into the wing from with that exit added (a room leading to two missing wings saved once, with both
    doors, in the last). A wing ``stored`` has any room of, or ``seed`` has none of, is left out."""
    added: dict[str, list[Room]] = {}
    stored = dict(stored)
    for name, keys in WINGS.items():
        wing = [room for room in seed.rooms() if in_wing(room.key, keys)]
        if not wing or any(in_wing(key, keys) for key in stored):
            continue
        doors = []
        for room in seed.rooms():
            kept = stored.get(room.key)
            if in_wing(room.key, keys) or kept is None:
                continue
            new = tuple(way for way in room.exits if in_wing(way.destination, keys)
                        and all(kept.find_exit(n) is None for n in way.names))
            if new:
                doors.append(dataclasses.replace(kept, exits=kept.exits + new))
        added[name] = wing + doors
        stored.update((room.key, room) for room in added[name])
    return added
