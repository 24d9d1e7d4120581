"""Issue 40 in Chromium, as a new player meets it on the web page: the table's log shows the dice's commitment at the
start, a rated table offers no hint button, and 'hint' is refused while its game is on, and after the game (here left, so
abandoned) the log shows the server seed and 'verify' finds every throw matching."""

from __future__ import annotations

import re
from pathlib import Path

from support.browsers import web_url
from support.webpage import browser


async def test_the_web_page_shows_the_commitment_refuses_hints_and_verifies(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}, tables={"bot_pace": 0}) as server:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "Robby1.bot" in page.text("scores"))
            await page.do(page.click, "Start")
            await page.do(page.wait, lambda d: re.search(r"dice: sha256 [0-9a-f]{64}", page.text("log")))
            await page.do(page.wait_moves, ["roll"])
            offered = await page.do(lambda: [b.text for b in page.by_id("actions").find_elements("tag name", "button")])
            assert "roll" in offered and "hint" not in offered, offered  # no button the server refuses
            await page.do(page.command, "hint")
            await page.do(page.wait, lambda d: "No hints at a rated table while its game is on" in page.text("log"))
            await page.do(page.command, "leave yes")
            await page.do(page.wait, lambda d: re.search(r"dice: server seed [0-9a-f]{64}", page.text("log")))
            await page.do(page.command, "verify 1")
            await page.do(page.wait, lambda d: "Game #1: every throw matches" in page.text("log"))
