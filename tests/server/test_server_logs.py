"""JSON logs keep what an error was (issue 36, item 8): ``command.failed`` was ``{"exc_info": true}`` with no type,
message or traceback, and the standard library's records (asyncio's) were not JSON at all."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator

import pytest
import structlog

from server.logs import configure_logging

SECRET = "Zq8-unique-passphrase"


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    configure_logging("json", "info", stream)
    try:
        yield stream
    finally:
        structlog.reset_defaults()
        logging.getLogger().handlers.clear()


def lines(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def fail(password: str) -> None:
    raise KeyError(f"no table {len(password)}")


def test_an_error_logged_in_json_says_its_type_message_and_traceback_without_locals(json_log: io.StringIO) -> None:
    try:
        fail(SECRET)
    except KeyError:
        structlog.get_logger().exception("command.failed", command="roll")
    [event] = lines(json_log)
    assert event["event"] == "command.failed" and "exc_info" not in event
    [error] = event["exception"]  # type: ignore[misc]
    assert error["exc_type"] == "KeyError" and "no table 21" in error["exc_value"]
    assert [frame["name"] for frame in error["frames"]][-1] == "fail"
    assert SECRET not in json_log.getvalue()  # (the frames' variables are never shown)


def test_the_standard_librarys_records_are_json_too(json_log: io.StringIO) -> None:
    logging.getLogger("telnetlib3").warning("a %s warning", "telnetlib3")

    async def broken() -> None:
        raise RuntimeError("never awaited")

    loop = asyncio.new_event_loop()
    try:
        task = loop.create_task(broken())
        loop.run_until_complete(asyncio.sleep(0))
        del task  # "Task exception was never retrieved", logged by asyncio as it is collected
    finally:
        loop.close()
    events = lines(json_log)
    assert events[0]["event"] == "a telnetlib3 warning" and events[0]["level"] == "warning"
    assert events[0]["logger"] == "telnetlib3"
    never = next(e for e in events if "never retrieved" in str(e["event"]))
    assert never["level"] == "error" and never["exception"][0]["exc_type"] == "RuntimeError"  # type: ignore[index]
