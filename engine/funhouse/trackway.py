"""Catwalk's track: tiles laid one beside the last on an unbounded square grid, steered by their suits and the die.

Coordinates are (x, y), x growing east and y growing north; the first tile lies at (0, 0).
"""

from __future__ import annotations

from engine.funhouse.seedstreams import Draws
from engine.funhouse.piecepack import suit

SIDES: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
"""Clockwise from north: the order two free sides are listed in when the die picks one."""
SUIT_SIDE = {"S": "N", "C": "E", "A": "S", "M": "W"}
FIRST_OF_TWO = (0, 1, 2)
"""Die faces (null, ace, 2) that pick the first of two free sides; 3, 4 and 5 pick the second."""

Place = tuple[int, int]


def lay(tiles: list[str], draws: Draws) -> tuple[list[tuple[str, Place]], list[str]]:
    """Lay ``tiles`` in order: each on its suit's side of the last tile if free, else straight on if free, else on a
    free side the die picks. Returns the track and the tiles set aside when the last tile is boxed in."""
    if not tiles:
        return [], []
    track: list[tuple[str, Place]] = [(tiles[0], (0, 0))]
    taken = {(0, 0)}
    step: Place | None = None
    for laid, tile in enumerate(tiles[1:], start=1):
        x, y = track[-1][1]
        free = [side for side, (dx, dy) in SIDES.items() if (x + dx, y + dy) not in taken]
        if not free:
            return track, tiles[laid:]
        own = SIDES[SUIT_SIDE[suit(tile)]]
        if (x + own[0], y + own[1]) not in taken:
            move = own
        elif step is not None and (x + step[0], y + step[1]) not in taken:
            move = step
        elif len(free) == 1:
            move = SIDES[free[0]]
        else:
            move = SIDES[free[0] if draws.roll() in FIRST_OF_TWO else free[1]]
        step = move
        place = (x + move[0], y + move[1])
        taken.add(place)
        track.append((tile, place))
    return track, []


def corners(places: list[Place]) -> frozenset[int]:
    """The 1-based numbers of the tiles, other than the two ends, where the track turns."""
    return frozenset(i + 1 for i in range(1, len(places) - 1)
                     if (places[i][0] - places[i - 1][0], places[i][1] - places[i - 1][1])
                     != (places[i + 1][0] - places[i][0], places[i + 1][1] - places[i][1]))
