"""Every position of seeded Funhouse runs played by random legal moves: what each renderer (the board, the words)
must show, walked once here rather than by each test."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.funhouse import FunRun, SeededChance


def positions(runs: int, chooser: random.Random, moves_a_room: int) -> Iterator[dict[str, Any]]:
    """The view of each position of runs ``0 .. runs - 1``: random legal moves picked by ``chooser``, each room
    stopped once it has seen more than ``moves_a_room`` positions (or when stopping is all it offers)."""
    for seed in range(runs):
        chance = SeededChance(seed)
        run = FunRun.start(seed, chance=chance)
        made: dict[str, int] = {}
        while run.room is not None:
            room = run.room.name
            yield run.room.view()
            made[room] = made.get(room, 0) + 1
            offered = [move for move in run.legal_moves() if move != "stop"]
            run.apply("stop" if made[room] > moves_a_room or not offered else chooser.choice(offered), chance)
