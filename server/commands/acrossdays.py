"""Play across days (issue 38): 'vacation', and '@clock', with which a wizard moves the clock of a server started for
tests and demonstrations ('games', 'next' and 'play N' are turnqueue's)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import structlog

from rooms.messages import Refusal
from server.words import posttexts, texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.acrossdays.correspondence import days
from server.session import Session
from server.acrossdays.vacations import when_text

log = structlog.get_logger()
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
CLOCK_MOVE = re.compile(r"\+([0-9]{1,6}(?:\.[0-9]{1,3})?)([smhd]?)")


@command("vacation", category="account")
async def vacation(session: Session, args: str) -> None:
    """vacation [on|off]

    'vacation on' freezes the deadlines of your moves at every correspondence
    table, each where it stood, and the others see you are on vacation; 'vacation
    off' sets them going again. A year (UTC) gives a number of days of it (30
    unless the server says otherwise); they run out by themselves. 'vacation'
    says how many you have left.
    """
    vacations, name = session.services.tables.posts.vacations, session.player
    word = args.strip().lower()
    if word == "on":
        until = await vacations.start(name)
        session.tell(posttexts.VACATION_ON.format(until=when_text(until)), "vacation", until=str(int(until)))
    elif word == "off":
        used = await vacations.stop(name)
        session.tell(posttexts.VACATION_OFF.format(used=days(used), days=vacations.allowed), "vacation")
    elif not word:
        if vacations.on(name):
            session.tell(posttexts.VACATION_ALREADY.format(until=when_text(vacations.until[name])), "vacation")
        else:
            session.tell(vacations.state((await vacations.left(name))[0]), "vacation")
    else:
        raise UsageError


@command("@clock", wizard=True, category="admin")
async def clock(session: Session, args: str) -> None:
    """@clock +N[s|m|h|d]

    Move the server's clock forward (deadlines of correspondence tables,
    vacations, challenges): only on a server started with adjustable_clock,
    for tests and demonstrations; everywhere else the clock is the system's.
    """
    found = CLOCK_MOVE.fullmatch(args.strip())
    if found is None:
        raise Refusal(posttexts.CLOCK_USAGE)
    seconds = float(found.group(1)) * UNITS[found.group(2) or "s"]
    time = session.services.clock
    if not time.adjustable or seconds <= 0:
        raise Refusal(posttexts.CLOCK_FIXED if seconds > 0 else posttexts.CLOCK_USAGE)
    time.advance(seconds)
    log.warning("admin.clock", by=session.player, seconds=seconds)
    now = datetime.fromtimestamp(time(), UTC).strftime("%Y-%m-%d %H:%M UTC")
    session.tell(posttexts.CLOCK_MOVED.format(time=texts.duration(seconds), now=now), "clock")
