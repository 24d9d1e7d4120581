"""Issue 30, finding 5: address bans. A wizard bans an address or a network (``@ban 127.0.0.2``): those on from
there are disconnected, new connections from there are refused at admission with a clear line (telnet and the web's
WebSocket alike), the ban is kept in the store (on SQLite and PostgreSQL alike, through a
restart), listed by '@ban' and lifted by '@unban'; a wizard cannot ban their own address."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp

from support.clients import player, raw_client, refused_line
from support.servers import running, settings_for

REFUSED = "Connections from your address are banned from this server."


async def test_a_wizard_bans_an_address_and_it_stays_banned_through_a_restart(store_url: str, tmp_path: Path) -> None:
    url = store_url or f"sqlite:{tmp_path / 'db'}"
    async with running(settings_for(tmp_path / "first", store={"url": url})) as server:
        async with player(server, "Wizard") as wiz:
            async with raw_client(server, "127.0.0.2") as mal, raw_client(server, "127.0.0.2") as waiting:
                await mal.command("create Mallory secret1", "Obvious exits")
                await wiz.command("@ban", r"No character is banned\.\nNo address is banned\.")
                await wiz.command("@ban 127.0.0.2=spam bots", r"127\.0\.0\.2/32 is banned: .* \(1 disconnected\)")
                assert REFUSED in await mal.closed()
                waiting.send("create Mallory2 secret1")  # at the login screen when the ban came
                assert REFUSED in await waiting.closed()
            assert REFUSED in await refused_line(server.port, "127.0.0.2")
            await wiz.command("@ban 127.0.0.0/8", r"That would ban your own address \(127\.0\.0\.1\)\.")
            async with raw_client(server, "127.0.0.3") as other:
                await other.command("create Ann secret1", "Obvious exits")
    async with running(settings_for(tmp_path / "second", store={"url": url})) as server:
        assert REFUSED in await refused_line(server.port, "127.0.0.2")
        async with player(server, "Wizard", create=False) as wiz:
            await wiz.command("@ban", r"Banned address 127\.0\.0\.2/32, by Wizard on .*: spam bots\.")
            await wiz.command("@unban 127.0.0.9", r"127\.0\.0\.9/32 is not banned")
            await wiz.command("@unban 127.0.0.2", r"127\.0\.0\.2/32 may connect again\.")
            async with raw_client(server, "127.0.0.2") as back:
                await back.command("connect Mallory secret1", "Obvious exits")


async def test_banning_a_character_names_the_address_it_came_from(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, raw_client(server, "127.0.0.4") as mal:
            await mal.command("create Mallory secret1", "Obvious exits")
            await wiz.command("@ban Mallory=spam", r"Mallory is banned\.\nThey were on from 127\.0\.0\.4: '@ban 127\.0\.0\.4'")
            await wiz.command("@ban", r"Banned characters: Mallory\.")
            await wiz.command("@whois Mallory", r"ban: spam")


async def test_a_banned_address_is_told_so_on_the_web_too(make_server) -> None:
    async with make_server(web={"enabled": True}) as server, player(server, "Wizard") as wiz:
        await wiz.command("@ban 127.0.0.6", r"127\.0\.0\.6/32 is banned")
        assert server.web is not None
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.6", 0))
        async with aiohttp.ClientSession(connector=connector) as http:
            async with http.ws_connect(f"http://127.0.0.1:{server.web.port}/ws") as ws:
                frames = [json.loads(frame.data) async for frame in ws if frame.type is aiohttp.WSMsgType.TEXT]
        assert REFUSED in json.dumps(frames) and len(frames) == 1, frames
