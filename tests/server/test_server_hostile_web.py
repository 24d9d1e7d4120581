"""The web port from outside, as an attacker or a broken client would use it: HTTP requests that do not parse, and
WebSocket frames no browser sends. Each is answered (400, or the WebSocket closed with its code), a browser beside
it is still served, and the log holds no traceback (aiohttp logged one, as an error, for each request it could not
parse: any client could write them into the log at will)."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct

import pytest

from support.clients import WAIT
from support.serverlog import server_log
from server.web import httpserver
from server.app import GameServer
from support.browsers import web_client

WEB = {"enabled": True}
UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: %s\r\n\r\n")

BAD_REQUEST = b" 400 Bad Request\r\n"
REQUESTS = {
    "a path past the line limit": b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "a header past the line limit": b"GET / HTTP/1.1\r\nHost: x\r\nX-A: " + b"a" * 100_000 + b"\r\n\r\n",
    "HTTP/9.9": b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    "a bad chunk size": b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "a negative length": b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "not HTTP at all": b"\xff\xfe\x00\x01\r\n\r\n",
    "a WebSocket without its key": b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    "a WebSocket with a bad key": UPGRADE % b"bad",
}


async def exchange(server: GameServer, data: bytes, until: bytes, address: str = "127.0.0.1") -> bytes:
    """Send ``data`` to the web port from ``address``; what came back until ``until`` did, or the server hung up."""
    assert server.web is not None
    reader, writer = await asyncio.open_connection("127.0.0.1", server.web.port, local_addr=(address, 0))
    writer.write(data)
    answer = b""
    try:
        async with asyncio.timeout(WAIT):
            while until not in answer and (chunk := await reader.read(65536)):
                answer += chunk
    except ConnectionError:
        pass  # hung up on while the rest of a long request was still unread
    writer.close()
    return answer


@pytest.mark.parametrize("request_", REQUESTS.values(), ids=REQUESTS.keys())
async def test_a_request_that_does_not_parse_is_answered_400_and_logs_no_traceback(make_server, request_: bytes) -> None:
    async with make_server(web=WEB) as server, web_client(server, "Ann") as ann:
        with server_log() as log:
            assert BAD_REQUEST in await exchange(server, request_, until=BAD_REQUEST)
            await ann.command("say still here", "message", kind="say")
        log.assert_clean()


def frame(opcode: int, data: bytes, fin: bool = True) -> bytes:
    """One masked frame, as a client must send it."""
    mask, size = os.urandom(4), len(data)
    length = bytes([0x80 | size]) if size < 126 else bytes([0xFE]) + size.to_bytes(2, "big") if size < 1 << 16 \
        else bytes([0xFF]) + size.to_bytes(8, "big")
    return bytes([(0x80 if fin else 0) | opcode]) + length + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


CLOSE = b"\x88\x02\x03"
"""The start of a close frame from the server, with a code (1002, 1007, 1009: 0x03..)."""
FRAMES = {
    "a text frame not UTF-8": frame(1, b"say \xff\xfe"),
    "a continuation with nothing to continue": frame(0, b"x"),
    "a reserved opcode": frame(3, b"x"),
    "a ping longer than 125 bytes": frame(9, b"x" * 200),
    "a close with a code no one may send": frame(8, (5000).to_bytes(2, "big")),
    "a close of one byte": frame(8, b"\x01"),
    "reserved bits set": bytes([0xF1]) + frame(1, b"help")[1:],
    "a length of 2**63 - 1": bytes([0x81, 0xFF]) + (2**63 - 1).to_bytes(8, "big") + b"abcd",
    "a frame past the size limit": frame(1, b"a" * (2 << 20)),
}


@pytest.mark.parametrize("frames", FRAMES.values(), ids=FRAMES.keys())
async def test_a_frame_no_browser_sends_closes_its_websocket_and_logs_no_traceback(make_server, frames: bytes) -> None:
    async with make_server(web=WEB) as server, web_client(server, "Ann") as ann:
        with server_log() as log:
            key = base64.b64encode(os.urandom(16))
            answer = await exchange(server, UPGRADE % key + frames, until=CLOSE)
            assert answer.startswith(b"HTTP/1.1 101 ") and CLOSE in answer
            await ann.command("say still here", "message", kind="say")
        log.assert_clean()


async def test_one_address_holds_at_most_its_share_of_web_connections_and_others_are_served(make_server) -> None:
    """Connections to the web port that sent nothing, or half a request, were each held for an hour, as many as
    anyone opened: one address could use up the server's file descriptors, and then nobody could connect, by telnet
    or by browser. An address now holds at most ``max_connections_per_address`` of them; more are answered 503 and
    closed at once, and a browser from elsewhere is served meanwhile."""
    async with make_server(web=WEB, limits={"max_connections_per_address": 3}) as server:
        assert server.web is not None
        with server_log() as log:
            held = [await asyncio.open_connection("127.0.0.1", server.web.port, local_addr=("127.0.0.9", 0))
                    for _ in range(3)]
            for _, writer in held[1:]:
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # half a request
            refused = await exchange(server, b"", until=b"\r\n\r\n", address="127.0.0.9")
            assert refused.startswith(b"HTTP/1.1 503 ") and b"Too many connections from your address" in refused
            async with web_client(server, "Ann") as ann:
                await ann.command("say still here", "message", kind="say")
            for _, writer in held:
                writer.close()
        log.assert_clean()


async def test_a_connection_that_sends_no_whole_request_in_time_is_closed(make_server, monkeypatch) -> None:
    """Nothing, or half a request: closed after ``REQUEST_WAIT`` (here a fifth of a second), not after an hour."""
    monkeypatch.setattr(httpserver, "REQUEST_WAIT", 0.2)
    async with make_server(web=WEB) as server:
        assert server.web is not None
        for sent in (b"", b"GET / HTTP/1.1\r\nHost: x\r\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.web.port)
            writer.write(sent)
            async with asyncio.timeout(WAIT):
                assert await reader.read() == b""
            writer.close()


async def test_a_client_that_hangs_up_as_its_request_is_answered_logs_no_traceback(make_server) -> None:
    """A WebSocket asked for, then the connection reset before the answer could be written: aiohttp logged the
    handler's ConnectionResetError, as an error with its traceback, about one time in two."""
    async with make_server(web=WEB) as server, web_client(server, "Ann") as ann:
        assert server.web is not None
        loop = asyncio.get_running_loop()
        with server_log() as log:
            for _ in range(40):
                sock = socket.socket()
                sock.setblocking(False)
                await loop.sock_connect(sock, ("127.0.0.1", server.web.port))
                await loop.sock_sendall(sock, UPGRADE % base64.b64encode(os.urandom(16)))
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, not closed
                sock.close()
            await ann.command("say still here", "message", kind="say")
        log.assert_clean()
