"""From the command to the banner: how long a player who connects while the server starts waits for its first line.

Each kind is started as its own process, on a fresh data directory, with the web page on (its own free port) as
operators run it; a client polls the telnet port from the moment the command is started (a connection tried every
2 ms until one is accepted), answers the telnet negotiation as a client does (refusing every option, so nothing waits
for the negotiation's timeout), and the time is taken when the banner's first byte arrives: a connection accepted
before the server can serve it counts, waiting, until it gets its banner. The kinds: the project's server as
operators run it (``cosmic-wimpout``: the portal and its game process), the same in one process (``--one-process``),
and a bare telnetlib3 server (the same telnetlib3 options, its banner sent from its shell) as the baseline, in
interleaved rounds (the order rotated each round) after one untimed start of each kind (which compiles its
modules: every server runs from compiled bytecode, as an installed server does). Reported per kind: the median and
range of the seconds to the banner, and of the ratios to the bare server's of the same round.

Target (issue 41): the banner within 1 s of the command, through the portal.

    .venv/bin/python benchmarks/startup_bench.py --rounds 7
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from load_bench import HOST, free_port, server_environment, write_world
from server_bench import bare_code

KINDS = ("portal", "one-process", "telnetlib3")
COMMAND = {"portal": [], "one-process": ["--one-process"]}
"""The project's server's arguments by kind (its console script, ``cosmic-wimpout``)."""
BANNER_START = b"Welcome"
"""How the project's banner and the bare server's begin."""
IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
POLL = 0.002


def command(kind: str, port: int) -> list[str]:
    """The command that starts ``kind``: the project's console script as installed beside this Python, or the bare
    server."""
    if kind in COMMAND:
        script = Path(sys.executable).with_name("cosmic-wimpout")
        head = [str(script)] if script.exists() else [sys.executable, "-c", "from server.main import main; main()"]
        return head + COMMAND[kind]
    return [sys.executable, "-c", bare_code(kind, port)]


class Telnet:
    """A client's end of the negotiation: every option refused; the text kept."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer, self.text, self._pending = writer, b"", b""

    def feed(self, data: bytes) -> None:
        data = self._pending + data
        self._pending = b""
        index = 0
        while index < len(data):
            byte = data[index]
            if byte != IAC:
                end = data.find(bytes([IAC]), index)
                end = len(data) if end < 0 else end
                self.text += data[index:end]
                index = end
                continue
            if index + 1 >= len(data):
                self._pending = data[index:]
                return
            verb = data[index + 1]
            if verb in (DO, DONT, WILL, WONT):
                if index + 2 >= len(data):
                    self._pending = data[index:]
                    return
                if verb in (DO, WILL):
                    self.writer.write(bytes([IAC, WONT if verb == DO else DONT, data[index + 2]]))
                index += 3
            elif verb == SB:
                end = data.find(bytes([IAC, SE]), index)
                if end < 0:
                    self._pending = data[index:]
                    return
                index = end + 2
            else:
                self.text += bytes([IAC]) if verb == IAC else b""
                index += 2


async def banner_after(port: int, started: float, process: asyncio.subprocess.Process) -> float:
    """Poll ``port`` until a connection is accepted, then read it until the banner begins: seconds since
    ``started``. A connection closed before its banner (a server not serving yet) is tried again."""
    while process.returncode is None:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            await asyncio.sleep(POLL)
            continue
        telnet = Telnet(writer)
        try:
            while data := await asyncio.wait_for(reader.read(65536), 60):
                telnet.feed(data)
                if telnet.text.lstrip(b"\r\n"):
                    if not telnet.text.lstrip(b"\r\n").startswith(BANNER_START[: len(telnet.text.lstrip())]):
                        raise RuntimeError(f"the server's first text is not its banner: {telnet.text[:80]!r}")
                    return time.perf_counter() - started
        except ConnectionError:
            pass
        finally:
            writer.close()
    raise RuntimeError(f"the server exited ({process.returncode}) before its banner")


async def start_once(kind: str, workdir: Path, world: Path) -> float:
    """Start ``kind`` on a fresh data directory; the seconds from the command to its banner; then stop it."""
    workdir.mkdir()
    port = free_port()
    env = server_environment(workdir, world, port)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(workdir.parent / "bytecode")
    env["COSMIC_WEB__ENABLED"] = "true"  # as operators run it, on a port of its own
    env["COSMIC_WEB__HOST"], env["COSMIC_WEB__PORT"] = HOST, str(free_port())
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(*command(kind, port), cwd=workdir, env=env)
    try:
        return await asyncio.wait_for(banner_after(port, started, process), 120)
    finally:
        if process.returncode is None:
            process.terminate()
        try:
            await asyncio.wait_for(process.wait(), 20)
        except TimeoutError:
            process.kill()
            await process.wait()


def spread(values: list[float], unit: str = "") -> str:
    return f"{statistics.median(values):.2f}{unit} (range {min(values):.2f} - {max(values):.2f})"


async def run(rounds: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        world = workdir / "world.toml"
        write_world(world, 4)
        for kind in KINDS:  # compiles each kind's modules
            await start_once(kind, workdir / f"{kind}-first", world)
        measured: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for index in range(rounds):
            turn = index % len(KINDS)
            for kind in KINDS[turn:] + KINDS[:turn]:
                measured[kind].append(await start_once(kind, workdir / f"{kind}-{index}", world))
        return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rounds = max(1, min(args.rounds, 30))
    measured = asyncio.run(run(rounds))
    print(f"from the command to the banner's first byte, {rounds} interleaved rounds (a client polling from the start)")
    for kind in KINDS:
        line = f"{kind:>12}: {spread(measured[kind], ' s')}"
        if kind != "telnetlib3":
            line += f"; /telnetlib3 {spread([a / b for a, b in zip(measured[kind], measured['telnetlib3'])])}"
        print(line)
    print("target (issue 41): the banner within 1 s of the command through the portal")


if __name__ == "__main__":
    main()
