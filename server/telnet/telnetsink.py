"""Rendering for a telnet client: text wrapped to its width, lines ending in CR LF, UTF-8 or readable ASCII,
prompts marked with EOR or GA, and what it is shown also handed to its out-of-band protocols."""

from __future__ import annotations

import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import CMD_EOR, ECHO, EOR, GA, IAC, SGA, WILL, WONT

from rooms.messages import Message
from server.render.colour import plain, wrap
from server.telnet.intake import CAUGHT_UP
from server.telnet.terminal import MIN_HEIGHT
from server.wire.sink import DEFAULT_HEIGHT

if TYPE_CHECKING:
    from server.telnet.coalescing import CoalescedTransport
    from server.telnet.telnetserver import MuckTelnetServer

CONTINUATION = "  "
"""How much further a wrapped line's continuations are indented."""
_ASCII_PUNCTUATION = str.maketrans({
    "“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "...", "⁄": "/", "×": "x", "÷": "/", "•": "*",
    "·": ".", "→": "->", "←": "<-", "≥": ">=", "≤": "<=", "≠": "!=", "±": "+/-", "°": " deg", "€": "EUR", "£": "GBP",
    "©": "(c)", "®": "(R)", "™": "(TM)", "✓": "v", "✔": "v", "✗": "x", "♥": "<3", "\N{VARIATION SELECTOR-16}": "",
    "\N{ZERO WIDTH JOINER}": "", "\N{REPLACEMENT CHARACTER}": "?",
})
"""Symbols with a usual ASCII spelling (after NFKD, which makes ½ 1⁄2 and ² 2)."""

UNWRAPPED = ("export",)
"""Messages written as they are, however wide: a game's export ('replay GAME json') is copied whole, to be read by
another program."""

class TelnetSink:
    """Renders messages for a telnet client.

    Text is wrapped to the NAWS width, lines end in CR LF, output is UTF-8 when the client
    shows it and readable ASCII otherwise. Prompts end with EOR when the client
    agreed to it, else GA. Its out-of-band protocols are shown the same messages and
    prompts (server.outofband: a GMCP client gets table news, errors and prompts).
    A person reads this: text is laid out and paged, and the status prompt follows output.
    """

    lays_out_text = pages = status_prompts = True

    def __init__(self, writer: TelnetWriter, viewer: Callable[[], str | None]) -> None:
        self._writer = writer
        self._protocol: MuckTelnetServer = writer.protocol
        self._transport: CoalescedTransport = writer.transport
        """Kept at hand (every write goes to it): once the connection is gone it drops what it is given."""
        self.viewer = viewer
        """Who is logged in on this connection (None on the login screen)."""

    @property
    def writer(self) -> TelnetWriter:
        """telnetlib3's writer (the portal reads the connection's state from it: server.telnet.telnetend)."""
        return self._writer

    def send(self, message: Message, prompt: str | None = None) -> None:
        """The message, then ``prompt`` (a status prompt, one line) in the same write: a command's answer and the
        prompt after it go out in one piece, as the client shows them."""
        showing = self._protocol.showing
        for band in showing:
            band.message(message, self.viewer)
        text = message.text
        if not text:  # e.g. table news with nothing for this player to do: no blank line
            shown = ""
        elif "\n" not in text and len(text) <= self._protocol.width:  # one line that fits (most answers)
            shown = text + "\r\n"
        elif message.kind in UNWRAPPED:  # data to copy
            shown = text.replace("\n", "\r\n") + "\r\n"
        else:
            shown = "\r\n".join(self._wrap(text)) + "\r\n"
        if prompt is None:
            if shown:
                self.write(shown)
            return
        for band in showing:
            band.prompt(prompt, False)
        self.write(shown + prompt, self._prompt_end())

    @property
    def prompts_inline(self) -> bool:
        """Prompts stay in the output stream (no EOR agreed, e.g. telnet(1)): what follows one needs a new line."""
        return not self._writer.local_option.enabled(EOR)

    def prompt(self, text: str, secret: bool = False) -> None:
        if secret:
            self._writer.iac(WILL, ECHO)
        for band in self._protocol.showing:
            band.prompt(text, secret)
        if "\n" in text:  # only the last line is the prompt: the lines before it are output
            said, _, text = text.rpartition("\n")
            if said:
                self.write("\r\n".join(self.lines(said)) + "\r\n")
        self.write(text, self._prompt_end())

    def _prompt_end(self) -> bytes:
        """What marks a prompt: IAC EOR to a client that agreed to EOR, else IAC GA unless it asked for no go-aheads
        (DO SGA), decided as telnetlib3's send_eor and send_ga decide, but sent with the prompt in one piece."""
        options = self._writer.local_option
        if options.enabled(EOR):
            return IAC + CMD_EOR
        return b"" if options.enabled(SGA) else IAC + GA

    def end_secret(self) -> None:
        self._writer.iac(WONT, ECHO)
        self.write("\r\n")  # the client did not echo the end of the hidden line

    def close(self) -> None:
        self._writer.close()

    @property
    def closed(self) -> bool:
        return self._writer.is_closing()

    def colour(self, choice: str | None) -> bool:
        """ANSI colour if the player chose it, else if the client reported ANSI (never with screen-reader wording:
        ``Session.style``, which knows the player's choice of that too)."""
        return choice == "on" if choice in ("on", "off") else self._protocol.terminal.ansi

    def screen_reader(self, choice: str | None) -> bool:
        """Screen-reader wording if the player chose it, else if the client reported a screen reader (MTTS 64)."""
        return choice == "on" if choice in ("on", "off") else self._protocol.terminal.screen_reader

    @property
    def out_of_band(self) -> tuple[str, ...]:
        return tuple(band.name for band in self._protocol.bands.values() if band.active)

    @property
    def width(self) -> int:
        return self._protocol.width

    @property
    def paused(self) -> bool:
        """(Asked before every line read: a connection that never fell behind still has the shared ``CAUGHT_UP``,
        never cleared, and is not asked further.)"""
        caught_up = self._protocol.caught_up
        return caught_up is not CAUGHT_UP and not caught_up.is_set()

    @property
    def backlog(self) -> int:
        """Bytes waiting to be sent (beyond the socket's own buffers)."""
        return self._transport.get_write_buffer_size()

    def caught_up(self) -> Awaitable[None]:
        return self._protocol.caught_up.wait()

    @property
    def height(self) -> int:
        """Rows the client shows (NAWS; 24 when it did not say): what 'more' pages long output to."""
        rows = self._writer.get_extra_info("rows") or DEFAULT_HEIGHT
        return max(rows, MIN_HEIGHT)  # a screen of a few rows still gets pages it can show (0, unknown: 24)

    def lines(self, text: str) -> list[str]:
        """``text`` as the client's screen will show it, wrapped to its width."""
        return self._wrap(text)

    def _wrap(self, text: str) -> list[str]:
        width, lines = self.width, []
        for line in text.split("\n"):
            if len(plain(line)) <= width:  # colour codes take no room on the screen
                lines.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            # continuations indented: no part of a long line can pass for a line of its own
            lines += wrap(line.strip(), width, indent, indent + CONTINUATION)
        return lines

    def write_line(self, line: str) -> None:
        self.write(line + "\r\n")

    def write(self, text: str, end: bytes = b"") -> None:
        """Raw text to the client, encoded as agreed (no wrapping, no line end added), then the telnet command bytes
        ``end`` (a prompt's mark), in one piece. It goes to the transport
        as telnetlib3's writer would send it, minus the writer's layers of checks: UTF-8 and ASCII text never
        contain the byte IAC, so there is nothing to escape (MCCP2, when on, wraps the transport's write)."""
        # (ASCII text, most of it, is the same bytes either way)
        utf8 = text.isascii() or self._protocol.terminal.utf8
        self._transport.write((text.encode("utf-8") if utf8 else to_ascii(text)) + end)


def to_ascii(text: str) -> bytes:
    """Readable plain ASCII: accents dropped (café → cafe), ½ as 1/2, common symbols spelled out (→ as ->), other
    symbols and emoji by their name ([game die]), anything else '?'. (``write`` sends ASCII text as it is, without
    looking at each character.)"""
    decomposed = unicodedata.normalize("NFKD", text).translate(_ASCII_PUNCTUATION)
    return "".join(_stand_in(ch) for ch in decomposed if not unicodedata.combining(ch)).encode("ascii", "replace")


def _stand_in(ch: str) -> str:
    if ch.isascii():
        return ch
    if unicodedata.category(ch).startswith("S"):
        return f"[{unicodedata.name(ch, '?').lower()}]"
    return "?"
