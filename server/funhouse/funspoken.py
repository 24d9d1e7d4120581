"""Each Funhouse room's board in words for a screen reader (``@set screenreader=on``, or a client that reports one,
and the web page's log): what the 80-column drawing shows, as sentences read in a useful order, with no grid art, no
columns of padding and no glyphs to decode (``3S`` is "3 Suns", a face-down coin "hidden")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from server.funhouse import funwords as words

VALUE_NAMES = ("null", "ace", "2", "3", "4", "5")
SUIT_NAMES = {"S": "Suns", "C": "Crowns", "A": "Arms", "M": "Moons"}
COLUMNS = "abcd"


def piece(text: str | None) -> str:
    """A tile or coin (``3S``, ``0M``) as words; None is an empty place."""
    if not text:
        return "empty"
    return f"{VALUE_NAMES[int(text[0])]} {SUIT_NAMES[text[1]]}" if len(text) == 2 else VALUE_NAMES[int(text[0])]


def pieces(texts: Sequence[str | None]) -> str:
    return ", ".join(piece(text) for text in texts) if texts else "none"


def rows(cells: Sequence[str | None], hidden: str = "empty", mark: str | None = None) -> list[str]:
    """A 4x6 grid row by row: ``Row 1: a 3 Suns, b empty, ...``; the ``mark`` cell says it holds the die."""
    lines = []
    for row in range(len(cells) // 4):
        said = []
        for col in range(4):
            name, cell = f"{COLUMNS[col]}{row + 1}", cells[row * 4 + col]
            said.append(f"{COLUMNS[col]} {piece(cell) if cell else hidden}" + (" with the die" if name == mark else ""))
        lines.append(f"Row {row + 1}: " + ", ".join(said) + ".")
    return lines


def _stack(name: str, families: Sequence[Sequence[str]]) -> str:
    if not families:
        return f"Stack {name}: no families."
    count = f"{len(families)} {'family' if len(families) == 1 else 'families'}"
    return f"Stack {name}: {count}, top {piece(families[-1][-1])}."


def slide_jam(view: dict[str, Any]) -> list[str]:
    left = sum(1 for tile in view["board"] if tile)
    return [f"{words.TITLES['slide-jam']}. {left} tiles on the board, {view['points']} points.",
            _stack("L", view["stacks"]["L"]), _stack("R", view["stacks"]["R"]), *rows(view["board"])]


def magic_mirror(view: dict[str, Any]) -> list[str]:
    title = words.TITLES["magic-mirror"]
    if not view["dealt"]:
        stacks = view["stacks"]
        return [f"{title}. Choose the stack that builds the upper grid: top L or top R.",
                *(f"Stack {name}, top first: {pieces(stacks[name][::-1])}." for name in ("L", "R"))]
    grid = view["grid"]
    lines = [f"{title}. Score now {view['points']}. Each column from the mirror outwards, its front tile first."]
    for side, names in (("Upper", ("U3", "U2", "U1")), ("Lower", ("L1", "L2", "L3"))):
        for col in range(4):
            tiles = [grid[name][col] for name in names if grid[name][col]]
            lines.append(f"{side} column {col + 1}: {pieces(tiles) if tiles else 'empty'}.")
    points = {"Twins": 0, "Cousins": 1, "Distant": 2}
    lines.append("Pairs: " + ", ".join(f"{kind} {len(tiles) // 2} ({len(tiles) // 2 * points[kind]} points)"
                                       for kind, tiles in view["pairs"].items()) + ".")
    return lines


def catwalk(view: dict[str, Any]) -> list[str]:
    title = words.TITLES["catwalk"]
    if view["phase"] == "lay" or not view["laid"]:
        return [f"{title}. Lay the track: lay, then an order of T, C, D and S.",
                *(f"{words.STACK_NAMES[kind]} ({kind}), top last: {pieces(tiles)}."
                  for kind, tiles in view["stacks"].items())]
    lines = [f"{title}, {view['phase']}. Score now {view['points']}."]
    if view["track"]:
        corners = set(view["corners"])
        lines.append(f"Track of {len(view['track'])} tiles: " + "; ".join(
            f"{n} {piece(tile)}{', corner' if n in corners else ''}" for n, tile in enumerate(view["track"], 1)) + ".")
    else:
        lines.append(f"Track of {len(view['laid'])} tiles laid, numbered from the end you start from.")
    falls = ", ".join(f"{piece(coin)} off {piece(tile)}" for coin, tile in view["falls"]) or "none"
    lines.append(f"The coin starts on tile {view['at']}. Coins left: "
                 f"{', '.join(VALUE_NAMES[int(coin[0])] for coin in view['hand']) or 'none'}. Falls: {falls}.")
    if view["set_aside"]:
        lines.append(f"Set aside: {pieces(view['set_aside'])}.")
    return lines


def barrels(view: dict[str, Any]) -> list[str]:
    die = view["die"]
    where = (f"The die is on {view['cell']}: top {VALUE_NAMES[die[0]]}, north {VALUE_NAMES[die[1]]}, east "
             f"{VALUE_NAMES[die[2]]}." if die else "The die is not placed yet: start it on a1.")
    return [f"{words.TITLES['barrels']}. Score now {view['points']}. {where} Nearest so far: {view['nearest']}, "
            f"{view['steps']} steps from d6.", *rows(view["maze"])]


def whack_a_dummy(view: dict[str, Any]) -> list[str]:
    move = f"Next move: {view['move']}" if view["move"] else "Place the die"
    nxt = f"Next corner: {view['next']}." if view["next"] else "Every corner is activated."
    where = f" The die is on {view['die']}." if view["die"] else ""
    return [f"{words.TITLES['whack-a-dummy']}. {nxt} Penalties {view['penalties']}.{where} {move}.",
            *rows(view["maze"], hidden="hidden", mark=view["die"])]


def trampo_land(view: dict[str, Any]) -> list[str]:
    board: str = view["board"]
    places = {kind: [str(n) for n, here in enumerate(board, 1) if here == kind] for kind in "YPk."}
    lines = [f"{words.TITLES['trampo-land']}. Kids {view['kids']}, adults {view['adults']}, score now "
             f"{view['points']}.",
             f"You on {', '.join(places['Y']) or 'none'}. Adults on {', '.join(places['P']) or 'none'}. "
             f"Kids on {', '.join(places['k']) or 'none'}. Empty: {', '.join(places['.']) or 'none'}."]
    if view["walked"] is not None:
        walker = "You" if board[view["walked"] - 1] == "Y" else f"The adult on {view['walked']}"
        lines.append(f"{walker} walked last and may not walk now.")
    lines.append("Rows of trampolines: 1; 2 3; 4 5 6; 7 8 9 10; 11 to 15.")
    return lines


SPOKEN: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "slide-jam": slide_jam, "magic-mirror": magic_mirror, "catwalk": catwalk, "barrels": barrels,
    "whack-a-dummy": whack_a_dummy, "trampo-land": trampo_land,
}


def speak(view: dict[str, Any]) -> str:
    """The room's board in words, a sentence or a row a line."""
    return "\n".join(SPOKEN[view["room"]](view))
