"""Wizards keeping the peace: @mute, @gag, @whois, and every moderation action logged and kept in the database."""

from __future__ import annotations

import re

from structlog.testing import capture_logs

from support.clients import player


async def test_a_muted_player_cannot_talk_anywhere_until_unmuted(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard, player(server, "Igor") as igor:
            await igor.command("@mute Wizard", "Permission denied.")
            await wizard.command("@mute Igor 30=spamming", r"Igor is muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC, by Wizard: spamming\.")
            await igor.expect(r"You have been muted by Wizard until .* UTC; you cannot talk\.")
            await wizard.command("page igor=calm down", "You page Igor")
            await igor.expect('Wizard pages from The Cosmic Lobby: "calm down"')
            for line in ("say hi", ":waves", "page wizard=help", "whisper wizard=help", "+pub hi", "r hi"):
                await igor.command(line, r"You are muted until .* UTC, by Wizard: spamming; you cannot talk\.")
            await igor.command("look", "Obvious exits")  # everything else still works
            await wizard.command("@mute Igor=for good", r"Igor is muted until a wizard lifts it, by Wizard: for good\.")
            await wizard.command("@mute Wizard", "You cannot mute or gag yourself.")
            await wizard.command("@mute Nobody", "There is no player called Nobody.")
            await wizard.command("@mute Igor soon", r"Usage: @mute <player> \[minutes\]")
            await wizard.command("@mute Igor 999999999", "At most 527040 minutes \\(a year\\)")
            await wizard.command("@mute Igor ²", r"Usage: @mute <player> \[minutes\]")
            await wizard.command("@unmute Igor", "Igor may talk again.")
            await igor.expect("You may talk again.")
            await wizard.command("@unmute Igor", "Igor is not muted.")
            await igor.command("say free", 'You say, "free"')


async def test_a_mute_outlives_a_reconnection(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard:
            async with player(server, "Igor"):
                await wizard.command("@mute igor", "Igor is muted until a wizard lifts it, by Wizard.")
            async with player(server, "Igor", create=False) as igor:
                await igor.command("say hi", "You are muted until a wizard lifts it, by Wizard; you cannot talk.")


async def test_a_player_muted_while_away_is_told_at_login(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard:
            async with player(server, "Igor"):
                pass
            await wizard.command("@mute igor 60=spamming", "Igor is muted until")
            async with player(server, "Igor", create=False) as igor:
                assert re.search(r"You are muted until .*, by Wizard: spamming; you cannot talk\.", igor.text)


async def test_a_gag_stops_one_channel_only(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard, player(server, "Igor") as igor:
            await igor.command("@channel join games", "You join games")
            await wizard.command("@gag Igor pub 10=flooding", r"Igor is gagged on pub until .* UTC, by Wizard: flooding\.")
            await igor.expect("You have been gagged on pub by Wizard until")
            await igor.command("+pub hi", r"You are gagged on pub until .* UTC, by Wizard: flooding\.")
            await igor.command("+games hi", r'\[games\] Igor says, "hi"')
            await igor.command("say hi", 'You say, "hi"')
            await wizard.command("@gag Igor nochannel", "There is no channel called nochannel")
            await wizard.command("@gag Igor", r"Usage: @gag <player> <channel>")
            await wizard.command("@ungag Igor games", "Igor is not gagged on games.")
            await wizard.command("@ungag Igor pub", "Igor may talk on pub again.")
            await igor.expect("You may talk on pub again.")
            await igor.command("+pub back", r'\[pub\] Igor says, "back"')


async def test_whois_shows_why_and_every_action_is_logged_and_kept(make_server) -> None:
    with capture_logs() as logs:
        async with make_server() as server:
            async with player(server, "Wizard") as wizard:
                async with player(server, "Igor") as igor:
                    await igor.command("@whois Wizard", "Permission denied.")
                    await wizard.command("@mute Igor 5=shouting", "Igor is muted")
                    await wizard.command("@gag Igor pub=rude", "Igor is gagged on pub")
                    await wizard.command("@whois igor", r"Igor, created \d{4}-\d\d-\d\d \d\d:\d\d UTC\.")
                    await wizard.expect(r"Connected from 127\.0\.0\.1, in The Cosmic Lobby\.")
                    await wizard.expect(r"Muted until .* UTC, by Wizard: shouting\.")
                    await wizard.expect(r"Gagged on pub until a wizard lifts it, by Wizard: rude\.")
                    await wizard.expect(r"Channels: pub\.")
                    await wizard.expect(r"Moderation:\n  .* UTC Wizard gag: pub until a wizard lifts it, by Wizard: rude\n  .* Wizard mute")
                    await wizard.command("@boot Igor", "You booted Igor.")
                await wizard.command("@whois Igor", r"Last seen .* UTC from 127\.0\.0\.1\.")
                await wizard.expect(r"Moderation:\n  .* Wizard boot\n")
                await wizard.command("@whois Wizard", r"Flags: wizard\.")
                await wizard.expect("No moderation actions.")
                await wizard.command("@whois Nobody", "There is no player called Nobody.")
            kept = await server.store.moderation("igor", 10)
    assert [e.action for e in kept] == ["boot", "gag", "mute"]
    logged = [(e["event"], e["by"], e["name"]) for e in logs if e["event"].startswith("admin.")]
    assert logged == [("admin.mute", "Wizard", "Igor"), ("admin.gag", "Wizard", "Igor"), ("admin.boot", "Wizard", "Igor")]
