"""The status prompt: one line after each burst of output, marked with IAC GA, or IAC EOR once the client agreed to
EOR; '@set prompt=off' stops it."""

from __future__ import annotations

from support.clients import player, raw_client, telnet_client
from support.tablesetup import loaded_server, seated

IAC, GA, EOR, DO, TELOPT_EOR = b"\xff", b"\xf9", b"\xef", b"\xfd", b"\x19"


async def test_the_prompt_ends_in_ga_and_says_where_the_table_stands(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 s4"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=300") as (ann, bob):
            await ann.expect(r"\[T1 Ann 0/300 \| turn 0 \| 5 cubes \| \d+:\d\d left\] > ")  # the turn timer
            await ann.command("roll", r"You may: roll\.\n\[T1 Ann 0/300 \| turn 100 \| 2 cubes \| clearing 10s \| \d+:\d\d left\] > ")
            await bob.expect(r"\[T1 Ann 0/300 \| turn 100 \| 2 cubes \| clearing 10s \| \d+:\d\d left\] > ")
            assert b"left] > " + IAC + GA in ann.raw
            await bob.command("say hi", 'You say, "hi"')
            await ann.expect('Bob says, "hi"')
            assert b"left] > " + IAC + GA + b'\r\nBob says, "hi"' in ann.raw  # output after a prompt: new line
            await ann.command("@set prompt=off", "Set: prompt=off.")
            ann.raw = b""
            await ann.command("score", "Table 1: playing")
            await ann.command("look", "Obvious exits")
            assert IAC + GA not in ann.raw and b"] > " not in ann.raw


async def test_the_prompt_ends_in_eor_once_the_client_agrees(make_server) -> None:
    async with make_server() as server, raw_client(server) as client:
        client.send_bytes(IAC + DO + TELOPT_EOR)
        await client.command("create Ann secret1", "Obvious exits")
        await client.command("look", r"Obvious exits: [^\n]*\n> ")
        await client.command("WHO", r"connected[^\n]*\n> ")
        assert b"\n> " + IAC + EOR in client.raw and IAC + GA not in client.raw.partition(b"Obvious")[2]


async def test_lines_sent_together_get_one_prompt_after_the_last_even_a_blank_one(make_server) -> None:
    """The prompt of a command follows its answer in the same piece; with more lines waiting it follows the last of
    them, even when that line is blank (and so runs nothing)."""
    async with make_server() as server, raw_client(server) as client:
        await client.command("create Ann secret1", r"Obvious exits[\s\S]*?\n> ")  # the room, then where to start
        client.raw = b""
        client.send_bytes(b"say one\r\nsay two\r\n\r\n")
        await client.expect(r'You say, "one"\nYou say, "two"\n> ')
        assert client.raw.count(b"> " + IAC + GA) == 1


async def test_the_prompt_follows_the_table_one_watches_sits_at_or_no_longer_has(make_server) -> None:
    """Whoever sits, watches, stops watching, or sees their table close gets a prompt that says so at once (the
    server keeps each player's followed table between such changes)."""
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Wat") as wat:
        await wat.command("look", r"Obvious exits[^\n]*\n> ")
        await ann.command("table open goal=100", r"\[T1 waiting: Ann[^\n]*\] > ")
        await wat.command("look", r"Obvious exits[^\n]*\n> ")
        await wat.command("watch 1", r"\[T1 waiting: Ann[^\n]*\] > ")
        await wat.command("unwatch 1", r"\n> ")
        await wat.command("watch 1", r"\[T1 waiting: Ann[^\n]*\] > ")
        await ann.command("leave yes", r"\n> ")
        await wat.command("look", r"Obvious exits[^\n]*\n> ")
        await wat.command("table open goal=100", r"\[T1 waiting: Wat[^\n]*\] > ")
        await ann.command("sit 1", r"\[T1 waiting: Wat, Ann[^\n]*\] > ")
        await wat.command("look", r"Obvious exits[^\n]*\n\[T1 waiting: Wat, Ann[^\n]*\] > ")
        async with player(server, "Wizard") as wizard, player(server, "Mara") as mara:
            await mara.command("watch 1", r"\[T1 waiting: Wat, Ann[^\n]*\] > ")
            await wizard.command("@table close 1", "closed")
            await mara.command("look", r"Obvious exits[^\n]*\n> ")


async def test_a_question_is_a_short_prompt_under_the_lines_that_explain_it(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with seated(server, ["Ann", "Bob"]) as (ann, bob):
            ann.raw = b""
            await ann.command("leave", r"Leave\? \(yes/no\) ")
            assert b"your score of 0 is lost.\r\nLeave? (yes/no) " + IAC + GA in ann.raw
            await ann.command("no", "You stay at table 1.")


async def test_the_prompt_leaves_room_to_type_on_a_narrow_screen(make_server, tmp_path) -> None:
    """The least needed parts go first (what the output above says already); 80 columns show them all."""
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 s4"]) as server:
        async with seated(server, ["Ann", "Bob"], "goal=300") as (ann, bob), telnet_client(server, cols=40) as narrow:
            await narrow.command("create Narrow secret1", "Obvious exits")
            await narrow.command("watch 1", r"\[T1 Ann 0/300 \| turn 0\] > ")
            await ann.command("roll", r"\[T1 Ann 0/300 \| turn 100 \| 2 cubes \| clearing 10s \| \d+:\d\d left\] > ")  # 80 columns: the countdown too
            await narrow.expect(r"\[T1 Ann 0/300 \| turn 100\] > ")
            await ann.command("leave yes", "You leave table 1")
            await narrow.expect(r"\[T1 Bob 0/300 \| turn 0\] > ")


async def test_the_names_of_many_waiting_are_counted_when_they_do_not_fit(make_server, tmp_path) -> None:
    names = ["Alexandria", "Bartholomew", "Constantine", "Dorothea", "Evangeline", "Ferdinand"]
    async with loaded_server(make_server, tmp_path, []) as server:
        async with seated(server, names, "goal=300", start=False) as players:
            await players[-1].expect(r"\[T1 waiting: 6 seated \| goal 300\] > ")
            async with telnet_client(server, cols=120) as wide:
                await wide.command("create Wide secret1", "Obvious exits")
                await wide.command("watch 1", r"\[T1 waiting: Alexandria, Bartholomew, Constantine, Dorothea, "
                                              r"Evangeline, Ferdinand \| goal 300\] > ")
