"""The server's log goes to a pipe whose reader can go away (``cosmic-wimpout | tee log`` and ^C, a pager quit): from
then on the log is silent, and the server still serves and still stops on SIGTERM. It once hung at its shutdown,
the first log line of which raised BrokenPipeError, and only SIGKILL stopped it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.servers import free_port

pytestmark = pytest.mark.slow


def banner(port: int, deadline: float) -> bytes:
    """The first bytes the server sends a new connection (it logs the connection as it does)."""
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
                return client.recv(64)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.mark.parametrize("mode", [[], ["--one-process"]], ids=["portal", "one process"])
def test_a_server_whose_log_reader_is_gone_serves_and_stops_on_sigterm(tmp_path: Path, mode: list[str]) -> None:
    port = free_port()
    env = {**os.environ, "COSMIC_HOST": "127.0.0.1", "COSMIC_WEB__ENABLED": "false", "COSMIC_LOG_LEVEL": "info"}
    server = subprocess.Popen(
        [sys.executable, "-m", "server.main", "--port", str(port), "--data-dir", str(tmp_path / "data"), *mode],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        assert banner(port, time.monotonic() + 30)
        assert server.stdout is not None
        server.stdout.close()  # the reader goes away: every log line from now on meets a broken pipe
        assert banner(port, time.monotonic() + 10)  # logged as 'session.connected': still served
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
