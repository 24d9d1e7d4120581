"""A player's correspondence games as one model ('games', the ``games`` JSON message, GMCP's ``Char.Games``, the web
page's list): each table's game, players, whose move, the deadline left and the last move, those awaiting the
player first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rooms.messages import Message
from server import posttexts
from server.correspondence import span
from server.vacations import when_text
from server.wiremodel import WireModel

if TYPE_CHECKING:
    from server.livetable import Live


class GameRow(WireModel):
    """One correspondence table of the player's."""

    table: int
    game: str
    """The game type's name (``wimpout``, ``poker``)."""
    title: str
    players: list[str]
    to_move: list[str]
    """Whom the table waits on (empty before the start)."""
    yours: bool
    """It waits on the player's move."""
    days: int
    """Days a move at this table."""
    deadline: float | None
    """Seconds left to make the move waited on (None: no deadline runs)."""
    frozen: bool
    """The deadline is frozen: the player it runs for is on vacation."""
    last_move: float | None
    """Seconds since the last move of the game (None: none yet)."""


class GamesMessage(WireModel):
    """'games': the player's correspondence tables, those awaiting their move first."""

    type: Literal["games"] = "games"
    games: list[GameRow]
    vacations: dict[str, float]
    """The other players at these tables on vacation, and until when (Unix time)."""


def rows(name: str, tables: list[Live], now: float) -> list[GameRow]:
    """``tables`` as ``name`` sees them in 'games', those waiting on them first (then by number)."""
    found = []
    for live in tables:
        post, table = live.post, live.table
        assert post is not None
        waiting = [seat for seat in table.play.waiting_on() if seat in table.seats] if table.play.started else []
        found.append(GameRow(table=table.number, game=live.kind.name, title=live.kind.title, players=list(table.seats),
                             to_move=waiting, yours=name in waiting, days=post.days, deadline=post.left(now),
                             frozen=post.frozen is not None,
                             last_move=None if post.last is None else max(0.0, now - post.last)))
    return sorted(found, key=lambda row: (not row.yours, row.table))


def games_message(name: str, found: list[GameRow], away: dict[str, float]) -> Message:
    """The list as a message (``away``: the others on vacation, until when): its text for telnet, the model for
    JSON and GMCP."""
    if not found:
        return Message(posttexts.NO_GAMES, "games", {"count": "0"}, data=GamesMessage(games=[], vacations={}))
    lines = [posttexts.GAMES_HEAD, posttexts.GAMES_COLUMNS]
    for row in found:
        whose = posttexts.YOU if row.yours else ", ".join(row.to_move) or posttexts.NOT_STARTED
        left = posttexts.NOBODY if row.deadline is None else span(row.deadline)
        if row.frozen:
            left = posttexts.FROZEN.format(left=left)
        last = posttexts.NOBODY if row.last_move is None else posttexts.AGO.format(time=span(row.last_move))
        lines.append(posttexts.GAMES_ROW.format(number=row.table, game=row.title[:14],
                                                players=", ".join(row.players)[:20], whose=whose[:11], left=left,
                                                last=last))
    lines.extend(posttexts.ON_VACATION_UNTIL.format(name=other, until=when_text(until))
                 for other, until in sorted(away.items()))
    fields = {"count": str(len(found)), "yours": ",".join(str(row.table) for row in found if row.yours)}
    return Message("\n".join(lines), "games", fields, data=GamesMessage(games=found, vacations=away))
