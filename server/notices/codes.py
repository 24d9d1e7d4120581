"""One-use codes mailed to players (an address's confirmation, a password reset): long enough that guessing one
within its attempts is hopeless, typed easily (no letters that look alike), kept only as a hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from server.store.outreach import StoredCode

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""32 symbols (5 bits each), without 0/O and 1/I, read back in any case."""
LENGTH = 10
"""Symbols in a code: 50 bits. With ``ATTEMPTS`` tries a code, a guesser's chance is 5 in 2^50 per code mailed."""
ATTEMPTS = 5
"""Wrong tries a code takes; then it no longer works (a new one must be asked for)."""
LIFETIME = 30 * 60.0
"""Seconds a code works."""
CONFIRM, RESET = "confirm", "reset"
"""What a code is for (one of each an account at most: a new one replaces the last)."""


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def code_hash(code: str) -> str:
    """The hash kept of a code (as typed: spaces, dashes and case do not matter)."""
    typed = "".join(code.split()).replace("-", "").upper()
    return hashlib.sha256(typed.encode()).hexdigest()


def matches(code: str, stored: str) -> bool:
    return hmac.compare_digest(code_hash(code), stored)


def shown(code: str) -> str:
    """A code as mailed: in two halves, easier to copy by eye (``ABCDE-FGHJK``)."""
    return f"{code[:5]}-{code[5:]}"


def usable(stored: StoredCode, now: float) -> bool:
    """Whether a code may still be tried: not expired, tries left."""
    return stored.expires_at > now and stored.attempts < ATTEMPTS
