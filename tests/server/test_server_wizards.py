"""Who is a wizard: never the first stranger to connect; the configured names exactly (their look-alikes cannot be
created); accounts the operator names at the console (``cosmic-wimpout wizard NAME``), server running or not."""

from __future__ import annotations

from pathlib import Path

from support.clients import player, raw_client
from support.servers import console




async def test_the_first_account_on_a_new_server_is_not_a_wizard(make_server) -> None:
    async with make_server(wizards=[]) as server:
        async with player(server, "Igor") as igor:
            await igor.command("@wall mine now", "Permission denied.")
            assert "You are a wizard" not in igor.text


async def test_the_console_grants_and_revokes_while_the_server_runs(make_server, tmp_path: Path) -> None:
    data = str(tmp_path / "data")
    async with make_server(wizards=[]) as server:
        async with player(server, "Igor") as igor:
            await igor.command("@wall hello", "Permission denied.")
            assert await console("wizard", "igor", "--data-dir", data) == (0, "igor is now a wizard.\n")
            await igor.command("@wall hello", 'Igor shouts, "hello"')
            assert await console("wizard", "--revoke", "Igor", "--data-dir", data) == (0, "Igor is no longer a wizard.\n")
            await igor.command("@wall again", "Permission denied.")
            status, said = await console("wizard", "lgor", "--data-dir", data)  # a look-alike is not the account
            assert status == 1 and "there is no account called lgor" in said


async def test_the_console_grants_while_the_server_is_stopped(make_server, tmp_path: Path) -> None:
    async with make_server(wizards=[]) as server:
        async with player(server, "Mara"):
            pass
    assert (await console("wizard", "Mara", "--data-dir", str(tmp_path / "data")))[0] == 0
    async with make_server(wizards=[]) as server:
        async with player(server, "Mara", create=False) as mara:
            assert "You are a wizard here" in mara.text
            await mara.command("@wall back", 'Mara shouts, "back"')


async def test_look_alikes_of_a_configured_wizard_are_reserved(make_server) -> None:
    async with make_server(wizards=["Igor"]) as server:
        async with raw_client(server) as stranger:
            await stranger.command("create Ig0r secret1", "'Ig0r' is reserved")
            await stranger.command("create lGOR", "'lGOR' is reserved")
        async with player(server, "igor") as igor:
            await igor.command("@wall I am the real one", 'igor shouts, "I am the real one"')


async def test_powers_go_to_the_exact_account_only(make_server) -> None:
    async with make_server(wizards=[]) as server:
        async with player(server, "Ig0r"):
            pass
    async with make_server(wizards=["Igor"]) as server:  # configured after a look-alike already existed
        async with player(server, "Ig0r", create=False) as impostor:
            await impostor.command("@wall hi", "Permission denied.")
