"""What players hear of ratings at a table: the predicted chances when a rated game starts, and each player's rating
change when it ends (as text, and as fields for JSON mode and GMCP)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import structlog

from rooms.messages import Message
from server.store.postal import CORRESPONDENCE, LIVE
from server.words import posttexts, texts
from server.competition.ratingmodel import FirstTurn, Rating, chances
from server.skill.judging import Judging
from server.skill.skilltexts import CHANCES_FIRST_TURN
from server.store import RatingChange

if TYPE_CHECKING:
    from server.tables.livetable import Live
    from server.store import Store

log = structlog.get_logger()


def provisional(rating: Rating) -> str:
    return texts.PROVISIONAL if rating.provisional else ""


def chances_message(table: int, players: Sequence[str], ratings: Mapping[str, Rating],
                    first: FirstTurn | None = None) -> Message:
    """Each player's chance of winning by their ratings (a newcomer's is a newcomer's) and, with ``first``, who took
    the first turn, with each rating as shown (fields for JSON mode and the web page's score sheet)."""
    rated = [ratings.get(name, Rating()) for name in players]
    odds = chances(rated, first)
    said = ", ".join(f"{name} {round(100 * chance)}%" for name, chance in zip(players, odds))
    fields = {"table": str(table), **{f"chance.{name}": f"{chance:.3f}" for name, chance in zip(players, odds)}}
    if first is not None:
        fields["first"] = players[first.seat]
    fields |= {f"rating.{name}": str(r.shown) for name, r in zip(players, rated)}
    fields |= {f"provisional.{name}": "yes" if r.provisional else "no" for name, r in zip(players, rated)}
    told = texts.CHANCES if first is None else CHANCES_FIRST_TURN
    return Message(told.format(number=table, chances=said, first=fields.get("first")), "rating_chances", fields)


async def predicted(store: Store, live: Live, first_turn: bool = True) -> list[Message]:
    """The players' predicted chances, once, when a rated game has started (shown before the start's news, whose
    "You may" line is the last thing a player should read); ``first_turn``: the first turn's worth counted
    (``ratings.first_turn``), where the game knows it."""
    table = live.table
    if not live.rated or live.predicted or not table.play.started:
        return []
    live.predicted = True
    first = live.kind.first_turn(table) if first_turn and isinstance(live.kind, Judging) else None
    return [chances_message(table.number, list(table.seats), await _ratings(store, live), first)]


async def seated_ratings(store: Store, live: Live) -> Message | None:
    """The ratings of the players of a rated game under way, as data only, for one coming back to it (the web page's
    score sheet had them from the start's predicted chances, shown once)."""
    if not live.rated or not live.table.play.started or live.table.play.is_over:
        return None
    told = chances_message(live.table.number, list(live.table.seats), await _ratings(store, live))
    return Message("", told.kind, told.fields)


async def _ratings(store: Store, live: Live) -> dict[str, Rating]:
    pool = LIVE if live.post is None else CORRESPONDENCE  # (each pace rated apart)
    found = {name: (await store.ratings(name, pool)).get(live.kind.name) for name in live.table.seats}
    return {name: rating for name, rating in found.items() if rating}


def rated(live: Live, changes: Sequence[RatingChange]) -> list[Message]:
    """Each player's rating change when a rated game has ended (shown after its last news)."""
    if changes:
        log.info("table.rated", table=live.table.number, game=live.game_id,
                 ratings={c.player: c.after.shown for c in changes})
    title = live.kind.title if live.post is None else posttexts.IN_CORRESPONDENCE.format(game=live.kind.title)
    told = change_messages(live.table.number, live.kind.name, title, changes)  # (each pace is rated apart)
    if live.unrated is not None:
        told.append(Message(live.unrated, "unrated", {"table": str(live.table.number), "game": str(live.game_id)}))
        live.unrated = None
    return told


def change_messages(table: int, game: str, title: str, changes: Iterable[RatingChange]) -> list[Message]:
    """One message a player: their rating before and after the game, as shown."""
    return [
        Message(
            texts.RATING_CHANGE.format(player=c.player, game=title, before=c.before.shown, after=c.after.shown,
                                       change=c.after.shown - c.before.shown, provisional=provisional(c.after)),
            "rating_change",
            {"table": str(table), "game": game, "player": c.player, "before": str(c.before.shown),
             "rating": str(c.after.shown), "change": str(c.after.shown - c.before.shown),
             "provisional": "yes" if c.after.provisional else "no", "games": str(c.after.games)},
        )
        for c in changes
    ]


def closing_fields(changes: Iterable[RatingChange]) -> dict[str, str]:
    """What the game-end message (``table_closed``) says of a rated game: each player's new rating and its change."""
    fields = {}
    for c in changes:
        fields |= {f"rating.{c.player}": str(c.after.shown), f"change.{c.player}": str(c.after.shown - c.before.shown)}
    return fields


def char_ratings(message: Message) -> list[dict[str, object]]:
    """GMCP's ``Char.Rating`` messages of a rating change (``change`` set) or of a 'rating' answer (one a game type;
    ``change`` null)."""
    f = message.fields
    if message.kind == "rating_change":
        return [{"name": f["player"], "game": f["game"], "rating": int(f["rating"]),
                 "provisional": f["provisional"] == "yes", "games": int(f["games"]), "change": int(f["change"])}]
    games = [key.partition(".")[2] for key in f if key.startswith("rating.")]
    return [{"name": f["player"], "game": game, "rating": int(f[f"rating.{game}"]),
             "provisional": f[f"provisional.{game}"] == "yes", "games": int(f[f"games.{game}"]), "change": None}
            for game in games]
