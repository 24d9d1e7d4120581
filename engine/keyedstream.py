"""Checkable randomness: every cube, card and draw of a game is a number computed from a secret server seed (committed
by its SHA-256 hash before play, revealed after) and the seated players' own seeds, at an address that names the
value (``wimpout/throw/<seat>/<k>/<slot>``), so anyone can recompute it afterwards. docs/fairness.md writes the
construction down with test vectors; here it is, in a few lines of the standard library (pure computation: the seeds
come from the server).

- The server seed is 32 random bytes, written as 64 hex digits; the commitment is SHA-256 of those bytes, in hex.
- The stream key is HMAC-SHA256(key = the server seed's bytes, message = ``cosmic-dice/1``, then each player's seed
  in seat order, each after a line feed), UTF-8.
- A value below ``n`` at an address: HMAC-SHA256(key = the stream key, message = ``<address>#<block>``) for block 0,
  1, 2... (counter mode) gives 32 bytes a block, read as eight 32-bit big-endian words; the first word below
  ``2**32 - 2**32 % n`` is taken, and the value is that word modulo ``n`` (rejection sampling: every value equally
  likely, exactly).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SCHEME = "hmac-sha256/1"
"""The construction's name, stored with each game (a later one would get a new name; this one never changes)."""
DOMAIN = "cosmic-dice/1"
SEED_BYTES = 32
MAX_PLAYER_SEED = 64
"""A player's seed: 1 to 64 printable characters (no line feed: the stream key's message separates seeds by one)."""
_WORD = 1 << 32


class SeedError(ValueError):
    """A seed that cannot be used, in words for the player."""


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's bytes, in hex: shown before play, it binds the server to the seed."""
    return hashlib.sha256(_seed_bytes(server_seed)).hexdigest()


def player_seed(text: str) -> str:
    """A player's seed as typed, checked (spaces around it dropped)."""
    seed = text.strip()
    if not 1 <= len(seed) <= MAX_PLAYER_SEED or not seed.isprintable():
        raise SeedError(f"A dice seed is 1 to {MAX_PLAYER_SEED} printable characters.")
    return seed


def stream_key(server_seed: str, seeds: Sequence[str]) -> bytes:
    """The key every value of one stream is drawn with: the server seed mixed with the players' seeds, in seat order
    (for tables that share their dice, the seeds of everyone who shares them, in the order the group lists them)."""
    message = "\n".join([DOMAIN, *(player_seed(seed) for seed in seeds)]).encode()
    return hmac.digest(_seed_bytes(server_seed), message, "sha256")


def _seed_bytes(server_seed: str) -> bytes:
    try:
        raw = bytes.fromhex(server_seed)
    except ValueError:
        raw = b""
    if len(raw) != SEED_BYTES:
        raise SeedError(f"A server seed is {SEED_BYTES} bytes written as {2 * SEED_BYTES} hex digits.")
    return raw


class KeyedStream:
    """The values of one stream, each found by its address (no position to keep: a game restored from its events
    draws on exactly where it was, and tables that share a key share every value)."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    @classmethod
    def of(cls, server_seed: str, seeds: Sequence[str]) -> KeyedStream:
        return cls(stream_key(server_seed, seeds))

    def below(self, address: str, n: int) -> int:
        """The value in ``0 .. n - 1`` at ``address`` (rejection sampling over 32-bit words, counter mode)."""
        if not 1 <= n <= _WORD:
            raise ValueError(f"cannot draw below {n}")
        limit = _WORD - _WORD % n
        block = 0
        while True:
            digest = hmac.digest(self.key, f"{address}#{block}".encode(), "sha256")
            for start in range(0, 32, 4):
                word = int.from_bytes(digest[start:start + 4], "big")
                if word < limit:
                    return word % n
            block += 1


@dataclass(frozen=True, slots=True)
class Draw:
    """One random value as a game used it: where it came from, its range, the value, and words naming it."""

    address: str
    n: int
    value: int
    what: str
    """E.g. "Ann's 3rd throw, cube 2 (event 41)": named in a mismatch."""
    seat: int | None = None
    """The seat it was drawn for (a cube thrown), None for the table's (a shuffle, a Funhouse draw)."""
    cube: str | None = None
    """``common`` or ``sun`` for a cube's face (its value the face's index), None for anything else."""
    labels: tuple[str, ...] = ()
    """Each value's name, if it has one (a cube's faces): a mismatch shows the faces, not their indexes."""

    def shown(self, value: int) -> str:
        return self.labels[value] if 0 <= value < len(self.labels) else str(value)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What checking a game's values found: how many matched, and the first that did not (None: every one)."""

    checked: int
    mismatch: str | None = None

    @property
    def matches(self) -> bool:
        return self.mismatch is None


def check(stream: KeyedStream, draws: Iterable[Draw]) -> Verdict:
    """Recompute each value from its address; stop at the first that differs."""
    checked = 0
    for draw in draws:
        expected = stream.below(draw.address, draw.n)
        if expected != draw.value:
            return Verdict(checked, f"{draw.what}: the game has {draw.shown(draw.value)}, the seeds give"
                                    f" {draw.shown(expected)}"
                                    f" (address {draw.address}, below {draw.n})")
        checked += 1
    return Verdict(checked)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
