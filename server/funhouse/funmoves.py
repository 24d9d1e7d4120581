"""The moves under a Funhouse board, as the player reads them: every one while they are few, else folded so that
each kind shows once (JSON's ``you_may`` always lists every move, exactly)."""

from __future__ import annotations

from engine.funhouse import STOP
from server.funhouse import funwords as words

SHOWN_MOVES = 12
"""More moves (or kinds of move) than this are counted, not listed, under the board; 'fh moves' lists them."""


def moves_text(moves: list[str]) -> str:
    """The moves under the board: all of them; or Slide Jam's hundreds folded (each family once, then the stack and
    slide words every family takes); or moves alike but for their last word as one with choices; or else the first
    few and how many there are. (JSON's ``you_may`` always lists every move.)"""
    if len(moves) <= SHOWN_MOVES:
        return words.YOU_MAY.format(moves=", ".join(moves))
    folded = folded_moves([move for move in moves if move != STOP])
    if folded is not None and STOP in moves:
        heads, tails = folded
        return words.YOU_MAY_EACH.format(moves=", ".join(heads), then=tails)
    choices = choice_moves([move for move in moves if move != STOP])
    if len(choices) <= SHOWN_MOVES and STOP in moves:
        return words.YOU_MAY_CHOICES.format(moves=", ".join(choices))
    return words.MANY_MOVES.format(moves=", ".join(moves[:SHOWN_MOVES]), count=len(moves))


def choice_moves(moves: list[str]) -> list[str]:
    """Moves alike but for their last word, each kind once with its last words as choices: Catwalk's flicks
    ('flick 3 end|1-12'), Barrels' starts ('start 0 1|2|3|4')."""
    kinds: dict[str, list[str]] = {}
    for move in moves:
        head, _, last = move.rpartition(" ")
        kinds.setdefault(head, []).append(last)
    return [f"{head} {'|'.join(runs(lasts))}" for head, lasts in kinds.items()]


def runs(items: list[str]) -> list[str]:
    """Three or more numbers in a row as one range ('1-12'); anything else as it is."""
    shown: list[str] = []
    start = 0
    while start < len(items):
        end = start
        while (end + 1 < len(items) and items[end].isdigit() and items[end + 1].isdigit()
               and int(items[end + 1]) == int(items[end]) + 1):
            end += 1
        shown += [f"{items[start]}-{items[end]}"] if end - start >= 2 else items[start:end + 1]
        start = end + 1
    return shown


def folded_moves(moves: list[str]) -> tuple[list[str], str] | None:
    """(the moves without their last two words, 'L|R up|down|left|right') when every one of them takes exactly every
    pair of those last words; else None."""
    heads: dict[str, set[tuple[str, ...]]] = {}
    for move in moves:
        parts = move.split()
        heads.setdefault(" ".join(parts[:-2]), set()).add(tuple(parts[-2:]))
    tails = next(iter(heads.values()), set())
    if len(heads) < 2 or any(taken != tails for taken in heads.values()):
        return None
    columns = [list(dict.fromkeys(move.split()[-2 + i] for move in moves)) for i in range(2)]
    if len(tails) != len(columns[0]) * len(columns[1]):
        return None
    return list(heads), " ".join("|".join(column) for column in columns)
