"""Pig's turn verbs, whose docstrings are their help."""

from __future__ import annotations

from typing import Any

from server.games.gametypes import Move, Verb


def roll(player: str, live: Any, args: str) -> Move:
    """roll

    Pig: roll the die (a 1 ends your turn with nothing).
    """
    return lambda: live.table.move(player, "roll", live.dice)


def hold(player: str, live: Any, args: str) -> Move:
    """hold

    Pig: bank your turn total; the first to the goal wins.
    """
    return lambda: live.table.move(player, "hold", live.dice)


VERBS = (Verb("roll", roll), Verb("hold", hold))
