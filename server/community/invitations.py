"""Invitation codes ('@invite'), for a server whose ``registration`` is ``invite``: one character each, within
``VALID_DAYS`` of being made, typed in any case, with or without the dash."""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L)."""
LENGTH = 8
"""Characters of a code: 40 bits, and a wrong one counts against its address as a failed login does."""
VALID_DAYS = 7


def new_code() -> str:
    """A fresh code, ``K7F3-XQ2M``."""
    return shown("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


def read_code(typed: str) -> str | None:
    """A code as typed (any case, spaces or dashes anywhere), as it is kept; None if it cannot be one."""
    letters = "".join(ch for ch in typed.upper() if ch not in " -")
    if len(letters) != LENGTH or any(ch not in ALPHABET for ch in letters):
        return None
    return shown(letters)


def shown(letters: str) -> str:
    return f"{letters[:LENGTH // 2]}-{letters[LENGTH // 2:]}"


def valid_since(now: float) -> float:
    """The oldest a code may have been made to be used now."""
    return now - VALID_DAYS * 86400
