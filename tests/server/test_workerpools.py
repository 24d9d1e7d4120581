"""A worker process ends with the process that started it: a game process killed with SIGKILL (the crash campaign's
fault) left its judging and solving workers running for ever, holding the server's output pipes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARENT = """
import os, signal
from server.process.workerpools import spawned
pool = spawned()
print(pool.submit(os.getpid).result(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_worker_ends_when_its_parent_is_killed() -> None:
    parent = subprocess.run([sys.executable, "-c", PARENT], cwd=ROOT, capture_output=True, text=True, timeout=60)
    worker = int(parent.stdout.split()[0])
    assert worker != os.getpid()
    deadline = time.monotonic() + 30
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(worker), "the worker outlived its killed parent"
