"""A server's processes as the benchmarks measure them: the process and its children (the portal and its game
process, issue 25), their CPU time and resident memory summed."""

from __future__ import annotations

import os
from pathlib import Path


def with_children(pid: int) -> list[int]:
    """The process and its children (the portal and its game process: issue 25), as far as they still run."""
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        children += [int(child) for child in task.read_text().split()]
    return [pid, *children]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process and its children (a portal's game process) have used so far."""
    total = 0
    for each in with_children(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:  # (a child that just ended)
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """Resident memory of the process and its children (a portal's game process)."""
    total = 0
    for each in with_children(pid):
        for line in Path(f"/proc/{each}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024
