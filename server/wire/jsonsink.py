"""JSON lines for bots and the web client: each message the server sends becomes one typed JSON object on one line
(server.wire.protocol), written to the connection's raw output: the sink it replaced (so that ``@json off`` can hand the
connection back to it) or a WebSocket, one object a frame."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rooms.messages import Message
from rooms.tables import TableNews
from server.wire.protocol import PromptMessage, message_model, table_line
from server.wire.sink import DEFAULT_HEIGHT, LineOut, Sink
from server.wire.wiremodel import ascii_line


class JsonSink:
    """Renders messages as JSON lines: table news with its state and the viewer's legal commands, errors with stable
    codes, prompts, and everything else as text with its kind and fields. Never wrapped, paged or followed by a status
    prompt (a program reads it); ASCII only."""

    lays_out_text = pages = status_prompts = prompts_inline = False
    height = DEFAULT_HEIGHT
    out_of_band: tuple[str, ...] = ()

    def __init__(self, out: LineOut, viewer: Callable[[], str | None], under: Sink | None = None) -> None:
        self.out = out
        self._viewer = viewer
        self.under = under
        """The sink this one replaced (``@json on``), which ``@json off`` brings back; None when JSON is all the
        connection speaks (the web page)."""

    def send(self, message: Message, prompt: str | None = None) -> None:
        if isinstance(message.data, TableNews):  # the commonest message by far: its shared JSON is made once a move
            self._write(table_line(message.data, self._viewer() or "", message.text))
        else:
            self._write(message_model(message, self._viewer()).model_dump_json())
        if prompt is not None:
            self.prompt(prompt)

    def prompt(self, text: str, secret: bool = False) -> None:
        self._write(PromptMessage(text=text, secret=secret).model_dump_json())

    def end_secret(self) -> None:
        """Nothing to undo: a JSON connection never had its echo turned off."""

    def close(self) -> None:
        self.out.close()

    @property
    def closed(self) -> bool:
        return self.out.closed

    def colour(self, choice: str | None) -> bool:
        """Never: a JSON line is for a program."""
        return False

    def screen_reader(self, choice: str | None) -> bool:
        """As chosen: a program reports no screen reader (a table's ``text`` is in the chosen words)."""
        return choice == "on"

    @property
    def width(self) -> int:
        return self.out.width

    @property
    def paused(self) -> bool:
        return self.out.paused

    def caught_up(self) -> Awaitable[None]:
        return self.out.caught_up()

    def write_line(self, line: str) -> None:
        self.out.write_line(line)

    def lines(self, text: str) -> list[str]:
        """The text's own lines: a program wraps nothing."""
        return text.split("\n")

    def _write(self, line: str) -> None:
        self.out.write_line(ascii_line(line))
