"""A telnet port, plain or TLS: telnetlib3's listener, each negotiated connection handed to the game server as a
session's input, sink and address."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Callable, Coroutine
from typing import Any

import telnetlib3
from telnetlib3.stream_reader import TelnetReader
from telnetlib3.stream_writer import TelnetWriter

from server.limits.admission import Admission, peer_address
from server.outofband.interface import Host, OutOfBand
from server.wire.sink import Sink
from server.telnet.telnetserver import MuckTelnetServer
from server.telnet.telnetsink import TelnetSink

Viewer = Callable[[], str | None]
"""Who is logged in on a connection (None on the login screen)."""
Connected = Callable[[TelnetReader, Callable[[Viewer], Sink], str], Coroutine[Any, Any, None]]
"""The game server's side of a new connection: given its input, its sink once told how to ask who is logged in on it,
and its address, what serves it until it ends."""


class TelnetListener:
    """One listening telnet port."""

    def __init__(self, listener: telnetlib3.Server) -> None:
        self._listener = listener
        self._releasing = asyncio.create_task(let_clients_go(listener))

    @classmethod
    async def open(
        cls, address: str, port: int, connect_maxwait: float, tls: ssl.SSLContext | None, handshake_timeout: float,
        host: Host, admission: Admission, connected: Connected, protocols: tuple[type[OutOfBand], ...] | None = None,
    ) -> TelnetListener:
        """Listen on ``address``:``port`` (TLS with ``tls``, each handshake within ``handshake_timeout`` seconds),
        every connection admitted by ``admission`` as it is accepted, before its handshake."""

        def shell(reader: TelnetReader, writer: TelnetWriter) -> Coroutine[Any, Any, None]:
            """telnetlib3 calls this once negotiation is over and runs what it returns, which lives as long as the
            connection (returned, not awaited here: one coroutine less to resume for every line read)."""
            return connected(reader, lambda viewer: TelnetSink(writer, viewer), peer_address(writer.get_extra_info))

        listener = await telnetlib3.create_server(
            address,
            port,
            protocol_factory=MuckTelnetServer.serving(host, admission, tls, handshake_timeout, protocols),
            shell=shell,
            encoding=False,  # we decode input and encode output ourselves (server.wire.lines, TelnetSink)
            force_binary=True,  # ...so negotiation need not wait for BINARY
            line_mode=True,
            connect_maxwait=connect_maxwait,
            timeout=0,  # idle time is the game server's to judge
            compression=tls is None,  # MCCP2 for clients that agree, never over TLS
        )  # TLS is not asyncio's (ssl=): its handshake would come before the protocol, and admission, saw anything
        return cls(listener)

    @property
    def port(self) -> int | None:
        """The port listened on (None once closed)."""
        if not self._listener.sockets:
            return None
        return int(self._listener.sockets[0].getsockname()[1])

    def stop_releasing(self) -> None:
        """Stop taking negotiated connections off telnetlib3's queue (the server is stopping)."""
        self._releasing.cancel()

    def close(self) -> None:
        """Stop listening and close every client transport."""
        self._listener.close()


async def let_clients_go(listener: telnetlib3.Server) -> None:
    """telnetlib3 queues every negotiated connection for ``Server.wait_for_client``, up to 1,000 of them, closed
    ones too, each with its reader's buffer, its writer and any MCCP2 compressor (about 19 KiB a connection in
    benchmarks/soak_bench.py, far more for a MUD client's). The shell serves connections here: this takes each off
    the queue as it comes, so none is kept after it ends."""
    while True:
        await listener.wait_for_client()
