"""What players hear of ratings at a table: the predicted chances when a rated game starts, and each player's rating
change when it ends (as text, and as fields for JSON mode and GMCP)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rooms.messages import Message
from server import texts
from server.ratingmodel import Rating, chances
from server.store import RatingChange


def provisional(rating: Rating) -> str:
    return texts.PROVISIONAL if rating.provisional else ""


def chances_message(table: int, players: Sequence[str], ratings: Mapping[str, Rating]) -> Message:
    """Each player's chance of winning by their ratings (a newcomer's is a newcomer's)."""
    odds = chances([ratings.get(name, Rating()) for name in players])
    said = ", ".join(f"{name} {round(100 * chance)}%" for name, chance in zip(players, odds))
    fields = {"table": str(table), **{f"chance.{name}": f"{chance:.3f}" for name, chance in zip(players, odds)}}
    return Message(texts.CHANCES.format(number=table, chances=said), "rating_chances", fields)


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
