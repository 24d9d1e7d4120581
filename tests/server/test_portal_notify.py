"""The unit's ``Type=notify`` (issue 36): the server tells systemd it is ready once the game process serves, a reload
as it begins and ends, and its stop, over a real unix datagram socket named by ``NOTIFY_SOCKET``, as systemd makes."""

from __future__ import annotations

import asyncio
import signal
import socket
from pathlib import Path

import pytest

from support.clients import player
from support.portals import portal_server

pytestmark = pytest.mark.slow


class Systemd:
    """systemd's end of ``NOTIFY_SOCKET``: each datagram, as the assignments it holds."""

    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.sock.setblocking(False)

    async def told(self, within: float = 30.0) -> dict[str, str]:
        async with asyncio.timeout(within):
            datagram = await asyncio.get_running_loop().sock_recv(self.sock, 4096)
        return dict(line.split("=", 1) for line in datagram.decode().splitlines())

    def nothing_more(self) -> bool:
        try:
            self.sock.recv(4096)
        except BlockingIOError:
            return True
        return False


async def test_ready_once_the_game_process_serves_then_reloading_and_stopping(tmp_path: Path) -> None:
    systemd = Systemd(tmp_path / "notify.sock")
    async with portal_server(tmp_path, NOTIFY_SOCKET=str(tmp_path / "notify.sock")) as server:
        told = await systemd.told()
        assert told["READY"] == "1" and f"port {server.port}" in told["STATUS"]
        async with player(server, "Ann") as ann:  # type: ignore[arg-type]  # (ready means served)
            await ann.command("say hi", "You say")
        assert systemd.nothing_more()  # the game process says nothing to systemd
        code, said = await server.console("reload")
        assert code == 0, said
        reloading = await systemd.told()
        assert reloading["RELOADING"] == "1" and int(reloading["MONOTONIC_USEC"]) > 0
        assert (await systemd.told())["READY"] == "1"
        await server.health_when(lambda figures: figures["reloads"] == 1)
        server.process.send_signal(signal.SIGTERM)
        assert (await systemd.told())["STOPPING"] == "1"
        assert await server.process.wait() == 0
