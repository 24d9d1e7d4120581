"""No advice at a rated table while its game is on (issue 40): 'hint' gave the solver's moves in rated games. Through
the portal as the issue's reproduction ran it: a rated table with a house bot refuses it during the game, an unrated
one ('rated=off') and the tutorial give it, and 'review' gives the solver's view of the rated game after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.clients import play_until
from support.portals import portal_server
from test_server_fairplay import account, spaced

pytestmark = pytest.mark.usefixtures("store_url")
REFUSED = spaced("No hints at a rated table while its game is on")
GIVEN = r"Your chance of winning, best first"


async def test_hint_is_refused_at_a_rated_table_during_its_game_and_given_elsewhere(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, account(server, "Ann") as ann:
        await ann.command("table open goal=100", "You sit down at table 1.")
        await ann.command("table bot add cautious", "sits down at table 1.")
        await ann.command("start", r"You may: roll")
        await ann.command("hint", REFUSED)
        ann.send("roll")
        await play_until(ann, "Table 1 is closed", moves=2000)
        await ann.command("review 1", r"Game #1")  # after the game: the solver's view of it

        await ann.command("table open goal=100 rated=off", r"You sit down at table \d+.")
        await ann.command("table bot add cautious", r"sits down at table \d+.")
        await ann.command("start", r"You may: roll")
        await ann.command("hint", GIVEN)
        await ann.command("leave yes", "You are out of the game")

        await ann.command("tutorial", r"You may: roll")
        await ann.command("hint", GIVEN)
