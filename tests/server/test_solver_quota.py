"""Issue 30, finding 4: a per-player quota of new rule sets solved an hour. Opening tables with new goals and asking
for hints no longer keeps the solver busy for one player: past their quota they are told so, and other players'
requests are still taken."""

from __future__ import annotations

import pytest

from support.clients import player
from support.tablesetup import dice_script

pytestmark = pytest.mark.slow  # a solve starts (in a worker process) and is abandoned at the end

SOLVING = "The optimal tables for this table's rules are being solved"


async def test_past_their_quota_a_player_is_told_and_others_are_still_served(make_server, tmp_path) -> None:
    tables = {"dice_script": dice_script(tmp_path, ["10 2"] * 3), "turn_timer": 600}
    async with make_server(tables=tables, limits={"solves_per_hour": 1}) as server:
        async with player(server, "Mallory") as mal, player(server, "Vic") as vic:
            await mal.command("table open goal=110", "You sit down at table 1.")
            await mal.command("table bot add", r"Robby1\.bot sits down")
            await mal.command("start", "You may: ")
            await mal.command("hint", SOLVING)
            await mal.command("leave yes", "You leave table 1.")
            await mal.command("table open goal=120", "You sit down at table")
            await mal.command("table bot add", r"Robby1\.bot sits down")
            await mal.command("start", "You may: ")
            await mal.command("hint", r"New rules solved for you within the hour: 1, the most one player\s+may\.")
            await mal.expect(r"ask again in 1 hour\.")
            await vic.command("table open goal=130", "You sit down at table")
            await vic.command("table bot add", r"Robby1\.bot sits down")
            await vic.command("start", "You may: ")
            await vic.command("hint", SOLVING)
