"""Whole numbers as people type them: one reading for every game's rules and moves, and for the commands of
rooms and the server (table, game and minute numbers)."""

from __future__ import annotations

MAX_DIGITS = 9
"""Enough for any count, score, table or game number; more only reaches SQLite, dates or the rules as an overflow."""


def typed_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """``text`` as a whole number if it is typed as one: ASCII digits only (``str.isdigit`` also takes ² and ٣,
    which ``int`` refuses), at most ``max_digits`` of them; otherwise None."""
    if 0 < len(text) <= max_digits and text.isascii() and text.isdigit():
        return int(text)
    return None
