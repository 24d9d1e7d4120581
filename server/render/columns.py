"""Lists in columns on a screen narrower than their usual layout (written for 80 columns; at 40 a wrapped row put its
numbers under the wrong heads): every column only as wide as its widest cell, and the last ones left out, as many as
it takes to fit."""

from __future__ import annotations

from collections.abc import Sequence


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
