"""Moderation: who may not talk where (a mute everywhere, a gag on one channel), and the record of every
moderation action, logged as a structured event and kept in the database for ``@whois`` and ``@audit``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

import structlog

from rooms.messages import Refusal
from server.words import texts
from server.community.connected import Connected
from server.store import EVERYWHERE, ModerationEntry, Restriction, StoreDown

if TYPE_CHECKING:
    from server.store import Store

log = structlog.get_logger()


class _Stored(Protocol):
    @property
    def store(self) -> Store: ...


class Acting(Connected, Protocol):
    """Who acts: a wizard's session (``server.session.Session``), with the store its services hold."""

    @property
    def services(self) -> _Stored: ...
CONSOLE = "console"
"""Who the moderation record says acted from the server's console (``cosmic-wimpout wizard``): no player may take
the name (``server.community.names.RESERVED``)."""


async def record(session: Acting, action: str, target: str, detail: str = "") -> None:
    """A wizard (or the table) acted on ``target``: say so in the log and keep it (what was done stands if the store
    cannot keep its record now: the wizard is told, and the log has it)."""
    log.info(f"admin.{action}", by=session.player, name=target, detail=detail)
    try:
        await session.services.store.record(session.player, action, target, detail)
    except StoreDown:
        session.tell(texts.NOT_RECORDED)


def entry_line(entry: ModerationEntry, target: bool = True) -> str:
    """A line of the moderation record: ``2026-11-22 12:30 UTC Wiz ban Mallory: spam`` (``target`` False: the
    player's own record in '@whois', which names them once above)."""
    about = f" {entry.target}" if target and entry.target else ""
    detail = f": {entry.detail}" if entry.detail else ""
    return f"  {when(entry.at)} {entry.actor} {entry.action}{about}{detail}"


def when(moment: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(moment))


def until_text(restriction: Restriction) -> str:
    return texts.UNTIL_LIFTED if restriction.until is None else texts.UNTIL.format(when=when(restriction.until))


def describe(restriction: Restriction) -> str:
    """``until 2026-11-22 12:30 UTC, by Wizard: spamming``"""
    reason = f": {restriction.reason}" if restriction.reason else ""
    return f"{until_text(restriction)}, by {restriction.by}{reason}"


def may_talk(session: Connected, scope: str = EVERYWHERE) -> None:
    """Refuse, saying why and until when, if this player is muted (or gagged on the channel ``scope``)."""
    found = session.silenced(scope)
    if found is None:
        return
    if found.scope == EVERYWHERE:
        raise Refusal(texts.MUTED.format(why=describe(found)))
    raise Refusal(texts.GAGGED.format(channel=scope, why=describe(found)))
