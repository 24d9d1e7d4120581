"""The web client's server side over real sockets: the page and its files, /health and /who, and /ws, which speaks
the JSON-lines protocol through the same sessions as telnet (login, tables, limits, throttles, reconnecting)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import aiohttp

from support.clients import player, telnet_client
from support.jsonclients import SEEN, JsonClient
from server.web import websocket
from server.web.httpserver import MAX_FRAME
from support.browsers import SilentBrowser, open_ws, web_client, web_url

WEB = {"enabled": True}
MAX_MOVES = 2000
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def bot_sat(message: dict[str, Any]) -> bool:
    return bool(message["events"] == [{"type": "Sat", "player": "Robby1.bot"}])


async def test_the_page_its_files_health_and_who_over_http(make_server) -> None:
    async with make_server(web=WEB) as server, player(server, "Ann"), aiohttp.ClientSession() as http:
        async with http.get(web_url(server, "/")) as page:
            assert page.status == 200 and page.content_type == "text/html"
            html = await page.text()
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
        scripts = re.findall(r'(?:src|href)="([\w-]+\.(?:js|css))"', html)
        assert {"client.js", "cubes.js", "cards.js", "countdown.js", "logview.js", "picker.js", "funhouse.js",
                "style.css"} <= set(scripts)
        for script in [*scripts, "funhouse.css"]:  # (funhouse.js loads its stylesheet when it first draws a board)
            async with http.get(web_url(server, f"/{script}")) as asset:
                assert asset.status == 200
                assert set(re.findall(r"\w+://[^\s\"'`)]*", await asset.text())) <= {SVG_NAMESPACE}  # nothing fetched
        async with http.get(web_url(server, "/../pyproject.toml")) as missing:
            assert missing.status == 404
        async with http.get(web_url(server, "/health")) as health:
            assert health.status == 200
            assert await health.json() == {"status": "ok", "players": 1, "connections": 1, "tables": 0, "held": 0,
                                           "store": {"problem": None, "failing_for": None, "failures": 0},
                                           "uptime": (await health.json())["uptime"]}
        async with web_client(server, "Bob"), http.get(web_url(server, "/who")) as who:
            listed = await who.json()
            assert [p["name"] for p in listed["players"]] == ["Ann", "Bob"] and listed["max"] == 2
            assert all(p["idle"] >= 0 and p["on_for"] >= 0 and p["doing"] == "" for p in listed["players"])


async def play_to_the_end(client: JsonClient) -> dict[str, Any]:
    """Answer every table message that offers moves (stop when allowed, else the first offered) until the end."""
    for _ in range(MAX_MOVES):
        message = await client.expect("table", where=lambda m: bool(m["you_may"]) or m["state"]["status"] == "over")
        if message["state"]["status"] == "over":
            return message
        offered = message["you_may"]
        client.send("stop" if "stop" in offered else offered[0])
    raise AssertionError(f"no end after {MAX_MOVES} moves")


async def test_a_browser_plays_a_house_bot_to_the_end_while_a_telnet_player_watches(make_server) -> None:
    async with make_server(web=WEB) as server, web_client(server, "Ann") as ann, telnet_client(server) as bob:
        SEEN.clear()
        await bob.command("create Bob secret1", "Obvious exits")
        await bob.command("@set cubes=compact", "Set: cubes=compact.")
        await ann.command("table open goal=100", "table", table=1)
        await bob.expect("Ann opens table 1 here")
        await ann.command("table bot add", "table", where=bot_sat)
        await bob.command("watch 1", "You are now watching table 1.")
        await ann.command("tables", "message", kind="table_list", fields={"table": "1", "room": "lobby",
                                                                          "status": "waiting"})
        ann.send("start")
        over = await play_to_the_end(ann)
        assert over["state"]["winner"] in ("Ann", "Robby1.bot")
        await ann.expect("message", kind="table_closed")
        await bob.expect(r"Ann throws: (\[s?\d+\] ?|\[sun\] ?)+")
        await bob.expect(rf"\*\*\* {over['state']['winner']} WINS the game at table 1")
        assert set(SEEN) == {"table", "message"}


async def test_bad_json_bad_bytes_and_huge_frames_are_answered_as_on_telnet(make_server) -> None:
    async with make_server(web=WEB) as server, web_client(server, "Mallory") as bot, player(server, "Ann") as ann:
        await bot.command('{"type": "roll"', "error", code="unknown_command")
        bot.send(b"say caf\xc3\x28 \x80")
        await bot.expect("error", code="invalid_utf8")
        assert (await bot.expect("message", kind="say"))["fields"]["text"] == "caf\ufffd( \ufffd"
        bot.send("say " + "x" * 100_000 + "\nsay after")
        refused = await bot.expect("error", code="line_too_long")
        assert refused["message"] == "That line was longer than 4000 bytes and was ignored."
        assert (await bot.expect("message", kind="say"))["fields"]["text"] == "after"
        await ann.expect('Mallory says, "after"')
        bot.send("say " + "y" * MAX_FRAME)
        assert await bot.connection.message() is None  # past the frame limit: closed (1009), nothing kept
        assert bot.connection.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        await ann.expect("Mallory has disconnected.")
        await ann.command("say fine here", 'You say, "fine here"')
        assert "xxxx" not in ann.text and "yyyy" not in ann.text


async def test_a_frame_of_many_lines_is_read_as_telnet_reads_a_stream(make_server) -> None:
    async with make_server(web=WEB, limits={"command_burst": 5000}) as server, web_client(server, "Ann") as ann:
        ann.send("\n".join(f"say {n}" for n in range(3000)))  # ~26 KB: read 4 KB at a time, lines cut between reads
        for n in range(3000):
            assert (await ann.expect("message", kind="say"))["fields"]["text"] == str(n)


async def test_a_browser_that_stops_reading_is_paused_then_hung_up_on(make_server, monkeypatch) -> None:
    monkeypatch.setattr(websocket, "PAUSE_INPUT_BYTES", 64 << 10)  # the same rules, at sizes a test reaches quickly
    monkeypatch.setattr(websocket, "RESUME_INPUT_BYTES", 16 << 10)
    monkeypatch.setattr(websocket, "MAX_QUEUED_BYTES", 512 << 10)
    async with make_server(web=WEB, limits={"command_burst": 100_000}) as server, player(server, "Ann") as ann:
        mallory = await SilentBrowser.open(server)
        try:
            mallory.send("create Mallory secret1")
            mallory.send("\n".join(["help"] * 20_000))  # 33 MB of answers, and this browser reads none of them
            await ann.expect("Mallory has connected.")
            out = next(s for s in server.connections if s.name == "Mallory").sink.out
            still = 0
            for _ in range(400):  # bounded wait until the sockets' buffers are full and the server holds back
                backlog = out.backlog
                await asyncio.sleep(0.05)
                still = still + 1 if out.paused and out.backlog == backlog else 0
                if still == 4:
                    break
            assert out.paused and out.backlog < (64 << 10) + 4096  # one command's answer past the pause, no more
            await ann.command("say still here", 'You say, "still here"')
            assert any(s.name == "Mallory" for s in server.connections)  # held back, not hung up on
            for _ in range(200):  # what others send a stalled browser is what hangs it up
                ann.send("say " + "z" * 3900)
            await ann.expect("Mallory has disconnected.")
        finally:
            await mallory.close()
        await ann.command("say fine", 'You say, "fine"')


async def test_more_bytes_than_the_input_budget_cut_the_browser_off_as_on_telnet(make_server) -> None:
    async with make_server(web=WEB, limits={"input_burst": 20_000, "input_rate": 1000}) as server:
        async with web_client(server, "Mallory") as mallory, player(server, "Ann") as ann:
            mallory.send("say " + "x" * 3000)
            await mallory.expect("message", kind="say")
            mallory.send("\n".join(["say hi"] * 5000))  # 35 KB at once: over the budget
            cut = await mallory.expect("error", code="rate_limited")
            assert cut["message"] == "You sent more than 1000 bytes a second; closing this connection."
            assert await mallory.connection.message() is None
            await ann.expect("Mallory has disconnected.")
            assert ann.text.count('Mallory says, "hi"') == 0  # nothing of the flood was run
        again = JsonClient(await open_ws(server))  # the address may not come back for a while
        try:
            refused = await again.expect("error", code="rate_limited")
            assert refused["message"] == "Your address flooded this server a moment ago; try again in a minute."
        finally:
            await again.connection.close()


async def test_a_flood_is_slowed_and_every_command_answered(make_server) -> None:
    async with make_server(web=WEB, limits={"command_burst": 5, "command_rate": 100}) as server:
        async with web_client(server, "Mallory") as bot, player(server, "Ann") as ann:
            for n in range(60):
                bot.send(f"xyzzy {n}")
            await bot.expect("error", code="rate_limited")
            answered = [m for m in bot.received if m["type"] == "error" and m["code"] == "unknown_command"]
            while len(answered) < 60:
                answered.append(await bot.expect("error", code="unknown_command"))
            await ann.command("say still here", 'You say, "still here"')


async def test_connections_per_address_count_telnet_and_web_together_behind_a_trusted_proxy(make_server) -> None:
    web = {**WEB, "trusted_proxies": ["127.0.0.1"]}
    async with make_server(web=web, limits={"max_connections_per_address": 1}) as server, player(server, "Ann"):
        refused = JsonClient(await open_ws(server))
        try:
            error = await refused.expect("error")
            assert error["message"].startswith("Too many connections from your address")
            assert await refused.connection.message() is None
        finally:
            await refused.connection.close()
        proxied = [JsonClient(await open_ws(server, headers={"X-Forwarded-For": f"198.51.100.{n}"})) for n in (1, 2)]
        try:
            for client in proxied:
                await client.expect("message", kind="banner")
        finally:
            for client in proxied:
                await client.connection.close()


async def test_the_board_comes_back_after_a_dropped_or_taken_over_connection(make_server) -> None:
    async with make_server(web=WEB) as server:
        async with web_client(server, "Ann") as first:
            await first.command("table open goal=500", "table", table=1)
            await first.command("table bot add", "table", where=bot_sat)
            first.send("start")
            waiting = await first.expect("table", where=lambda m: bool(m["you_may"]))
            async with web_client(server) as second:  # a new tab while the old one is still open
                await second.command("connect Ann secret1", "message", kind="welcome")
                board = await second.expect("table", table=1)
                assert board["state"] == waiting["state"] and board["you_may"] == waiting["you_may"]
                await first.expect("message", kind="farewell")
        async with web_client(server) as third:  # the second tab was closed: Ann was away, now back
            await third.command("connect Ann secret1", "message", kind="welcome")
            back = await third.expect("table", table=1, where=lambda m: m["events"][0] == {
                "type": "Absent", "player": "Ann", "absent": False})
            assert back["you_may"] == waiting["you_may"] and back["state"]["seats"] == waiting["state"]["seats"]
