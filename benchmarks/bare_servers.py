"""The bare servers ``server_bench.py`` measures the project's server against: a line echo on asyncio and one on
telnetlib3 (the project's telnetlib3 options), and for startup the telnetlib3 one after one pydantic-settings model,
a structlog line and a SQLite database opened (the floor of a start on the project's named stack). A module of their own, importing nothing else, so their startup is
the libraries' alone (``server_bench`` pulls in the load harness, and with it the project)."""

from __future__ import annotations

import asyncio

BANNER = b"Welcome. 'QUIT' leaves.\r\n"


def reply(line: bytes) -> bytes:
    """What both bare servers answer: the speaker's echo for ``say``, and the harness's login marker otherwise."""
    line = line.strip()
    if line.startswith(b"say "):
        return b'You say, "' + line[4:] + b'"\r\n'
    return b"Obvious exits: none.\r\n"


async def bare_asyncio(host: str, port: int) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(BANNER)
        try:
            while line := await reader.readline():
                writer.write(reply(line))
        except ConnectionError:
            pass  # the harness hangs up at the end
        writer.close()

    server = await asyncio.start_server(handle, host, port)
    await server.serve_forever()


async def bare_telnetlib3(host: str, port: int) -> None:
    import telnetlib3

    async def shell(reader: telnetlib3.TelnetReader, writer: telnetlib3.TelnetWriter) -> None:
        writer.write(BANNER)
        buffer = b""
        while data := await reader.read(65536):
            *lines, buffer = (buffer + data).split(b"\n")
            for line in lines:
                writer.write(reply(line))
        writer.close()

    await telnetlib3.create_server(
        host, port, shell=shell, encoding=False, force_binary=True, line_mode=True, connect_maxwait=0.3, timeout=0
    )
    await asyncio.Event().wait()


async def bare_telnetlib3_stack(host: str, port: int) -> None:
    """The bare telnetlib3 server on the rest of the project's named stack: its address read through one
    pydantic-settings model, a structlog line, a SQLite database opened (one table): the least a start on that stack
    can cost (startup only; it then serves as ``bare_telnetlib3`` does)."""
    import sqlite3

    import structlog
    from pydantic_settings import BaseSettings, SettingsConfigDict

    class Listen(BaseSettings):
        model_config = SettingsConfigDict(env_prefix="BARE_")
        host: str
        port: int

    listen = Listen(host=host, port=port)
    with sqlite3.connect("bare.sqlite3") as database:
        database.execute("CREATE TABLE IF NOT EXISTS said (line TEXT)")
    structlog.get_logger().info("bare.listening", port=listen.port)
    await bare_telnetlib3(listen.host, listen.port)


BARE = {"asyncio": bare_asyncio, "telnetlib3": bare_telnetlib3, "telnetlib3+stack": bare_telnetlib3_stack}
