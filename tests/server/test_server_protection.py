"""Hostile or careless input: floods, giant lines, bad bytes, idling, too many connections."""

from __future__ import annotations

import asyncio

from telnetlib3.telopt import DO, EOR, GA, IAC, NOP, SB, SE, TTYPE, WILL

from support.clients import all_gone, player, raw_client


async def test_flood_limit_is_hit_then_recovers_and_nothing_is_lost(make_server) -> None:
    async with make_server(limits={"command_burst": 3, "command_rate": 20}) as server:
        async with player(server, "Igor") as igor:
            await asyncio.sleep(0.3)  # let the burst refill after logging in
            igor.send("\r\n".join(f"say flood {i}" for i in range(8)))
            await igor.expect("You are sending commands too fast: the rest will run at 20 per second.")
            for i in range(3, 8):
                await igor.expect(f'You say, "flood {i}"')
            await asyncio.sleep(0.3)
            await igor.command("say calm again", 'You say, "calm again"')
            assert igor.text.count("too fast") == 1


async def test_a_giant_line_is_refused_and_the_connection_stays_usable(make_server) -> None:
    async with make_server(limits={"max_line_length": 100}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            igor.send("say " + "x" * 1_000_000)
            await igor.expect("That line was longer than 100 bytes and was ignored.")
            await igor.command("say still here", 'You say, "still here"')
            await mara.expect('Igor says, "still here"')
            assert "xxxx" not in mara.text


async def test_invalid_utf8_control_characters_and_iac_noise(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            igor.send_bytes(b"say caf\xe9 \xff\xff ok\r\n")  # \xff\xff is an escaped IAC: a data byte
            await igor.expect("That line was not valid UTF-8; the bad bytes were replaced.")
            await mara.expect('Igor says, "caf. .* ok"')
            igor.send_bytes(b"say \x1b[2Jred\x07" + IAC + NOP + b" text\r\n")
            await mara.expect('Igor says, "\\[2Jred text"')
            igor.send_bytes(IAC + SB + TTYPE + b"\x00junk" + IAC + SE + IAC + WILL + b"\x99say after noise\r\n")
            await mara.expect('Igor says, "after noise"')
            assert "\x1b" not in mara.text


async def test_idle_connections_are_closed_but_idle_keeps_them_alive(make_server) -> None:
    async with make_server(limits={"idle_timeout": 0.4}) as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            for _ in range(8):  # 1.2 s of keep-alives, three times the timeout
                igor.send("idle")
                await asyncio.sleep(0.15)
            assert "Autodisconnecting for inactivity." in await mara.closed()
            await igor.command("WHO", r"Igor +\d\d:\d\d +\d+s")
            assert "Autodisconnecting" not in igor.text
            assert "Autodisconnecting for inactivity." in await igor.closed()


async def test_connections_per_address_are_capped_with_a_message(make_server) -> None:
    async with make_server(limits={"max_connections_per_address": 2}) as server:
        async with raw_client(server), raw_client(server):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            data = await asyncio.wait_for(reader.read(), 10)
            writer.close()
            assert b"Too many connections from your address (at most 2); closing this one." in data
        await all_gone(server)
        async with raw_client(server) as again:
            await again.command("WHO", "players are connected")


async def test_prompts_end_in_ga_or_in_eor_when_the_client_agreed(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor"):
            pass
        async with raw_client(server) as plain:
            plain.raw = b""
            await plain.command("connect Igor", "Password: ")
            assert b"Password: " + IAC + GA in plain.raw
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(IAC + DO + EOR + b"connect Igor\r\n")
        raw = b""
        while b"Password: " + IAC not in raw:
            raw += await asyncio.wait_for(reader.read(4096), 10)
        raw += await asyncio.wait_for(reader.read(4096), 10) if raw.endswith(b"Password: " + IAC) else b""
        writer.close()
        assert b"Password: " + IAC + b"\xef" in raw  # IAC EOR (239)


async def test_one_broken_client_does_not_disturb_others(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor:
            async with raw_client(server) as broken:
                broken.send_bytes(b"create Mara secret1\r\n" + bytes(range(256)) * 50)
                await broken.writer.drain()
                broken.writer.transport.abort()
            await igor.expect("Mara has connected.")
            await igor.expect("Mara has disconnected.")
            await igor.command("say fine", 'You say, "fine"')
