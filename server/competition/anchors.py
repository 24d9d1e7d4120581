"""The house bots that events and the bot ladder seat under fixed names, the scale's anchors: their strength never
changes, so the ratings of everyone who plays them stay comparable. Cosmic Wimpout's (the default game's) bots."""

from __future__ import annotations

from rooms.tables import BOT_SUFFIX

ANCHORS = {"optimal": ("optimal",), "threshold": ("threshold", "200", "3"), "cautious": ("cautious",)}
"""Each anchor's strategy words (``threshold 200 3`` is the threshold bot benchmarks/ladder_bench.py rates)."""


def anchor_name(kind: str) -> str:
    """The name an anchor sits and is rated under (``Optimal.bot``)."""
    return kind.capitalize() + BOT_SUFFIX


def anchor_seat(name: str) -> list[str]:
    """What ``Table.add_bot`` takes to seat the anchor called ``name``: its name and its strategy's words."""
    kind = name.removesuffix(BOT_SUFFIX)
    return [kind, *ANCHORS[kind.lower()]]


def is_anchor(name: str) -> bool:
    return name.endswith(BOT_SUFFIX) and name.removesuffix(BOT_SUFFIX).lower() in ANCHORS
