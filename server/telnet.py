"""The telnet side of a connection, on telnetlib3: negotiation extras and the text renderer."""

from __future__ import annotations

import textwrap
import unicodedata

from telnetlib3 import TelnetServer
from telnetlib3.fingerprinting import MUD_TERMINALS
from telnetlib3.server_base import BaseServer
from telnetlib3.stream_writer import TelnetWriter
from telnetlib3.telopt import BINARY, DO, ECHO, EOR, NAWS, WILL, WONT

from rooms.messages import Message

MIN_WIDTH, DEFAULT_WIDTH, MAX_WIDTH = 20, 80, 250
_ASCII_PUNCTUATION = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "..."})


MUD_CLIENTS = frozenset({*MUD_TERMINALS, "tinyfugue"})
"""Terminal types (TTYPE) of clients that take UTF-8 in BINARY mode without changing how they show typing."""


class MuckTelnetServer(TelnetServer):
    """telnetlib3's server protocol, asking only for what we use: NAWS, EOR (so MUD clients see prompts), and BINARY
    (so UTF-8) from MUD clients alone, once TTYPE names one. telnet(1) answers BINARY by putting its terminal in
    binary mode, after which every reply to a typed line starts at the column where the typing ended; it gets
    readable ASCII instead."""

    def begin_advanced_negotiation(self) -> None:
        BaseServer.begin_advanced_negotiation(self)  # not TelnetServer's: it offers BINARY to everyone
        self.writer.iac(DO, NAWS)
        self.writer.iac(WILL, EOR)

    def on_ttype(self, ttype: str) -> None:
        super().on_ttype(ttype)
        if ttype.lower() in MUD_CLIENTS:
            self.writer.iac(WILL, BINARY)
            self.writer.iac(DO, BINARY)

    def _check_encoding(self) -> bool:
        """Ask nothing about encodings (telnetlib3 would send DO BINARY): input is decoded by server.lines."""
        return True


class TelnetSink:
    """Renders messages for a telnet client.

    Text is wrapped to the NAWS width, lines end in CR LF, output is UTF-8 when the client
    agreed to BINARY and readable ASCII otherwise. Prompts end with EOR when the client
    agreed to it, else GA.
    """

    def __init__(self, writer: TelnetWriter) -> None:
        self._writer = writer

    def send(self, message: Message) -> None:
        if not message.text:  # e.g. table news with nothing for this player to do: no blank line
            return
        self.write("\r\n".join(self._wrap(message.text)) + "\r\n")

    def prompt(self, text: str, secret: bool = False) -> None:
        if secret:
            self._writer.iac(WILL, ECHO)
        self.write(text)
        if self._writer.local_option.enabled(EOR):
            self._writer.send_eor()
        else:
            self._writer.send_ga()

    def end_secret(self) -> None:
        self._writer.iac(WONT, ECHO)
        self.write("\r\n")  # the client did not echo the end of the hidden line

    def close(self) -> None:
        self._writer.close()

    @property
    def closed(self) -> bool:
        return self._writer.is_closing()

    @property
    def width(self) -> int:
        cols = self._writer.get_extra_info("cols") or DEFAULT_WIDTH
        return DEFAULT_WIDTH if cols < MIN_WIDTH else min(cols, MAX_WIDTH)

    def _wrap(self, text: str) -> list[str]:
        width, lines = self.width, []
        for line in text.split("\n"):
            if len(line) <= width:
                lines.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            lines += textwrap.wrap(
                line.strip(), width, initial_indent=indent, subsequent_indent=indent,
                break_on_hyphens=False,
            )
        return lines

    def write_line(self, line: str) -> None:
        self.write(line + "\r\n")

    def write(self, text: str) -> None:
        """Raw text to the client, encoded as agreed (no wrapping, no line end added)."""
        if self._writer.is_closing():
            return
        self._writer.write(text.encode("utf-8") if self._writer.outbinary else to_ascii(text))


def to_ascii(text: str) -> bytes:
    """Readable plain ASCII: accents dropped (café → cafe), anything else becomes '?'."""
    if text.isascii():  # most text, and every JSON line: no need to look at each character
        return text.encode("ascii")
    decomposed = unicodedata.normalize("NFKD", text.translate(_ASCII_PUNCTUATION))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.encode("ascii", "replace")
