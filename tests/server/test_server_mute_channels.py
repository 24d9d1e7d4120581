"""Issue 30, finding 5: a mute covers every channel a player can put words or names into, not only talk: @doing
(WHO and /who), honour rules, house bots' names and 'table set'; what carries none of her words still works."""

from __future__ import annotations

from support.clients import player

MUTED = "You are muted until a wizard lifts it, by Wizard: spamming; you cannot talk."


async def test_a_muted_player_puts_no_words_or_names_before_others(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Mallory") as mal, player(server, "Vic") as vic:
            await mal.command("table open", "Table 1")
            await vic.command("sit", "You sit down at table 1")
            await wiz.command("@mute Mallory=spamming", "Mallory is muted")
            await mal.command("@doing Vic is an idiot", MUTED)
            await mal.command('propose "Vic, you are an idiot"', MUTED)
            await mal.command("table bot add Vicsucks", MUTED)
            await mal.command("table set goal=400", MUTED)
            await mal.command("WHO", "Mallory")
            assert "idiot" not in mal.text
            await mal.command("@doing", "Doing cleared.")
            await mal.command("table bot add", r"Robby1\.bot sits down")
            await mal.command("propose goal 400", "goal")
            await wiz.command("@unmute Mallory", "Mallory")
            await mal.command("@doing rolling", "Doing set.")
            await mal.command("table bot add Mo", r"Mo\.bot sits down")
