"""A player who hangs up is told once to those at their table: they heard "Bob has disconnected." from the room and
"Bob has disconnected; their seat is kept." from the table (found in a hand trial); the rest of the room hears the
first. Through the portal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.portals import portal_server
from test_server_fairplay import account

pytestmark = pytest.mark.usefixtures("store_url")


async def test_the_table_tells_its_players_and_the_room_tells_the_others(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann, account(server, "Cy") as cy:
        async with account(server, "Bob") as bob:
            await ann.command("table open", "You sit down at table 1.")
            await bob.command("sit 1", "You sit down at table 1.")
        await ann.expect("their seat is kept")
        await ann.command("say after", 'You say, "after"')
        assert re.findall(r"Bob has disconnected[^\n]*", ann.text) == ["Bob has disconnected; their seat is kept."]
        await cy.command("say after", 'You say, "after"')
        assert re.findall(r"Bob has disconnected[^\n]*", cy.text) == ["Bob has disconnected."]
