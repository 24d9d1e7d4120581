"""The replay of a finished poker game over loopback: by default it shows hands only as exposed at the showdowns; a
table that chose ``replay_hands=all`` before the game (for teaching) shows every hand dealt, discarded and picked.
The option is the table's, not the dealer's for one hand, and is fixed once the cards are dealt."""

from __future__ import annotations

import asyncio
import re

import pytest

from engine.poker import OptionError, PokerOptions
from support.clients import RawClient, paged, player

OVER = r"\*\*\* \S+ wins the game of New Cosmic Poker at table 1! \*\*\*"
DEALT = re.compile(r"^(\S+) (?:is|are) dealt (.*)\.$", re.M)


async def play_to_the_end(client: RawClient) -> None:
    """Play every move offered (the first form of each, 'meld auto' at the showdown) until the game is over."""
    while True:
        seen = await client.expect(rf"You may: ([^\n]*)\.\n|{OVER}")
        if not seen.startswith("You may: "):
            return
        offered = seen[len("You may: "):-2].split(", ")
        client.send(next((word for word in ("in", "check", "call", "draw", "meld auto") if word in offered), offered[0]))


@pytest.mark.parametrize("option", ["", "replay_hands=all"])
async def test_a_replay_shows_every_hand_only_at_a_table_that_chose_it(make_server, option: str) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command(f"table open game=poker bases_to_win=1 {option}", r"You sit down at table 1\.")
        await ann.command("table bot add house", r"Robby1\.bot sits down at table 1\.")
        await ann.command("start", r"a game of New Cosmic Poker begins")
        await asyncio.wait_for(play_to_the_end(ann), 120)
        await paged(ann, "replay 1", OVER)
        replayed = ann.text[ann.text.rindex("Game #1:"):]
    dealt = DEALT.findall(replayed)
    assert dealt and {who for who, _ in dealt} == {"Ann", "Robby1.bot"}
    if option:
        assert all(re.fullmatch(r"(?:\S+ )*\S+", cards) and "cards" not in cards for _, cards in dealt)
        # the bot's meld as picked: its cards ('C C C' has no digit) or 'no meld'; hidden it reads 'has picked a meld.'
        assert re.search(r"^Robby1\.bot picks \S", replayed, re.M)
    else:
        assert all(re.fullmatch(r"\d+ cards", cards) for _, cards in dealt)
        assert "picks" not in replayed and "exposes" in replayed
    assert re.search(r"The deck \(78 cards\) is shuffled\.", replayed)


def test_replay_hands_is_a_table_option_only() -> None:
    assert PokerOptions.from_options({"replay_hands": "all"}).changed == {"replay_hands": "all"}
    assert PokerOptions().replay_hands == "showdown"
    with pytest.raises(OptionError, match="replay_hands: .*showdown or all"):
        PokerOptions.from_options({"replay_hands": "some"})
    with pytest.raises(OptionError, match="Dealer's Choice switches on variations only"):
        PokerOptions(dealers_choice=True).for_hand({"replay_hands": "all"})
