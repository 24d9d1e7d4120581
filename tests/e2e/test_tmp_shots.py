import asyncio
from pathlib import Path
from support.browsers import web_url
from support.tablesetup import dice_script
from support.webpage import BROWSER_MARKS, browser

async def test_shots(make_server, tmp_path: Path) -> None:
    tables = {"dice_script": dice_script(tmp_path, ["10 2 3 4", "10 10 5 3 s2"]), "turn_timer": 300}
    async with make_server(web={"enabled": True}, tables=tables) as server:
        for w, h in [(1280, 800), (390, 844)]:
          async with browser(tmp_path, w, h) as page:
            await page.do(page.create_account, web_url(server, "/")) if w == 1280 else None
            if w == 1280:
                await page.do(page.open_table)
                for n in (1, 2, 3):
                    await page.do(page.click, "Add a house bot")
                    await page.do(page.wait, lambda d: f"Robby{n}.bot" in page.text("scores"))
                await page.do(page.click, "Start")
                await page.do(page.wait_moves, ["roll"])
                await page.do(page.click, "roll")
                await page.do(page.wait, lambda d: page.text("turn-total") == "25")
                await page.do(page.click, "hint")
                await page.do(page.command, "WHO")
                await page.do(page.command, "@set screenreader=off")
                await page.do(page.command, "score")
                await asyncio.sleep(5)
                print(await page.do(page.driver.execute_script, "const l=document.getElementById('log'); const s=document.createElement('span'); s.textContent='x'.repeat(80); l.append(s); const w=s.getBoundingClientRect().width; s.remove(); return [w, l.clientWidth];"))
            else:
                await page.do(page.driver.get, web_url(server, "/"))
                await page.do(page.wait, lambda d: page.text("link") == "connected")
                page.by_id("name").send_keys("Ann")
                page.by_id("password").send_keys("ann secret")
                await page.do(page.by_id("connect").click)
                await page.do(page.wait_moves, ["roll"])
                await page.do(page.click, "hint")
                await asyncio.sleep(1)
            await page.do(page.driver.save_screenshot, f"/tmp/wp/shot-{w}.png"); print(await page.do(page.text, "log"))
            m = await page.do(page.driver.execute_script, """
              const b = id => { const r = document.getElementById(id).getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
              return {inner: [innerWidth, innerHeight], scroll: document.documentElement.scrollWidth, log: b('log'), cmd: b('command'), scores: b('scores'), thrown: b('thrown'), rows: [...document.querySelectorAll('#scores tr')].map(r => Math.round(r.getBoundingClientRect().height)), panel: b('table-panel')};""")
            print(w, m)
