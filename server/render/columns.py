"""Lists in columns on a screen narrower than their usual layout (written for 80 columns; at 40 a wrapped row put its
numbers under the wrong heads): every column only as wide as its widest cell, and the last ones left out, as many as
it takes to fit."""

from __future__ import annotations

from collections.abc import Sequence

from server.words import texts


def fitted(rows: Sequence[Sequence[object]], width: int, right: Sequence[int] = (), keep: int = 2) -> tuple[list[str], int]:
    """``rows`` (a row of heads first) one line each, cells a space apart, those of the columns numbered in ``right``
    aligned right; without as many of the last columns as it takes for every line to fit ``width`` (``keep`` stay
    whatever happens). Returns the lines and how many columns were left out."""
    cells = [[str(cell) for cell in row] for row in rows]
    shown = len(cells[0])
    while True:
        widths = [max(len(row[i]) for row in cells) for i in range(shown)]
        lines = [" ".join(row[i].rjust(widths[i]) if i in right else row[i].ljust(widths[i]) for i in range(shown)).rstrip()
                 for row in cells]
        if shown <= keep or max(map(len, lines)) <= width:
            return lines, len(cells[0]) - shown
        shown -= 1


def narrowed(wide: Sequence[str], rows: Sequence[Sequence[object]], width: int, right: Sequence[int] = (),
             keep: int = 2, heads: Sequence[str] | None = None) -> list[str]:
    """The usual layout ``wide`` if every line fits ``width``; else ``rows`` ``fitted``, and a line naming the columns
    left out (``heads``: their names, the first row's when None)."""
    if max(map(len, wide), default=0) <= width:
        return list(wide)
    lines, left_out = fitted(rows, width, right, keep)
    names = [str(head) for head in (rows[0] if heads is None else heads)]
    return [*lines, *([texts.LEFT_OUT.format(heads=", ".join(names[-left_out:]))] if left_out else [])]
