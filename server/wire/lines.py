"""Turn a hostile byte stream into clean lines of text, with bounded memory."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import NamedTuple

_AFTER_EOL = re.compile(rb"(?<=[\r\n])")


class Line(NamedTuple):
    """One line of input. ``too_long``: its excess was dropped; ``invalid_utf8``: bad bytes
    were replaced. Either way the line reaches the session, which tells the user. (A tuple: one is made for every
    line read.)"""

    text: str
    too_long: bool = False
    invalid_utf8: bool = False


class LineSplitter:
    """Splits on CR LF, LF, CR NUL or a lone CR, never holding more than ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._buffer = bytearray()
        self._overflow = False
        self._after_cr = False

    def feed(self, data: bytes) -> list[Line]:
        # What clients send nearly always: exactly one line ended by LF or CR LF, within the limit, with nothing held
        # before it (the split below gives the same line, at many times the cost). Checked here, not in a function of
        # its own: this runs for every line read.
        # (bytes' ``splitlines`` splits on CR LF, LF and CR alone: one line means no other line end in it.)
        if data[-1:] == b"\n" and not self._buffer and not self._after_cr:
            lines = data.splitlines()
            if len(lines) == 1 and len(lines[0]) <= self._limit:
                try:  # (``_decode``'s first step, written out)
                    return [Line(clean(lines[0].decode("utf-8")))]
                except UnicodeDecodeError:
                    return [_decode(lines[0], False)]
        return list(self._split(data))

    def _split(self, data: bytes) -> Iterator[Line]:
        for chunk in _AFTER_EOL.split(data):
            if not chunk:
                continue
            if self._after_cr and chunk[:1] in (b"\n", b"\x00"):
                chunk = chunk[1:]
            self._after_cr = False
            if not chunk:
                continue
            ended = chunk[-1:] in (b"\r", b"\n")
            body = chunk[:-1] if ended else chunk
            room = self._limit - len(self._buffer)
            if len(body) > room:
                self._overflow = True
                body = body[: max(room, 0)]
            self._buffer += body
            if ended:
                self._after_cr = chunk.endswith(b"\r")
                yield _decode(bytes(self._buffer), self._overflow)
                self._buffer.clear()
                self._overflow = False

    def rest(self) -> bytes:
        """The start of a line not ended yet, taken (a reload hands it to the next game process)."""
        rest = bytes(self._buffer)
        self._buffer.clear()
        return rest


def typed(line: Line, limit: int) -> bytes:
    """``line`` as bytes that split into it again (a line that was too long padded past ``limit``, with spaces,
    which cleaning strips, so that it is refused again rather than run cut short; bad bytes come back replaced)."""
    raw = line.text.encode()
    return (raw.ljust(limit + 1) if line.too_long else raw) + b"\r\n"


def _decode(raw: bytes, too_long: bool) -> Line:
    try:
        return Line(clean(raw.decode("utf-8")), too_long)
    except UnicodeDecodeError as exc:
        if too_long and exc.reason == "unexpected end of data":
            return _decode(raw[: exc.start], too_long)  # cut inside a character: not bad input
        return Line(clean(raw.decode("utf-8", "replace")), too_long, invalid_utf8=True)


REMOVED_CATEGORIES = ("Cc", "Cf", "Zl", "Zp")
"""Control and format characters (escape sequences, bidi overrides) and line and paragraph separators (U+2028,
U+2029): none may start a line, or change how one looks, on someone else's screen."""


MAX_MARKS = 4
"""Combining marks kept on one character. Vietnamese stacks two on a vowel, Indic scripts a few on a consonant;
"Zalgo" text piles hundreds on one letter, which many clients draw over the lines above and below it."""
MARKS = ("Mn", "Me")


def clean(text: str) -> str:
    """Remove control and format characters and line separators, tabs become spaces, and combining marks past
    ``MAX_MARKS`` on one character go."""
    if not text.isprintable():  # a control, format or separator character (or a tab): few lines
        text = text.replace("\t", " ")
        text = "".join(ch for ch in text if unicodedata.category(ch) not in REMOVED_CATEGORIES)
    if not text.isascii():
        text = _thin_marks(text)
    return text.strip()


def _thin_marks(text: str) -> str:
    kept: list[str] = []
    marks = 0
    for ch in text:
        if unicodedata.category(ch) in MARKS:
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(ch)
    return "".join(kept)
