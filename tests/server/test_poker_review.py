"""Poker's house bots and review over loopback (issue 43): a table seats each kind of house bot by name ('house' is the
strongest), refuses a kind it does not know with the kinds it does, gives no hints during play, and 'review' weighs a
finished game's decisions as estimates - a player's own only, unless the game was played for teaching."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from support.clients import paged, player
from support.portals import portal_server
from test_poker_replay import play_to_the_end


async def test_house_bots_of_each_kind_sit_and_a_kind_not_known_is_refused(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
        await ann.command("table open game=poker", r"You sit down at table 1\.")
        await ann.command("table bot add strong", r"Robby1\.bot sits down at table 1\.")
        await ann.command("table bot add Thresh threshold", r"Thresh\.bot sits down at table 1\.")
        await ann.command("table bot add cautious", r"Robby2\.bot sits down at table 1\.")
        await ann.command("table bot add house", r"Robby3\.bot sits down at table 1\.")
        await ann.command("table bot add Wily optimal", r"A poker house bot plays 'strong'")


@pytest.mark.parametrize("option", ["", "replay_hands=all"])
async def test_a_review_weighs_a_players_own_decisions_as_estimates(tmp_path: Path, option: str) -> None:
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        await ann.command(f"table open game=poker bases_to_win=1 {option}", r"You sit down at table 1\.")
        await ann.command("table bot add strong", r"Robby1\.bot sits down at table 1\.")
        await ann.command("hint", r"gives no hints during play")
        await ann.command("start", r"a game of New Cosmic Poker begins")
        await asyncio.wait_for(play_to_the_end(ann), 120)
        await ann.expect(r"the game is over \(game #1")
        last = "Robby1.bot" if option else "Ann"
        await paged(ann, "review 1", rf"  {re.escape(last)}: \d+ decision\(s\) weighed[^\n]*\n|no decision to weigh")
        reviewed = ann.text[ann.text.rindex("Game #1:"):]
        if option:
            await paged(bob, "review 1", r"  Robby1\.bot: \d+ decision")
        else:
            await bob.command("review 1", r"A poker review shows a player their own decisions")
    assert "estimate" in reviewed or "no decision" in reviewed
    weighed = re.findall(r"^  (\S+): \d+ decision\(s\) weighed", reviewed, re.M)
    assert weighed == (["Ann", "Robby1.bot"] if option else ["Ann"]) or "no decision" in reviewed
    holding = re.findall(r"^\d\. (\S+), hand \d+", reviewed, re.M)
    assert option or set(holding) <= {"Ann"}
