"""Whole games at tables between real loopback clients, with loaded dice."""

from __future__ import annotations

from support.clients import loose, player
from support.tablesetup import loaded_server, seated
from support.recordedfigures import recorded

from server.words.texts import CUBES_TIP

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
            await cy.expect(loose(CUBES_TIP))  # once, to someone who never chose a style
            await ann.command("stop", "You must clear your flash of 10s before you can stop.")
            await bob.command("roll", "It is not your turn; it is Ann's.")
            await ann.command("r", "The flash of 10s is cleared!")
            await ann.expect("You may: roll, stop.")
            await ann.command("s", "You stop and bank 105: score 105.")
            await ann.expect("You are in the game!")
            await bob.expect("LAST LICKS! Ann leads with 105. Bob: one last turn to pass 105.")
            await bob.expect("--- Your turn")
            await bob.command("roll", "You are out of the game: you did not pass Ann's 105 in Last Licks.")
            for client in (ann, bob, cy):
                await client.expect(r"\*\*\* Ann WINS the game at table 1 \(Ann won Last Licks\)! \*\*\*")
                await client.expect(r"Table 1 is closed: the game is over \(game #1")
            await bob.command("stats Ann", "Ann has no finished games.")  # scripted dice: never rated nor counted
            await bob.command("history", r"#1 .* Ann, Bob; won by Ann; Bob scored 0 \(unrated\)")
            ann_figures = (await recorded(server.store, 1))["Ann"]
            assert ann_figures.won and ann_figures.figures["best_turn"] == 105 == ann_figures.score
            await cy.command("replay 1", r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await cy.expect(r"\*\*\* Ann WINS")
            await cy.command("top", "No game has been finished yet.")
            assert cy.text.count(CUBES_TIP.split(":")[0]) == 1 and CUBES_TIP.split(":")[0] not in ann.text


async def test_an_instant_win_among_three(make_server, tmp_path) -> None:
    throws = ["6 3 2", "2 3 4 6 s6", "6 6 6 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob", "Cy"], "goal=100") as (ann, bob, cy):
            await cy.expect(r"Roll-off for the first turn: Ann 6, Bob 3, Cy 2\.")
            await ann.command("roll", "TRAIN WRECK!")
            await bob.expect(r"--- Your turn \(score 0\) ---")
            await bob.command("roll", "A FREIGHT TRAIN OF 6s: INSTANT WINNER!")
            await cy.expect(r"\*\*\* Bob WINS the game at table 1 \(Bob threw a freight train of 6s: instant\s+winner\)")
            figures = await recorded(server.store, 1)
            assert figures["Bob"].won and figures["Bob"].figures == {
                "best_turn": 0, "freight_trains": 1, "train_wrecks": 0, "supernovas": 0}
            assert not figures["Ann"].won and figures["Ann"].figures["train_wrecks"] == 1


async def test_a_supernova_puts_the_thrower_out(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["6 3", "10 10 10 10 s10"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100 last_player_wins") as (ann, bob):
            await ann.command("roll", "A FREIGHT TRAIN OF 10s: SUPERNOVA! Too many points...")
            await bob.expect("Ann is out of the game: Ann threw a Supernova")
            await bob.expect(r"\*\*\* Bob WINS the game at table 1 \(Bob is the last player left in the game\)")
            await bob.expect("Table 1 is closed: the game is over")
            ann_figures = (await recorded(server.store, 1))["Ann"]
            assert not ann_figures.won and ann_figures.figures == {
                "best_turn": 0, "freight_trains": 1, "train_wrecks": 0, "supernovas": 1}


async def test_a_guiding_light_proposal_takes_effect_at_the_next_turn(make_server, tmp_path) -> None:
    throws = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s6", "5 2 3 4 s6", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob"], "goal=200") as (ann, bob):
            await ann.command("roll", "You may: roll.")
            await ann.command("roll", "You may: roll, stop.")
            await ann.command("propose goal 100", r"Guiding Light: You propose goal 100 \(proposal 1\)\. Your yes is counted; it\s+needs\s+Bob to agree\.")
            await bob.expect(r"Guiding Light: Ann proposes goal 100 \(proposal 1\)\. Vote with 'vote yes 1' or\s+'vote no 1'\.")
            await bob.command("rules", r"Table 1 plays: goal 200, Last Licks official\.")
            await bob.expect(r"Proposal 1 by Ann: .*goal")
            await bob.command("vote yes", r"Proposal 1 is adopted by everyone: it takes effect at the start of the next\s+turn\.")
            await ann.command("rules", "From the next turn: goal 100, Last Licks official.")
            await ann.command("stop", "You stop and bank 105: score 105.")
            await ann.expect("The table's rules are now: goal 100, Last Licks official.")
            await bob.expect("--- Your turn")
            assert "LAST LICKS" not in bob.text  # 105 did not reach the goal of the turn it was banked in
            await bob.command("roll", "--- Ann's turn")
            await ann.command("roll", "You may: roll, stop.")
            await ann.command("stop", "LAST LICKS! Ann leads with 110.")
            await bob.command("roll", r"\*\*\* Ann WINS")


async def test_a_seat_is_kept_through_a_disconnect_and_the_table_can_remove_an_absent_player(
    make_server, tmp_path
) -> None:
    throws = ["6 3 2", "2 3 4 6 s6", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob", "Cy"], "goal=100") as (ann, bob, cy):
            await bob.aclose()
            await ann.expect("Bob has disconnected; their seat is kept.")
            await ann.command("score", r"  Bob +0  not yet +0 +0  away")
            await ann.command("vote remove Cy", "Cy is here: only an absent player can be voted out.")
            async with player(server, "Bob", create=False) as bob:
                board = await bob.expect(r"  Bob +0  not yet +0 +0.*\n")
                assert "away" not in board  # the board Bob comes back to shows him back
                await bob.expect("You are back at table 1.")
                await ann.expect("Bob is back at table 1.")
                await ann.command("roll", "--- Bob's turn")
                await bob.expect("You may: roll.")
                await cy.aclose()
                await bob.expect("Cy has disconnected")
                await ann.command("vote remove cy", r"Ann votes to remove Cy; still needed: Bob\.")
                await bob.expect(r"Ann votes to remove Cy; still needed: Bob \('vote remove Cy'\)\.")
                await bob.command("vote remove Cy", "The table agrees to remove Cy.")
                await ann.expect("Cy is out of the game: Cy was removed by the table while away.")
                await bob.command("roll", "--- Ann's turn")


async def test_the_turn_timer_moves_for_a_player_who_does_not(make_server, tmp_path) -> None:
    throws = ["10 2", "10 3 4 6 s2", "2 3 4 s6", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws, turn_timer=0.1) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await bob.expect("Time is up for Ann: the table does 'roll' for Ann.")
            await bob.expect("Ann scores 10. Turn total: 10.")
            await bob.expect("Time is up for Ann: the table does 'roll' for Ann.")  # 10 is too few to stop on
            await bob.expect("Time is up for Bob: the table does 'roll' for Bob.")
            await ann.expect(r"--- Your turn \(score 0\) ---")
            await ann.command("roll", "The loaded dice have run out")  # and the table waits, nothing lost
            await ann.command("score", r"> Ann +0 ")


async def test_room_talk_reaches_the_table_wherever_its_people_are(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with seated(server, ["Ann", "Bob"], start=False) as (ann, bob), player(server, "Cy") as cy:
            await cy.command("watch 1", "You are now watching table 1.")
            await bob.command("go green", "The Green Parlour")
            await cy.command("go blue", "The Blue Parlour")
            await ann.command("say come back", 'You say, "come back"')
            await bob.expect('Ann says, "come back"')
            await cy.expect('Ann says, "come back"')
            await ann.command(":waits.", "Ann waits.")
            await bob.expect("Ann waits.")
            await bob.command("say from afar", 'You say, "from afar"')
            assert "from afar" not in ann.text
            await bob.command("start", "Roll-off for the first turn: Ann 10, Bob 2.")  # play from anywhere


async def test_each_player_sees_the_cubes_their_own_way(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 s4"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob), player(server, "Cy") as cy:
            await cy.command("@set screenreader=on", "Set: screenreader=on.")
            await cy.command("watch", "You are now watching table 1.")
            await bob.command("@set cubes=art", "Set: cubes=art.")
            await bob.command("@set", "Your settings: cubes=art, screenreader=auto.")
            await ann.command("roll", r"You throw: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await bob.expect(r"\.-------\. \.-------\.")
            await bob.expect("sun cube")
            await cy.expect("Ann throws: 10, 10, 10, 3, and the sun cube showing 4.")
            await cy.command("score", r"Ann: 0 points, not in the game yet, 0 Insurance Points, 0 train wrecks; up\.")


async def test_a_player_out_of_the_game_may_propose_but_does_not_vote(make_server, tmp_path) -> None:
    throws = ["10 3 2", "10 10 10 10 s10"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob", "Cy"], "goal=200") as (ann, bob, cy):
            await ann.command("roll", "SUPERNOVA")
            await ann.command(
                "propose goal 300",
                loose("Guiding Light: You propose goal 300 (proposal 1). You are out of the game, so you do not vote; it"
                      " needs Bob, Cy to agree."),
            )
            await bob.expect(r"Ann proposes goal 300 \(proposal 1\)\. Vote with 'vote yes 1'")
            await ann.command("vote yes", "You are out of this game: you threw a Supernova")
            await bob.command("vote yes", "You vote yes on proposal 1.")
            await cy.command("rules", loose("Proposal 1 by Ann: goal 300. Yes so far: Bob; still to vote: Cy."))
            await cy.command("vote yes", r"Proposal 1 is adopted by everyone")


async def test_a_change_before_the_start_needs_everyone_seated(make_server, tmp_path) -> None:
    """RULES.md, the Guiding Light: before the game starts, a change takes effect at once, but only by the approval
    of every player: 'table set' with someone else seated is put to them, as 'propose' is."""
    async with loaded_server(make_server, tmp_path, ["10 2 2"]) as server:
        async with seated(server, ["Ann", "Bob"], start=False) as (ann, bob), player(server, "Cy") as cy:
            await bob.command("table set goal=100", r"Others sit at table 1: your change is put to them as proposal 1\.")
            await bob.expect(r"Guiding Light: You propose goal 100 \(proposal 1\)\. Your yes is counted; it\s+needs\s+Ann to agree\.")
            await ann.expect(r"Guiding Light: Bob proposes goal 100 \(proposal 1\)\. Vote with 'vote yes 1' or\s+'vote no 1'\.")
            await ann.command("rules", r"Table 1 plays: goal 500, Last Licks official\.")
            await ann.expect(r"Proposal 1 by Bob: goal 100\. Yes so far: Bob; still to vote: Ann\.")
            await ann.command("vote no", r"Proposal 1 fails: Ann voted no\.")
            await bob.expect(r"Proposal 1 fails: Ann voted no\.")
            await ann.command("propose goal 300", r"Guiding Light: You propose goal 300 \(proposal 2\)")
            await bob.expect(r"Guiding Light: Ann proposes goal 300 \(proposal 2\)")
            await cy.command("sit", loose("Open proposals need your vote too: 2 (goal 300, by Ann). Vote with 'vote yes 2' or 'vote no 2'."))
            await bob.command("vote yes", r"You vote yes on proposal 2\.")
            await ann.expect(r"Bob votes yes on proposal 2\.")
            await cy.command("vote yes", r"Proposal 2 is adopted by everyone")
            await bob.expect(r"The table's rules are now: goal 300, Last Licks official\.")
            await ann.expect(r"Proposal 2 is adopted by everyone")
            await ann.expect(r"The table's rules are now: goal 300, Last Licks official\.")
            await ann.command("start", r"Rules: goal 300, Last Licks official\.")
