"""The web page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium): create an
account, open a table, add a house bot, start, propose a rule from the command line, roll (by key), choose the
sun's use, throw again after a reconnect, stop (by key) and win, while a telnet player at the table sees every
move, votes, and plays Last Licks. A screenshot is saved (``COSMIC_SCREENSHOT=docs/web.png`` writes the README's)."""

from __future__ import annotations

import os
from pathlib import Path

from support.clients import telnet_client
from support.tablesetup import dice_script
from support.browsers import web_url
from support.webpage import BROWSER_MARKS, browser

pytestmark = BROWSER_MARKS

THROWS = ["10 2 3", "10 10 10 3 S", "5 s2", "2 3 4 6 s6", "2 3 4 6 s6"]
"""Roll-off (Ann first); Ann's flash of 10s with the Flaming Sun (a choice: she rethrows the sun); a 5 clears the
flash; Bob's and the bot's last licks wimp out."""


async def test_a_browser_plays_a_whole_game_with_a_telnet_player_and_a_house_bot(make_server, tmp_path: Path) -> None:
    tables = {"dice_script": dice_script(tmp_path, THROWS), "turn_timer": 600}
    shot = Path(os.environ.get("COSMIC_SCREENSHOT", tmp_path / "web.png"))
    async with make_server(web={"enabled": True}, tables=tables) as server, telnet_client(server) as bob:
        await bob.command("create Bob secret1", "Obvious exits")
        await bob.command("@set cubes=compact", "Set: cubes=compact.")
        async with browser(tmp_path, 1200, 857) as page:  # the page's size in the README's screenshot
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await bob.command("sit 1", "You sit down at table 1.")
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "Robby1.bot" in page.text("scores"))
            await page.do(page.click, "Start")
            await page.do(page.wait_moves, ["roll"])
            await page.do(page.button, "hint")  # the table allows hints (its 'hints' option)
            await page.do(page.key, "/")  # the command line takes any text command
            await page.do(page.key, "propose bump\n")
            await page.do(page.wait, lambda d: "Proposal 1 by Ann" in page.text("proposals"))
            await page.do(lambda: page.button("Vote yes"))  # the bot agreed at once; Bob has not voted yet
            await bob.expect("Ann proposes")
            await bob.command("vote no 1", "Proposal 1 fails: Bob voted no.")
            await page.do(page.wait, lambda d: page.text("proposals") == "")
            await page.do(page.key, "\ue00c")  # Escape: back to the keys of the game
            await page.do(page.key, "r")
            await bob.expect(r"Ann throws: \[10\] \[10\] \[10\] \[3\] \[sun\]")
            await page.do(page.wait_moves, ["keep sun 10", "keep sun 5", "reroll sun"])
            assert await page.do(page.cubes, "thrown") == ["10", "10", "10", "3 (triangles)", "the Flaming Sun"]
            await page.do(page.click, "reroll sun")
            await bob.expect(r"Ann scores 100 \(flash of 10s")
            await page.do(page.wait, lambda d: page.text("turn-total") == "100")
            assert await page.do(page.cubes, "aside") == ["10", "10", "10"]
            assert await page.do(page.cubes, "live") == ["a cube to throw", "the sun cube, to throw"]
            await page.do(page.driver.execute_script, "window.scrollTo(0, 0)")
            await page.do(page.driver.save_screenshot, str(shot))
            await page.do(page.driver.execute_script, "client.ws.close()")  # the connection drops...
            await page.do(page.wait, lambda d: "reconnecting" in page.text("link"))
            await page.do(page.wait, lambda d: page.text("link") == "connected")  # ...and the board comes back
            await page.do(page.wait_moves, ["roll"])
            assert await page.do(page.cubes, "aside") == ["10", "10", "10"]
            await page.do(page.click, "roll")
            await bob.expect(r"Ann throws: \[5\] \[s2\]")
            await page.do(page.wait_moves, ["roll", "stop"])
            await page.do(page.key, "s")
            await bob.expect(r"Ann stops and banks 105")
            await page.do(page.wait, lambda d: page.text("lastlicks") ==
                          "Last Licks: Bob and Robby1.bot must pass 105 (held by you).")
            await bob.command("roll", r"You throw: \[2\] \[3\] \[4\] \[6\] \[s6\]")
            await bob.expect(r"\*\*\* Ann WINS the game at table 1")
            await page.do(page.wait, lambda d: "You win!" in page.text("table-status"))
            spoken = await page.do(page.driver.execute_script, "return document.getElementById('log').textContent")
            assert "You throw: 10, 10, 10, 3, and the Flaming Sun." in spoken  # the screen reader's words
            await page.do(page.driver.set_window_size, 390, 844)  # a phone: nothing wider than the screen
            width = await page.do(page.driver.execute_script,
                                  "return [document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


async def test_the_leave_question_shows_in_the_log_and_the_command_line_takes_the_answer(
    make_server, tmp_path: Path
) -> None:
    """'Leave the game' asks first; the question was only written in a note under the command line, below the fold,
    so the button seemed to do nothing."""
    async with make_server(web={"enabled": True}, tables={"dice_script": dice_script(tmp_path, ["10 2"])}) as server:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.open_table)
            await page.do(page.click, "Add a house bot")
            await page.do(page.click, "Start")
            await page.do(page.wait_moves, ["roll"])
            await page.do(page.click, "Leave the game")
            await page.do(page.wait, lambda d: "Leave? (yes/no)" in page.text("log"))
            focused = await page.do(page.driver.execute_script, "return document.activeElement.id")
            assert focused == "command"
            await page.do(page.key, "yes\n")
            await page.do(page.wait, lambda d: "You leave table 1." in page.text("log"))
