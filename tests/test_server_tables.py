"""Whole games at tables between real loopback clients, with loaded dice."""

from __future__ import annotations

from conftest import player
from tables_helpers import loaded_server, seated

LAST_LICKS_GAME = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6"]


async def test_a_game_won_through_last_licks(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, LAST_LICKS_GAME) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob), player(server, "Cy") as cy:
            await cy.command("watch", "You are now watching table 1.")
            await ann.expect("--- Your turn")
            await bob.expect("--- Ann's turn")
            await ann.command("roll", r"You throw: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await ann.expect(r"You score 100 \(flash of 10s\)\. Turn total: 100\.")
            await ann.expect("You may: roll.")
            await bob.expect(r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await cy.expect("Ann throws:\n")  # watchers see the Guide's cube art by default
            await cy.expect(r"\| \. \.-\. \|")
            await ann.command("stop", "You must clear your flash of 10s before you can stop.")
            await bob.command("roll", "It is not your turn; it is Ann's.")
            await ann.command("r", "The flash of 10s is cleared!")
            await ann.expect("You may: roll, stop.")
            await ann.command("s", "You stop and bank 105: score 105.")
            await ann.expect("You are in the game!")
            await bob.expect("LAST LICKS! Ann leads with 105. Bob: one last turn each to pass 105.")
            await bob.expect("--- Your turn")
            await bob.command("roll", "You did not pass 105.")
            for client in (ann, bob, cy):
                await client.expect(r"\*\*\* Ann WINS the game at table 1 \(Ann won Last Licks\)! \*\*\*")
                await client.expect(r"Table 1 is closed: the game is over \(game #1")
            await bob.command("stats Ann", "Ann: 1 games, 1 wins, best turn 105, 0 freight trains")
            await bob.command("history", r"#1 .* Ann, Bob; won by Ann; Bob scored 0")
            await cy.command("replay 1", r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await cy.expect(r"\*\*\* Ann WINS")
            await cy.command("top", r"1\. Ann +1 +1 +105")
