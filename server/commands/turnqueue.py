"""Your correspondence games and which of them your moves go to (issue 38): 'games', 'next' (the next table waiting
on you) and 'play N'. Beside the turn verbs in the help index (registered after them: this module's name sorts after
gameverbs)."""

from __future__ import annotations

from rooms.messages import Refusal
from server.words import posttexts
from server.commands.args import UsageError
from server.commands.registry import command
from server.commands.seating import table_number
from server.acrossdays.gameslist import challenge_rows, games_message, rows
from server.tables.livetable import Live
from server.session import Session


def show(session: Session, live: Live) -> None:
    """``live`` made the player's current table, and its board shown."""
    session.services.tables.where.make_current(session.player, live)
    session.tell(posttexts.CURRENT.format(number=live.table.number), "current", table=str(live.table.number))
    session.tell(live.kind.scoreboard(session.view_of(live.table), session.player, session.style), "table")
    legal = live.table.view().legal.get(session.player, ())
    if legal:  # (what the table waits for from them, as its news would end)
        session.tell(posttexts.YOU_MAY.format(moves=", ".join(legal)), "table", table=str(live.table.number))


@command("next", category="turn")
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


@command("play", category="turn")
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


@command("games", category="turn")
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
