"""What the world tells people, as data: the server decides how to render it."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple, Sequence

NO_FIELDS: Mapping[str, str] = MappingProxyType({})


class Message(NamedTuple):
    """One thing to show one person.

    ``kind`` and ``fields`` let a machine-readable renderer (e.g. JSON lines for bots)
    present the same event without parsing ``text``; ``data`` carries a richer value (a table's
    news) that each connection renders its own way. (A tuple: every word said makes two or more, and a frozen
    dataclass's init costs twice a tuple's.)
    """

    text: str
    kind: str = "info"
    fields: Mapping[str, str] = NO_FIELDS
    data: object | None = None


class Delivery(NamedTuple):
    """A message addressed to one player by name (a tuple: every word said makes one per listener)."""

    recipient: str
    message: Message


class Refusal(Exception):
    """An action the world will not perform; the text is shown to the actor as is."""


def speech(text: str) -> str:
    """What a player says, as others see it: runs of spaces become one, so no part of it can be padded out to the
    start of a line of its own and pass for someone else's shout or page."""
    return " ".join(text.split())


def listed(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def counted(number: int, noun: str) -> str:
    """``1 game``, ``2 games``: a count and its noun, plural when it is not one."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
