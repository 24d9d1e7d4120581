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


def print_machine(cpu: float, own: float, elapsed: float, moves: int, lags: list[float], waits: list[float]) -> None:
    """The server's CPU a move, the bots' own CPU and lag, and how long the server, the bots and the machine waited."""
    print_cpu(cpu, elapsed, moves, "move")
    print(f"bots' CPU (this process): {own:.1f} s ({100 * own / elapsed:.0f}% of one core)")
    lags.sort()
    print(f"bots' event loop late by p99 {lags[len(lags) * 99 // 100] * 1000:.1f} ms, max {lags[-1] * 1000:.1f} ms; "
          f"waiting for a core: server's loop {100 * waits[0] / elapsed:.0f}% of the time, bots' "
          f"{100 * waits[1] / elapsed:.0f}%, some task on the machine {100 * waits[2] / elapsed:.0f}%; "
          f"load average {os.getloadavg()[0]:.1f}")


def print_cpu(cpu: float, elapsed: float, commands: int, what: str) -> None:
    print(f"server CPU: {cpu:.1f} s in {elapsed:.1f} s ({100 * cpu / elapsed:.0f}% of one core), "
          f"{1e6 * cpu / max(1, commands):.0f} us per {what}")
