"""The Funhouse's checkable dice and its daily (issue 40): a run's draws come from a committed server seed mixed with
the player's seed and are checked after its end; the daily's seed is the day's secret, committed ('funhouse daily'
shows its sha256) and revealed at the next 00:00 UTC, when the day's board closes; until then nobody sees another
player's daily moves, and dailies rank apart from the all-time board."""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path

import pytest

from support.harness import Typist, in_memory
from support.portals import portal_server
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")
HEX = r"([0-9a-f]{64})"
DAY = 86_400


async def test_a_run_commits_to_its_dice_and_a_daily_hides_its_moves_until_the_reveal(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, account(server, "Bob") as bob:
        await ann.command("@set dice-seed ann's own", "Your dice seed")
        shown = await ann.command("funhouse new", spaced(rf"dice: sha256 {HEX} \(your seed \"ann's own\"\)"))
        commitment = re.search(HEX, shown).group(1)  # type: ignore[union-attr]
        for _ in range(5):
            await ann.command("fh stop", "You may: ")
        ended = await ann.command("fh stop", spaced(rf"dice: server seed {HEX} \(sha256 {commitment}\)"))
        seed = re.search(HEX, ended).group(1)  # type: ignore[union-attr]
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
        await ann.command("funhouse verify 1", spaced(r"Run #1: every draw matches"))
        await bob.command("funhouse verify 1", spaced(r"Run #1: every draw matches"))

        mark = len(bob.text)
        daily = await ann.command("funhouse daily", spaced(rf"dice: sha256 {HEX}: the day's secret seed"))
        await bob.command("funhouse daily", spaced(re.search(HEX, daily).group(1)))  # type: ignore[union-attr]
        await ann.command("fh stop", "You may: ")
        await bob.command("funhouse replay 2", spaced("Ann's moves on the daily layout of .* are hidden until its"
                                                      " seed is revealed"))
        assert "Ann's Funhouse board" not in bob.text[mark:]  # (her first run's board, Bob saw)
        await ann.command("funhouse verify 2", spaced("Run #2 cannot be checked yet: its seed is revealed at 00:00"))
        for _ in range(5):
            await ann.command("fh stop", "You may: |The run is over")
        await ann.command("funhouse top", r"#1 ")
        assert "#2 " not in ann.text.rpartition("The best Funhouse runs")[2]  # the daily ranks apart
        await ann.command("funhouse top daily", r"#2 ")


async def test_the_daily_board_closes_at_the_reveal_and_its_runs_check_after(tmp_path: Path) -> None:
    """In one process with its clock moved on a day (the reveal is at 00:00 UTC): a test through the portal cannot
    wait for midnight."""
    async with in_memory(tmp_path / "data") as services:
        start = time.time()
        services.clock = lambda: start
        ann, bob = Typist(services), Typist(services)
        await ann.type("create Ann secret1")
        await bob.type("create Bob secret2")
        said = await ann.type("funhouse daily")
        commitment = re.search(HEX, said).group(1)  # type: ignore[union-attr]
        await ann.type("fh stop")
        assert "are hidden until" in await bob.type("funhouse replay 1")
        services.clock = lambda: start + DAY
        assert "closed at 00:00 UTC" in await ann.type("fh stop")
        assert "Slide Jam: " in await bob.type("funhouse replay 1")  # the moves, now the seed is out
        assert "every draw matches" in await bob.type("funhouse verify 1")
        revealed = await bob.type("funhouse daily")
        assert re.search(spaced(rf"its seed was {HEX} \(sha256 {commitment}\)"), revealed), revealed
        seed = re.search(spaced(rf"its seed was {HEX}"), revealed).group(1)  # type: ignore[union-attr]
        assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
