"""Ratings on the web page in a real headless Chromium: a rated game against a house bot, played from the page,
shows each player's rating on the score sheet (from the start's chances) and its change at the end; the leaderboard
panel draws 'top' and 'top bots' from their fields, without echoing them in the log, and its "mine" button the
player's own ratings with the skill index and luck of their judged games (issue 40). The page opened anew during the
game shows the ratings again (they came with the start's chances alone: a correspondence player saw dashes)."""

from __future__ import annotations

import re
from pathlib import Path

from support.browsers import web_url
from support.webpage import BROWSER_MARKS, Page, browser

pytestmark = BROWSER_MARKS

MOVES = 300


def play_to_the_end(page: Page) -> None:
    """Click the moves offered (stop when it may) until the game is over."""

    def over() -> bool:
        status = page.text("table-status").lower()
        return "game over" in status or "win" in status

    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException

    for _ in range(MOVES):
        try:
            page.wait(lambda d: page.moves() or over())
            if over():
                return
            moves = page.moves()
            if moves:
                page.click("stop" if "stop" in moves else moves[0])
        except (StaleElementReferenceException, TimeoutException):  # the page redrew under a look or a click
            continue
    raise AssertionError("the game did not end")


async def test_the_score_sheet_shows_ratings_and_the_leaderboard_panel_lists_them(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}, tables={"turn_timer": 600}) as server:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.click, "Start")
            await page.do(page.wait, lambda d: "1000?" in page.text("scores"))  # both newcomers, provisional
            await page.do(page.driver.get, web_url(server, "/"))  # back another time: the sheet has them still
            await page.do(page.wait, lambda d: page.text("link") == "connected")
            await page.do(lambda: page.by_id("name").send_keys("Ann"))
            await page.do(lambda: page.by_id("password").send_keys("ann secret"))
            await page.do(lambda: page.by_id("connect").click())
            await page.do(page.wait, lambda d: page.text("scores").count("1000?") == 2)
            await page.do(play_to_the_end, page)
            sheet = await page.do(page.wait, lambda d: re.search(r"Ann .*\d+\? \([+-]?\d+\)", page.text("scores"))
                                  and page.text("scores"))
            assert re.search(r"Robby1\.bot .*\d+\? \([+-]?\d+\)", sheet), sheet
            await page.do(page.click, "people")
            await page.do(page.wait, lambda d: re.fullmatch(r"Ann \d+\?, 1 game", page.text("leaderboard")))
            assert page.text("leaderboard-title") == "People"
            await page.do(page.click, "bots")
            await page.do(page.wait, lambda d: page.text("leaderboard-title") == "Bots (the ladder)")
            assert re.fullmatch(r"Robby1\.bot \d+\?, 1 game", page.text("leaderboard"))
            log = await page.do(page.driver.execute_script, "return document.getElementById('log').textContent")
            assert "Ratings in Cosmic Wimpout" not in log  # the panel's answers are drawn, not logged
            await page.do(page.driver.save_screenshot, str(tmp_path / "ratings.png"))


async def test_the_panel_shows_my_rating_with_skill_and_luck_after_a_rated_game(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}, tables={"turn_timer": 600}, ratings={"min_moves": 0}) as server:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.click, "Start")
            await page.do(play_to_the_end, page)
            await page.do(page.wait, lambda d: re.search(r"Ann .*\d+\? \([+-]?\d+\)", page.text("scores")))
            mine = r"Cosmic Wimpout \d+\?, 1 game; skill \d+\.\d%, luck [+-]\d+\.\d points a game \(last 1 judged\)"

            def judged(_: object) -> bool:
                """Asked again until the game is judged (it is, just after its end)."""
                if re.fullmatch(mine, page.text("leaderboard")):
                    return True
                page.click("mine")
                return False

            await page.do(page.wait, judged)
            assert page.text("leaderboard-title") == "Ratings of Ann"
            log = await page.do(page.driver.execute_script, "return document.getElementById('log').textContent")
            assert "Ratings of Ann" not in log  # the panel's answer is drawn, not logged
            await page.do(page.driver.save_screenshot, str(tmp_path / "my-rating.png"))
