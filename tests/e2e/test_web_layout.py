"""The web page's layout in Chromium, measured (issue 27, item 2): at 1280x800 the command line is in sight and the log
shows a useful number of lines; at 390x844 (a phone) the score sheet fits with no scrollbar and short rows, and the
five cubes of a throw lie in one row; after a resize the log still follows new lines; a long note (a player out in
Last Licks) keeps the score sheet inside its panel at a laptop's width and a phone's. Screenshots of both are saved
beside the test (``COSMIC_LAYOUT_SHOTS=dir`` puts them there instead). One process: what is measured is the
page's own CSS in the browser, the same whichever process sends the page its messages."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from support.browsers import web_url
from support.tablesetup import dice_script
from support.webpage import BROWSER_MARKS, Page, browser

pytestmark = BROWSER_MARKS
LOG_LINES = 12
"""Lines of the log a wide screen shows at least (it showed four, under a table panel reaching below the fold)."""
ROW_HEIGHT = 48
"""Pixels a score sheet row may take on a phone (a name and its note; they were 180, every column wrapped)."""
LONG_NOTE = "did not pass Robby1.bot's 105 in Last Licks"
"""A player's note as long as notes get (at 1,200 px it pushed the Rating column behind a scrollbar)."""
SHEET_FITS = """
    const sheet = document.getElementById('scores');
    return [sheet.parentElement.scrollWidth, sheet.parentElement.clientWidth];
"""


def following(page: Page) -> Any:
    return page.driver.execute_script("const log = document.getElementById('log');"
                                      "return log.scrollHeight - log.scrollTop - log.clientHeight < 2;")


async def test_the_page_fits_a_wide_screen_and_a_phone(make_server, tmp_path: Path) -> None:
    shots = Path(os.environ.get("COSMIC_LAYOUT_SHOTS", tmp_path))
    tables = {"dice_script": dice_script(tmp_path, ["10 2 3 4", "10 10 5 3 s2"]), "turn_timer": 600}
    async with make_server(web={"enabled": True}, tables=tables) as server:
        async with browser(tmp_path, 1280, 800) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            for bot in ("Robby1.bot", "Robby2.bot", "Robby3.bot"):
                await page.do(page.click, "Add a house bot")
                await page.do(page.wait, lambda d: bot in page.text("scores"))
            await page.do(page.click, "Start")
            await page.do(page.click, "roll")
            await page.do(page.wait, lambda d: page.text("turn-total") == "25")
            for n in range(30):  # more than the log shows
                await page.do(page.command, f"say line {n}")
            await page.do(page.wait, lambda d: "line 29" in page.text("log"))
            await page.do(page.driver.execute_script, "window.scrollTo(0, 0)")  # (typing scrolled to the field)
            await page.do(page.driver.save_screenshot, str(shots / "web-1280x800.png"))

            command, log = await page.do(page.box, "command"), await page.do(page.box, "log")
            assert command["bottom"] <= 800, command  # the command line above the fold
            line = await page.do(page.driver.execute_script,
                                 "return parseFloat(getComputedStyle(document.getElementById('log')).lineHeight)")
            assert log["height"] >= LOG_LINES * line and log["bottom"] <= 800, log
            assert await page.do(following, page)

            await page.do(page.viewport, 390, 844)
            await page.do(page.command, "say after the resize")
            await page.do(page.wait, lambda d: "after the resize" in page.text("log"))
            await page.do(page.wait, lambda d: following(page))  # it stopped following when the log shrank
            await page.do(page.driver.execute_script, "window.scrollTo(0, 0)")
            await page.do(page.driver.save_screenshot, str(shots / "web-390x844.png"))

            sizes = await page.do(page.driver.execute_script, """
                const sheet = document.getElementById('scores');
                return {page: [document.documentElement.scrollWidth, innerWidth],
                        sheet: [sheet.parentElement.scrollWidth, sheet.parentElement.clientWidth],
                        rows: [...sheet.querySelectorAll('tbody tr')].map(row => row.getBoundingClientRect().height),
                        cubes: [...document.querySelectorAll('#thrown svg')].map(c => c.getBoundingClientRect().top)};
            """)
            assert sizes["page"][0] <= sizes["page"][1], sizes  # nothing wider than the screen
            assert sizes["sheet"][0] <= sizes["sheet"][1], sizes  # no column behind a scrollbar
            assert len(sizes["rows"]) == 4 and max(sizes["rows"]) <= ROW_HEIGHT, sizes
            assert len(sizes["cubes"]) == 5 and len(set(sizes["cubes"])) == 1, sizes  # one row of five

            await page.do(page.driver.execute_script, """
                drawScores({up: 'Robby1.bot', winner: 'Robby1.bot', seats: [
                  {name: 'Robby1.bot', score: 105, in_game: true, insurance: 0, train_wrecks: 0, out: '', bot: true},
                  {name: 'Annabella', score: 90, in_game: true, insurance: 2, train_wrecks: 1, out: arguments[0],
                   absent: true}]});
            """, LONG_NOTE)
            for width, height in ((390, 844), (1200, 900), (1366, 768)):
                await page.do(page.viewport, width, height)
                scrolled, shown = await page.do(page.driver.execute_script, SHEET_FITS)
                assert scrolled <= shown, (width, scrolled, shown)  # no column behind a scrollbar
                assert LONG_NOTE in page.text("scores")
