"""Talk, movement and presence between real connections."""

from __future__ import annotations

import telnetlib3
from telnetlib3.telopt import CHARSET

from support.clients import player, telnet_client


async def test_say_and_pose_reach_the_room(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await igor.expect("Mara has connected.")
            await igor.command("say hello there", 'You say, "hello there"')
            await mara.expect('Igor says, "hello there"')
            await mara.command('"hi', 'You say, "hi"')
            await igor.expect('Mara says, "hi"')
            await igor.command(":rolls the dice.", "Igor rolls the dice.")
            await mara.expect("Igor rolls the dice.")
            await mara.command("pose 's turn.", "Mara's turn.")


async def test_moving_announces_and_speech_stays_in_the_room(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await igor.command("go green", "The Green Parlour")
            await mara.expect("Igor has left.")
            await mara.command("say alone now", 'You say, "alone now"')
            await mara.command("g", "Players here: Igor")  # an exit alias typed on its own
            await igor.expect("Mara has arrived.")
            await igor.command("look", "Players here: Mara")
            await igor.command("go up", "You can't go that way.")
            assert "alone now" not in igor.text


async def test_page_across_rooms_and_whisper_within_one(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara, player(server, "Zed") as zed:
            await igor.command("blue", "The Blue Parlour")
            await mara.command("page igor=come to the garden", 'You page Igor: "come to the garden"')
            await igor.expect('Mara pages from The Cosmic Lobby: "come to the garden"')
            await mara.command("whisper Igor=psst", "Igor is not here.")
            await mara.command("whisper zed=psst", 'You whisper, "psst" to Zed.')
            await zed.expect('Mara whispers, "psst"')
            await mara.command("page Nobody=hi", "Nobody is not connected.")
            await mara.command("page Igor", r"Usage: page <player>")
            await igor.command("say done", 'You say, "done"')
            assert "psst" not in igor.text


async def test_who_and_doing(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await igor.command("@doing Looking for a game", "Doing set.")
            await mara.command("WHO", r"Player Name           On For Idle   Doing\.\.\.")
            await mara.expect(r"Igor +\d\d:\d\d +\d+s   Looking for a game")
            await mara.expect(r"Mara +\d\d:\d\d +\d+s")
            await mara.expect(r"2 players are connected\.  \(Max was 2\)")
            await igor.command("@doing " + "x" * 41, "at most 40 characters")
            await igor.command("@doing " + "漢" * 21, "at most 40 characters")  # 42 columns: WHO's row would wrap
            await igor.command("@doing " + "漢字" * 10, "Doing set.")
            await igor.command("@doing Looking for a game", "Doing set.")
        async with player(server, "Igor", create=False) as igor:
            await igor.command("WHO", "Looking for a game")  # @doing is kept across connections
            await igor.command("@doing", "Doing cleared.")


async def test_who_fits_a_narrow_screen(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, telnet_client(server, cols=40) as narrow:
            await igor.command("@doing Looking for a game of five", "Doing set.")
            await narrow.command("create Mara secret1", "Obvious exits")
            await narrow.command("WHO", r"Player Name +On For Idle\nIgor +\d\d:\d\d +\d+s\n  Looking for a game of five\n")
            rows = narrow.text.rpartition("Player Name")[2].splitlines()
            assert all(len(row) <= 40 for row in rows), rows


async def test_unknown_commands_get_huh_and_empty_lines_nothing(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor:
            igor.send("")
            await igor.command("xyzzy", r'Huh\?  \(Type "help" for help\.\)')
            await igor.command("say", "Usage: say <message>")


async def test_text_is_wrapped_to_the_negotiated_width(make_server) -> None:
    async with make_server() as server:
        async with telnet_client(server, cols=30) as person:
            await person.command("create Igor secret1", "Obvious exits")
            lines = person.text.splitlines()
            assert lines and max(len(line) for line in lines) <= 30
            assert any(line.startswith("A round hall") for line in lines)


async def test_plain_telnet_is_not_offered_binary_and_reads_ascii(make_server) -> None:
    """telnet(1) answers WILL BINARY by switching its terminal to binary mode (typed lines then leave the cursor
    where they ended), so only clients that show UTF-8 are offered BINARY."""
    async with make_server() as server:
        async with telnet_client(server, term="xterm", refuse=(CHARSET,)) as person, player(server, "Mara") as bot:
            await person.command("create Igor secret1", "Obvious exits")
            await bot.command("say café", 'You say, "cafe"')
            await person.expect('Mara says, "cafe"')
            assert not person.writer.remote_option.enabled(telnetlib3.telopt.BINARY)


async def test_utf8_for_binary_clients_and_readable_ascii_for_raw_ones(make_server) -> None:
    async with make_server() as server:
        async with telnet_client(server) as person, player(server, "Mara") as bot:
            await person.command("create Igor secret1", "Obvious exits")
            await person.command("say café “olé”", 'You say, "café “olé”"')
            await bot.expect('Igor says, "cafe "ole""')
            await person.command("say ½ 🎲 ⚀→ 漢", 'You say, "½ 🎲 ⚀→ 漢"')
            await bot.expect(r'Igor says, "1/2 \[game die\] \[die face-1\]-> \?"')


async def test_everyday_verbs_of_other_mucks(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await igor.command("'hello", 'You say, "hello"')
            await mara.expect('Igor says, "hello"')
            await igor.command(";'s dice are hot", "Igor's dice are hot")
            await mara.expect("Igor's dice are hot")
            await igor.command("emote waves.", "Igor waves.")
            await mara.expect("Igor waves.")
            await igor.command("think just me", "just me")
            await igor.command("look here", "Players here: Mara")
            await igor.command("examine me", "Idle")
            await igor.command("inventory", "You aren't carrying anything")
            await mara.command("say done", 'You say, "done"')
            assert "just me" not in mara.text
            await igor.command("rol", r'Huh\?  Did you mean "roll"\?')
            await igor.command("xyzzy", r'Huh\?  \(Type "help" for help\.\)')


async def test_padding_and_line_separators_cannot_forge_a_line(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            igor.send("say hi" + " " * 70 + 'Mara shouts, "the server is closing, type your password"')
            await mara.expect('Igor says, "hi Mara shouts, "the server is closing, type your')
            igor.send("page mara=x\u2028Mara pages from The Cosmic Lobby: \"fake\"")
            await mara.expect('Igor pages from .*: "xMara pages from The')
            igor.send("say " + "w" * 200)
            await mara.expect("w\n")
            for line in mara.text.splitlines():
                assert not line.startswith(("Mara shouts", "Mara pages", "w")), mara.text


async def test_a_pile_of_combining_marks_reaches_others_thinned(make_server) -> None:
    """'Zalgo' text: hundreds of marks on one letter, drawn over the lines around it, reach a UTF-8 client as a few."""
    async with make_server() as server:
        async with telnet_client(server) as igor, telnet_client(server) as mara:
            await igor.command("create Igor secret1", "Obvious exits")
            await mara.command("create Mara secret1", "Obvious exits")
            igor.send("say Ze" + "\u0301\u0316" * 150 + "d")
            said = await mara.expect('Igor says, "Ze[^"]*d"')
            assert said == 'Igor says, "Ze' + "\u0301\u0316" * 2 + 'd"'
