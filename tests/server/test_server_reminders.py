"""What each person at a table is told: instructions only to who can act, and reminders of what the player up
needs (Last Licks: how many points to pass the leader)."""

from __future__ import annotations

import re

from support.clients import player
from support.tablesetup import loaded_server, seated


async def test_a_bystander_does_not_see_another_players_instructions(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 S"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=300") as (ann, bob), player(server, "Cy") as cy:
            await cy.command("watch 1", "You are now watching table 1.")
            await ann.command("roll", r"This throw scores more than one way: 'keep sun 10' for 110; 'keep sun 5' for")
            await ann.expect("You may: keep sun 10, keep sun 5")
            for other in (bob, cy):
                await other.expect("Ann's throw scores more than one way: Ann chooses.")
            await ann.command("propose bump", r"Your yes is counted; it needs\s+Bob to agree\.")
            await bob.expect(r"Ann proposes bump on \(proposal 1\)\. Vote with 'vote yes 1'")
            await cy.expect(r"Guiding Light: Ann proposes bump on \(proposal 1\)\.\n")
            await cy.command("score", "Table 1: playing")  # everything above has reached Cy by now
            for other in (bob, cy):
                assert "keep sun" not in other.text and "You may" not in other.text
            assert "vote yes" not in cy.text


async def test_last_licks_reminds_the_challenger_what_they_need(make_server, tmp_path) -> None:
    throws = ["10 2", "10 10 10 3 s4", "5 s2", "5 2 3 4 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await ann.command("roll", "You may: roll.")
            await ann.command("roll", "You may: roll, stop.")
            await ann.command("stop", "LAST LICKS! Ann leads with 105.")
            await bob.expect(re.escape("--- Your turn (score 0) ---\nYou need 106 more to pass Ann's 105.\nYou may: roll."))
            await bob.command("roll", r"You score 5\. Turn total: 5\.\n4 cubes to throw\.\n.*\nYou need 101 more to pass Ann's 105\.")
            await ann.command("score", "Last Licks: Bob must pass 105")
            assert "You need" not in ann.text


async def test_last_licks_names_its_challengers_in_words(make_server, tmp_path) -> None:
    throws = ["10 5 2", "10 10 10 3 s4", "5 s2"]  # the roll-off first: Ann, Bob, Cy
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob", "Cy"], "goal=100") as (ann, bob, cy):
            await ann.command("roll", "You may: roll.")
            await ann.command("roll", "You may: roll, stop.")
            await ann.command("stop", "LAST LICKS! Ann leads with 105.")
            await ann.command("score", "Last Licks: Bob and Cy must pass 105")
            assert "Bob, Cy must pass" not in ann.text
