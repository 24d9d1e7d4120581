"""New Cosmic Poker in a real headless Chromium: a person on the web page, one at a telnet terminal and a house bot
play a whole game to 5 bases, the page's player clicking the buttons of ``you_may``, and picking cards on the hand
with the meld picker for a draw and a meld (the picker's button is the exact command, offered only when legal)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any


from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from support.browsers import web_url
from support.clients import WAIT, player
from support.pokerclients import OVER, choice, play_telnet, secret_lines
from support.webpage import BROWSER_MARKS, Page, browser

pytestmark = BROWSER_MARKS
SEEN = """window.seen = client.table;
return [client.table.state.status, client.table.state.game && client.table.state.game.phase, client.table.you_may,
        [...document.querySelectorAll('#actions button')].map(b => [b.textContent, b.className, b.disabled])];"""
"""Marks the table message the page shows now, and returns what it offers: status, phase, you_may, the buttons."""
CHANGED = "return client.table !== window.seen"
CLICK = """const move = [...document.querySelectorAll('#actions button.move')].find(b => b.textContent === arguments[0]);
if (move && !move.disabled) move.click();"""
"""Clicks the move button with this label if the page still shows it (a wait for a label the page has redrawn away
held the player up for 10 s while the others waited on it)."""


def pick(page: Page, numbers: list[int]) -> None:
    """Click these cards (numbered from 1) on the hand: each click picks or unpicks one."""
    from selenium.webdriver.common.by import By

    for number in numbers:
        page.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#hand .card")[number - 1].click() or True)


def pick_button(page: Page) -> Any:
    from selenium.webdriver.common.by import By

    return page.wait(lambda d: next(iter(d.find_elements(By.CSS_SELECTOR, "#actions button.pick")), False))


def play_in_browser(page: Page) -> set[str]:
    """Play until the game is over, clicking the moves offered; the first draw and the first meld with the picker.
    Returns the moves the picker made."""
    picked: dict[str, str] = {}
    while True:
        status, phase, you_may, buttons = page.driver.execute_script(SEEN)
        if status == "over":
            return set(picked.values())
        moves = [label for label, kind, _ in buttons if "move" in kind]
        if phase == "drawing" and "draw" not in picked and "draw 1 2" in you_may:
            pick(page, [1, 2, 3, 4])  # four cards: more than the draw allows
            assert page.wait(lambda d: pick_button(page).text == "draw 1 2 3 4")
            assert not pick_button(page).is_enabled()
            pick(page, [3, 4])  # unpicked: two left
            page.wait(lambda d: pick_button(page).text == "draw 1 2" and pick_button(page).is_enabled())
            pick_button(page).click()
            picked["draw"] = "draw 1 2"
        elif phase == "showdown" and "meld" not in picked and any(re.fullmatch(r"meld [\d ]+", m) for m in you_may):
            command = next(m for m in you_may if re.fullmatch(r"meld [\d ]+", m))
            pick(page, [int(n) for n in command.split()[1:]])
            page.wait(lambda d: pick_button(page).text == command and pick_button(page).is_enabled())
            pick_button(page).click()
            picked["meld"] = command
        elif moves:  # clicked as the page shows it now: gone already (redrawn for the next message), it is left
            page.driver.execute_script(CLICK, choice(moves))
        try:
            WebDriverWait(page.driver, 3).until(lambda d: d.execute_script(CHANGED))
        except TimeoutException:  # no new table message: the click missed a redrawn button or was refused; look again
            continue


async def test_a_browser_a_telnet_player_and_a_house_bot_play_poker_to_five_bases(make_server, tmp_path: Path) -> None:
    async with make_server(web={"enabled": True}, tables={"turn_timer": 600}) as server, player(server, "Bob") as bob:
        async with browser(tmp_path) as page:
            await page.do(page.create_account, web_url(server, "/"))
            await page.do(page.key, "/")
            await page.do(page.key, "table open game=poker\n")
            await page.do(page.wait, lambda d: page.text("table-title") == "Table 1: New Cosmic Poker")
            await bob.command("sit 1", r"You sit down at table 1\.")
            await page.do(page.key, "\ue00c")  # Escape: back to the keys of the game
            await page.do(page.click, "Add a house bot")
            await page.do(page.wait, lambda d: "seated: Ann, Bob, Robby1.bot" in page.text("table-status"))
            await page.do(page.click, "Start")
            used, _ = await asyncio.wait_for(asyncio.gather(asyncio.to_thread(play_in_browser, page),
                                                            play_telnet(bob)), 30 * WAIT)
            await page.do(page.wait, lambda d: re.search(r"You win!| wins", page.text("table-status")))
            shown = await page.do(page.driver.execute_script, "return document.body.innerText")
    assert re.search(OVER, bob.text) and "Table 1: New Cosmic Poker" in shown
    assert "draw 1 2" in used and re.search(r"Ann exchanges 2 cards\.", bob.text)
    if any(move.startswith("meld") for move in used):  # a showdown came (a hand may end with everyone folding)
        assert re.search(r"Ann exposes ", bob.text)
    assert secret_lines(bob.text, owner=True) == []
