"""A notice: something a player away from the game is told (by mail, by a push to their browser, in their login
summary and their digest), and the kinds a player chooses among with '@set notify='."""

from __future__ import annotations

from dataclasses import dataclass

MOVE, CHALLENGE, OVER, MAIL = "move", "challenge", "over", "mail"
"""The kinds of notice: a table waits on you, a challenge offered, a game of yours over, @mail received."""
DIGEST = "digest"
CHOSEN = (MOVE, CHALLENGE, OVER, DIGEST)
"""What '@set notify=' takes (any of them, comma-separated, or ``off``); @mail is in the summary and digest only."""
DEFAULT = (MOVE, CHALLENGE, OVER)
"""What a player who chose nothing is sent (once they have a confirmed address or a browser subscribed)."""
OFF = "off"


@dataclass(frozen=True, slots=True)
class Notice:
    """What to tell one player: ``text`` in their words (one line), the table it is about (a link to it), and
    ``key``, which makes it once ever ("your move" once a move: ``move:<game>:<events>``)."""

    kind: str
    text: str
    table: int | None = None
    key: str | None = None


def chosen(value: str | None) -> frozenset[str]:
    """The kinds a player's '@set notify=' value sends now (unset: ``DEFAULT``)."""
    if value is None:
        return frozenset(DEFAULT)
    return frozenset(word for word in value.split(",") if word in CHOSEN)


def parse_choice(typed: str) -> str | None:
    """'@set notify=' as typed, made the stored value (``move,digest``, ``off``); None if it is not one."""
    words = [word.strip().lower() for word in typed.replace(" ", ",").split(",") if word.strip()]
    if words == [OFF]:
        return OFF
    if not words or any(word not in CHOSEN for word in words):
        return None
    return ",".join(kind for kind in CHOSEN if kind in words)
