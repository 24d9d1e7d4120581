"""Issue 30, finding 5: moderation reaches every channel. A mute covers every channel a player can put words or names
into, not only talk: @doing (WHO and /who), honour rules, house bots' names and 'table set'. After @boot or @ban, a
short hold: the player is not back at once, nor under a new name from their address."""

from __future__ import annotations

import asyncio

from support.clients import player, raw_client

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


async def test_a_booted_or_banned_player_is_held_out_and_makes_no_new_name_meanwhile(make_server) -> None:
    async with make_server(limits={"boot_hold": 2}) as server:
        async with player(server, "Wizard") as wiz:
            async with player(server, "Mallory") as mal:
                await wiz.command("@boot Mallory", "You booted Mallory.")
                await mal.expect("You have been booted off the server by Wizard.")
            async with raw_client(server) as again:
                await again.command("connect Mallory secret1", r"A wizard has just removed you; try again in \d seconds\.")
                await again.command("create Mallory2 secret1", r"Too many new characters from your address; try again")
                await asyncio.sleep(2.1)
                await again.command("connect Mallory secret1", "Obvious exits")
                await wiz.command("@ban Mallory", "Mallory is banned.")
                assert "That character is banned from this server." in await again.closed()
            async with raw_client(server) as other:
                await other.command("create Mallory3 secret1", r"Too many new characters from your address; try again")
