"""The world's rooms and exits in PostgreSQL (the world file only seeds a new database)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from rooms.model import Exit, Room
from server.store import sharedsql as sql
from server.store.postgresql.pgcommit import Connection, PgGroupCommit, execute, executemany, fetchall, fetchone


class PgWorld(PgGroupCommit):
    async def world(self) -> tuple[list[Room], str] | None:
        """Every room with its exits, and the start room's key; None if the database has no world yet."""

        async def load(db: Connection) -> tuple[list[Room], str] | None:
            async with db.transaction():  # one snapshot
                await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                start = await fetchone(db, sql.START_ROOM)
                if start is None:
                    return None
                exits: dict[str, list[Exit]] = {}
                for room, name, aliases, destination in await fetchall(db, sql.EXITS):
                    exits.setdefault(room, []).append(Exit(name, destination, tuple(json.loads(aliases))))
                rooms = [
                    Room(key, name, description, tuple(exits.get(key, ())), owner)
                    for key, name, description, owner in await fetchall(db, sql.ROOMS)
                ]
                return rooms, start[0]

        return await self._run(load)

    async def seed_world(self, rooms: Iterable[Room], start: str) -> None:
        """Keep a whole world (the seed of a new database) in one transaction."""
        rooms = list(rooms)

        async def seed(db: Connection) -> None:
            for room in rooms:
                await _save_room(db, room)
            await execute(db, sql.SET_START_ROOM, (start,))

        await self._write(seed)

    async def save_rooms(self, rooms: Iterable[Room]) -> None:
        """Rooms as they are now (new or changed), each with all its exits, in one transaction."""
        rooms = list(rooms)

        async def save(db: Connection) -> None:
            for room in rooms:
                await _save_room(db, room)

        await self._write(save)

    async def delete_room(self, key: str, changed: Iterable[Room]) -> None:
        """A destroyed room and its exits gone, and the rooms that had exits to it saved, in one transaction."""
        changed = list(changed)

        async def delete(db: Connection) -> None:
            await execute(db, sql.DELETE_EXITS, (key,))
            await execute(db, sql.DELETE_ROOM, (key,))
            for room in changed:
                await _save_room(db, room)

        await self._write(delete)


async def _save_room(db: Connection, room: Room) -> None:
    await execute(db, sql.SAVE_ROOM, (room.key, room.name, room.description, room.owner))
    await execute(db, sql.DELETE_EXITS, (room.key,))
    await executemany(
        db, sql.INSERT_EXIT,
        [(room.key, i, e.name, json.dumps(list(e.aliases)), e.destination) for i, e in enumerate(room.exits)],
    )
