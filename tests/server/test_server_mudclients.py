"""What MUD clients negotiate, over real sockets: refusals, late answers, charset, MSSP, MCCP2, TLS and colour."""

from __future__ import annotations

import asyncio
import ssl
import textwrap
from pathlib import Path

from telnetlib3.mud import mssp_decode
from telnetlib3.telopt import (
    ATCP, BINARY, CHARSET, CMD_EOR, DO, DONT, EOR, GMCP, IAC, MCCP2_COMPRESS, MSDP, MSP, MSSP, MXP, NAWS, TTYPE, WILL,
    WONT,
)

from support.clients import player
from server.render import colour
from server.telnet.terminal import MIN_HEIGHT, MIN_WIDTH
from support.tablesetup import loaded_server, seated
from support.clients import play_until
from support.servers import self_signed
from support.wire import wire_client

TINYFUGUE = ("TINYFUGUE", "ANSI-ATTR", "ANSI", "UNKNOWN")
"""TinyFugue 5's TTYPE answers, in order."""
TF_AGREES = frozenset({TTYPE, NAWS, EOR, BINARY, MCCP2_COMPRESS})
ANSI = "\x1b["


async def test_mud_protocols_the_server_does_not_speak_are_refused(make_server) -> None:
    unspoken = (MXP, MSP, MSDP, ATCP)
    async with make_server() as server, wire_client(server) as client:
        for option in unspoken:
            client.send_bytes(IAC + DO + option + IAC + WILL + option)
        await client.command("WHO", r"players? (is|are) connected")
        for option in unspoken:
            assert client.offered(WONT, option) and client.offered(DONT, option)
            assert not client.offered(WILL, option) and not client.offered(DO, option)
        assert all(client.offered(WILL, option) for option in (EOR, GMCP, MSSP, MCCP2_COMPRESS))
        assert client.offered(DO, NAWS) and client.offered(DO, TTYPE)


async def test_naws_and_eor_answered_after_a_second_are_applied(make_server) -> None:
    async with make_server() as server, wire_client(server, frozenset({NAWS, EOR}), silent=True) as client:
        await asyncio.sleep(1.0)  # a slow link: the banner came, then the answers, long after the server's wait
        client.answer_now()
        client.naws(40, 24)
        await client.command("create Igor", "Password: ")
        await client.command("secret1", "Password again: ")
        await client.command("secret1", "Obvious exits")
        room = client.text.rpartition("Welcome, Igor!")[2].split("\n")
        assert max(map(len, room)) <= 40 and max(map(len, room)) > 30
        assert ("Password: ", CMD_EOR) in client.prompt_ends
        assert not any(line.endswith("Password: ") for line, end in client.prompt_ends if end != CMD_EOR)


async def test_a_naws_width_below_the_minimum_is_raised_to_it_not_taken_as_80(make_server) -> None:
    async with make_server() as server, wire_client(server, frozenset({NAWS})) as client:
        client.naws(15, 24)
        await client.command("create Igor secret1", "Obvious exits")
        room = client.text.rpartition("Welcome, Igor!")[2].split("\n")
        assert max(map(len, room)) == MIN_WIDTH


async def test_a_naws_height_below_the_minimum_is_raised_to_it_not_taken_as_24(make_server) -> None:
    async with make_server() as server, wire_client(server, frozenset({NAWS})) as client:
        client.naws(80, 3)
        await client.command("create Igor secret1", "Obvious exits")
        await client.command("help", r"-- \d+ more lines: type 'more' --")
        page = client.text[client.text.index("Commands (type"):].split("\n-- ")[0].split("\n")
        assert len(page) == MIN_HEIGHT - 2  # a line for the note that there is more, a line for the prompt


async def test_utf8_only_to_clients_that_show_it(make_server) -> None:
    async with make_server() as server, player(server, "Mara") as speaker:
        async with (
            wire_client(server, TF_AGREES, TINYFUGUE) as tinyfugue,
            wire_client(server, frozenset({TTYPE}), ("XTERM", "XTERM-256COLOR", "MTTS 13")) as mtts,
            wire_client(server, frozenset({CHARSET})) as charset,
            wire_client(server, frozenset({TTYPE}), ("Mudlet",)) as mudlet,
        ):
            for name, client in (("Tf", tinyfugue), ("Mt", mtts), ("Cs", charset), ("Mu", mudlet)):
                await client.command(f"create {name} secret1", "Obvious exits")
            await speaker.command("say café ☀", "You say")
            await tinyfugue.expect('Mara says, "cafe \\[black sun with rays\\]"')
            for client in (mtts, charset, mudlet):
                await client.expect('Mara says, "café ☀"')
        assert tinyfugue.text.isascii()
        assert tinyfugue.offered(WILL, EOR) and not tinyfugue.offered(WILL, BINARY)


async def test_binary_is_offered_once_and_not_again_after_a_refusal(make_server) -> None:
    """Every TTYPE and CHARSET answer reads the terminal again; BINARY is still asked for once (RFC 1143: no asking
    again for an option already asked for), whether the client took it or refused it."""
    mtts = ("MUDLET", "XTERM", "MTTS 13")  # UTF-8: BINARY offered
    async with make_server() as server:
        async with (
            wire_client(server, frozenset({TTYPE, CHARSET}), mtts) as refusing,
            wire_client(server, frozenset({TTYPE, CHARSET, BINARY}), mtts) as agreeing,
        ):
            for client in (refusing, agreeing):
                await client.command("WHO", r"players? (is|are) connected")
                await client.command("WHO", r"players? (is|are) connected")  # any late request has come
    for client in (refusing, agreeing):
        assert client.commands.count((WILL, BINARY)) == client.commands.count((DO, BINARY)) == 1


async def test_mtts_bits_decide_over_what_the_client_name_suggests(make_server) -> None:
    """A client that sends MTTS bits says exactly what it shows: Mudlet set to ISO-8859-1 leaves out the UTF-8 bit
    (4), one with colour turned off the ANSI bit (1); its name counts only when it sends no bits."""
    latin1 = ("MUDLET", "ANSI-256COLOR", "MTTS 9")  # ANSI and 256 colours, no UTF-8
    uncoloured = ("MUDLET", "XTERM", "MTTS 4")  # UTF-8, no ANSI
    async with make_server() as server, player(server, "Mara") as speaker:
        async with (
            wire_client(server, frozenset({TTYPE}), latin1) as mudlet, wire_client(server, frozenset({TTYPE}), uncoloured) as grey,
        ):
            await mudlet.command("create Mu secret1", "Obvious exits")
            await grey.command("create Gr secret1", "Obvious exits")
            await speaker.command("say café ☀", "You say")
            await mudlet.expect('Mara says, "cafe \\[black sun with rays\\]"')
            await grey.expect('Mara says, "café ☀"')
            for name in ("Mu", "Gr"):
                await speaker.command(f"page {name}=hello", "You page")
            await mudlet.expect('Mara pages from .*: "hello"')
            await grey.expect('Mara pages from .*: "hello"')
        assert mudlet.text.isascii() and f"{ANSI}36mMara pages from" in mudlet.text
        assert ANSI not in grey.text


async def test_terminal_type_is_asked_three_times_at_most_and_no_more_once_it_repeats(make_server) -> None:
    """MTTS (tintin.mudhalla.net/protocols/mtts): the first answer is the client's name, the second its terminal type,
    the third its MTTS bits; RFC 1091: a repeated answer ends the list. TinyFugue has a fourth name, 'UNKNOWN'."""
    clients = {"tinyfugue": TINYFUGUE, "mtts": ("MUDLET", "ANSI-TRUECOLOR", "MTTS 2349"), "plain": ("XTERM",)}
    async with make_server() as server, wire_client(server, frozenset({TTYPE}), clients["tinyfugue"]) as tinyfugue:
        async with wire_client(server, frozenset({TTYPE}), clients["mtts"]) as mtts:
            async with wire_client(server, frozenset({TTYPE}), clients["plain"]) as plain:
                for client in (tinyfugue, mtts, plain):
                    await client.command("WHO", r"players? (is|are) connected")
                    await client.command("WHO", r"players? (is|are) connected")  # any late request has come
    asked = [sum(option == TTYPE for option, _ in client.subnegotiations) for client in (tinyfugue, mtts, plain)]
    assert asked == [3, 3, 2]


async def test_mssp_tells_crawlers_the_real_figures(make_server) -> None:
    async with make_server(mssp={"contact": "wizard@example.org"}) as server, player(server, "Igor"):
        async with wire_client(server, frozenset({MSSP}), banner=False) as crawler:
            variables = mssp_decode(await crawler.subnegotiation(MSSP))
        assert variables["UPTIME"] == str(int(server.started)) and variables["PORT"] == str(server.port)
    assert variables["NAME"] == "Cosmic Wimpout" and variables["PLAYERS"] == "1"
    assert variables["CODEBASE"].startswith("cosmic-wimpout") and variables["CONTACT"] == "wizard@example.org"
    assert variables["GMCP"] == variables["MCCP"] == variables["ANSI"] == variables["UTF-8"] == "1"
    assert variables["MXP"] == variables["MSDP"] == variables["SSL"] == "0"
    assert "WEBSITE" not in variables  # empty settings are not sent


async def test_mssp_is_sent_again_for_each_new_do(make_server) -> None:
    """MSSP: the server answers IAC DO MSSP with the table, each time the option is turned on again (a crawler
    refreshing on a long-lived connection, after DONT), with the figures of that moment."""
    async with make_server() as server, wire_client(server, frozenset({MSSP})) as crawler:
        first = mssp_decode(await crawler.subnegotiation(MSSP))
        async with player(server, "Igor"):
            crawler.send_bytes(IAC + DONT + MSSP + IAC + DO + MSSP)
            second = mssp_decode(await crawler.subnegotiation(MSSP, seen=1))
        crawler.send_bytes(IAC + DO + MSSP)  # already on: nothing new to answer
        await crawler.command("WHO", r"players? (is|are) connected")
    assert (first["PLAYERS"], second["PLAYERS"]) == ("0", "1")
    assert sum(option == MSSP for option, _ in crawler.subnegotiations) == 2


async def test_mccp2_stream_inflates_with_zlib(make_server) -> None:
    async with make_server() as server, wire_client(server, frozenset({MCCP2_COMPRESS})) as client:
        await client.command("create Igor secret1", "Obvious exits")
        await client.command("say squeezed", 'You say, "squeezed"')
        assert client.inflated and (MCCP2_COMPRESS, b"") in client.subnegotiations


async def test_mccp2_stream_is_finished_at_quit_and_inflates_to_the_plain_text(make_server) -> None:
    """MCCP2 (tintin.mudhalla.net/protocols/mccp): the stream starts right after IAC SB COMPRESS2 IAC SE and ends
    with Z_FINISH before the server hangs up, so the client knows it lost nothing; the text is the plain client's."""
    async with make_server() as server:
        async with wire_client(server, frozenset({MCCP2_COMPRESS})) as packed, wire_client(server) as plain:
            for client, name in ((packed, "Igor"), (plain, "Ygor")):
                await client.command(f"create {name} secret1", "Obvious exits")
                await client.command("say squeezed", "You say")
                client.send("QUIT")
                farewell = await client.closed()
        assert packed.inflated and packed.finished and "Come back later!" in farewell
        assert packed.text.partition("Welcome, Igor")[2] == plain.text.partition("Welcome, Ygor")[2]


async def test_a_client_reporting_a_screen_reader_gets_screen_reader_wording(make_server, tmp_path: Path) -> None:
    """MTTS bit 64 (tintin.mudhalla.net/protocols/mtts) says the player uses a screen reader: they get the words of
    '@set screenreader=on' (no cube art, no colour) until they choose otherwise; other clients keep the art."""
    reader = ("MUSHCLIENT", "XTERM", "MTTS 77")  # ANSI, UTF-8, 256 colours, screen reader
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 s4", "3 s2"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            async with wire_client(server, frozenset({TTYPE}), reader) as cy, wire_client(server, frozenset({TTYPE}), ("XTERM",)) as dee:
                await cy.command("create Cy secret1", "Obvious exits")
                await dee.command("create Dee secret1", "Obvious exits")
                await cy.command("@set", "screenreader=auto")
                for watcher in (cy, dee):
                    await watcher.command("watch", "You are now watching table 1.")
                await ann.command("roll", r"You throw: ")
                await cy.expect("Ann throws: 10, 10, 10, 3, and the sun cube showing 4.")
                await dee.expect("sun cube\n")
                await cy.command("@set screenreader=off", "Set: screenreader=off.")
                await ann.command("roll", r"You throw: ")
                await cy.expect("sun cube\n")
        assert ".-------." not in cy.text.partition("screenreader=off")[0] and ".-------." in dee.text
        assert ANSI not in cy.text.partition("screenreader=off")[0] and ANSI in dee.text
        assert ANSI in cy.text.partition("screenreader=off")[2]  # their choice, and MTTS says ANSI: colour


async def test_mccp2_stops_when_the_client_says_dont(make_server) -> None:
    """MCCP2: a client whose inflating fails stops inflating and sends IAC DONT COMPRESS2; the server stops
    compressing and the connection goes on as plain telnet."""
    async with make_server() as server, wire_client(server, frozenset({MCCP2_COMPRESS})) as client:
        await client.command("create Igor secret1", "Obvious exits")
        await client.command("say squeezed", 'You say, "squeezed"')
        client.stop_inflating()
        await client.command("say plain again", 'You say, "plain again"')
        await client.command("WHO", r"1 player is connected")
        assert client.inflated


async def test_tls_port_logs_in_and_plays_without_compression(make_server, tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    trusted = ssl.create_default_context(cafile=str(cert))
    async with make_server(tls={"port": 0, "certfile": str(cert), "keyfile": str(key)}) as server:
        async with wire_client(server, frozenset({MCCP2_COMPRESS}), tls=trusted) as client:
            client.send_bytes(IAC + DO + MCCP2_COMPRESS)
            await client.command("create Igor secret1", "Obvious exits")
            await client.command("@set cubes=compact", "Set: cubes=compact.")
            await client.command("table open goal=100", "You sit down at table 1.")
            await client.command("table bot add", "Robby1.bot sits down at table 1.")
            client.send("start")
            await play_until(client, r"\*\*\* \S+ WINS the game at table 1")
        assert not client.offered(WILL, MCCP2_COMPRESS) and client.offered(WONT, MCCP2_COMPRESS)
        assert not client.inflated
        async with wire_client(server) as plain:  # the plain port still works beside it
            await plain.command("WHO", "players? (is|are) connected")


async def test_colour_for_ansi_clients_only_and_as_chosen(make_server, tmp_path: Path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2 3"]) as server:
        async with (
            wire_client(server, frozenset({TTYPE}), ("XTERM",)) as ansi,
            wire_client(server) as plain,
            player(server, "Bot") as bot,
        ):
            await ansi.command("create Ann secret1", "Obvious exits")
            await plain.command("create Pat secret1", "Obvious exits")
            await bot.command("@json on", '"json":"on"')
            for client in (ansi, plain):
                await client.command("@set cubes=compact", "Set")
            await bot.command("page Ann=hello", "You page Ann")
            await ansi.expect('Bot pages from .*: "hello"')
            assert f'{ANSI}36mBot pages from' in ansi.text
            await ansi.command("table open goal=100", "You sit down at table 1.")
            await plain.command("sit", "You sit down")
            await bot.command("sit", "You sit down")
            await ansi.command("start", "Roll-off")
            await ansi.expect("You may: roll")
            assert f"{ANSI}1;33m--- Your turn" in ansi.text and f"{ANSI}1;33mYou may: roll" in ansi.text
            await plain.expect("Roll-off")
            await ansi.command("@set color off", "Set: color=off.")
            await bot.command("page Ann=again", "You page Ann")
            await ansi.expect('Bot pages from .*: "again"')
            assert ANSI in ansi.text.partition("color=off")[0] and ANSI not in ansi.text.partition("color=off")[2]
            await plain.command("@set color on", "Set: color=on.")
            await bot.command("page Pat=now", "You page Pat")
            await plain.expect("now")
        assert ANSI in plain.text.partition("color=on")[2] and ANSI not in plain.text.partition("color=on")[0]
        assert ANSI not in bot.text  # JSON lines never carry colour


async def test_coloured_lines_wrap_where_the_same_plain_lines_would(make_server) -> None:
    words = "the quick brown fox jumps over a lazy dog and keeps running far away " * 3
    async with make_server() as server, wire_client(server, frozenset({TTYPE}), ("XTERM",)) as ansi:
        await ansi.command("create Ann secret1", "Obvious exits")
        await ansi.command("@set prompt=off", "Set: prompt=off.")
        async with player(server, "Bot") as bot:
            await bot.command(f"page Ann={words}", "You page Ann")
            shown = await ansi.expect(r"\x1b\[36mBot pages from[\s\S]*?\x1b\[0m")
        assert shown.startswith(f"{ANSI}36m")  # coloured: the codes take no room on the screen
        said = f'Bot pages from The Cosmic Lobby: "{words.strip()}"'
        assert colour.plain(shown).splitlines() == textwrap.wrap(said, 80, subsequent_indent="  ")


async def test_the_cubes_that_scored_are_coloured(make_server, tmp_path: Path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 5 2 s4"]) as server:
        async with wire_client(server, frozenset({TTYPE}), ("XTERM",)) as ansi, player(server, "Bob") as bob:
            await ansi.command("create Ann secret1", "Obvious exits")
            await ansi.command("table open goal=100", "You sit down at table 1.")
            await bob.command("sit", "You sit down")
            await ansi.command("start", "You may: roll")
            await ansi.command("roll", "Turn total: 25")
            green, ten, five = f"{ANSI}32m", "| . .-. |", "| .---- |"
            art = ansi.text.rpartition("You throw:")[2].partition("sun cube")[0]
            assert art.count(f"{green}{ten}\x1b[0m") == 2 and art.count(f"{green}{five}\x1b[0m") == 1
            assert f"{green}| @     |" not in art and f"{green}| \\   / |" not in art  # the 2 and the sun's 4: no score
            await bob.expect("Ann scores 25")
        assert "| . .-. |" in bob.text and ANSI not in bob.text  # a raw client without TTYPE: no colour
