"""Build rooms from the world description (``server/defaults/world.toml``, or an operator's own), with clear errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from rooms.model import Exit, Room
from rooms.world import World


class WorldError(ValueError):
    """The world description is unusable; the message says where and why."""


def load_world_file(path: Path) -> World:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise WorldError(f"{path}: {exc}") from exc
    return build_world(data, source=str(path))


def build_world(data: dict[str, Any], source: str = "world") -> World:
    """Validate a parsed world description: every exit must lead to a known room."""
    rooms_data = data.get("rooms")
    if not isinstance(rooms_data, dict) or not rooms_data:
        raise WorldError(f"{source}: needs at least one [rooms.<key>] table")
    rooms = {key: _room(key, value, source) for key, value in rooms_data.items()}
    start = data.get("start", next(iter(rooms)))
    if start not in rooms:
        raise WorldError(f"{source}: start room {start!r} is not defined")
    for room in rooms.values():
        for exit_ in room.exits:
            if exit_.destination not in rooms:
                raise WorldError(
                    f"{source}: room {room.key!r} exit {exit_.name!r} leads to unknown room "
                    f"{exit_.destination!r}"
                )
    return World(rooms, start)


def _room(key: str, value: Any, source: str) -> Room:
    where = f"{source}: room {key!r}"
    if not isinstance(value, dict):
        raise WorldError(f"{where} must be a table")
    name, description = value.get("name"), value.get("description")
    if not isinstance(name, str) or not name.strip():
        raise WorldError(f"{where} needs a non-empty name")
    if not isinstance(description, str):
        raise WorldError(f"{where} needs a description")
    exits = value.get("exits", [])
    if not isinstance(exits, list):
        raise WorldError(f"{where}: exits must be an array of tables ([[rooms.{key}.exits]])")
    return Room(key, name.strip(), description.strip(), tuple(_exit(e, where) for e in exits))


def _exit(value: Any, where: str) -> Exit:
    if not isinstance(value, dict):
        raise WorldError(f"{where}: each exit must be a table")
    name, to, aliases = value.get("name"), value.get("to"), value.get("aliases", [])
    if not isinstance(name, str) or not name.strip():
        raise WorldError(f"{where}: an exit needs a name")
    if not isinstance(to, str):
        raise WorldError(f"{where}: exit {name!r} needs 'to' (a room key)")
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise WorldError(f"{where}: exit {name!r} aliases must be a list of strings")
    return Exit(name.strip(), to, tuple(a.strip() for a in aliases))
