"""What a regular of other MUDs asks a server: its news (the MOTD, also shown at login), version and uptime, and when
a player was last on ('@last', 'finger')."""

from __future__ import annotations

import time
from datetime import datetime, timezone
from importlib.metadata import version as installed_version

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import required
from server.commands.registry import Stage, command
from server.commands.who import idle, on_for
from server.community.names import skeleton
from server.session import Session

PACKAGE = "cosmic-wimpout"


@command("news", "motd", stage=Stage.ANY, category="general")
async def news(session: Session, args: str) -> None:
    """news

    The server's news (its message of the day), also shown when you log in.
    """
    session.page(session.services.settings.news or texts.NO_NEWS, "news")


def news_at_login(session: Session) -> None:
    """What a player is shown as they log in, after the room: the news, when there is any."""
    if session.services.settings.news:
        session.tell(texts.NEWS_AT_LOGIN.format(news=session.services.settings.news), "news")


@command("version", stage=Stage.ANY, category="general")
async def version(session: Session, args: str) -> None:
    """version

    The server's software and its version.
    """
    session.tell(texts.VERSION.format(name=session.services.settings.server_name, version=installed_version(PACKAGE)))


@command("uptime", stage=Stage.ANY, category="general")
async def uptime(session: Session, args: str) -> None:
    """uptime

    How long the server has been running, since when, and who is on.
    """
    services = session.services
    since = services.started
    session.tell(texts.UPTIME.format(
        running=on_for(services.clock() - since), since=utc_date(since), players=len(services.presence.players),
        most=services.presence.max_players,
    ))


@command("@last", "finger", category="general")
async def last(session: Session, args: str) -> None:
    """@last <player>      or      finger <player>

    When a player was last connected (or how long they have been on now and
    idle), when their character was made, and what they are doing.
    """
    word = required(args)
    account = await session.services.store.find(skeleton(word))
    if account is None or account.name.casefold() != word.casefold():
        raise Refusal(texts.NO_SUCH_PLAYER.format(name=word))
    online = session.services.presence.players.get(account.name)
    if online is not None:
        now = time.monotonic()
        seen = texts.FINGER_ON.format(on_for=on_for(now - online.connected_at), idle=idle(now - online.last_active))
    elif account.last_seen is None:
        seen = texts.FINGER_NEVER
    else:
        seen = texts.FINGER_SEEN.format(when=utc_date(account.last_seen))
    lines = [f"{account.name}{f' ({account.doing})' if account.doing else ''}", seen,
             texts.FINGER_CREATED.format(when=utc_date(account.created_at))]
    session.tell("\n".join(lines), "finger")


def utc_date(unix: float) -> str:
    """``2026-11-26 21:40 UTC``: a time as every player reads it, wherever they are."""
    return datetime.fromtimestamp(unix, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
