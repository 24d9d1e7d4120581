"""Wizards: who they are, @wall, @boot, @ban, @shutdown, and a restart with accounts intact."""

from __future__ import annotations

from support.clients import player, raw_client
from support.servers import running, settings_for


async def test_a_configured_wizard_and_others(make_server) -> None:
    async with make_server() as server:  # wizards = ["Wizard"]
        async with player(server, "Wizard") as wizard:
            assert "You are a wizard here" in wizard.text
            async with player(server, "Igor") as igor:
                await igor.command("@wall hello", "Permission denied.")
                await igor.command("@shutdown", "Permission denied.")
                await wizard.command("@wall tables open at nine", 'Wizard shouts, "tables open at nine"')
                await igor.expect('Wizard shouts, "tables open at nine"')
                assert "You are a wizard" not in igor.text


async def test_a_wizard_named_in_the_config(make_server) -> None:
    async with make_server(wizards=["mara"]) as server:
        async with player(server, "First"), player(server, "Mara") as mara:
            await mara.command("@wall I am a wizard too", 'Mara shouts, "I am a wizard too"')


async def test_boot_and_ban(make_server) -> None:
    async with make_server(limits={"boot_hold": 0}) as server:  # the hold after each: test_server_moderation_reach
        async with player(server, "Wizard") as wizard:
            async with player(server, "Igor") as igor:
                await wizard.command("@boot igor", "You booted Igor.")
                assert "You have been booted off the server by Wizard." in await igor.closed()
            await wizard.command("@boot igor", "igor is not connected.")
            async with player(server, "Igor", create=False) as igor:
                await wizard.command("@ban Igor", "Igor is banned.")
                assert "That character is banned from this server." in await igor.closed()
            async with raw_client(server) as client:
                await client.command("connect Igor wrongpass", "different password")
                await client.command("connect Igor secret1", "That character is banned from this server.")
                await wizard.command("@unban igor", "Igor may connect again.")
                await client.command("connect Igor secret1", "Welcome back, Igor.")
            await wizard.command("@ban Nobody", "There is no player called Nobody.")
            await wizard.command("@ban Wizard", "You cannot ban yourself.")


async def test_shutdown_is_graceful_and_a_restart_keeps_accounts(tmp_path) -> None:
    settings = settings_for(tmp_path / "data")
    async with running(settings) as server:
        async with player(server, "Wizard") as wizard, player(server, "Igor") as igor:
            await igor.command("@doing back soon", "Doing set.")
            await igor.command("@password secret1=newsecret", "Password changed.")
            wizard.send("@shutdown")
            assert "The server is shutting down. Come back later!" in await igor.closed()
            assert "The server is shutting down." in await wizard.closed()
            await server.wait_stopped()
    async with running(settings) as server:
        async with raw_client(server) as client:
            await client.command("connect Igor secret1", "different password")
            await client.command("connect Igor newsecret", "Welcome back, Igor.")
            await client.command("WHO", "back soon")
            await client.command("@password wrong=whatever", "Sorry, that is not your current password.")
