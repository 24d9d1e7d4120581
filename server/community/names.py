"""Player name and password rules, and the look-alike key that stops impersonation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable

NAME_MIN, NAME_MAX = 2, 16
PASSWORD_MIN, PASSWORD_MAX = 5, 128
_NAME_SHAPE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
SEPARATORS = "-_"
"""What a name may hold besides letters and digits: ``Wiz-``, ``W_iz`` and ``Wiz`` read as one name."""
RESERVED = frozenset({
    # words commands read in place of a name
    "me", "here", "home", "all", "who", "quit", "help", "connect", "create",
    # words the server's own lines begin with: a pose by "Table" reads as "Table 1 is closed: ...", one by "You" as
    # "You have been booted off the server by Wiz."
    "you", "your", "yours", "table", "tables", "server", "system", "game", "notice", "announcement",
    "everyone", "nobody", "somebody", "someone",
    # words that read as a wizard's authority (a configured wizard's exact name may be created all the same), or as
    # the server's own parts (the console's wizard grants are recorded as by "console")
    "wizard", "wizards", "admin", "administrator", "moderator", "mod", "staff", "operator", "sysop", "god",
    "root", "owner", "official", "support", "portal", "console",
})
"""Names no player may take, nor any name that looks like one (``Y0u``, ``Table_``), besides the words the server
begins its own lines with (``server.community.ownwords``, derived from its texts)."""

# Characters (and pairs) people read as the same; folded together in the skeleton.
_LOOKALIKES = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"), ("5", "s"), ("-", "_"))


def skeleton(name: str) -> str:
    """The key under which names that look alike collide (``Igor``, ``lgor``, ``IG0R``)."""
    key = name.casefold()
    for seen, same in _LOOKALIKES:
        key = key.replace(seen, same)
    return key


def likeness(name: str) -> str:
    """What ``name`` reads as, separators aside: new names must not share it with another's (``Wiz-`` and ``W1z``
    read as ``Wiz``). Coarser than the skeleton, which keys accounts and so cannot change for those that exist."""
    return skeleton(name.translate({ord(c): None for c in SEPARATORS}))


_RESERVED_LIKENESS = frozenset(likeness(word) for word in RESERVED)


def name_problem(name: str, wizards: Collection[str] = (), own_words: Collection[str] = ()) -> str | None:
    """Why ``name`` cannot be a player name, or None if it can. Names that look like a reserved word, one of the
    server's ``own_words`` (``server.community.ownwords``: what they read as) or a configured wizard's are refused: only a
    configured wizard's exact name may be created (and only it gets the powers)."""
    if not NAME_MIN <= len(name) <= NAME_MAX:
        return f"Names are {NAME_MIN} to {NAME_MAX} characters long."
    if not _NAME_SHAPE.fullmatch(name):
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if ch.isascii())
        also = f" {plain}, say?" if plain != name and _NAME_SHAPE.fullmatch(plain) else ""
        return f"Names start with a letter and use only the letters A to Z (no accents), digits, - and _.{also}"
    if any(w.casefold() == name.casefold() for w in wizards):
        return None
    key = likeness(name)
    if key in _RESERVED_LIKENESS or key in own_words:
        return f"{name!r} is a reserved word; please choose another name."
    if any(likeness(w) == key for w in wizards):
        return f"{name!r} is reserved (it looks like a wizard's name); please choose another name."
    return None


def look_alike(name: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` (existing accounts') that ``name`` reads as without being it, if any."""
    key = likeness(name)
    return next((other for other in names if likeness(other) == key and other.casefold() != name.casefold()), None)


def password_problem(name: str, password: str) -> str | None:
    """Why ``password`` cannot be used by ``name``, or None if it can."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return f"Passwords are {PASSWORD_MIN} to {PASSWORD_MAX} characters long."
    if password.casefold() == name.casefold():
        return "Your password must differ from your name."
    return None
