"""What every hostile-input test checks afterwards: the server logged no traceback and no ``command.failed``, from
our code (structlog) or from the libraries under it (telnetlib3, aiohttp: the standard library's logging)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from structlog.testing import capture_logs


class ServerLog:
    """Every structlog event and every standard-library record at WARNING or above while it is open."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.records: list[logging.LogRecord] = []

    def problems(self) -> list[str]:
        """Tracebacks (a record carrying one, or telnetlib3's, which it logs a line at a time), ``command.failed``,
        what must never follow anything a client sends."""
        found = [f"{e['event']}: {e}" for e in self.events if e["event"] == "command.failed" or e.get("exc_info")]
        for record in self.records:
            text = record.getMessage()
            if record.exc_info or text.lstrip().startswith(("File ", "Traceback")):
                found.append(f"{record.name}: {text[:300]}")
        return found

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems[:20])


class _Recorder(logging.Handler):
    def __init__(self, log: ServerLog) -> None:
        super().__init__(logging.WARNING)
        self._log = log

    def emit(self, record: logging.LogRecord) -> None:
        self._log.records.append(record)


@contextmanager
def server_log() -> Iterator[ServerLog]:
    log = ServerLog()
    root = logging.getLogger()
    handler = _Recorder(log)
    root.addHandler(handler)
    try:
        with capture_logs() as events:
            log.events = events
            yield log
    finally:
        root.removeHandler(handler)
