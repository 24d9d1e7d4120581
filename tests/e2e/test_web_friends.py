"""The friends panel on the web page in a real headless Chromium (issue 38): Ann, on the page, follows Bob by typing
his name; the panel (from the same 'friends' model as the text) shows him on and, refreshed, at the table he opened;
its "Challenge by days" button offers him a correspondence game, which he accepts over telnet, and the new table is
in her games list; Bob's challenge back is accepted with the games list's button; "Unfollow" empties the panel."""

from __future__ import annotations

from pathlib import Path

from support.browsers import web_url
from support.clients import loose, player
from support.webpage import BROWSER_MARKS, browser

pytestmark = BROWSER_MARKS


async def test_the_friends_panel_follows_and_challenges(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}) as server, browser(tmp_path) as page:
        await page.do(page.create_account, web_url(server, "/"))
        await page.do(lambda: page.driver.find_element("css selector", "#friends-panel summary").click())
        await page.do(page.wait, lambda d: page.text("friends") == "You follow no one yet.")
        async with player(server, "Bob") as bob:
            await page.do(lambda: page.by_id("friend-name").send_keys("bob\n"))  # (the panel asks again by itself)
            await page.do(page.wait, lambda d: page.text("friends").startswith("Bob: on"))
            assert await page.do(page.text, "friends-on") == "(1 of 1 on)"
            await bob.command("table open pace=correspondence", "Table 1 is a correspondence table")
            await page.do(lambda: page.by_id("refresh-friends").click())
            await page.do(page.wait, lambda d: page.text("friends").startswith("Bob: on, at table 1"))
            await page.do(page.click, "Challenge by days")
            await bob.expect(loose("Ann challenges you to a game (pace=correspondence): 'accept 1'"))
            await bob.command("accept", "Table 2: a game of Cosmic Wimpout begins")
            await page.do(page.wait, lambda d: "Table 2: Cosmic Wimpout, Bob, Ann;" in page.text("games"))
            await bob.command("challenge Ann goal=100", "challenge 2")
            await page.do(page.wait, lambda d: "Challenge 2 from Bob: goal=100" in page.text("games"))
            await page.do(page.click, "Accept")
            await bob.expect("Ann accepts challenge 2: table 3 is open")
            await page.do(lambda: page.by_id("refresh-friends").click())
            await page.do(page.wait, lambda d: page.text("friends").startswith("Bob: on, at tables 1, 2, 3"))
            await page.do(page.driver.save_screenshot, str(tmp_path / "friends.png"))
            await page.do(page.click, "Unfollow")
            await page.do(page.wait, lambda d: page.text("friends") == "You follow no one yet.")
