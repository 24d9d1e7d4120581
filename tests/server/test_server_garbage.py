"""A bot sending garbage (invalid UTF-8, telnet noise, huge lines, a flood of unknown commands) gets error messages
or is slowed down, and the other people on the server go on playing and talking as if nothing happened."""

from __future__ import annotations

import asyncio

from support.clients import player
from support.jsonclients import json_client
from support.tablesetup import dice_script, seated

IAC_NOISE = (
    b"\xff\xfb\x01"  # WILL ECHO
    b"\xff\xfd\xc8"  # DO an option nobody knows
    b"\xff\xfa\x18\x00garbage\xff\xf0"  # a subnegotiation
    b"\xff\xf1\xff\xf9\xff\xf4"  # NOP, GA, IP
    b"\xff\xfe\x03\xff\xfc\x18"  # DONT, WONT
)
FLOOD = 1000


async def test_invalid_utf8_telnet_noise_and_huge_lines_are_answered_and_survived(make_server) -> None:
    async with make_server() as server, json_client(server, "Mallory") as bot, player(server, "Ann") as ann:
        writer = bot.connection.writer
        writer.write(b"say caf\xc3\x28 \x80\x81\r\n")
        await bot.expect("error", code="invalid_utf8")
        said = await bot.expect("message", kind="say")
        assert said["fields"]["text"] == "caf\ufffd( \ufffd\ufffd"
        writer.write(IAC_NOISE + b"say still here" + IAC_NOISE + b"\r\n")
        said = await bot.expect("message", kind="say")
        assert said["fields"]["text"] == "still here"
        writer.write(b"say " + b"x" * 100_000 + b"\r\nsay after\r\n")
        refused = await bot.expect("error", code="line_too_long")
        assert refused["message"] == "That line was longer than 4000 bytes and was ignored."
        assert (await bot.expect("message", kind="say"))["fields"]["text"] == "after"
        await ann.expect('Mallory says, "still here"')
        await ann.expect('Mallory says, "after"')
        await ann.command("say fine here", 'You say, "fine here"')
        assert "xxxx" not in ann.text


async def test_a_flood_of_unknown_commands_is_slowed_and_answered_while_others_play(make_server, tmp_path) -> None:
    throws = ["10 2", "10 10 10 3 s4", "5 s2"]
    flood_limit = {"command_burst": 50, "command_rate": 500}
    async with make_server(tables={"dice_script": dice_script(tmp_path, throws)}, limits=flood_limit) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob), json_client(server, "Mallory") as bot:
            for _ in range(FLOOD // 100):
                bot.connection.writer.write(b"xyzzy\r\n" * 100)
                await asyncio.sleep(0.1)  # about a thousand lines a second
            await ann.command("roll", r"You throw: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await bob.expect(r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[s4\]")
            await bob.command("say go on", 'You say, "go on"')
            await ann.expect('Bob says, "go on"')
            await ann.command("roll", "The flash of 10s is cleared!")
            await bob.expect("The flash of 10s is cleared!")
            await bot.expect("error", code="rate_limited")
            answered = [m for m in bot.received if m["type"] == "error" and m["code"] == "unknown_command"]
            while len(answered) < FLOOD:  # slowed, but every line is answered
                answered.append(await bot.expect("error", code="unknown_command"))
            await bot.command("say done", "message", kind="say")
