"""Argument parsing shared by commands. Wrong usage raises :class:`UsageError`, and dispatch
answers with the command's own usage line, so usage is written once, in the docstring."""

from __future__ import annotations

import re

_TOKEN = re.compile(r'"([^"]*)"?|(\S+)')


class UsageError(Exception):
    """The arguments do not fit the command."""


def words(args: str) -> list[str]:
    """Split on spaces, keeping "quoted words" together, as TinyFugue sends them."""
    return [m.group(1) if m.group(2) is None else m.group(2) for m in _TOKEN.finditer(args)]


def target_and_text(args: str) -> tuple[str, str]:
    """``<name>=<text>``, both required."""
    target, sep, text = args.partition("=")
    if not sep or not target.strip() or not text.strip():
        raise UsageError
    return target.strip(), text.strip()


def required(args: str) -> str:
    if not args.strip():
        raise UsageError
    return args.strip()
