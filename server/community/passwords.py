"""Salted scrypt password hashes. Hashing is slow on purpose, so it runs off the event loop."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
from concurrent.futures import ThreadPoolExecutor

_R, _P, _LEN = 8, 1, 32
_HASHER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scrypt")
"""Where every hash is computed, one at a time, server-wide: each takes a core for ~0.4 - 0.7 s and 128 MiB (N=2^17,
OWASP's figure for scrypt). Logins that succeed are not slowed by the failure throttle, so one account connecting
and quitting over and over from 20 connections would otherwise keep every core hashing and hold 20 times the memory;
here they queue, and the game keeps the other cores."""


def hash_password(password: str, cost: int) -> str:
    """``scrypt$N$r$p$salt$hash``: the parameters travel with the hash, so cost can change."""
    salt = os.urandom(16)
    digest = _scrypt(password, salt, cost, _R, _P)
    return "$".join(["scrypt", str(cost), str(_R), str(_P), _b64(salt), _b64(digest)])


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        actual = _scrypt(password, base64.b64decode(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(actual, base64.b64decode(digest))


def outdated(stored: str, cost: int) -> bool:
    """Whether a hash was made at a lower cost than ``cost`` (an older release's): rehashed at the next login."""
    fields = stored.split("$")
    return len(fields) == 6 and fields[1].isdigit() and int(fields[1]) < cost


async def hash_password_async(password: str, cost: int) -> str:
    return await asyncio.get_running_loop().run_in_executor(_HASHER, hash_password, password, cost)


async def verify_password_async(password: str, stored: str) -> bool:
    return await asyncio.get_running_loop().run_in_executor(_HASHER, verify_password, password, stored)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    """scrypt needs 128 * n * r bytes: room for them (OpenSSL refuses more than 32 MiB unless told)."""
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=256 * n * r + 2**20, dklen=_LEN
    )


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")
