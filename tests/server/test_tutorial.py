"""The tutorial played to its end, as a learner who does what the notes say: each rule is explained once, the first
time it matters, right after the event it explains, and the game ends."""

from __future__ import annotations

from support.clients import player
from server.wimpout.lesson import NOTES

MOVES = [
    ("roll", r"\[tutorial\] Cubes that score are set aside"),
    ("roll", r"\[tutorial\] A FLASH: three of a face"),
    ("roll", r"\[tutorial\] That throw showed the face of the flash being cleared"),
    ("roll", r"\[tutorial\] All five cubes have scored, so you must throw all five again"),
    ("roll", r"\[tutorial\] The Flaming Sun is wild"),
    ("keep sun 10", r"You may: roll, stop\."),
    ("stop", r"You are in the game!\n\[tutorial\] You banked your turn[\s\S]*--- Teacher\.bot's turn[\s\S]*"
             r"TRAIN WRECK!\n\[tutorial\] WIMPOUT[\s\S]*--- Your turn"),
    ("roll", r"You may: roll\."),
    ("roll", r"WIMPOUT! You lose 50 points\.[\s\S]*Teacher\.bot stops[\s\S]*--- Your turn"),
    ("roll", r"You may: roll\."),
    ("roll", r"You may: roll, stop\."),
    ("stop", r"\[tutorial\] LAST LICKS[\s\S]*\*\*\* Ann WINS the game[\s\S]*\[tutorial\] The lesson is over"),
]


async def test_the_tutorial_is_played_to_its_end(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("tutorial", r"\[tutorial\] TUTORIAL: you play Teacher\.bot to 100")
        for line, reply in MOVES:
            await ann.command(line, reply)
        await ann.expect("Table 1 is closed: the game is over")
        said = ann.text.count("[tutorial]")
        assert said == len(NOTES)  # every rule explained, each once
        lines = [line for line in ann.text.splitlines() if not line.startswith("  ")]  # (not wrapped lines' rest)
        for before, line in zip(lines, lines[1:]):  # a note comes right after what it explains, before 'You may:'
            assert not (line.startswith("[tutorial]") and before.startswith("You may:")), (before, line)


async def test_leaving_the_tutorial_ends_its_notes(make_server) -> None:
    async with make_server() as server, player(server, "Ann") as ann:
        await ann.command("tutorial", r"Table 1's rules: goal 100")
        assert "set them" not in ann.text  # she set nothing: the tutorial did
        await ann.command("leave yes", r"You (leave|stand)")
        await ann.command("say bye", 'You say, "bye"')
        assert "[tutorial] Teacher.bot's turn" not in ann.text
