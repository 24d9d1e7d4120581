"""'review' over loopback tells each player's accuracy and the dice's share: against the optimal house bot, whose
every decision is the optimal policy's."""

from __future__ import annotations

from support.clients import play_until, player


async def test_review_of_a_game_against_the_optimal_bot_tells_accuracy_and_luck(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("table open goal=300", "You sit down at table 1.")
        await ann.command("table bot add Opti optimal", "Opti.bot sits down")
        ann.send("start")
        await play_until(ann, r"\*\*\* \S+ WINS the game at table 1")
        await ann.expect("Table 1 is closed: the game is over")
        await ann.command("review 1", r"Luck and skill[^\n]*\n  Ann: accuracy \d+\.\d% over \d+ decision")
        await ann.expect(r"  Opti\.bot: accuracy 100\.0% over \d+ decision\(s\),\s+0\.0 points of winning chance")
        await ann.expect(r"the dice\s+moved it [+-]\d+\.\d points\.")
