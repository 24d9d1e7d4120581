"""The event loop the server's processes run on (``event_loop``): uvloop's (libuv, written in C) where it is installed,
else the standard library's. The server's CPU is mostly the loop's and the transports' own work (reading, writing,
waking callbacks), which uvloop does in C: the portal and its game process each run one (issue 25's CPU per ``say``).
Nothing else in the server depends on which loop runs: transports are used through asyncio's interface only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory(kind: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """``uvloop``'s loop when asked for and importable, else None (the standard library's)."""
    if kind != "uvloop":
        return None
    try:
        import uvloop
    except ImportError:  # (a platform without its wheels: Windows)
        return None
    return uvloop.new_event_loop  # type: ignore[no-any-return]


def run(main: Coroutine[Any, Any, T], kind: str) -> T:
    """``asyncio.run`` on the loop ``kind`` names."""
    with asyncio.Runner(loop_factory=loop_factory(kind)) as runner:
        return runner.run(main)


def running_loop_name() -> str:
    """Which loop runs this process, for its start's log line."""
    return "uvloop" if type(asyncio.get_running_loop()).__module__.startswith("uvloop") else "asyncio"
