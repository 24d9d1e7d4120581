"""The login summary's "Table 1: N moves made" counts the game's moves only. Found trying correspondence play in
Chromium: a player who had not moved (nor had anyone) was told "Table 1: 3 moves made" at login, the table's news of
people going and coming back (its opponent's reconnections) counted as moves. Through the portal."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.clients import raw_client
from support.portals import portal_server
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")


async def test_comings_and_goings_are_not_moves_and_a_move_is(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server:
        async with account(server, "Ann") as ann, account(server, "Bob") as bob:
            await ann.command("table open pace=correspondence", "You sit down at table 1.")
            await bob.command("sit 1", "You sit down at table 1.")
            up = await ann.command("start", r"--- (Your|Bob's) turn")
        mover, other = ("Ann", "Bob") if "Your" in up else ("Bob", "Ann")
        async with account(server, other, create=False):
            pass  # the other leaves; the mover comes and goes twice
        for _ in range(2):
            async with account(server, mover, create=False):
                pass
        async with account(server, other, create=False) as back:
            await back.command("games", "Your correspondence games")
            assert "made" not in back.text, back.text
        async with account(server, mover, create=False) as moving:
            await moving.command("roll", "You may|turn")
        async with raw_client(server) as back:  # type: ignore[arg-type]
            await back.command(f"connect {other} secret1", spaced("While you were away: Table 1: 1 move made"))
