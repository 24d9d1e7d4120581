"""The friends list as one model: the text of 'friends', the ``friends`` JSON message and the web page's panel all
come from the rows made here (only what WHO and 'tables' show anyone: on or not, idle, the tables sat at)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rooms.messages import Message
from server.words import posttexts
from server.wire.wiremodel import WireModel


class FriendRow(WireModel):
    """One player followed."""

    name: str
    online: bool
    idle: float | None
    """Seconds since they last typed a command (None: not connected)."""
    tables: list[int]
    """The tables they sit at, by number (a live table, correspondence tables)."""


class FriendsMessage(WireModel):
    """'friends': the players one follows, those on first, then by name."""

    type: Literal["friends"] = "friends"
    friends: list[FriendRow]


def friends_message(found: list[FriendRow], idle: Callable[[float], str]) -> Message:
    """The list as a message: its text for telnet (``idle`` words the seconds idle as WHO does), the model for JSON
    and the web page."""
    found = sorted(found, key=lambda row: (not row.online, row.name.casefold()))
    lines = [posttexts.FRIENDS_HEAD] if found else [posttexts.NO_FRIENDS]
    for row in found:
        numbers = ", ".join(str(number) for number in row.tables)
        tables = posttexts.FRIEND_TABLES.format(s="s" if len(row.tables) > 1 else "", numbers=numbers) \
            if row.tables else ""
        lines.append(posttexts.FRIEND_ON.format(name=row.name, idle=idle(row.idle or 0.0), tables=tables)
                     if row.online else posttexts.FRIEND_OFF.format(name=row.name, tables=tables))
    fields = {"count": str(len(found)), "online": ",".join(row.name for row in found if row.online)}
    return Message("\n".join(lines), "friends", fields, data=FriendsMessage(friends=found))
