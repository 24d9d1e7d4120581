"""Issue 39's installable web app, in headless Chromium (the page of the server as operators run it: the portal and its
game process): installable (DevTools' ``Page.getInstallabilityErrors`` finds nothing), at a phone's 390x844 with no
sideways scrolling, no permission asked on load, the offline screen while the server is stopped (even on a reload of
the page, served by the service worker's cache), the game back when the server is; a push delivered to the service
worker (``ServiceWorker.deliverPushMessage``) shown as a notification. And Lighthouse (npm ``lighthouse@12.2.3``,
installed by .ci/run from tools/lighthouse) scores the page at least 95 for accessibility and best practices."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from support.browsers import web_url
from support.portals import portal_server
from support.webpage import BROWSER_MARKS, CHROMIUM, Page, browser

pytestmark = BROWSER_MARKS
ROOT = Path(__file__).parents[2]
LIGHTHOUSE = ROOT / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
OFFLINE = "You are offline; your games are kept."
BACK = 40.0
"""Seconds the page may take to find the server back (its back-off reaches 15 s between tries)."""
ASKED = """window.__asked = 0;
if (window.Notification) {
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => { window.__asked += 1; return ask(...args); };
}"""
"""Counts the page's requests for notification permission (put in before any script of the page runs)."""
SHOWN = """const done = arguments[0];
(async () => {
  const registration = await navigator.serviceWorker.ready;
  for (let i = 0; i < 30; i++) {
    const found = await registration.getNotifications();
    if (found.length) return done(found.map(n => [n.title, n.body, n.tag]));
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  done([]);
})();"""
"""The notifications the service worker shows, once there are any (3 s at most)."""


def waited(page: Page, condition: Any, seconds: float) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(page.driver, seconds).until(condition)


class DevTools:
    """A second DevTools connection to the page (chromedriver's own cannot hand us events)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws, self.ident, self.events = ws, 0, []  # type: ignore[var-annotated]

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.ident += 1
        await self.ws.send_json({"id": self.ident, "method": method, "params": params})
        while True:
            message = await self.ws.receive_json()
            if message.get("id") == self.ident:
                assert "error" not in message, message
                return message.get("result", {})  # type: ignore[no-any-return]
            self.events.append(message)

    async def event(self, method: str, where: Any) -> dict[str, Any]:
        async with asyncio.timeout(15):
            while True:
                for found in self.events:
                    if found.get("method") == method and where(found["params"]):
                        return found["params"]  # type: ignore[no-any-return]
                self.events.append(await self.ws.receive_json())


async def test_the_page_installs_goes_offline_comes_back_and_shows_a_push(tmp_path: Path) -> None:
    async with browser(tmp_path, 390, 844) as page:
        await page.do(page.driver.execute_cdp_cmd, "Page.addScriptToEvaluateOnNewDocument", {"source": ASKED})
        async with portal_server(tmp_path) as server:
            url = web_url(server, "/")  # type: ignore[arg-type]
            await page.do(page.create_account, url)
            assert await page.do(page.driver.execute_async_script,
                                 "navigator.serviceWorker.ready.then(r => arguments[0](!!r.active))")
            errors = await page.do(page.driver.execute_cdp_cmd, "Page.getInstallabilityErrors", {})
            assert errors == {"installabilityErrors": []}, errors
            assert await page.do(page.driver.execute_script, "return window.__asked") == 0  # nothing asked on load
            assert await page.do(page.by_id("notify-me").is_displayed)
            widths = await page.do(page.driver.execute_script,
                                   "return [document.documentElement.scrollWidth, innerWidth]")
            assert widths[0] <= widths[1] == 390, widths
            assert (await page.do(page.text, "link")).endswith("connected")  # the connection's state, in sight
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "Robby1.bot" in page.text("scores"))

            origin = url.rstrip("/")
            await page.do(page.driver.execute_cdp_cmd, "Browser.grantPermissions",
                          {"origin": origin, "permissions": ["notifications"]})
            address = page.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://{address}/json") as listing:
                    target = next(t for t in await listing.json() if t["type"] == "page")
                async with http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                    tools = DevTools(ws)
                    await tools.call("ServiceWorker.enable")
                    registration = await tools.event(
                        "ServiceWorker.workerRegistrationUpdated",
                        lambda p: any(r["scopeURL"] == url and not r["isDeleted"] for r in p["registrations"]))
                    ident = next(r["registrationId"] for r in registration["registrations"] if r["scopeURL"] == url)
                    notice = {"title": "Cosmic Wimpout", "body": "It is your move at table 1 (Cosmic Wimpout, with Bob).",
                              "url": f"{url}#table=1", "tag": "table-1"}
                    await page.do(waited, page, lambda d: d.execute_script(
                        "return !!navigator.serviceWorker.controller"), 20)  # activated, and in charge of the page
                    shown: list[Any] = []
                    for _ in range(5):  # (a push delivered to a worker Chromium is just starting can be lost: again)
                        await tools.call("ServiceWorker.deliverPushMessage", origin=origin, registrationId=ident,
                                         data=json.dumps(notice))
                        shown = await page.do(page.driver.execute_async_script, SHOWN)
                        if shown:
                            break
            assert shown == [["Cosmic Wimpout", notice["body"], "table-1"]]
            ports = (server.port, server.web.port)

        # the server is stopped: the page says so, and says so again when reloaded (its shell from the cache)
        await page.do(waited, page, lambda d: page.by_id("offline").is_displayed(), 20)
        assert OFFLINE in await page.do(page.text, "offline")
        await page.do(page.driver.refresh)
        await page.do(waited, page, lambda d: page.by_id("offline").is_displayed(), 20)
        assert OFFLINE in await page.do(page.text, "offline") and "down" in await page.do(
            page.by_id("link").get_attribute, "class")
        noise = [e for e in await page.do(page.driver.get_log, "browser") if e["level"] == "SEVERE"]
        assert all("WebSocket" in e["message"] or "ERR_CONNECTION_REFUSED" in e["message"] for e in noise), noise

        async with portal_server(tmp_path, "--port", str(ports[0]), COSMIC_WEB__PORT=str(ports[1])):
            # the reloaded page has no password to log in again with: it shows the login form, the server back
            await page.do(waited, page, lambda d: not page.by_id("offline").is_displayed(), BACK)
            await page.do(page.by_id("password").send_keys, "ann secret")
            await page.do(page.by_id("name").send_keys, "Ann")
            await page.do(page.by_id("connect").click)
            await page.do(waited, page, lambda d: page.text("table-title") == "Table 1"
                          and "Robby1.bot" in page.text("scores"), 20)  # the game kept, where it was
        await page.do(page.driver.get_log, "browser")  # (the second stop's failed reconnections)


async def test_lighthouse_scores_accessibility_and_best_practices(tmp_path: Path) -> None:
    if not LIGHTHOUSE.exists() or shutil.which("node") is None:
        pytest.skip("needs node and tools/lighthouse installed (.ci/run: npm ci --prefix tools/lighthouse)")
    async with portal_server(tmp_path) as server:
        report = tmp_path / "lighthouse.json"
        command = [str(LIGHTHOUSE), web_url(server, "/"), "--only-categories=accessibility,best-practices",  # type: ignore[arg-type]
                   "--output=json", f"--output-path={report}", "--quiet",
                   "--chrome-flags=--headless=new --no-sandbox --disable-gpu"]
        done = await asyncio.to_thread(subprocess.run, command, env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
                                       capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(report.read_text())
    scores = {name: category["score"] for name, category in result["categories"].items()}
    failing = [(audit["id"], audit["title"]) for audit in result["audits"].values()
               if audit.get("score") is not None and audit["score"] < 1 and audit["scoreDisplayMode"] == "binary"]
    assert scores["accessibility"] >= 0.95 and scores["best-practices"] >= 0.95, (scores, failing)
