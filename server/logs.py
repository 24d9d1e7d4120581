"""structlog set-up: readable console lines for people, JSON lines for machines.

Events are names (``session.login``) with fields, never prose. Any field called like a
password is dropped before rendering, as a second line of defence.
"""

from __future__ import annotations

import io
import logging
import sys
from typing import Any, TextIO, cast

import structlog

_SECRET_KEYS = ("password", "passwd", "secret")


def _drop_secrets(_: Any, __: str, event: dict[str, Any]) -> dict[str, Any]:
    for key in [k for k in event if any(s in k.lower() for s in _SECRET_KEYS)]:
        del event[key]
    return event


def _traceback_without_locals() -> structlog.typing.ExceptionRenderer:
    """Tracebacks as rich draws them, but never with each frame's variables: a command's may hold a password."""
    if structlog.dev.rich is None:
        return structlog.dev.plain_traceback
    return structlog.dev.RichTracebackFormatter(show_locals=False)


class LogStream(io.TextIOBase):
    """The log's stream, silent from the moment its reader is gone (a pipe to a pager or ``tee`` closed, a terminal
    hung up): a log line must never raise into what logged it, above all a SIGTERM's shutdown, which would then never
    finish."""

    def __init__(self, stream: TextIO) -> None:
        self._stream: TextIO | None = stream

    def write(self, text: str) -> int:  # type: ignore[override]
        if self._stream is not None:
            try:
                self._stream.write(text)
            except (OSError, ValueError):  # EPIPE, EIO, or the stream closed
                self._stream = None
        return len(text)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._stream = None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()


def _renderers(fmt: str, out: TextIO) -> list[Any]:
    """The last steps of every line: JSON (an error as its type, message and frames, never their variables), or
    the console's lines for people (rich's traceback, never with variables either)."""
    if fmt == "json":
        errors = structlog.tracebacks.ExceptionDictTransformer(show_locals=False)
        return [structlog.processors.ExceptionRenderer(errors), structlog.processors.JSONRenderer()]
    return [structlog.dev.ConsoleRenderer(colors=out.isatty(), exception_formatter=_traceback_without_locals())]


def configure_logging(fmt: str, level: str, stream: TextIO | None = None) -> None:
    """Route structlog (ours) and stdlib logging (telnetlib3's, asyncio's) to one stream, each record one line
    written at once (the portal and its game process share the stream: a line written in two parts could be split
    by the other's)."""
    out = cast(TextIO, LogStream(stream or sys.stderr))
    numeric = logging.getLevelName(level.upper())
    stamped: list[Any] = [structlog.processors.add_log_level, structlog.processors.TimeStamper(fmt="iso", utc=True),
                          _drop_secrets]
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, *stamped, *_renderers(fmt, out)],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.WriteLoggerFactory(out),
        cache_logger_on_first_use=False,
    )
    handler = logging.StreamHandler(out)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[structlog.stdlib.add_logger_name, structlog.stdlib.ExtraAdder(), *stamped],
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *_renderers(fmt, out)]))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(numeric)
    # telnetlib3 narrates every connection at INFO; only its problems interest us.
    logging.getLogger("telnetlib3").setLevel(max(numeric, logging.WARNING))
