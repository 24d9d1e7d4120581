"""Play across days (issue 38): 'games' (your correspondence tables), 'next' and 'play N' (which one your moves go
to), and '@clock', with which a wizard moves the clock of a server started for tests and demonstrations."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import structlog

from rooms.messages import Refusal
from server import posttexts, texts
from server.commands.args import UsageError
from server.commands.registry import command
from server.commands.seating import table_number
from server.correspondence import days
from server.gameslist import challenge_rows, games_message, rows
from server.livetable import Live
from server.session import Session
from server.vacations import when_text

log = structlog.get_logger()
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
CLOCK_MOVE = re.compile(r"\+(\d{1,6}(?:\.\d{1,3})?)([smhd]?)")


def show(session: Session, live: Live) -> None:
    """``live`` made the player's current table, and its board shown."""
    session.services.tables.where.make_current(session.player, live)
    session.tell(posttexts.CURRENT.format(number=live.table.number), "current", table=str(live.table.number))
    session.tell(live.kind.scoreboard(session.view_of(live.table), session.player, session.style), "table")
    legal = live.table.view().legal.get(session.player, ())
    if legal:  # (what the table waits for from them, as its news would end)
        session.tell(posttexts.YOU_MAY.format(moves=", ".join(legal)), "table", table=str(live.table.number))


@command("games", category="table")
async def games(session: Session, args: str) -> None:
    """games

    Your correspondence tables (opened with 'table open pace=correspondence'):
    each one's game, players, whose move it is, the time left for that move and
    when the last move was made; those waiting on your move come first. 'next'
    takes you to one of those, 'play N' to any. Then the challenges waiting for
    an answer, yours and those made to you ('help challenge').
    """
    tables, name = session.services.tables, session.player
    mine = tables.posts.mine(name)
    away = {seat: tables.posts.vacations.until[seat] for live in mine for seat in live.table.seats
            if seat != name and tables.posts.vacations.on(seat)}
    now, challenges = session.services.clock(), session.services.challenges
    offers = challenge_rows(await challenges.waiting(name), now) if challenges is not None else []
    session.send(games_message(name, rows(name, mine, now), away, offers))


@command("next", category="table")
async def next_(session: Session, args: str) -> None:
    """next

    Go to the next correspondence table where it is your move: your moves go
    there (as after 'play N'), and its board is shown. Again for the one after.
    """
    tables, name = session.services.tables, session.player
    found = tables.posts.next_table(name, tables.seat_of(name))
    if found is None:
        raise Refusal(posttexts.NO_MOVE_WAITING)
    show(session, found)


@command("play", category="table")
async def play(session: Session, args: str) -> None:
    """play <table>

    Make a table you sit at your current one: 'roll', 'stop' and every other
    move go there until you choose another (you may sit at many correspondence
    tables at once). A single move can name its table instead: 'roll @3'.
    """
    number = table_number(args)
    if number is None:
        raise UsageError
    live = session.services.tables.get(number)
    if not live.table.is_seated(session.player):
        raise Refusal(posttexts.NOT_SEATED_AT.format(number=number))
    show(session, live)


@command("vacation", category="table")
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
