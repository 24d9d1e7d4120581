"""The web page in Chromium across what happens around a game (issue 27): a table's number given to the next table
opened, a graceful restart of the server, the hints' figures and the turn timer's countdown."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from support.browsers import web_url
from support.clients import telnet_client
from support.servers import free_port
from support.tablesetup import dice_script
from support.webpage import BROWSER_MARKS, browser

pytestmark = BROWSER_MARKS


async def test_a_new_table_under_a_closed_tables_number_is_offered_to_sit_at(make_server, tmp_path: Path) -> None:
    """Table 1's game ended (Ann left it to the bot), Bob opens another table, numbered 1 again: the page listed it as 'Table 1 (waiting, here)
    (your seat)' with no Sit or Watch button, under the old game's board."""
    tables = {"dice_script": dice_script(tmp_path, ["10 2"]), "turn_timer": 600}
    async with make_server(web={"enabled": True}, tables=tables) as server, telnet_client(server) as bob:
        await bob.command("create Bob secret1", "Obvious exits")
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.command, "table open goal=100 bump")
            await page.do(page.wait, lambda d: page.text("table-title") == "Table 1")
            await page.do(page.wait, lambda d: "· Bump" in page.text("table-status"))  # the house rule in play
            await page.do(page.click, "Add a house bot")
            await page.do(page.click, "Start")
            await page.do(page.wait_moves, ["roll"])
            await page.do(page.click, "Leave the game")
            await page.do(page.command, "yes")
            await page.do(page.wait, lambda d: "Table 1 is closed" in page.text("log"))
            await page.do(page.wait, lambda d: "This table is closed" in page.text("table-tools"))
            await bob.command("table open", "You sit down at table 1.")
            await page.do(page.wait, lambda d: page.text("tables").startswith("Table 1 (waiting, here)"))
            await page.do(page.button, "Watch")
            assert await page.do(page.text, "table-title") == "No table"  # the old game's board is gone
            assert "Open a table or sit at one" in await page.do(page.text, "no-table")
            await page.do(page.click, "Sit")
            await bob.expect("Ann sits down at table 1.")
            await page.do(page.wait, lambda d: page.text("table-title") == "Table 1")
            await page.do(page.wait, lambda d: "(your seat)" in page.text("tables"))
            assert "game over" not in await page.do(page.text, "table-status")


async def test_the_page_comes_back_by_itself_after_a_graceful_restart(make_server, tmp_path: Path) -> None:
    """A server stopped as SIGTERM or '@shutdown' stops it says goodbye first: the page took that for a farewell
    and stayed on 'disconnected ... Come back later!'. It retries, logs in again and plays on."""
    web = {"enabled": True, "port": free_port()}
    tables = {"dice_script": dice_script(tmp_path, ["10 2"]), "turn_timer": 600}
    (tmp_path / "later").mkdir()
    later = {"dice_script": dice_script(tmp_path / "later", ["5 2 3 4 s6"]), "turn_timer": 600}
    async with browser(tmp_path) as page:
        async with make_server(web=web, tables=tables) as server:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.click, "Start")
            await page.do(page.wait_moves, ["roll"])
        await page.do(page.wait, lambda d: "The server is shutting down" in page.text("log"))
        await page.do(page.wait, lambda d: "the server is restarting: reconnecting" in page.text("link"))
        async with make_server(web=web, tables=later):
            await page.do(page.wait, lambda d: page.text("link") == "connected")
            await page.do(page.wait_moves, ["roll"])  # logged in again, the table restored
            await page.do(page.click, "roll")
            await page.do(page.wait, lambda d: "You throw: 5, 2, 3, 4" in page.text("log"))


async def test_hints_show_one_decimal_mark_the_best_and_say_when_they_are_estimates(
    make_server, tmp_path: Path
) -> None:
    """Three players: the chances are read against the strongest opponent, which the page says; '52.4%' and '51.6%'
    no longer both read '52%'; the best choice is marked. The turn timer counts down on the page meanwhile."""
    tables = {"dice_script": dice_script(tmp_path, ["10 2 3", "10 10 5 3 s2", "10 s2"]), "turn_timer": 300}
    async with make_server(web={"enabled": True}, tables=tables) as server:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "Robby1.bot" in page.text("scores"))
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "Robby2.bot" in page.text("scores"))
            await page.do(page.click, "Start")
            await page.do(page.wait_moves, ["roll"])
            await page.do(page.wait, lambda d: re.fullmatch(r"Turn timer: 4:[45]\d left", page.text("countdown")))
            first = await page.do(page.text, "countdown")
            await asyncio.sleep(2.2)
            assert await page.do(page.text, "countdown") != first  # it counts down by itself
            await page.do(page.click, "roll")
            await page.do(page.wait, lambda d: page.text("turn-total") == "25")
            await page.do(page.click, "roll")
            await page.do(page.wait_moves, ["roll", "stop"])  # 35: in the game, Ann may stop
            await page.do(page.click, "hint")
            await page.do(page.wait, lambda d: "%" in "".join(page.moves()))
            moves = await page.do(page.moves)
            assert all(re.fullmatch(r"(roll|stop) \d+\.\d%( ★ best)?", move) for move in moves), moves
            assert sum("★ best" in move for move in moves) == 1
            assert "against the strongest opponent" in await page.do(page.text, "hint-note")
