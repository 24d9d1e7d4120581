"""Salted scrypt password hashes. Hashing is slow on purpose, so it runs off the event loop."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os

_R, _P, _LEN = 8, 1, 32


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


async def hash_password_async(password: str, cost: int) -> str:
    return await asyncio.to_thread(hash_password, password, cost)


async def verify_password_async(password: str, stored: str) -> bool:
    return await asyncio.to_thread(verify_password, password, stored)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=256 * n * r + 2**20, dklen=_LEN
    )


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")
