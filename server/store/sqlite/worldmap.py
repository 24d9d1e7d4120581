"""The world's rooms and exits in SQLite (the world file only seeds a new database)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

from rooms.model import Exit, Room
from server.store import sharedsql as sql
from server.store.sqlite.groupcommit import GroupCommit


class SqliteWorld(GroupCommit):
    async def world(self) -> tuple[list[Room], str] | None:
        """Every room with its exits, and the start room's key; None if the database has no world yet."""

        def load(db: sqlite3.Connection) -> tuple[list[Room], str] | None:
            start = db.execute(sql.START_ROOM).fetchone()
            if start is None:
                return None
            exits: dict[str, list[Exit]] = {}
            for room, name, aliases, destination in db.execute(sql.EXITS):
                exits.setdefault(room, []).append(Exit(name, destination, tuple(json.loads(aliases))))
            rooms = [
                Room(key, name, description, tuple(exits.get(key, ())), owner)
                for key, name, description, owner in db.execute(sql.ROOMS)
            ]
            return rooms, start[0]

        return await self._run(load)

    async def seed_world(self, rooms: Iterable[Room], start: str) -> None:
        """Keep a whole world (the seed of a new database) in one transaction."""
        rooms = list(rooms)

        def seed(db: sqlite3.Connection) -> None:
            for room in rooms:
                _save_room(db, room)
            db.execute(sql.SET_START_ROOM, (start,))

        await self._write(seed)

    async def save_rooms(self, rooms: Iterable[Room]) -> None:
        """Rooms as they are now (new or changed), each with all its exits, in one transaction."""
        rooms = list(rooms)

        def save(db: sqlite3.Connection) -> None:
            for room in rooms:
                _save_room(db, room)

        await self._write(save)

    async def delete_room(self, key: str, changed: Iterable[Room]) -> None:
        """A destroyed room and its exits gone, and the rooms that had exits to it saved, in one transaction."""
        changed = list(changed)

        def delete(db: sqlite3.Connection) -> None:
            db.execute(sql.DELETE_EXITS, (key,))
            db.execute(sql.DELETE_ROOM, (key,))
            for room in changed:
                _save_room(db, room)

        await self._write(delete)


def _save_room(db: sqlite3.Connection, room: Room) -> None:
    db.execute(sql.SAVE_ROOM, (room.key, room.name, room.description, room.owner))
    db.execute(sql.DELETE_EXITS, (room.key,))
    db.executemany(
        sql.INSERT_EXIT,
        [(room.key, i, e.name, json.dumps(list(e.aliases)), e.destination) for i, e in enumerate(room.exits)],
    )
