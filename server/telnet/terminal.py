"""What a telnet client says it can show: UTF-8, ANSI colour, a screen reader. Read from its TTYPE answers (with
MTTS bits) and CHARSET, whenever they arrive, so late answers count as much as early ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.numbers import typed_number

MIN_WIDTH, MAX_WIDTH = 20, 250
"""The columns a client may report (NAWS) that the server takes: narrower or wider is held to these."""
MIN_HEIGHT = 5
"""The fewest rows 'more' pages to (a screen of a few rows still gets pages it can show)."""

MTTS_ANSI, MTTS_UTF8, MTTS_SCREEN_READER = 1, 4, 64
"""Bits of the third TTYPE answer, ``MTTS <bits>``."""

UTF8_CLIENTS = frozenset({"mudlet", "mushclient", "tintin++", "tt++", "blightmud"})
"""Clients known to show UTF-8 even when they do not say so. TinyFugue 5 is not one (it strips the eighth bit)."""

ANSI_TERMINALS = ("ansi", "xterm", "vt220", "linux", "screen", "tmux", "rxvt", "putty", "konsole", "cygwin",
                  "tinyfugue", *UTF8_CLIENTS)
"""TTYPE names (prefixes) of terminals and clients that show ANSI colour."""

TTYPE_KEYS = tuple(f"ttype{n}" for n in range(1, 9))


def is_utf8(charset: str) -> bool:
    """Whether a character set's name, as clients spell it (UTF-8, utf8), is UTF-8."""
    return charset.strip().lower().replace("-", "") == "utf8"


@dataclass(frozen=True, slots=True)
class Terminal:
    """What to send: UTF-8 or ASCII, colour or not, screen-reader wording or not."""

    utf8: bool = False
    ansi: bool = False
    screen_reader: bool = False


def read_terminal(info: Callable[[str], Any]) -> Terminal:
    """The client's abilities from telnetlib3's extra info (``writer.get_extra_info``). MTTS bits, when sent, say
    exactly what the client shows (Mudlet set to ISO-8859-1 leaves out the UTF-8 bit); its names count only without
    them. An accepted CHARSET UTF-8 counts either way."""
    names = [str(info(key)).lower() for key in TTYPE_KEYS if info(key)]
    bits = next((_mtts(name) for name in names if name.startswith("mtts ")), None)
    if bits is None:
        utf8, ansi = any(name in UTF8_CLIENTS for name in names), any(name.startswith(ANSI_TERMINALS) for name in names)
    else:
        utf8, ansi = bool(bits & MTTS_UTF8), bool(bits & MTTS_ANSI)
    utf8 = utf8 or is_utf8(str(info("charset") or ""))
    return Terminal(utf8=utf8, ansi=ansi, screen_reader=bool((bits or 0) & MTTS_SCREEN_READER))


def _mtts(name: str) -> int:
    number = name.removeprefix("mtts ").strip()
    return typed_number(number) or 0
