"""The games list on the web page in a real headless Chromium (issue 38): Ann, on the page, sits at two
correspondence tables Bob opened over telnet; her list shows both, those waiting on her move first; 'Play' makes one
her current table (the board shows it, and news of the other is listed and logged, not drawn over it); a challenge
from Bob is listed with its Accept button, and accepting it opens the table. Opened anew and logged in again, the page's
log follows its last line (it stopped following at login, the panels above it drawn meanwhile)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from support.browsers import web_url
from support.clients import player
from support.webpage import BROWSER_MARKS, browser

pytestmark = BROWSER_MARKS


async def test_the_games_list_orders_plays_and_accepts(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}) as server, browser(tmp_path) as page:
        await page.do(page.create_account, web_url(server, "/"))
        async with player(server, "Bob") as bob:
            for number in (1, 2):
                await bob.command("table open pace=correspondence", f"Table {number} is a correspondence table")
                await page.do(page.command, f"sit {number}")
                await bob.expect(f"Ann sits down at table {number}")
                await bob.command(f"play {number}", "your current table")
                await bob.command("start", "begins for")
            await page.do(lambda: page.by_id("refresh-games").click())  # (asked for by itself too, at each seat)
            listed = await page.do(page.wait, lambda d: page.text("games").count("Table ") == 2 and page.text("games"))
            waiting = [live.table.number for live in server.tables.posts.awaiting("Ann")]
            yours = [int(n) for n in re.findall(r"Table (\d+): Cosmic Wimpout, Bob, Ann; your move", listed)]
            assert yours == sorted(waiting) and listed.startswith(f"Table {yours[0]}") if yours else True, listed
            deadline = r"; (your move|Bob to move) \([\d.]+ days left(; last move \d+ seconds? ago)?\)"
            assert re.search(deadline, listed), listed
            await page.do(page.wait, lambda d: " · 3 days a move · goal 500" in page.text("table-status"))
            await page.do(page.command, "play 2")
            await page.do(page.wait, lambda d: "Table 2: Cosmic Wimpout, Bob, Ann;" in page.text("games")
                          and "(on the board)" in page.text("games"))
            await page.do(page.wait, lambda d: page.text("table-title") == "Table 2")
            assert (await page.do(page.text, "log")).count("Table 2 is your current table") == 1  # (was logged twice)
            await bob.command("challenge Ann goal=100", "challenge 1")  # (the list asked for again by itself)
            await page.do(page.wait, lambda d: "Challenge 1 from Bob: goal=100" in page.text("games"))
            await page.do(page.click, "Accept")
            await bob.expect("Ann accepts challenge 1: table 3 is open")
            await page.do(page.driver.save_screenshot, str(tmp_path / "games.png"))
            # Ann comes back another day: the page opened anew, her games listed above the log as she logs in
            await page.do(page.driver.get, web_url(server, "/"))
            await page.do(page.wait, lambda d: page.text("link") == "connected")
            await page.do(lambda: page.by_id("name").send_keys("Ann"))
            await page.do(lambda: page.by_id("password").send_keys("ann secret"))
            await page.do(lambda: page.by_id("connect").click())
            await page.do(page.wait, lambda d: "Table 2:" in page.text("games"))
            await page.do(page.command, "say back again")
            await page.do(page.wait, lambda d: page.text("log").endswith('You say, "back again"'))
            await asyncio.sleep(0.5)  # (the page's own scroll events come a frame later)
            left = await page.do(page.driver.execute_script, "const a = document.getElementById('log');"
                                 " return a.scrollHeight - a.scrollTop - a.clientHeight")
            assert left < 40, f"the log stopped following: {left} pixels below"
