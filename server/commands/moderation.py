"""Wizards keeping the peace: muting a player everywhere, gagging one on a channel, and looking a player up."""

from __future__ import annotations

import time

from engine.numbers import typed_number
from rooms.messages import Refusal
from server.words import texts
from server.commands.admin import account_named
from server.commands.args import UsageError, required
from server.commands.channels import find_channel
from server.commands.registry import command
from server.community.sanctions import describe, entry_line, record, until_text, when
from server.session import Session
from server.store import EVERYWHERE, Account, Restriction

WHOIS_HISTORY = 10
MAX_MINUTES = 366 * 24 * 60
"""A timed mute or gag lasts at most a year; longer ones are until lifted."""


def _parse(args: str, words: int) -> tuple[list[str], float | None, str]:
    """``<words...> [minutes][=<reason>]``: the words, the end time (None: until lifted) and the reason."""
    head, _, reason = args.partition("=")
    given = head.split()
    minutes = typed_number(given[-1]) if given else None
    if len(given) == words + 1 and minutes:
        if minutes > MAX_MINUTES:
            raise Refusal(texts.MINUTES_MAX.format(most=MAX_MINUTES))
        return given[:words], time.time() + 60 * minutes, reason.strip()
    if len(given) != words:
        raise UsageError
    return given, None, reason.strip()


async def _restrict(session: Session, account: Account, scope: str, until: float | None, reason: str) -> Restriction:
    if account.name == session.player:
        raise Refusal(texts.MUTE_SELF)
    restriction = Restriction(scope, until, session.player, reason)
    await session.services.store.restrict(account.skeleton, restriction, scope)
    target = session.services.presence.players.get(account.name)
    if target is not None:
        target.restrictions[scope] = restriction
    return restriction


async def _lift(session: Session, account: Account, scope: str) -> bool:
    """Lift a mute or gag; False if there was none in force."""
    stored = await session.services.store.restrictions(account.skeleton)
    if scope not in stored or not stored[scope].active(time.time()):
        return False
    await session.services.store.restrict(account.skeleton, None, scope)
    target = session.services.presence.players.get(account.name)
    if target is not None:
        target.restrictions.pop(scope, None)
    return True


def _tell(session: Session, account: Account, text: str) -> None:
    target = session.services.presence.players.get(account.name)
    if target is not None:
        target.tell(text, "moderation")


@command("@mute", wizard=True, category="admin")
async def mute(session: Session, args: str) -> None:
    """@mute <player> [minutes][=<reason>]

    Stop a player talking anywhere (say, pose, page, whisper, channels) for so
    many minutes, or until '@unmute'. They are told; the reason is kept and
    shown by '@whois'.
    """
    (name,), until, reason = _parse(args, 1)
    account = await account_named(session, name)
    restriction = await _restrict(session, account, EVERYWHERE, until, reason)
    await record(session, "mute", account.name, describe(restriction))
    _tell(session, account, texts.MUTE_NOTE.format(by=session.player, until=until_text(restriction)))
    session.tell(texts.MUTE_DONE.format(name=account.name, why=describe(restriction)))


@command("@unmute", wizard=True, category="admin")
async def unmute(session: Session, args: str) -> None:
    """@unmute <player>

    Let a muted player talk again.
    """
    account = await account_named(session, required(args))
    if not await _lift(session, account, EVERYWHERE):
        raise Refusal(texts.NOT_MUTED.format(name=account.name))
    await record(session, "unmute", account.name)
    _tell(session, account, texts.UNMUTE_NOTE)
    session.tell(texts.UNMUTE_DONE.format(name=account.name))


@command("@gag", wizard=True, category="admin")
async def gag(session: Session, args: str) -> None:
    """@gag <player> <channel> [minutes][=<reason>]

    Stop a player talking on one channel (they still hear it) for so many
    minutes, or until '@ungag'. They are told; '@whois' shows why.
    """
    (name, word), until, reason = _parse(args, 2)
    account = await account_named(session, name)
    channel = find_channel(session, word).name
    restriction = await _restrict(session, account, channel, until, reason)
    await record(session, "gag", account.name, f"{channel} {describe(restriction)}")
    _tell(session, account, texts.GAG_NOTE.format(channel=channel, by=session.player, until=until_text(restriction)))
    session.tell(texts.GAG_DONE.format(name=account.name, channel=channel, why=describe(restriction)))


@command("@ungag", wizard=True, category="admin")
async def ungag(session: Session, args: str) -> None:
    """@ungag <player> <channel>

    Let a gagged player talk on the channel again.
    """
    (name, word), _, _ = _parse(args, 2)
    account = await account_named(session, name)
    channel = find_channel(session, word).name
    if not await _lift(session, account, channel):
        raise Refusal(texts.NOT_GAGGED.format(name=account.name, channel=channel))
    await record(session, "ungag", account.name, channel)
    _tell(session, account, texts.UNGAG_NOTE.format(channel=channel))
    session.tell(texts.UNGAG_DONE.format(name=account.name, channel=channel))


@command("@whois", wizard=True, category="admin")
async def whois(session: Session, args: str) -> None:
    """@whois <player>

    Everything a wizard needs to know about a player: connected or last seen,
    from where, powers, mutes and gags in force and why, the channels they are
    on, and the latest moderation actions about them.
    """
    account = await account_named(session, required(args))
    services, now = session.services, time.time()
    online = services.presence.players.get(account.name)
    lines = [f"{account.name}, created {when(account.created_at)}."]
    if online is not None:
        lines.append(f"Connected from {online.address}, in {services.world.location(account.name).name}.")
    else:
        where = f" from {account.last_address}" if account.last_address else ""
        lines.append(f"Last seen {when(account.last_seen)}{where}." if account.last_seen else "Never seen.")
    powers = [flag for flag, on in (("wizard", services.presence.has_powers(account)), ("builder", account.builder), ("banned", account.banned)) if on]
    lines.append(f"Flags: {', '.join(powers) or 'none'}.")
    for scope, restriction in (await services.store.restrictions(account.skeleton)).items():
        if restriction.active(now):
            what = "Muted" if scope == EVERYWHERE else f"Gagged on {scope}"
            lines.append(f"{what} {describe(restriction)}.")
    lines.append(f"Channels: {', '.join(sorted(await services.store.memberships(account.skeleton))) or 'none'}.")
    entries = await services.store.moderation(account.name, WHOIS_HISTORY)
    lines.append("Moderation:" if entries else "No moderation actions.")
    lines += [entry_line(entry, target=False) for entry in entries]
    session.tell("\n".join(lines), "whois")
