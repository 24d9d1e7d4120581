"""ANSI colour for what matters at a glance: your turn, what scored, wimpouts, Last Licks, the winner, pages.

Only telnet clients that show colour get it (``@set color``, TTYPE/MTTS); JSON, GMCP text and screen readers never.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter

from engine.wimpout import Throw
from server.render.cubeart import Marker

RESET = "\x1b[0m"
BOLD_YELLOW, GREEN, BOLD_RED, BOLD_MAGENTA, CYAN = "\x1b[1;33m", "\x1b[32m", "\x1b[1;31m", "\x1b[1;35m", "\x1b[36m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_ANSI_PARTS = re.compile(f"({_ANSI.pattern})")  # splits text around its codes, keeping them
_QUOTED = re.compile(r"'(?=\S)[^'\n]{1,30}(?<=\S)'(?!\w)")
"""A short command in quotes ('leave yes', '@set cubes=compact'): wrapping never splits one across two lines."""
_GLUE = "\u00a0"  # textwrap breaks only at ASCII whitespace

EVENT_COLOURS = {
    "Scored": GREEN,
    "FlashCleared": GREEN,
    "Banked": GREEN,
    "WimpedOut": BOLD_RED,
    "LastLicksStarted": BOLD_MAGENTA,
    "LastLickEnded": BOLD_MAGENTA,
    "GameOver": BOLD_YELLOW,
}
"""Table events by their class name, and the colour of the lines that tell them."""

YOUR_TURN = BOLD_YELLOW
"""Your own turn starting, and what you may do now."""

KIND_COLOURS = {"page": CYAN, "whisper": CYAN}
"""Messages (``Message.kind``) coloured whole."""


def paint(lines: list[str], colour: str | None) -> list[str]:
    """Each line in ``colour`` (reset at its end, so wrapping or a lost line cannot bleed colour on)."""
    return [f"{colour}{line}{RESET}" if colour and line else line for line in lines]


def painted(text: str, colour: str) -> str:
    """A whole message in ``colour``, line by line."""
    return "\n".join(paint(text.split("\n"), colour))


def event_colour(event: object, viewer: str) -> str | None:
    name = type(event).__name__
    if name in ("TurnStarted", "TurnResumed"):
        return YOUR_TURN if getattr(event, "player", None) == viewer else None
    return EVENT_COLOURS.get(name)


def scoring_cubes(thrown: Throw, kept: Throw) -> Marker:
    """Marks in green the thrown cubes that scored (``kept``), the others as they are."""
    wanted = Counter(kept.commons)
    scored = []
    for face in thrown.commons:
        scored.append(wanted[face] > 0)
        wanted[face] -= 1
    if thrown.sun is not None:
        scored.append(kept.sun is not None)
    return lambda index, text: f"{GREEN}{text}{RESET}" if scored[index] else text


def plain(text: str) -> str:
    """``text`` without colour codes."""
    return _ANSI.sub("", text) if "\x1b" in text else text


def wrap(line: str, width: int, indent: str, subsequent: str) -> list[str]:
    """``line`` wrapped as textwrap wraps it, measured without its colour codes (they take no room on the screen),
    each code kept before the character it came before."""
    if "'" in line:
        glued = _QUOTED.sub(lambda quoted: quoted.group(0).replace(" ", _GLUE), line)
        if glued != line:
            return [wrapped.replace(_GLUE, " ") for wrapped in wrap(glued, width, indent, subsequent)]
    wrapper = textwrap.TextWrapper(width, initial_indent=indent, subsequent_indent=subsequent,
                                   break_on_hyphens=False, expand_tabs=False)  # one space per whitespace character
    if "\x1b" not in line:
        return wrapper.wrap(line)
    chars: list[str] = []
    codes: list[str] = []  # the colour codes just before each visible character
    pending = ""
    for part in _ANSI_PARTS.split(line):
        if _ANSI.fullmatch(part):
            pending += part
            continue
        for char in part:
            chars.append(char)
            codes.append(pending)
            pending = ""
    tail, pending, lines, at = pending, "", [], 0
    for number, wrapped in enumerate(wrapper.wrap("".join(chars))):
        prefix = indent if number == 0 else subsequent
        out = [prefix]
        for char in wrapped[len(prefix) :]:
            while chars[at] != char and not (char == " " and chars[at].isspace()):  # whitespace dropped at a break
                pending += codes[at]
                at += 1
            out += [pending, codes[at], char]
            pending, at = "", at + 1
        lines.append("".join(out))
    if lines:
        lines[-1] += pending + "".join(codes[at:]) + tail
    return lines
