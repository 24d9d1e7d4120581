"""A game begun by an accepted challenge is on checkable dice like every other (issue 40): it began on the bare dice,
with no commitment shown, and 'verify' after it said its dice were never recorded (found playing a challenge to its end
in Chromium). Through the portal."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.portals import portal_server
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")


async def test_an_accepted_challenge_plays_on_committed_dice_that_verify(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, account(server, "Bob") as bob:
        await ann.command("challenge Bob pace=correspondence", "challenge 1")
        await bob.command("accept 1", spaced(r"dice: sha256 [0-9a-f]{64}"))
        await ann.expect(spaced(r"dice: sha256 [0-9a-f]{64}"))
        await bob.command("leave yes", "You are out of the game")
        await ann.expect("you play on alone")
        await ann.command("leave yes", spaced(r"dice: server seed [0-9a-f]{64}"))
        await ann.command("verify 1", spaced("Game #1: every throw matches"))
