"""Who may join, and under what name: invitations ('invite' at the login screen, a wizard's '@invite') while
``registration = "invite"``, and a wizard's '@rename', everything of the player's following the name."""

from __future__ import annotations

import dataclasses

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.commands.admin import account_named
from server.commands.args import UsageError, quoted_pair, required
from server.commands.registry import Stage, command
from server.community.invitations import VALID_DAYS, new_code, read_code, valid_since
from server.community.names import look_alike, skeleton
from server.community.ownwords import new_name_refused
from server.community.sanctions import record, when
from server.services import Services
from server.session import Session
from server.store import Invite, NameTaken

log = structlog.get_logger()
GUESS_KEY = "@invite"
"""What a code's guesses are counted under, beside their address (``LoginThrottle.guess``)."""


@command("invite", stage=Stage.LOGIN, category="login")
async def invite(session: Session, args: str) -> None:
    """invite <code>

    On a server that takes new players by invitation: give the code a wizard
    sent you, then make your character with 'create <playername> <password>'
    as usual. A code makes one character, within a week of being made.
    """
    registration = session.services.settings.registration
    if registration != "invite":
        raise Refusal(texts.INVITE_NOT_NEEDED if registration == "open" else texts.REGISTRATION_CLOSED)
    code = read_code(required(args))
    throttle, address = session.services.login_throttle, session.address
    wait = throttle.guess(GUESS_KEY, address)
    if wait > 0:
        session.refuse(texts.LOGIN_THROTTLED.format(seconds=int(wait) + 1), "rate_limited")
        return
    waiting = await session.services.store.invites(valid_since(session.services.clock()))
    if code is None or all(found.code != code for found in waiting):
        throttle.wrong(address)
        session.refuse(texts.INVITE_UNKNOWN, "refused")
        return
    throttle.right(GUESS_KEY, address)
    session.invite = code
    session.tell(texts.INVITE_TAKEN)


@command("@invite", wizard=True, category="admin")
async def make_invite(session: Session, args: str) -> None:
    """@invite [=<note>]      or      @invite list      or      @invite cancel <code>

    Make a one-use invitation code for a new player, while the server takes
    new players by invitation (registration = "invite"): they type
    'invite <code>' at the login screen, then 'create'. A code lasts a week.
    The note (whom it is for) is kept with it. 'list' shows the codes not
    used yet; 'cancel' forgets one.
    """
    head, sep, note = args.partition("=")
    said = head.split()
    services = session.services
    if said == ["list"] and not sep:
        waiting = await services.store.invites(valid_since(services.clock()))
        lines = [texts.INVITE_LINE.format(code=i.code, by=i.by, when=when(i.at), note=f": {i.note}" if i.note else "")
                 for i in waiting]
        session.tell("\n".join([texts.INVITES_HEADER, *lines]) if lines else texts.NO_INVITES, "invites")
        return
    if len(said) == 2 and said[0] == "cancel" and not sep:
        code = read_code(said[1]) or said[1]
        if not await services.store.cancel_invite(code):
            raise Refusal(texts.NO_SUCH_INVITE.format(code=code))
        await record(session, "uninvite", code)
        session.tell(texts.INVITE_CANCELLED.format(code=code))
        return
    if said:
        raise UsageError
    made = Invite(new_code(), session.player, services.clock(), " ".join(note.split())[:200])
    await services.store.create_invite(made)
    await record(session, "invite", made.code, made.note)
    also = texts.INVITE_MADE_OPEN if services.settings.registration == "open" else ""
    session.tell(texts.INVITE_MADE.format(code=made.code, days=VALID_DAYS, note=also))


@command("@rename", wizard=True, category="admin")
async def rename(session: Session, args: str) -> None:
    """@rename <player>=<new name>

    Give a player another name (one that misleads or offends, or at their
    request). Everything of theirs follows it: their games (replays and
    results), ratings, mail, channels, ignores, bot flag and the moderation
    record; they log in with the new name and the same password. The new
    name follows the rules for new characters. They must not be connected
    or seated at a table meanwhile. Their old name is free for anyone after.
    """
    old, new = quoted_pair(args, texts.RENAME_EXAMPLE)
    services = session.services
    account = await account_named(session, old)
    if account.name == new:
        raise Refusal(texts.RENAME_SAME.format(name=new))
    wizards = services.settings.wizards
    if configured_wizard(services, account.name):
        raise Refusal(texts.RENAME_CONFIGURED.format(name=account.name))
    if configured_wizard(services, new):  # (a wizard's exact name passes the rules for new names)
        raise Refusal(texts.RENAME_TO_CONFIGURED.format(name=new))
    problem = await new_name_refused(new, wizards)
    if problem:
        raise Refusal(problem)
    others = [name for name in await services.store.names() if name.casefold() != account.name.casefold()]
    if (alike := look_alike(new, others)) is not None:
        raise Refusal(texts.LOOKS_TAKEN.format(existing=alike))
    away(services, account.name)
    try:
        renamed = await services.store.rename_account(account.skeleton, account.name, new, skeleton(new))
    except NameTaken as taken:
        raise Refusal(texts.TAKEN if taken.existing.casefold() == new.casefold() else
                      texts.LOOKS_TAKEN.format(existing=taken.existing)) from None
    await follow(services, account.name, renamed.name)
    if (meanwhile := services.presence.players.get(account.name)) is not None:  # logged in while it was renamed
        meanwhile.close(texts.RENAMED_NOTE.format(name=renamed.name))
    await record(session, "rename", renamed.name, f"from {account.name}")
    log.info("account.renamed", by=session.player, old=account.name, new=renamed.name)
    session.tell(texts.RENAME_DONE.format(old=account.name, new=renamed.name))


def configured_wizard(services: Services, name: str) -> bool:
    """Whether ``name`` is one the ``wizards`` setting gives powers to (whoever has it is a wizard)."""
    return any(w.casefold() == name.casefold() for w in services.settings.wizards)


def away(services: Services, name: str) -> None:
    """Refuse unless ``name`` is neither connected nor seated (their name is in the live tables and sessions)."""
    if name in services.presence.players:
        raise Refusal(texts.RENAME_CONNECTED.format(name=name))
    live = services.tables.seat_of(name)
    if live is not None:
        raise Refusal(texts.RENAME_SEATED.format(name=name, number=live.table.number))


async def follow(services: Services, old: str, new: str) -> None:
    """What the game process holds of a name that changed in the store (renamed, or a deleted account's former
    one): the rooms a builder owns, whom the connected ignore, the holds and the address bans (by whom)."""
    for room in services.world.rooms():
        if room.owner == old:
            services.world.put_room(dataclasses.replace(room, owner=new))
    for other in services.presence.players.values():
        if old in other.ignoring:
            other.ignoring = (other.ignoring - {old}) | {new}
    await services.holds.load()
    services.address_bans.load(await services.store.address_bans())
