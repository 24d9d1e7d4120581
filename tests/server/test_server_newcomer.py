"""A brand-new player's first minutes, as a newcomer meets them over telnet at 80 columns: where to start after
'create', what to do at a table of one, what the help index shows first, and messages that fit the screen."""

from __future__ import annotations

import re

from support.clients import loose, paged, player, raw_client, telnet_client
from support.tablesetup import loaded_server, seated

from server.words import texts


async def test_a_new_character_is_told_where_to_start_and_a_returning_one_is_not(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Newt") as newt:
            await newt.expect(re.escape(texts.NEWCOMER.splitlines()[0]))
            for line in texts.NEWCOMER.splitlines():
                assert line in newt.text and len(line) <= 80
            for start in ("tutorial", "help how to play", "tables", "table open", "table bot add", "@channel list"):
                assert start in texts.NEWCOMER, start
        async with player(server, "Newt", create=False) as newt:
            await newt.command("look", "Obvious exits")
            assert texts.NEWCOMER.splitlines()[0] not in newt.text


async def test_a_player_alone_at_a_table_is_told_how_to_get_a_game_going(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob:
            await ann.command("table open", r"You sit down at table 1\.")
            await ann.expect(loose(texts.TABLE_OPENED_NEXT))
            await ann.command("start", loose("A game needs at least 2 players sitting at the table: wait for someone to "
                                             "'sit 1', or 'table bot add' seats a house bot."))
            await bob.command("sit", r"You sit down at table 1\.")
            assert texts.TABLE_OPENED_NEXT not in bob.text  # only the one who opened it is told
            await bob.command("start", "Roll-off for the first turn")


async def test_a_proposal_adopted_before_the_first_throw_says_it_takes_effect_at_once(make_server, tmp_path) -> None:
    throws = ["10 2", "10 2 3 4 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob"], "goal=200") as (ann, bob):
            await ann.command("propose bump", r"\(proposal 1\)")
            await bob.command("vote yes", "Proposal 1 is adopted by everyone: before the first throw, it takes effect now.")
            await bob.expect(r"The table's rules are now: goal 200, Last Licks official; Bump\.")
            assert "next turn" not in re.sub(r"\s+", " ", bob.text)
            await ann.command("roll", "You may: roll.")
            await ann.command("propose goal 100", r"\(proposal 2\)")
            await bob.command("vote yes", r"Proposal 2 is adopted by everyone: it takes effect at the start of the next\s+turn\.")


async def test_the_help_index_shows_a_newcomer_the_game_first_and_building_only_to_builders(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard:
            await paged(wizard, "help", "Building:")
        async with player(server, "Newt") as newt:
            first_page = await newt.command("help", r"(?s)Commands.*?-- \d+ more lines")
            for usage in ("table open", "sit [table]", "start", "roll", "stop"):
                assert usage in first_page, usage
            await paged(newt, "more", "The game")  # every game's turn verbs come first
            assert "Building:" not in newt.text and "@dig" not in newt.text
            assert newt.text.index("Table:") < newt.text.index("Account:")
            await newt.command("help @dig", re.escape("@dig <room name>"))  # still explained when asked for
        async with raw_client(server) as visitor:
            screen = await visitor.command("help", r"(?s)Commands.*The game")
            assert screen.index("Login:") < screen.index("General:")


async def test_who_with_a_name_lists_the_players_whose_names_start_with_it(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Ann") as ann, player(server, "Annika"), player(server, "Bob"):
            rows = await ann.command("WHO an", r"(?s)Player Name.*?connected\.")
            assert re.search(r"^Ann ", rows, re.M) and re.search(r"^Annika ", rows, re.M)
            assert not re.search(r"^Bob ", rows, re.M)
            assert "3 players are connected." in rows  # the footer counts everyone, as Fuzzball's does
            await ann.command("who zed", r"(?s)Player Name\s+On For Idle\s+Doing\.\.\.\n3 players are connected\.")


async def test_must_throw_all_five_and_the_closing_of_a_finished_table_fit_80_columns(make_server, tmp_path) -> None:
    throws = ["10 2", "5 5 5 10 s10", "10 2 3 4 s6", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server:
        async with seated(server, ["Ann", "Bob"], "goal=50") as (ann, bob):
            await ann.command("roll", "(?m)^All five cubes scored: you may not want to, but you must throw all five again!$")
            await bob.expect("(?m)^All five cubes scored: Ann may not want to, but must throw all five again!$")
            await ann.command("roll", "You may: roll, stop.")
            await ann.command("stop", "LAST LICKS!")
            await bob.command("roll", r"\*\*\* Ann WINS")
            for client in (ann, bob):
                await client.expect(r"\nTable 1 is closed: the game is over \(game #1: 'replay 1'\)\.\n"
                                    r"'table open' starts another game\.\n")
            assert "You did not pass" not in bob.text  # said once, by the line that puts Bob out
            assert "You are out of the game: you did not pass Ann's 80 in Last Licks." in bob.text


async def test_help_on_a_narrow_screen_is_reflowed_not_cut_into_fragments(make_server) -> None:
    """Help is written wrapped for 80 columns; at 40 each of its lines wrapped on its own left 'play' or '1;' alone
    on a line."""
    async with make_server() as server, telnet_client(server, cols=40) as narrow:
        await narrow.command("create Newt secret1", loose(" ".join(texts.NEWCOMER.split()[-3:])))
        assert "* tutorial: a practice game against\n  Teacher.bot, explained as it goes" in narrow.text  # not in columns
        for word, last in (("how to play", "Play a practice game"), ("table", "before each throw"),
                           ("guiding light", "who has voted")):
            start = len(narrow.text)
            await paged(narrow, f"help {word}", loose(last))
            lines = [line.removeprefix("> ") for line in narrow.text[start:].splitlines()]  # a page after the prompt
            lines = [line for line in lines if line.strip() not in ("", ">")]
            assert not [line for line in lines if len(line) > 40], lines
            assert not [line for line in lines if len(line.strip()) <= 5], (word, lines)


async def test_the_example_of_quoting_is_never_cut_inside_its_quotes(make_server) -> None:
    async with make_server() as server, raw_client(server) as client:
        for line, example in (("create Igor my secret", 'create Igor "my secret"'),
                              ('connect Igor "my secret', 'connect Igor "my secret"')):
            await client.command(line, "as in:")
            await client.expect(f"(?m)^  {re.escape(example)}$")
        async with player(server, "Igor") as igor:
            await igor.command("@password my old one=my new one", "as in:")
            await igor.expect(f"(?m)^  {re.escape(texts.PASSWORD_EXAMPLE)}$")


async def test_the_scoreboard_fits_a_40_column_screen(make_server, tmp_path) -> None:
    """Its columns (47 wide before the note) wrapped each row onto two lines at 40 columns."""
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server, telnet_client(server, cols=40) as narrow:
        await narrow.command("create Narrow secret1", "Obvious exits")
        await narrow.command("table open goal=100", "You sit down at table 1")
        await narrow.command("table bot add", "Robby1.bot sits down")
        await narrow.command("start", "You may: roll")
        board = await narrow.command("score", r"(?s)Table 1: playing.*?Narrow's turn: 0 points so far\.")
        rows = board.splitlines()
        assert "> Narrow         0  not yet  up" in rows and "  Robby1.bot     0  not yet" in rows, rows
        assert max(map(len, rows)) <= 40


async def test_a_player_may_talk_while_a_house_bot_takes_its_turn(make_server, tmp_path) -> None:
    """The bot's paced turn was run inside the command that handed it the turn: everything the player typed meanwhile
    waited for the bot's last throw, and the prompt came before the replies to what they had typed ahead."""
    throws = ["10 2", "2 3 4 6 s6", "2 3 4 6 s6"]
    async with loaded_server(make_server, tmp_path, throws, bot_pace=2.0) as server, player(server, "Ann") as ann:
        await ann.command("@set cubes=compact", "Set: cubes=compact")
        await ann.command("table open goal=100", "You sit down at table 1")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("start", "You may: roll")
        await ann.command("roll", "TRAIN WRECK!")
        await ann.command("say while you throw", 'You say, "while you throw"')
        await ann.expect(r"Robby1\.bot throws: \[2\] \[3\] \[4\] \[6\] \[s6\]")
        assert ann.text.index('You say, "while you throw"') < ann.text.index("Robby1.bot throws")
