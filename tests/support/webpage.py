"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium): the browser,
and a page driven from the test's event loop."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from support.clients import WAIT

CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")
BROWSER_MARKS = [pytest.mark.slow, pytest.mark.skipif(
    (CHROMIUM is None or CHROMEDRIVER is None) and not os.environ.get("CI"),  # CI installs them: it must run there
    reason="needs Debian's chromium and chromium-driver (.ci/run installs them with apt-get)",
)]
"""A browser test module's ``pytestmark``: slow, and skipped where there is no Chromium."""
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1200,1000"]


def chromium(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, "chromium and chromium-driver are missing (.ci/run installs them with apt-get)"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console, checked for errors
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


class Page:
    """The browser, driven from a thread (Selenium blocks; the server runs on the test's event loop)."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    async def do(self, step: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(step, *args)

    def wait(self, condition: Callable[[Any], Any]) -> Any:
        """Until ``condition`` holds; an element redrawn under it (the page redraws on each message) is looked up
        again."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, WAIT, ignored_exceptions=[StaleElementReferenceException]).until(condition)

    def by_id(self, name: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.ID, name)

    def button(self, label: str) -> Any:
        """The visible button with exactly this label, once there is one."""
        from selenium.webdriver.common.by import By

        return self.wait(lambda d: next((b for b in d.find_elements(By.TAG_NAME, "button")
                                         if b.text == label and b.is_displayed()), False))

    def click(self, label: str) -> None:
        """Click that button (found again if the page redrew it in between)."""
        self.wait(lambda d: self.button(label).click() or True)

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

    def viewport(self, width: int, height: int) -> None:
        """The window resized so that the page itself has ``width`` x ``height`` CSS pixels (the window's frame
        takes some)."""
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        self.wait(lambda d: d.execute_script("return [innerWidth, innerHeight]") == [width, height])

    def command(self, line: str) -> None:
        """``line`` typed on the command line and sent."""
        field = self.by_id("command")
        field.send_keys(line + "\n")

    def box(self, name: str) -> dict[str, float]:
        """Where the element is drawn, in CSS pixels of the viewport: left, top, right, bottom, width, height."""
        return dict(self.driver.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};",
            name))

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
        self.click("Open a table")
        self.wait(lambda d: self.text("table-title") == "Table 1")

    def cubes(self, row: str) -> list[str]:
        from selenium.webdriver.common.by import By

        return self.wait(lambda d: [c.get_attribute("aria-label")
                                    for c in self.by_id(row).find_elements(By.CSS_SELECTOR, "svg.cube")])


@asynccontextmanager
async def browser(tmp_path: Path, width: int = 1200, height: int = 1000) -> AsyncIterator[Page]:
    """A Chromium window showing the page at this size; at a failure the page's text is printed and a screenshot saved; the page's
    console must have logged no error."""
    page = Page(await asyncio.to_thread(chromium, tmp_path / "profile"))
    try:
        await page.do(page.viewport, width, height)
        yield page
        errors = [e for e in await page.do(page.driver.get_log, "browser") if e["level"] == "SEVERE"]
        assert not errors, errors
    except BaseException:
        shown = await page.do(page.driver.execute_script, "return document.body.innerText")
        await page.do(page.driver.save_screenshot, str(tmp_path / "failure.png"))
        print(f"the page at the failure (screenshot: {tmp_path / 'failure.png'}):\n{shown}")
        raise
    finally:
        await asyncio.to_thread(page.driver.quit)
