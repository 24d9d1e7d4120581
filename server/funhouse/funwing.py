"""The Funhouse wing for a database made before it. The world file seeds a new database only (after that the world
is the builders'), so a server starting on an older world adds the wing's rooms from the world file, and the exit
to them from the room the world file leads to them from. A seeding step, not a store migration: the rooms' words
stay in the world file, their one copy, rather than in the SQL of two backends; and it runs only while the wing is
wholly missing, so rooms builders have changed are never touched."""

from __future__ import annotations

import dataclasses

from rooms.model import Room
from rooms.world import World

PREFIX = "funhouse-"
"""The wing's rooms' keys begin with this."""


def missing_wing(stored: dict[str, Room], seed: World) -> list[Room]:
    """The rooms to save so that ``stored`` has the wing ``seed`` has: its rooms, and each stored room the seed leads
    into the wing from with that exit added. Nothing if ``stored`` has any room of the wing already, or the seed
    has none."""
    wing = [room for room in seed.rooms() if room.key.startswith(PREFIX)]
    if not wing or any(key.startswith(PREFIX) for key in stored):
        return []
    doors = []
    for room in seed.rooms():
        kept = stored.get(room.key)
        if room.key.startswith(PREFIX) or kept is None:
            continue
        added = tuple(way for way in room.exits if way.destination.startswith(PREFIX)
                      and all(kept.find_exit(name) is None for name in way.names))
        if added:
            doors.append(dataclasses.replace(kept, exits=kept.exits + added))
    return wing + doors
