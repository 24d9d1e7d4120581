"""Player name and password rules, and the look-alike key that stops impersonation."""

from __future__ import annotations

import re
from collections.abc import Collection

NAME_MIN, NAME_MAX = 2, 16
PASSWORD_MIN, PASSWORD_MAX = 5, 128
_NAME_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
RESERVED = frozenset({"me", "here", "home", "all", "who", "quit", "help", "connect", "create"})

# Characters (and pairs) people read as the same; folded together in the skeleton.
_LOOKALIKES = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"), ("5", "s"), ("-", "_"))


def skeleton(name: str) -> str:
    """The key under which names that look alike collide (``Igor``, ``lgor``, ``IG0R``)."""
    key = name.casefold()
    for seen, same in _LOOKALIKES:
        key = key.replace(seen, same)
    return key


def name_problem(name: str, wizards: Collection[str] = ()) -> str | None:
    """Why ``name`` cannot be a player name, or None if it can. Names that look like a configured wizard's are
    reserved: only the exact name may be created (and only it gets the powers)."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"Names are {NAME_MIN} to {NAME_MAX} characters long."
    if not _NAME_SHAPE.fullmatch(name):
        return "Names start with a letter and use only letters, digits, - and _."
    if name.casefold() in RESERVED:
        return f"{name!r} is a reserved word; please choose another name."
    key = skeleton(name)
    if any(skeleton(w) == key and w.casefold() != name.casefold() for w in wizards):
        return f"{name!r} is reserved (it looks like a wizard's name); please choose another name."
    return None


def password_problem(name: str, password: str) -> str | None:
    """Why ``password`` cannot be used by ``name``, or None if it can."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return f"Passwords are {PASSWORD_MIN} to {PASSWORD_MAX} characters long."
    if password.casefold() == name.casefold():
        return "Your password must differ from your name."
    return None
