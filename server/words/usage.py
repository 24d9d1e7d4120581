"""Wrong usage of a command: raised by a command (or a game's turn verb), answered by dispatch with the command's own
usage line, so usage is written once, in the docstring. Outside server.commands so that a game's verbs can raise it
without importing every command."""

from __future__ import annotations


class UsageError(Exception):
    """The arguments do not fit the command."""


def required(args: str) -> str:
    text = args.strip()
    if not text:
        raise UsageError
    return text
