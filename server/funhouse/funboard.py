"""Each Funhouse room's board as ASCII text within 80 columns, drawn from the room's ``view()`` (what the player may
see: a face-down coin is never shown). Suits are letters (S C A M), nulls ``0``, empty places ``.``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.funhouse.funwords import STACK_NAMES

COLUMNS = "abcd"


def grid(cells: Sequence[str | None], hidden: str = ".", mark: str | None = None) -> list[str]:
    """A 4x6 grid in reading order (a1 b1 c1 d1 a2 ...), columns lettered, rows numbered; ``mark`` in brackets."""
    lines = ["     a    b    c    d"]
    for row in range(len(cells) // 4):
        shown = []
        for col in range(4):
            name = f"{COLUMNS[col]}{row + 1}"
            piece = cells[row * 4 + col] or hidden
            shown.append(f"[{piece:>2}]" if name == mark else f" {piece:>2} ")
        lines.append(f" {row + 1}  " + " ".join(shown))
    return lines


def _stack(families: Sequence[Sequence[str]]) -> str:
    return f"{len(families)} families (top {families[-1][-1]})" if families else "0 families"


def slide_jam(view: dict[str, Any]) -> list[str]:
    """The spec's one head line runs past 80 columns: the stacks go on a line of their own."""
    board = view["board"]
    left = sum(1 for tile in board if tile)
    return [f"Slide Jam   board: {left} tiles, {view['points']} points",
            f"L: {_stack(view['stacks']['L'])}   R: {_stack(view['stacks']['R'])}", *grid(board)]


def magic_mirror(view: dict[str, Any]) -> list[str]:
    if not view["dealt"]:
        stacks = view["stacks"]
        return ["Magic Mirror   choose the stack that builds the upper grid: 'top L' or 'top R'",
                f"  L (top {stacks['L'][-1] if stacks['L'] else '-'}): {' '.join(stacks['L'])}",
                f"  R (top {stacks['R'][-1] if stacks['R'] else '-'}): {' '.join(stacks['R'])}"]
    rows = view["grid"]
    lines = ["Magic Mirror", "        1    2    3    4"]
    for name in ("U1", "U2", "U3"):
        lines.append(f"  {name}  " + " ".join(f" {tile or '.':>2} " for tile in rows[name]))
    lines.append("      " + "=" * 19)
    for name in ("L1", "L2", "L3"):
        lines.append(f"  {name}  " + " ".join(f" {tile or '.':>2} " for tile in rows[name]))
    pairs = view["pairs"]
    points = {"Twins": 0, "Cousins": 1, "Distant": 2}
    lines.append("   ".join(f"{kind} {len(tiles) // 2} ({len(tiles) // 2 * points[kind]})"
                            for kind, tiles in pairs.items()) + f"   score now {view['points']}")
    return lines


def catwalk(view: dict[str, Any]) -> list[str]:
    if view["phase"] == "lay" or not view["laid"]:
        stacks = view["stacks"]
        return ["Catwalk   lay the track: 'lay' and the stacks in order (e.g. 'lay TCDS')",
                *(f"  {kind} {STACK_NAMES[kind]:<9} {' '.join(tiles) or '-'}" for kind, tiles in stacks.items())]
    xs = [x for _, x, _ in view["laid"]]
    ys = [y for _, _, y in view["laid"]]
    width = max(xs) - min(xs) + 1
    rows = [["   "] * width for _ in range(max(ys) - min(ys) + 1)]
    for tile, x, y in view["laid"]:
        rows[y - min(ys)][x - min(xs)] = f" {tile}"
    track, corners = view["track"], set(view["corners"])
    strip = [f"{n}:{tile}{'+' if n in corners else ''}" for n, tile in enumerate(track, start=1)]
    lines = ["Catwalk   " + f"phase: {view['phase']}   score now {view['points']}"]
    lines += ["".join(row).rstrip() for row in rows]
    lines += _wrapped(strip)
    falls = " ".join(f"{coin[0]}x{max(int(tile[0]), 1)}" for coin, tile in view["falls"]) or "none"
    hand = " ".join(coin[0] for coin in view["hand"]) or "-"
    lines.append(f"coin starts on {view['at']}     left: {hand}     falls: {falls}")
    if view["set_aside"]:
        lines.append(f"set aside: {' '.join(view['set_aside'])}")
    return lines


def _wrapped(words: Sequence[str], width: int = 78) -> list[str]:
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def barrels(view: dict[str, Any]) -> list[str]:
    die = "/".join(str(face) for face in view["die"]) or "not placed"
    return ["Roll Out the Barrels", *grid(view["maze"], mark=view["cell"] if view["die"] else None),
            f"die {view['cell']} [{die}]   nearest so far: {view['nearest']} ({view['steps']} steps)"
            f"   score now {view['points']}"]


def whack_a_dummy(view: dict[str, Any]) -> list[str]:
    maze = [tile or "?" for tile in view["maze"]]
    move = view["move"] or "place the die"
    return ["Whack-a-Dummy", *grid(maze, mark=view["die"]),
            f"next: {view['next']}   penalties: {view['penalties']}   move: {move}"]


def trampo_land(view: dict[str, Any]) -> list[str]:
    board: str = view["board"]
    lines, number = [], 1
    for row in range(1, 6):
        pieces = " ".join(board[number - 1:number - 1 + row])
        numbers = " ".join(f"{n:>2}" for n in range(number, number + row))
        lines.append(f"{' ' * (6 - row)}{pieces:<{2 * row}}{' ' * (14 - row * 2)}{' ' * (6 - row) * 2}{numbers}")
        number += row
    lines[0] += f"      kids {view['kids']}   adults {view['adults']}   score now {view['points']}"
    return ["Trampo-Land", *lines]


DRAWINGS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "slide-jam": slide_jam, "magic-mirror": magic_mirror, "catwalk": catwalk, "barrels": barrels,
    "whack-a-dummy": whack_a_dummy, "trampo-land": trampo_land,
}


def draw(view: dict[str, Any], null_glyph: str = "0") -> str:
    """The room's board, each line at most 80 columns; a null piece shows as ``null_glyph`` (the run's option)."""
    shown = view if null_glyph == "0" else with_nulls(view, null_glyph)
    return "\n".join(line.rstrip() for line in DRAWINGS[view["room"]](shown))


def with_nulls(data: Any, glyph: str) -> Any:
    """``data`` with every null piece (``0M``) written ``glyph`` then suit (``nM``)."""
    if isinstance(data, str):
        return glyph + data[1] if len(data) == 2 and data[0] == "0" and data[1] in "SCAM" else data
    if isinstance(data, dict):
        return {key: with_nulls(item, glyph) for key, item in data.items()}
    if isinstance(data, list | tuple):
        return [with_nulls(item, glyph) for item in data]
    return data
