"""Who is on, what they are doing, and staying connected."""

from __future__ import annotations

import time
import unicodedata

from rooms.messages import speech
from server.commands.registry import Stage, command
from server.community.sanctions import may_talk
from server.session import Session

DOING_MAX = 40
"""Columns an @doing may take in WHO (its row is 36 columns before it: 76 in all)."""
_ROW = "{name:<18}{on_for:>10} {idle:>4}   {doing}"
_NARROW_ROW = "{name:<17}{on_for:>9} {idle:>4}"
"""WHO on a screen narrower than a row with an @doing (76 columns): 31 columns, each @doing on a line of its own."""


@command("WHO", stage=Stage.ANY, category="general")
async def who(session: Session, args: str) -> None:
    """WHO [name]

    List the connected players: how long they have been on, how long since
    they last did something, and what they are doing (see @doing). 'WHO an'
    lists only those whose names start with "an" (the count is of everyone).
    """
    services, now, start = session.services, time.monotonic(), args.strip().casefold()
    narrow = session.sink.width < len(_ROW.format(name="", on_for="", idle="", doing="")) + DOING_MAX
    row = _NARROW_ROW if narrow else _ROW
    rows = [row.format(name="Player Name", on_for="On For", idle="Idle", doing="Doing...")]
    for s in services.presence.players.values():
        if s.player.casefold().startswith(start):
            doing = "" if s.player in session.ignoring else s.doing  # an @doing is words: ignore hides them
            rows.append(row.format(name=s.player, on_for=on_for(now - s.connected_at), idle=idle(now - s.last_active),
                                   doing=doing))
            if narrow and doing:  # indented if that still fits (an @doing may take 40 columns)
                rows.append(f"  {doing}" if columns(doing) + 2 <= session.sink.width else doing)
    count = len(services.presence.players)
    noun = "player is" if count == 1 else "players are"
    rows.append(f"{count} {noun} connected.  (Max was {services.presence.max_players})")
    session.tell("\n".join(rows), "who")


@command("@doing", category="general")
async def doing(session: Session, args: str) -> None:
    """@doing [message]

    Set the short message shown next to your name in WHO; leave it out to clear it.
    """
    text = speech(args)
    if columns(text) > DOING_MAX:
        session.refuse(f"Your @doing can be at most {DOING_MAX} characters (wide ones, as in Chinese, count as two).",
                       "refused")
        return
    if text:
        may_talk(session)  # WHO and the web's /who show it to everyone
    assert session.account is not None
    await session.services.store.set_doing(session.account.skeleton, text)
    session.doing = text
    session.tell("Doing set." if text else "Doing cleared.")


def columns(text: str) -> int:
    """Screen columns ``text`` takes: East Asian wide and fullwidth characters two, combining marks none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@command("idle", stage=Stage.ANY, category="general")
async def idle_(session: Session, args: str) -> None:
    """idle

    Does nothing, silently, but keeps your connection from being closed for
    inactivity. Your WHO idle time keeps counting. Clients can send it on a timer.
    """


def on_for(seconds: float) -> str:
    """Fuzzball's "On For" column: HH:MM, with days in front when needed."""
    minutes = int(seconds) // 60
    days, hours, mins = minutes // 1440, minutes // 60 % 24, minutes % 60
    return f"{days}d {hours:02d}:{mins:02d}" if days else f"{hours:02d}:{mins:02d}"


def idle(seconds: float) -> str:
    """Fuzzball's "Idle" column: the largest whole unit."""
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s"
