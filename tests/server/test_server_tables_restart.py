"""A game survives the server being killed (SIGKILL, no goodbye): started again on the same data, it goes on from
its last saved event - on each storage backend (``store_url``)."""

from __future__ import annotations

import signal
from pathlib import Path
from types import SimpleNamespace

import pytest

from support.clients import player
from support.servers import console_server, free_port
from support.tablesetup import dice_script

pytestmark = pytest.mark.usefixtures("store_url")


async def test_a_game_goes_on_after_the_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    address = SimpleNamespace(port=port)
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = dice_script(tmp_path / "one", ["10 2", "10 10 10 3 s4"])
    then = dice_script(tmp_path / "two", ["5 s2", "2 3 4 6 s6"])
    async with console_server(tmp_path, port, "--dice-script", first) as process:
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
    async with console_server(tmp_path, port, "--dice-script", then):
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
