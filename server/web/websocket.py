"""A browser's WebSocket as a session's input and output: frames in, JSON lines out, one a frame, with the same flow
control as telnet (server.wire.sink)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import structlog
from aiohttp import WSMsgType, web

from server.limits.budget import ByteBudget
from server.wire.sink import DEFAULT_WIDTH, MAX_QUEUED_BYTES, PAUSE_INPUT_BYTES, RESUME_INPUT_BYTES

log = structlog.get_logger()


class WebSocketSource:
    """A WebSocket's frames as input bytes: each frame is a line (or several, split on newlines), handed out a line
    (at most ``n`` bytes) at a time, so that the session asks for each once the browser has caught up with the output
    (``Session.read_line``): a big frame of commands never becomes a big queue of lines, nor its answers a big queue
    of output."""

    def __init__(self, ws: web.WebSocketResponse, out: WebSocketOut, budget: ByteBudget,
                 flooded: Callable[[], None]) -> None:
        self._ws, self._out, self._budget, self._flooded = ws, out, budget, flooded
        self._frame = b""
        self._at = 0

    async def read(self, n: int) -> bytes:
        if self._out.closed:  # hung up on, or closing: the rest of a frame is not for anyone now
            return b""
        if self._at >= len(self._frame):
            message = await self._ws.receive()
            if message.type is WSMsgType.TEXT:
                self._frame = message.data.encode() + b"\n"
            elif message.type is WSMsgType.BINARY:  # perhaps not UTF-8: the session replaces bad bytes, says so
                self._frame = bytes(message.data) + b"\n"
            else:
                return b""
            self._at = 0
            if not self._budget.spend(len(self._frame)):  # the same byte budget as telnet's (limits.input_*)
                self._flooded()
                return b""
        end = self._frame.find(b"\n", self._at, self._at + n)
        start, self._at = self._at, self._at + n if end < 0 else end + 1
        return self._frame[start : self._at]


class WebSocketOut:
    """JSON lines to a browser, one a frame, sent in order by one task (a command never waits on a slow socket)."""

    width = DEFAULT_WIDTH
    """Text in messages is laid out for 80 columns; the page wraps it itself."""

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.BaseTransport | None) -> None:
        self._ws, self._transport = ws, transport
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._queued_bytes = 0
        self._closing = False
        self._caught_up = asyncio.Event()
        self._caught_up.set()
        self.pump = asyncio.create_task(self._send_all())

    def write_line(self, line: str) -> None:
        if self._closing:
            return
        if self._queued_bytes + len(line) > MAX_QUEUED_BYTES:
            self._hang_up()
            return
        self._queued_bytes += len(line)
        if self._queued_bytes > PAUSE_INPUT_BYTES:
            self._caught_up.clear()
        self._queue.put_nowait(line)

    def close(self) -> None:
        if not self._closing:
            self._closing = True
            self._queue.put_nowait(None)

    def _hang_up(self) -> None:
        """Drop a browser that reads nothing: what waits for it is thrown away, its reads end at once."""
        log.warning("web.slow_reader", queued_bytes=self._queued_bytes)
        self._closing = True
        self.pump.cancel()
        if self._transport is not None:
            self._transport.abort()
        self._caught_up.set()

    @property
    def closed(self) -> bool:
        return self._closing or self._ws.closed

    @property
    def backlog(self) -> int:
        """Bytes waiting to be sent."""
        return self._queued_bytes

    @property
    def paused(self) -> bool:
        """Whether input waits for the browser to read its output."""
        return not self._caught_up.is_set()

    async def caught_up(self) -> None:
        """Until the browser has read most of what it was sent."""
        await self._caught_up.wait()

    async def _send_all(self) -> None:
        try:
            while (line := await self._queue.get()) is not None:
                self._queued_bytes -= len(line)
                await self._ws.send_str(line)
                if self._queued_bytes <= RESUME_INPUT_BYTES:
                    self._caught_up.set()
        except ConnectionError:
            pass  # the browser went away; the session sees its reads end
        finally:
            self._caught_up.set()
        await self._ws.close()  # not after _hang_up's cancel: the connection is already gone

