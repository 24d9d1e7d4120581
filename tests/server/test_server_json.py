"""JSON lines for bots: switching on and off, table news with the state and each player's legal commands, and
errors with stable codes; every message received is validated against the protocol's models."""

from __future__ import annotations

from support.clients import player, raw_client
from support.jsonclients import SEEN, json_client
from support.tablesetup import loaded_server


async def test_json_from_the_login_screen_then_off_and_on_again(make_server) -> None:
    async with make_server() as server, player(server, "Wiz") as wiz, raw_client(server) as raw:
        async with json_client(server) as bot:
            await bot.command("look", "error", code="not_connected")
            await bot.command("json", "message", kind="json")  # saying it twice is harmless
            await bot.command("connect Ann", "prompt", text="Password: ", secret=True)
            await bot.command("secret1", "error", code="login_failed")
            await bot.command("create Ann secret1", "message", kind="welcome", fields={"name": "Ann"})
            room = await bot.expect("message", kind="room")
            assert "Obvious exits" in room["text"] and room["fields"]["room"] == "lobby"
            await bot.command("dance", "error", code="unknown_command", message='Huh?  (Type "help" for help.)')
            await bot.command("json", "error", code="already_connected")
            await bot.command("@json maybe", "error", code="usage", message="Usage: @json on|off")
            await bot.command("@shutdown", "error", code="permission_denied")
            await bot.command("sit", "error", code="refused")
            await wiz.command("say hi", 'You say, "hi"')
            said = await bot.expect("message", kind="say")
            assert said["fields"]["who"] == "Wiz" and said["text"] == 'Wiz says, "hi"'
            bot.send("@json off")
            bot.send("@json on")
            await bot.expect("message", kind="json", fields={"json": "on"})
        raw.send("json")
        raw.send("connect Ann")
        await raw.expect(r'\{"type":"prompt","text":"Password: ","secret":true\}')
        raw.send("wrong")
        await raw.expect(r'\{"type":"error","code":"login_failed",')
        raw.send("create ann secret2")
        await raw.expect(r'\{"type":"error","code":"name_taken","message":"That name is already taken."\}')
        raw.send("@json off")
        await raw.expect("\nJSON mode off.\n")
        await raw.command("create", "Usage: create <playername> <password>\n")
    assert {"message", "error", "prompt"} <= set(SEEN)


async def test_table_news_carries_the_state_and_your_legal_commands(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2", "10 10 10 3 s4"]) as server:
        async with json_client(server, "Ann") as ann, player(server, "Bob") as bob:
            opened = await ann.command("table open goal=100", "table")
            assert opened["state"]["status"] == "waiting" and [s["name"] for s in opened["state"]["seats"]] == ["Ann"]
            await bob.command("sit", "You sit down at table 1.")
            sat = await ann.expect("table", where=lambda m: m["events"][0]["type"] == "Sat")
            assert sat["events"] == [{"type": "Sat", "player": "Bob"}] and "Bob sits down" in sat["text"]
            started = await ann.command("start", "table")
            state = started["state"]
            assert state["up"] == "Ann" and state["waiting_on"] == ["Ann"] and started["you_may"] == ["roll"]
            thrown = await ann.command("roll", "table")
            assert thrown["state"]["last_throw"] == "10 10 10 3 s4" and thrown["state"]["turn_points"] == 100
            assert thrown["state"]["clearing"] == [10] and thrown["you_may"] == ["roll"]
            assert [e["type"] for e in thrown["events"]][:2] == ["Thrown", "Scored"]
            refused = await ann.command("stop", "error", code="refused")
            assert refused["message"] == "You must clear your flash of 10s before you can stop."
            await bob.expect("A flash of 10s: it must be cleared")
            assert "{" not in bob.text  # people still read text
            long = await ann.command("say " + "x" * 200, "message", kind="say")
            assert "\n" not in long["text"]  # never wrapped to a screen
    assert "table" in SEEN


async def test_help_comes_as_paragraphs_to_clients_that_wrap_text_themselves(make_server) -> None:
    async with make_server() as server, json_client(server, "Ann") as bot, player(server, "Bob") as bob:
        topic = await bot.command("help last licks", "message", kind="help")
        assert "everyone else gets one last turn to pass their score (strictly more)." in topic["text"]
        assert topic["text"].split("\n")[1].startswith("- official: anyone who fails is out;")  # an item a line
        command = await bot.command("help sit", "message", kind="help")
        assert command["text"].split("\n") == ["sit [table]", "", (
            "Take a seat at a table in this room (the only one here, or the one numbered) before its game starts. "
            "Your seat is kept if you walk out or lose your connection.")]
        await bob.command("help last licks", "everyone else gets one last turn\n")  # telnet: the 80-column text
