"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium): create an
account, open a table, add a house bot, start, roll (by key), choose the sun's use, throw again after a reconnect,
stop (by key) and win, while a telnet player watching the table sees every move. A screenshot is saved
(``COSMIC_SCREENSHOT=docs/web.png`` writes the README's one)."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conftest import WAIT, telnet_client
from tables_helpers import dice_script
from web_helpers import web_url

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    (CHROMIUM is None or CHROMEDRIVER is None) and not os.environ.get("CI"),  # CI installs them: it must run there
    reason="needs Debian's chromium and chromium-driver (.ci/run installs them with apt-get)",
)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1200,1000"]
THROWS = ["10 2", "10 10 10 3 S", "5 s2", "2 3 4 6 s6"]
"""Roll-off (Ann first); Ann's flash of 10s with the Flaming Sun (a choice: she rethrows the sun); a 5 clears the
flash; the bot's last lick wimps out."""


def chromium(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, "chromium and chromium-driver are missing (.ci/run installs them with apt-get)"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


class Page:
    """The browser, driven from a thread (Selenium blocks; the server runs on the test's event loop)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    async def do(self, step: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(step, *args)

    def wait(self, condition: Callable[[Any], Any]) -> Any:
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, WAIT).until(condition)

    def by_id(self, name: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.ID, name)

    def button(self, label: str) -> Any:
        """The visible button with exactly this label, once there is one."""
        from selenium.webdriver.common.by import By

        return self.wait(lambda d: next((b for b in d.find_elements(By.TAG_NAME, "button")
                                         if b.text == label and b.is_displayed()), False))

    def moves(self) -> list[str]:
        from selenium.webdriver.common.by import By

        return [b.text for b in self.by_id("actions").find_elements(By.CSS_SELECTOR, "button.move")]

    def wait_moves(self, wanted: list[str]) -> None:
        self.wait(lambda d: self.moves() == wanted)

    def key(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(key).perform()

    def text(self, name: str) -> str:
        return str(self.by_id(name).text)

    def create_account(self, url: str) -> None:
        self.driver.get(url)
        self.wait(lambda d: self.text("link") == "connected")
        self.by_id("name").send_keys("Ann")
        self.by_id("password").send_keys("ann secret")  # a space: the page quotes it
        self.by_id("create").click()
        self.wait(lambda d: self.text("me") == "Ann" and self.by_id("game-screen").is_displayed())
        self.wait(lambda d: "The Cosmic Lobby" in self.text("room-title"))

    def open_table(self) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.by_id("goal")).select_by_visible_text("100")
        self.button("Open a table").click()
        self.wait(lambda d: self.text("table-title") == "Table 1")

    def cubes(self, row: str) -> list[str]:
        from selenium.webdriver.common.by import By

        return [c.get_attribute("aria-label") for c in self.by_id(row).find_elements(By.CSS_SELECTOR, "svg.cube")]


async def test_a_browser_plays_a_whole_game_while_a_telnet_player_watches(make_server, tmp_path: Path) -> None:
    tables = {"dice_script": dice_script(tmp_path, THROWS), "turn_timer": 600}
    shot = Path(os.environ.get("COSMIC_SCREENSHOT", tmp_path / "web.png"))
    async with make_server(web={"enabled": True}, tables=tables) as server, telnet_client(server) as bob:
        await bob.command("create Bob secret1", "Obvious exits")
        await bob.command("@set cubes=compact", "Set: cubes=compact.")
        page = Page(await asyncio.to_thread(chromium, tmp_path / "profile"))
        try:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await bob.command("watch 1", "You are now watching table 1.")
            await page.do(lambda: page.button("Add a house bot").click())
            await page.do(page.wait, lambda d: "Robby1.bot" in page.text("scores"))
            await page.do(lambda: page.button("Start").click())
            await page.do(page.wait_moves, ["roll"])
            await page.do(page.key, "r")
            await bob.expect(r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[sun\]")
            await page.do(page.wait_moves, ["keep sun 10", "keep sun 5", "reroll sun"])
            assert await page.do(page.cubes, "thrown") == ["10", "10", "10", "3 (triangles)", "the Flaming Sun"]
            await page.do(lambda: page.button("reroll sun").click())
            await bob.expect(r"Ann scores 100 \(flash of 10s")
            await page.do(page.wait, lambda d: page.text("turn-total") == "100")
            assert await page.do(page.cubes, "aside") == ["10", "10", "10"]
            assert await page.do(page.cubes, "live") == ["a cube to throw", "the sun cube, to throw"]
            await page.do(page.driver.save_screenshot, str(shot))
            await page.do(page.driver.execute_script, "client.ws.close()")  # the connection drops...
            await page.do(page.wait, lambda d: "reconnecting" in page.text("link"))
            await page.do(page.wait, lambda d: page.text("link") == "connected")  # ...and the board comes back
            await page.do(page.wait_moves, ["roll"])
            assert await page.do(page.cubes, "aside") == ["10", "10", "10"]
            await page.do(lambda: page.button("roll").click())
            await bob.expect(r"Ann throws: \[5\] \[s2\]")
            await page.do(page.wait_moves, ["roll", "stop"])
            await page.do(page.key, "s")
            await bob.expect(r"Ann stops and banks 105")
            await bob.expect(r"\*\*\* Ann WINS the game at table 1")
            await page.do(page.wait, lambda d: "You win!" in page.text("table-status"))
            spoken = await page.do(page.driver.execute_script, "return document.getElementById('log').textContent")
            assert "You throw: 10, 10, 10, 3, and the Flaming Sun." in spoken  # the screen reader's words
            await page.do(page.driver.set_window_size, 390, 844)  # a phone: nothing wider than the screen
            width = await page.do(page.driver.execute_script,
                                  "return [document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1]
        except BaseException:
            shown = await page.do(page.driver.execute_script, "return document.body.innerText")
            await page.do(page.driver.save_screenshot, str(tmp_path / "failure.png"))
            print(f"the page at the failure (screenshot: {tmp_path / 'failure.png'}):\n{shown}")
            raise
        finally:
            await asyncio.to_thread(page.driver.quit)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
