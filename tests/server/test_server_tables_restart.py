"""A game survives the server being killed (SIGKILL, no goodbye): started again on the same data, it goes on from
its last saved event."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace

from support.clients import player
from support.servers import free_port
from support.tablesetup import dice_script




@asynccontextmanager
async def server_process(workdir: Path, port: int, dice: str) -> AsyncIterator[asyncio.subprocess.Process]:
    """The real console program on ``port``; killed without warning when the block ends."""
    env = {**os.environ, "COSMIC_HOST": "127.0.0.1", "COSMIC_PASSWORD_HASH_COST": "1024",
           "COSMIC_CONNECT_MAXWAIT": "0.05", "COSMIC_LOG_LEVEL": "warning",
           "COSMIC_WEB__ENABLED": "false"}  # the web client's fixed port would clash with any other server running
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server.main", "--port", str(port), "--data-dir", str(workdir / "data"),
        "--dice-script", dice, cwd=workdir, env=env,
    )
    try:
        async with asyncio.timeout(20):
            while True:
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                    break
                except OSError:
                    await asyncio.sleep(0.05)
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGKILL)
        await process.wait()


async def test_a_game_goes_on_after_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    address = SimpleNamespace(port=port)
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = dice_script(tmp_path / "one", ["10 2", "10 10 10 3 s4"])
    then = dice_script(tmp_path / "two", ["5 s2", "2 3 4 6 s6"])
    async with server_process(tmp_path, port, first) as process:
        async with player(address, "Ann") as ann, player(address, "Bob") as bob:
            await ann.command("@set cubes=compact", "Set: cubes=compact")
            await ann.command("table open goal=100", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await bob.command("start", "--- Ann's turn")
            await ann.command("roll", r"You score 100 \(flash of 10s\)")
            await ann.expect("You may: roll.")
            await bob.expect("Ann throws")
            process.send_signal(signal.SIGKILL)
            await ann.closed()
            assert await process.wait() == -signal.SIGKILL
    async with server_process(tmp_path, port, then):
        async with player(address, "Bob", create=False) as bob:
            await bob.command("score", r"> Ann +0  not yet +0 +0  away, up")
            await bob.expect("Ann's turn: 100 points so far.")
            await bob.command("roll", "It is not your turn; it is Ann's.")
            async with player(address, "Ann", create=False) as ann:
                await ann.expect("You are back at table 1.")
                await ann.expect("Turn total 100; 2 cubes to throw, clearing 10s.")
                await ann.expect("You may: roll.")  # @set was kept with the account, so: compact cubes
                await bob.expect("Ann is back at table 1.")
                await ann.command("roll", r"You throw: \[5\] \[s2\]")
                await ann.expect("The flash of 10s is cleared!")
                await ann.command("stop", "You stop and bank 105: score 105.")
                await bob.command("roll", "You are out of the game: you did not pass Ann's 105 in Last Licks.")
                await ann.expect(r"\*\*\* Ann WINS the game at table 1")
                await ann.command("replay 1", r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[s4\]")
                await ann.expect(r"Ann throws: \[5\] \[s2\]")
