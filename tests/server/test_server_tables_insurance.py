"""Insurance Points at a real table: earned on five scoring cubes, spent with 'spend 2', and a window the clock
closes when nobody decides."""

from __future__ import annotations

from support.tablesetup import loaded_server, seated

EARN = ["5 5 5 10 s10", "10 2 3 4 s6"]
"""Flash of 5s with a 10 and a 10 on the sun cube: all five score (an Insurance Point); then clear the flash."""


async def test_insurance_earned_spent_and_its_window_closed_by_the_clock(make_server, tmp_path) -> None:
    throws = ["10 2", *EARN, "2 3 4 6 s2", *EARN, "2 3 4 6 s4", "10 2 3 4 s6", "2 3 4 s6", "5 3 4 s6"]
    async with loaded_server(make_server, tmp_path, throws, insurance_window=0.1) as server:
        async with seated(server, ["Ann", "Bob"], "goal=300 insurance") as (ann, bob):
            for wreck in ("2 3 4 6 s2", "2 3 4 6 s4"):
                await ann.command("roll", r"You earn an Insurance Point \(all five cubes scored in one throw\)\.")
                await ann.command("roll", "The flash of 5s is cleared!")
                await ann.command("stop", "You stop and bank 80")
                await bob.command("roll", "TRAIN WRECK!")
            await ann.command("score", r"> Ann +160  in +2 +0  up")
            await ann.expect(r"  Bob +0  not yet +0 +2")
            await ann.command("roll", r"Insurance: Ann may cancel this throw \('spend \.\.\.'\) or let it stand \('pass'\)\.")
            await ann.expect("You may: spend 2, pass.")
            await bob.expect("Time is up for Ann: the table does 'pass' for Ann.")  # nobody decided: the clock did
            await bob.expect("Time is up for Insurance: the throw stands.")
            await ann.expect(r"You score 10\. Turn total: 10\.")
            await ann.command("roll", r"You throw: \[2\] \[3\] \[4\] \[s6\]")
            await ann.expect("You may: spend 2, pass.")
            await ann.command("spend 2", r"You spend 2 Insurance Points: that throw never happened\. Ann throws those cubes\s+again\.")
            await bob.expect("Ann spends 2 Insurance Points")
            await ann.command("stop", "Your throw was cancelled with Insurance Points: throw those cubes again.")
            await ann.command("roll", r"You score 5\. Turn total: 15\.")
            await ann.command("spend 2", "There is no throw on the table to cancel right now.")
