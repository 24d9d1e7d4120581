"""Where a connection's output goes. Commands never write to sockets: they hand messages to a
:class:`Sink`, so another renderer (e.g. JSON lines for bots) can replace the telnet one."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol

from rooms.messages import Message

MAX_QUEUED_BYTES = 8 << 20
"""Output waiting for a client that does not read (what it asked for, and what others send it: talk, table news):
past this it is hung up on, not buffered without end. The same for telnet and the web."""
PAUSE_INPUT_BYTES = 1 << 20
"""While more output than this waits for a client (telnet or web), its input is not read and its next command waits:
a burst of commands is answered as fast as the client reads, no faster, and the rest of what it sent waits in the
kernel. Only others' talk and table news can then push it on to ``MAX_QUEUED_BYTES``."""
RESUME_INPUT_BYTES = PAUSE_INPUT_BYTES // 4
"""Input is read again once the output waiting has drained to this (a quarter, as asyncio's transports resume
writers): resuming just under the pause would stop and start reading for every command (system calls each time),
and resuming at nothing would leave the client's socket idle while its next commands are read and run. A quarter
still queued keeps the socket busy meanwhile."""
DEFAULT_WIDTH = 80
"""Columns text is laid out for when the client does not say (telnet without NAWS, JSON, the web page), and the
width help is written for."""
DEFAULT_HEIGHT = 24
"""Rows a screen shows when the client does not say (telnet without NAWS)."""
READ_CHUNK = 4096
"""Bytes a connection's input is read by at most."""


class Source(Protocol):
    """A connection's input as bytes, whatever carries it (telnetlib3's reader; a WebSocket's frames)."""

    def read(self, n: int) -> Awaitable[bytes]:
        """Up to ``n`` bytes; b"" once the connection is gone."""


class Sink(Protocol):
    """One connection's output, rendered the way that connection wants it, and what that connection can do: the
    session and commands ask these, never which transport is underneath."""

    def send(self, message: Message, prompt: str | None = None) -> None:
        """Show a complete message (one or more lines); then ``prompt``, a status prompt (one line), in the same
        piece (a command's last output and the prompt after it: ``Session``)."""

    def prompt(self, text: str, secret: bool = False) -> None:
        """Show text that waits for input on the same line; ``secret`` hides what is typed."""

    def end_secret(self) -> None:
        """The hidden input has been read; show typing again."""

    def close(self) -> None:
        """Flush what was sent and hang up."""

    @property
    def closed(self) -> bool: ...

    def colour(self, choice: str | None) -> bool:
        """Whether to send ANSI colour, given the player's ``@set color`` (None: as the client reported)."""

    def screen_reader(self, choice: str | None) -> bool:
        """Whether to word tables for a screen reader, given the player's ``@set screenreader`` (None: as the
        client reported)."""

    @property
    def width(self) -> int:
        """Columns the client shows (what cube art is laid out to)."""

    @property
    def paused(self) -> bool:
        """Whether more than ``PAUSE_INPUT_BYTES`` waits to be sent: the client's next command waits."""

    def caught_up(self) -> Awaitable[None]:
        """Until the output waiting has drained to ``RESUME_INPUT_BYTES`` (or the connection is gone)."""

    def write_line(self, line: str) -> None:
        """One raw line, unrendered (what a JSON sink wrapping this one writes; an empty one ends a line)."""

    @property
    def lays_out_text(self) -> bool:
        """Whether the server wraps text to ``width`` for this client (a terminal); False: it wraps text itself (a
        program, the web page)."""

    @property
    def pages(self) -> bool:
        """Whether long output is shown ``height`` lines at a time, the rest waiting for 'more'."""

    @property
    def height(self) -> int:
        """Rows the client shows (what paged output is cut to)."""

    def lines(self, text: str) -> list[str]:
        """``text`` as the client's screen will show it, a line each."""

    @property
    def status_prompts(self) -> bool:
        """Whether a logged-in player's output is followed by the status prompt (a person at a terminal)."""

    @property
    def prompts_inline(self) -> bool:
        """Whether a prompt stays in the output stream, so that output after one must start a new line."""

    @property
    def out_of_band(self) -> tuple[str, ...]:
        """The out-of-band protocols (server.outofband) this connection carries messages on besides its text."""


class LineOut(Protocol):
    """A connection's raw output, one line at a time (what JSON lines are written to)."""

    def write_line(self, line: str) -> None:
        """One line, with whatever line end the transport needs (none, for a WebSocket frame)."""

    def close(self) -> None: ...

    @property
    def closed(self) -> bool: ...

    @property
    def width(self) -> int: ...

    @property
    def paused(self) -> bool: ...

    def caught_up(self) -> Awaitable[None]: ...
