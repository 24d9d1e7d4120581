"""Issue 30's attacks, run again against this tree's server on loopback, as an attacker would (not as a test would):
the server is the console script in a process of its own under ``prlimit --nofile=1024`` (systemd's default), with
TLS and the web on, its log in JSON; each attack prints what it did and what happened, and the run ends with the log
grepped for tracebacks and for every password typed.

- origin: a page served from another port, opened in headless Chromium, opens a WebSocket to /ws;
- silent TLS: 1,100 sockets that never send a ClientHello, from one address, then from many; meanwhile telnet, a TLS
  handshake and /health are tried from another address;
- abuse: one account opening and abandoning tables (reconnecting each time), a builder digging rooms with 2,000-
  character descriptions, a reconnect followed by a burst of 2,000 commands;
- names: characters named like the server's words or like existing names;
- secrets: logins with the name and password swapped, a password alone, a wrong one, '@password';

and issue 37's (fair play):

- farming: two accounts from one address, 'table open goal=5', the second sits, 'start', the second 'leave yes', the
  first finishes alone, ten times; then games between two accounts of one address, each with enough moves, past the
  daily caps;
- dodging: leaving a game against two house bots, hanging up on one;
- ladder: a bot naming an owner who never accepted it, two bots of one owner waiting together;
- funhouse: three accounts starting Trampo-Land searches in a loop while a fourth times WHO; one connection starting
  runs in a loop;
- mail: letters sent as fast as possible from one address, then the mailbox cleared;

and issue 37's on the portal and admission (``portal_attacks.py``):

- portal: ghost sessions, input lost in a reload, the game processes' socket, ``X-Forwarded-For``, DNS rebinding,
  silent telnet sockets from many addresses;

and its low findings on moderation and operation (``moderation_attacks.py``):

- moderation: names of the server's own lines, holds through reloads, a stale ``portal.pid``, the PostgreSQL password
  in ``ps`` during a backup.

    .venv/bin/python benchmarks/attack_replay.py [--attacks farming,dodging,...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.attackline import HOST, SECRETS, Line, logged_in, loop_for, report  # noqa: E402
from benchmarks.fairplay_attacks import dodging, farming, funhouse, ladder, mail, stored  # noqa: E402

PORTAL_ENVIRONMENT = {"COSMIC_WEB__TRUSTED_PROXIES": f'["{HOST}"]', "COSMIC_LIMITS__LOGIN_TIMEOUT": "20"}
"""For issue 37's attacks on the portal (``portal_attacks.py``): 127.0.0.1 a trusted proxy, and a short login
timeout."""
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]


async def start(workdir: Path) -> tuple[subprocess.Popen[bytes], dict[str, Any], Path]:
    """The server under ``prlimit --nofile=1024``, TLS and web on; its ports from its log."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", workdir / "key.pem",
                    "-out", workdir / "cert.pem", "-days", "2", "-subj", "/CN=localhost"], check=True, capture_output=True)
    log = workdir / "server.log"
    env = {**os.environ, "COSMIC_HOST": HOST, "COSMIC_PORT": "0", "COSMIC_WEB__HOST": HOST, "COSMIC_WEB__PORT": "0",
           "COSMIC_TLS__PORT": "0", "COSMIC_TLS__CERTFILE": str(workdir / "cert.pem"),
           "COSMIC_TLS__KEYFILE": str(workdir / "key.pem"), "COSMIC_LOG_FORMAT": "json", "COSMIC_WIZARDS": '["Wiz"]',
           "COSMIC_TABLES__ABANDON_AFTER": "5",  # (hanging up on a house bot: the grace, shortened)
           **PORTAL_ENVIRONMENT}
    process = subprocess.Popen(
        ["prlimit", "--nofile=1024", sys.executable, "-m", "server.main", "--data-dir", str(workdir / "data")],
        cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
    )
    for _ in range(300):
        started = next((e for e in events(log) if e.get("event") == "server.started"), None)
        if started is not None:
            return process, started, log
        await asyncio.sleep(0.1)
    raise SystemExit(f"the server did not start:\n{log.read_text()[-3000:]}")


def events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(errors="replace").splitlines() if line.startswith("{")]


async def origin(ports: dict[str, Any]) -> None:
    """A page on another origin opens /ws in Chromium: refused (HTTP 403) or open?"""
    page = (f"<script>const ws = new WebSocket('ws://{HOST}:{ports['web_port']}/ws');"
            "ws.onopen = () => document.title = 'OPEN'; ws.onclose = () => { if (document.title !== 'OPEN')"
            " document.title = 'REFUSED'; };</script>")
    app = web.Application()
    app.router.add_get("/", lambda request: web.Response(text=page, content_type="text/html"))
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, HOST, 0)
    await site.start()
    evil = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={tempfile.mkdtemp()}"]:
        options.add_argument(flag)
    browser = await asyncio.to_thread(webdriver.Chrome, service=Service("/usr/bin/chromedriver"), options=options)
    try:
        await asyncio.to_thread(browser.get, f"http://{HOST}:{evil}/")
        title = ""
        for _ in range(50):
            title = await asyncio.to_thread(lambda: browser.title)
            if title:
                break
            await asyncio.sleep(0.1)
        report("origin", f"a page on http://{HOST}:{evil} opened ws://{HOST}:{ports['web_port']}/ws: {title or 'no answer'}")
    finally:
        await asyncio.to_thread(browser.quit)
        await runner.cleanup()


async def served(ports: dict[str, Any], address: str) -> str:
    """Whether others are served now: telnet banner, a TLS banner, /health, from ``address``."""
    async def telnet(tls: bool) -> bool:
        try:
            line = await Line.open(ports["tls_port" if tls else "port"], address, tls)
        except OSError:
            return False
        try:
            return await line.until("QUIT", 5)
        finally:
            line.close()

    async def health() -> bool:
        try:
            async with aiohttp.ClientSession() as http, http.get(
                    f"http://{HOST}:{ports['web_port']}/health", timeout=aiohttp.ClientTimeout(total=5)) as answer:
                return answer.status == 200
        except (aiohttp.ClientError, TimeoutError):
            return False

    plain, tls, ok = await asyncio.gather(telnet(False), telnet(True), health())
    return f"telnet {'served' if plain else 'NOT served'}, TLS {'served' if tls else 'NOT served'}, /health {'200' if ok else 'FAILED'}"


async def silent(port: int, addresses: list[str], count: int) -> list[socket.socket]:
    """``count`` sockets spread over ``addresses`` that never send a byte (no ClientHello)."""
    held: list[socket.socket] = []
    for n in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((addresses[n % len(addresses)], 0))
        try:
            await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, (HOST, port)), 2)
        except (OSError, TimeoutError):
            sock.close()
            continue
        held.append(sock)
    return held


async def silent_tls(ports: dict[str, Any]) -> None:
    for label, addresses in (("one address", ["127.0.0.2"]), ("110 addresses", [f"127.0.1.{n}" for n in range(1, 111)])):
        began = time.monotonic()
        held = await silent(ports["tls_port"], addresses, 1100)
        report("silent TLS", f"1,100 silent sockets from {label}: {len(held)} connected in {time.monotonic() - began:.1f} s;"
                             f" others now: {await served(ports, '127.0.0.9')}")
        await asyncio.sleep(11)  # past tls.handshake_timeout (10 s)
        report("silent TLS", f"  11 s later (handshake timeout 10 s): {await served(ports, '127.0.0.9')}")
        for sock in held:
            sock.close()
        await asyncio.sleep(1)


async def abuse(ports: dict[str, Any]) -> None:
    port = ports["port"]
    (await logged_in(port, "Tabler", "127.0.0.20", create=True)).close()

    async def table() -> bool:
        line = await logged_in(port, "Tabler", "127.0.0.20")
        try:
            await line.say("table open", r"You sit down at table|try again in", 5)
            opened = "You sit down" in line.text
            await line.say("leave", r"\S+.*\n", 5)
            return opened
        finally:
            line.close()

    done, refused = await loop_for(10, table)
    report("abuse", f"one account opening and abandoning tables, reconnecting each time, for 10 s: {done} opened, "
                    f"{refused} refused (each login checks a password hash)")
    tabler = await logged_in(port, "Tabler", "127.0.0.20")

    async def table_again() -> bool:
        await tabler.say("table open", r"You sit down at table|try again in", 5)
        opened = tabler.text.rstrip().endswith(">") and "try again in" not in tabler.text[-400:]
        await tabler.say("leave", r"\S+.*\n", 5)
        return opened

    done, refused = await loop_for(10, table_again)
    report("abuse", f"the same on one connection for 10 s: {done} opened, {refused} refused; last refusal: "
                    f"{next((l for l in reversed(tabler.text.splitlines()) if 'try again' in l), 'none')[:110]!r}")
    tabler.close()
    wiz = await logged_in(port, "Wiz", "127.0.0.21", create=True)
    builder = await logged_in(port, "Digger", "127.0.0.22", create=True)
    await wiz.say("@set Digger=builder", "may build")
    serial = 0

    async def dig() -> bool:
        nonlocal serial
        serial += 1
        if not await builder.say(f"@dig Cave{serial}", rf"Cave{serial} is dug as", 5):
            return False
        return await builder.say(f"@desc Cave{serial}={'x' * 2000}", r"Description of .* set\.", 5)

    done, refused = await loop_for(15, dig)
    report("abuse", f"a builder digging rooms with 2,000-character descriptions for 15 s: {done} dug and described, "
                    f"{refused} refused; last answer: {builder.text.strip().splitlines()[-1][:120]!r}")
    builder.close()
    (await logged_in(port, "Burster", "127.0.0.23", create=True)).close()
    answered, began = 0, time.monotonic()
    for _ in range(5):
        burst = await logged_in(port, "Burster", "127.0.0.23")
        before = burst.text.count("Obvious exits")
        burst.writer.write(b"look\r\n" * 2000)
        await burst.drain(1)
        answered += burst.text.count("Obvious exits") - before
        burst.close()
    report("abuse", f"five reconnects, each followed by 2,000 'look' at once: {answered} answered in "
                    f"{time.monotonic() - began:.1f} s (a burst of 500, then 2 a second, per address)")
    wiz.close()


async def names(ports: dict[str, Any]) -> None:
    outcomes = []
    for name in ("You", "Table", "Your", "Wiz-", "W1z", "Wiz_", "Tab1er", "Server"):
        line = await Line.open(ports["port"], "127.0.0.30")
        await line.until("QUIT")
        created = await line.say(f"create {name} {SECRETS[0]}", "Obvious exits|exits:", 3)
        outcomes.append(f"{name}: {'CREATED' if created else 'refused'}")
        line.close()
    report("names", "; ".join(outcomes))


async def secrets(ports: dict[str, Any]) -> None:
    port = ports["port"]
    for line_typed in (f"connect {SECRETS[0]} Tabler", f"connect {SECRETS[1]}", f"connect Tabler {SECRETS[3]}",
                       f"create Secretive {SECRETS[1]}"):
        line = await Line.open(port, "127.0.0.40")
        await line.until("QUIT")
        await line.say(line_typed, r"\S", 3)
        await asyncio.sleep(0.3)
        line.close()
    line = await Line.open(port, "127.0.0.40")
    await line.until("QUIT")
    await line.say(f"connect Secretive {SECRETS[1]}", "exits")
    await line.say(f"@password {SECRETS[1]}={SECRETS[2]}", "[Pp]assword")
    line.close()


ATTACKS = ("origin", "silent_tls", "abuse", "names", "secrets", "farming", "dodging", "ladder", "funhouse", "mail",
           "portal", "moderation")


async def portal(ports: dict[str, Any], data: Path, log: Path) -> None:
    from portal_attacks import issue37  # (it takes this module's tools: imported once they are defined)

    await issue37(ports, data, log)


async def moderation(ports: dict[str, Any], data: Path) -> None:
    from moderation_attacks import issue37_low  # (as portal's)

    await issue37_low(ports, data)


async def run(attacks: tuple[str, ...]) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (8192, 8192))  # the attacker has descriptors to spare
    with tempfile.TemporaryDirectory() as temp:
        process, ports, log = await start(Path(temp))
        try:
            async with aiohttp.ClientSession() as http, http.get(
                    f"http://{HOST}:{ports['web_port']}/health") as answer:
                health = await answer.json()
            attack: dict[str, Callable[[], Awaitable[None]]] = {
                "origin": lambda: origin(ports), "silent_tls": lambda: silent_tls(ports),
                "abuse": lambda: abuse(ports), "names": lambda: names(ports), "secrets": lambda: secrets(ports),
                "farming": lambda: farming(ports), "dodging": lambda: dodging(ports), "ladder": lambda: ladder(ports),
                "funhouse": lambda: funhouse(ports, health), "mail": lambda: mail(ports),
                "portal": lambda: portal(ports, Path(temp) / "data", log),
                "moderation": lambda: moderation(ports, Path(temp) / "data"),
            }
            for name in attacks:
                await attack[name]()
        finally:
            process.terminate()
            process.wait()
        text = log.read_text(errors="replace")
        found = [secret for secret in SECRETS if secret in text]
        report("log", f"{len(text):,} bytes; tracebacks: {text.count('Traceback')}; "
                      f"accept_failed lines: {text.count('server.accept_failed')}; refused_at_accept lines: "
                      f"{text.count('session.refused_at_accept')}; passwords found in it: {found or 'none'}")
        if {"farming", "funhouse", "mail"} & set(attacks):
            report("store", stored(Path(temp) / "data"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attacks", default=",".join(ATTACKS), help=f"which, comma-separated: {', '.join(ATTACKS)}")
    chosen = tuple(parser.parse_args().attacks.split(","))
    unknown = set(chosen) - set(ATTACKS)
    if unknown:
        parser.error(f"no such attack: {', '.join(sorted(unknown))}")
    asyncio.run(run(chosen))


if __name__ == "__main__":
    main()
