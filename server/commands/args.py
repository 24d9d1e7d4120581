"""Argument parsing shared by commands. Wrong usage raises :class:`UsageError` (server.words.usage), and dispatch
answers with the command's own usage line, so usage is written once, in the docstring.

One quoting rule for every name and password (``connect``, ``create``, ``@password``, ``@newpassword``): words are
separated by spaces, and a word with spaces in it goes in double quotes, as TinyFugue sends it.
"""

from __future__ import annotations

import re

from rooms.messages import Refusal
from server.words import texts
from server.words.usage import UsageError, required

__all__ = ["UsageError", "one_word", "quoted_pair", "required", "target_and_text", "words"]
"""What commands import from here: the parsers below, and usage's two (one import line for a command's arguments)."""

_WORD = re.compile(r'"([^"]*)"(?=\s|$)|([^\s"]\S*)|(\S+)')
"""A quoted word (closed, then a space or the end), a bare word (not starting with a quote), or bad quoting."""


def words(args: str, example: str) -> list[str]:
    """Split on spaces, keeping "quoted words" together; a quote left open is refused, with ``example``."""
    found = []
    for match in _WORD.finditer(args):
        if match.group(3) is not None:
            raise Refusal(texts.UNCLOSED_QUOTE.format(example=example))
        found.append(match.group(1) if match.group(2) is None else match.group(2))
    return found


def one_word(args: str, example: str) -> str:
    """Exactly one (possibly quoted) word: a name or a password."""
    found = words(args, example)
    if not found:
        raise UsageError
    if len(found) > 1:
        raise Refusal(texts.QUOTE_SPACES.format(example=example))
    return found[0]


def quoted_pair(args: str, example: str) -> tuple[str, str]:
    """``<word>=<word>``, either side quoted if it has spaces; the first ``=`` outside quotes separates them."""
    inside = False
    for at, char in enumerate(args):
        if char == '"':
            inside = not inside
        elif char == "=" and not inside:
            return one_word(args[:at], example), one_word(args[at + 1 :], example)
    if inside:
        raise Refusal(texts.UNCLOSED_QUOTE.format(example=example))
    raise UsageError


def target_and_text(args: str) -> tuple[str, str]:
    """``<name>=<text>``, both required."""
    target, sep, text = args.partition("=")
    if not sep or not target.strip() or not text.strip():
        raise UsageError
    return target.strip(), text.strip()
