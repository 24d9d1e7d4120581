"""The construction kit: wizards, and players with the builder flag in rooms they dug, change the world; every
change is kept in the database at once. Wizards also move people (and themselves) anywhere with @tel."""

from __future__ import annotations

import dataclasses

from rooms import construction
from rooms.messages import Refusal
from rooms.model import Room
from server.words import texts
from server.commands.admin import account_named
from server.commands.args import UsageError, required
from server.commands.registry import command
from server.limits.quotas import HourlyQuota, Quotas
from server.community.sanctions import may_talk, record
from server.session import Session
from server.store import StoreDown


def _builder(session: Session) -> None:
    if not (session.wizard or session.builder):
        raise Refusal(texts.NOT_A_BUILDER)


def _naming(session: Session) -> None:
    """Refuse a muted builder what shows their words to others: room and exit names, descriptions."""
    _builder(session)
    may_talk(session)


def _owner(session: Session, room: Room) -> None:
    """Refuse unless this player may change ``room``: a wizard, or the builder who dug it."""
    _builder(session)
    if not session.wizard and room.owner != session.player:
        raise Refusal(texts.NOT_YOUR_ROOM.format(room=room.name))


def _exit_between(session: Session, here: Room, there: Room) -> None:
    """Refuse unless this player may change both ends of an exit: a builder joins only rooms they own, so they can
    neither lead people into others' rooms nor change where others' rooms lead (issue 30, finding 7)."""
    _owner(session, here)
    if not session.wizard and there.owner != session.player:
        raise Refusal(texts.NOT_YOUR_EXIT.format(room=there.name))


def _within(session: Session, quota: HourlyQuota, done: str) -> None:
    """Refuse a builder who has had this hour's ``quota`` (wizards build without one)."""
    if not session.wizard:
        Quotas.allow(quota, session.player, done)


async def _keep(session: Session, *rooms: Room) -> None:
    """Put changed rooms in the database, then in the world (a change the store cannot keep is not made)."""
    await session.services.store.save_rooms(rooms)
    for room in rooms:
        session.services.world.put_room(room)


def _assignment(args: str) -> tuple[str, str]:
    """``<thing>=<value>``: both needed."""
    thing, sep, value = args.partition("=")
    if not sep or not thing.strip() or not value.strip():
        raise UsageError
    return thing.strip(), value.strip()


@command("@dig", category="building")
async def dig(session: Session, args: str) -> None:
    """@dig <room name>[=<exit there>[,<exit back>]]

    Make a new room, yours to change. Give exits to open a way there from the
    room you are in, and a way back: @dig The Library=north;n,south;s
    (an exit's aliases follow ';'). Builders and wizards only.
    """
    name, _, exits = args.partition("=")
    there, _, back = exits.partition(",")
    _naming(session)
    world, me, dug = session.services.world, session.player, session.services.quotas.rooms
    _within(session, dug, texts.QUOTA_ROOMS)
    here = world.location(me)
    room = Room(world.next_key(), construction.room_name(world, required(name)), texts.NEW_ROOM_DESCRIPTION, owner=me)
    lines = [texts.DUG.format(room=room.name, key=room.key)]
    changed = [room]
    if there.strip():
        _owner(session, here)
        way = construction.new_exit(here, there, room)
        changed.append(construction.with_exit(here, way))
        lines.append(texts.EXIT_OPENED.format(exit=way.name, here=here.name, room=room.name, key=room.key))
    if back.strip():
        _exit_between(session, room, here)
        way = construction.new_exit(room, back, here)
        changed[0] = construction.with_exit(room, way)
        lines.append(texts.EXIT_OPENED.format(exit=way.name, here=room.name, room=here.name, key=here.key))
    await _keep(session, *changed)
    dug.count(me)
    session.tell("\n".join(lines), "building")


@command("@open", category="building")
async def open_(session: Session, args: str) -> None:
    """@open <exit>[;<alias>...]=<room>

    Open an exit from the room you are in to another room (by its name, or its
    number like #5): @open north;n=The Library. Builders join rooms they own;
    'home' always leads back.
    """
    spec, sep, where = args.partition("=")
    if not spec.strip():
        raise UsageError
    if not sep or not where.strip():
        raise Refusal(texts.EXIT_TO_NOWHERE)
    world = session.services.world
    here = world.location(session.player)
    _naming(session)
    _owner(session, here)
    room = world.find_room(where, session.player)
    _exit_between(session, here, room)
    way = construction.new_exit(here, spec, room)
    await _keep(session, construction.with_exit(here, way))
    session.tell(texts.EXIT_OPENED.format(exit=way.name, here=here.name, room=room.name, key=room.key), "building")


@command("@desc", "@describe", category="building")
async def describe(session: Session, args: str) -> None:
    """@desc <room>=<description>

    Describe a room ('here' is the room you are in): what 'look' shows.
    """
    where, text = _assignment(args)
    _naming(session)
    room = session.services.world.find_room(where, session.player)
    _owner(session, room)
    described = session.services.quotas.descriptions
    _within(session, described, texts.QUOTA_DESCRIPTIONS)
    await _keep(session, dataclasses.replace(room, description=construction.description(text)))
    described.count(session.player)
    session.tell(texts.DESCRIBED.format(room=room.name), "building")


@command("@name", category="building")
async def name(session: Session, args: str) -> None:
    """@name <exit or room>=<new name>

    Rename an exit of the room you are in (aliases after ';', as in north;n),
    or a room ('here', its name or its number). Room names are unique.
    """
    thing, new = _assignment(args)
    _naming(session)
    world = session.services.world
    here = world.location(session.player)
    way = here.find_exit(thing) if thing.casefold() != "here" else None
    if way is not None:
        _owner(session, here)
        renamed = construction.new_exit(here, new, world.room(way.destination), replacing=way)
        await _keep(session, construction.with_exit(here, renamed, replacing=way))
        session.tell(texts.RENAMED.format(old=way.name, new=";".join(renamed.names)), "building")
        return
    room = world.find_room(thing, session.player)
    _owner(session, room)
    await _keep(session, dataclasses.replace(room, name=construction.room_name(world, new, renaming=room)))
    session.tell(texts.RENAMED.format(old=room.name, new=world.room(room.key).name), "building")


@command("@link", category="building")
async def link(session: Session, args: str) -> None:
    """@link <exit>=<room>

    Make an exit of the room you are in lead somewhere else.
    """
    thing, where = _assignment(args)
    world = session.services.world
    here = world.location(session.player)
    way = construction.exit_here(here, thing)
    _owner(session, here)
    room = world.find_room(where, session.player)
    _exit_between(session, here, room)
    await _keep(session, construction.with_exit(here, dataclasses.replace(way, destination=room.key), replacing=way))
    session.tell(texts.LINKED.format(exit=way.name, room=room.name, key=room.key), "building")


@command("@destroy", "@recycle", category="building")
async def destroy(session: Session, args: str) -> None:
    """@destroy <exit or room>

    Take away an exit of the room you are in, or a whole room (by its name or
    number); the room must be empty and have no table open, and every exit that
    led to it goes with it.
    """
    thing = required(args)
    world = session.services.world
    here = world.location(session.player)
    way = here.find_exit(thing) if thing.casefold() != "here" else None
    if way is not None:
        _owner(session, here)
        await _keep(session, construction.without_exit(here, way))
        session.tell(texts.EXIT_DESTROYED.format(exit=way.name), "building")
        return
    room = world.find_room(thing, session.player)
    _owner(session, room)
    table = next(iter(session.services.tables.in_room(room.key)), None)
    if table is not None:
        raise Refusal(texts.TABLE_IN_ROOM.format(number=table.table.number, room=room.name))
    before = world.rooms()
    changed = world.remove_room(room.key)
    try:
        await session.services.store.delete_room(room.key, changed)
    except StoreDown:  # not destroyed: the world as it was
        for kept in before:
            world.put_room(kept)
        raise
    lines = [texts.ROOM_DESTROYED.format(room=room.name, key=room.key)]
    if changed:
        lines.append(texts.EXITS_REMOVED.format(rooms=", ".join(r.name for r in changed)))
    session.tell("\n".join(lines), "building")


@command("@tel", "@teleport", wizard=True, category="building")
async def teleport(session: Session, args: str) -> None:
    """@tel [<player>=]<room>

    Move yourself, or a connected player, to a room at once (by its name or
    number). Wizards only.
    """
    who, sep, where = required(args).rpartition("=")
    world, me = session.services.world, session.player
    target = world.match_player(who) if sep else me
    room = world.find_room(required(where), me)
    session.services.presence.deliver(world.teleport(target, room.key))
    await session.services.presence.moved(target)
    if target != me:
        await record(session, "tel", target, room.name)
        session.tell(texts.TELEPORTED.format(who=target, room=room.name))


async def set_builder(session: Session, name: str, builder: bool) -> None:
    """``@set <player>=builder`` (or ``!builder``): wizards give or take the builder flag."""
    if not session.wizard:
        raise Refusal(texts.PERMISSION_DENIED)
    account = await account_named(session, name)
    await session.services.store.set_builder(account.skeleton, builder)  # read before their next command needing it
    await record(session, "builder" if builder else "unbuilder", account.name)
    session.tell(texts.BUILDER_SET.format(name=account.name, may="may" if builder else "may no longer"))
