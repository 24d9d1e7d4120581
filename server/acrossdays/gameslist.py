"""A player's correspondence games as one model ('games', the ``games`` JSON message, GMCP's ``Char.Games``, the web
page's list): each table's game, players, whose move, the deadline left and the last move, those awaiting the
player first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import model_validator

from rooms.messages import Message
from server.words import posttexts
from server.acrossdays.correspondence import days as in_days, span
from server.acrossdays.vacations import when_text
from server.wire.wiremodel import WireModel

if TYPE_CHECKING:
    from server.tables.livetable import Live
    from server.store.postal import Challenge


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
    left_words: str
    """The deadline left as 'games' says it ("2.9 days", "4 hours (frozen)", "-"): worded from ``deadline``."""
    last_words: str
    """The last move's age as 'games' says it ("3 minutes ago", "-"): worded from ``last_move``."""
    pace_words: str
    """The table's pace ("3 days a move"): worded from ``days``."""

    @model_validator(mode="before")
    @classmethod
    def _worded(cls, fields: dict[str, Any]) -> dict[str, Any]:
        """The words from the figures, so that every client says them as 'games' does (the web page's list)."""
        deadline, last_move = fields.get("deadline"), fields.get("last_move")
        left = posttexts.NOBODY if deadline is None else span(deadline)
        last = posttexts.NOBODY if last_move is None else posttexts.AGO.format(time=span(last_move, whole=True))
        return {"left_words": posttexts.FROZEN.format(left=left) if fields.get("frozen") else left, "last_words": last,
                "pace_words": posttexts.PER_MOVE.format(days=in_days(fields["days"])), **fields}


class ChallengeRow(WireModel):
    """A challenge waiting for an answer, made by the player or to them."""

    id: int
    by: str
    whom: str
    options: str
    """The table's options as the challenger typed them."""
    expires: float
    """Seconds until it is gone unanswered."""


class GamesMessage(WireModel):
    """'games': the player's correspondence tables, those awaiting their move first, and the challenges waiting."""

    type: Literal["games"] = "games"
    games: list[GameRow]
    challenges: list[ChallengeRow]
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


def challenge_rows(waiting: list[Challenge], now: float) -> list[ChallengeRow]:
    return [ChallengeRow(id=c.id, by=c.by, whom=c.whom, options=c.options, expires=max(0.0, c.expires - now))
            for c in waiting]


def games_message(name: str, found: list[GameRow], away: dict[str, float], offers: list[ChallengeRow]) -> Message:
    """The list as a message (``away``: the others on vacation, until when; ``offers``: the challenges waiting):
    its text for telnet, the model for JSON and GMCP."""
    lines = [posttexts.GAMES_HEAD, posttexts.GAMES_COLUMNS] if found else [posttexts.NO_GAMES]
    for row in found:
        whose = posttexts.YOU if row.yours else ", ".join(row.to_move) or posttexts.NOT_STARTED
        lines.append(posttexts.GAMES_ROW.format(number=row.table, game=row.title[:16],
                                                players=", ".join(row.players)[:16], whose=whose[:10],
                                                left=row.left_words, last=row.last_words))
    lines.extend(posttexts.ON_VACATION_UNTIL.format(name=other, until=when_text(until))
                 for other, until in sorted(away.items()))
    if offers:
        lines.append(posttexts.CHALLENGES_HEAD)
    for offer in offers:
        what = offer.options or posttexts.DEFAULT_GAME
        lines.append(posttexts.CHALLENGE_TO_YOU.format(number=offer.id, by=offer.by, what=what) if offer.whom == name
                     else posttexts.CHALLENGE_BY_YOU.format(number=offer.id, whom=offer.whom, what=what))
    fields = {"count": str(len(found)), "yours": ",".join(str(row.table) for row in found if row.yours),
              "challenges": str(len(offers))}
    return Message("\n".join(lines), "games", fields,
                   data=GamesMessage(games=found, challenges=offers, vacations=away))
