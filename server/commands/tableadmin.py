"""Wizards looking after every table: listing them all, closing one (its game recorded as abandoned), removing
someone from one."""

from __future__ import annotations

import time

from rooms.messages import Refusal
from server.words import texts
from server.commands.args import UsageError
from server.commands.who import idle
from server.commands.registry import command
from server.commands.seating import table_number
from server.community.sanctions import record, when
from server.session import Session
from server.tables.hosting import Live


def _row(session: Session, live: Live) -> str:
    table = live.table
    seats = ", ".join(f"{name} (away)" if name in table.absent else name for name in table.seats) or "none"
    moved = texts.TABLE_NOT_MOVED if live.moved_at is None else (
        f"{when(live.moved_at)} ({idle(time.time() - live.moved_at)} ago)")
    return texts.TABLE_ROW.format(number=table.number, room=session.services.world.room(table.room).name,
                                  status=table.status.value + (texts.TABLE_ROW_HELD if live.held else ""), seats=seats,
                                  watchers=", ".join(table.watchers) or "nobody", moved=moved)


def _live(session: Session, word: str) -> Live:
    number = table_number(word)
    if number is None:  # '#' alone: a word with no number in it
        raise Refusal(texts.NO_SUCH_TABLE.format(number=word))
    return session.services.tables.get(number)


@command("@table", wizard=True, category="admin")
async def table_admin(session: Session, args: str) -> None:
    """@table list | @table close <table> | @table kick <table> <player>

    'list' shows every table: its room, state, who sits (and who is away), who
    watches, and when the last move was made. 'close' ends a table at once (a
    game in play is recorded as abandoned: no one wins or loses). 'kick' takes
    a player (or a watcher, or a house bot) away from a table; in a game they
    leave it.
    """
    words = args.split()
    tables = session.services.tables
    if words == ["list"]:
        rows = [_row(session, live) for _, live in sorted(tables.live.items())]
        session.tell("\n".join(rows) or texts.NO_TABLES, "table")
    elif len(words) == 2 and words[0] == "close":
        live = _live(session, words[1])
        ending = await tables.close_by(live, session.player)
        await record(session, "table_close", f"table {live.table.number}", f"game #{live.game_id} {ending.value}")
        why = texts.TABLE_CLOSED_WHY[ending.value]
        session.tell(texts.TABLE_CLOSED_DONE.format(number=live.table.number, why=why), "table")
    elif len(words) == 3 and words[0] == "kick":
        live = _live(session, words[1])
        name = live.table.occupant(words[2])
        await tables.act(live, lambda: live.table.leave(name, live.dice, f"was removed by {session.player}"))
        await record(session, "table_kick", name, f"table {live.table.number}")
        session.tell(texts.TABLE_KICKED.format(name=name, number=live.table.number), "table")
    else:
        raise UsageError
