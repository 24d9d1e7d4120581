"""A store URL as it may be shown (logs, the console, errors): its password replaced by ``***``, whatever form the
URL takes. Operators write them every way libpq and its friends accept: ``postgresql://`` and ``postgres://`` URLs,
SQLAlchemy's ``postgresql+psycopg://``, passwords with an unencoded ``#``, ``/``, ``@`` or ``:``, or percent-encoded,
in the query string (``?password=``), IPv6 hosts, several hosts, and libpq's ``key=value`` strings, quoted or not
(issue 37, item 6). Where the form cannot be told, more is hidden rather than less."""

from __future__ import annotations

import re
from urllib.parse import unquote

MASK = "***"
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_HOST_AFTER = re.compile(r"(\[[0-9A-Za-z:.%]*\]|[A-Za-z0-9._%~-]*)(:\d*)?([/?,]|$)")
"""What follows the ``@`` that ends a URL's user and password: a host (a name, an address, ``[IPv6]``), a port,
then the database, the query, another host or the end."""
_QUERY_PASSWORD = re.compile(r"([?&]password=)([^&]*)", re.IGNORECASE)
_KEYWORD_PASSWORD = re.compile(r"(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'?|\S+)", re.IGNORECASE)


def redacted(url: str) -> str:
    """``url`` with every password in it (its user's, a ``password=`` of its query or of a key=value string)
    replaced by ``***``."""
    scheme = _SCHEME.match(url)
    if scheme is None:  # libpq's key=value string (or a path: nothing to hide)
        return _KEYWORD_PASSWORD.sub(lambda found: found[1] + MASK, url)
    rest = url[scheme.end():]
    at = _userinfo_end(rest)
    if at is not None:
        user, colon, _ = rest[:at].partition(":")
        rest = (f"{user}:{MASK}" if colon else user) + rest[at:]
    return scheme[0] + _QUERY_PASSWORD.sub(lambda found: found[1] + MASK, rest)


def passwords_in(url: str) -> list[str]:
    """The passwords ``url`` holds, as written and percent-decoded (what an error message may quote)."""
    found: list[str] = []
    scheme = _SCHEME.match(url)
    if scheme is None:
        found += [_unquoted(match[2]) for match in _KEYWORD_PASSWORD.finditer(url)]
    else:
        rest = url[scheme.end():]
        at = _userinfo_end(rest)
        if at is not None and ":" in rest[:at]:
            found.append(rest[:at].partition(":")[2])
        found += [match[2] for match in _QUERY_PASSWORD.finditer(rest)]
    return sorted({form for word in found if word for form in (word, unquote(word))}, key=len, reverse=True)


def scrubbed(text: str, url: str) -> str:
    """``text`` (an error from the driver, a message) with ``url``'s passwords hidden wherever they appear, and
    ``url`` itself shown redacted."""
    text = text.replace(url, redacted(url))
    for password in passwords_in(url):
        text = text.replace(password, MASK)
    return text


def _userinfo_end(rest: str) -> int | None:
    """Where the user and password of a URL's remainder (after ``scheme://``) end: the last ``@`` a host follows
    (a password may hold ``@``, ``/`` or ``#`` unencoded), else the last ``@`` (hiding too much rather than too
    little), or None if it names no user."""
    ats = [i for i, c in enumerate(rest) if c == "@"]
    return next((at for at in reversed(ats) if _HOST_AFTER.match(rest, at + 1)), ats[-1] if ats else None)


def _unquoted(value: str) -> str:
    """A key=value string's value: its quotes and backslash escapes undone."""
    if value.startswith("'"):
        value = value[1:-1] if value.endswith("'") and len(value) > 1 else value[1:]
        return re.sub(r"\\(.)", r"\1", value)
    return value
