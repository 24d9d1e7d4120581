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
- mail: letters sent as fast as possible from one address, then the mailbox cleared.

    .venv/bin/python benchmarks/attack_replay.py [--attacks farming,dodging,...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import socket
import sqlite3
import ssl
import statistics
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
HOST = "127.0.0.1"
SECRETS = ("SECRETpw1", "Hunter2pw", "NewSecret3", "Wrongpw77")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]


class Line:
    """A raw telnet client from one loopback address: what it was sent, as text."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer, self.text = reader, writer, ""

    @classmethod
    async def open(cls, port: int, address: str = HOST, tls: bool = False) -> Line:
        context = ssl.create_default_context() if tls else None
        if context is not None:
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        reader, writer = await asyncio.open_connection(HOST, port, local_addr=(address, 0), ssl=context)
        return cls(reader, writer)

    async def until(self, pattern: str, seconds: float = 5.0, start: int = 0) -> bool:
        """Read until ``pattern`` shows after ``start`` (True), the line closes or ``seconds`` pass (False)."""
        regex = re.compile(pattern)
        try:
            async with asyncio.timeout(seconds):
                while not regex.search(self.text, start):
                    data = await self.reader.read(65536)
                    if not data:
                        return False
                    self.text += re.sub(rb"\xff[\xfb-\xfe].|\xff[\xf0-\xfa]", b"", data).decode(errors="replace")
        except TimeoutError:
            return False
        return True

    async def say(self, line: str, pattern: str, seconds: float = 5.0) -> bool:
        """Send ``line``; whether ``pattern`` shows in what comes after it."""
        start = len(self.text)
        self.writer.write(line.encode() + b"\r\n")
        return await self.until(pattern, seconds, start)

    async def drain(self, seconds: float) -> None:
        """Read whatever comes for ``seconds``."""
        await self.until("(?!)", seconds)

    def close(self) -> None:
        self.writer.close()


async def start(workdir: Path) -> tuple[subprocess.Popen[bytes], dict[str, Any], Path]:
    """The server under ``prlimit --nofile=1024``, TLS and web on; its ports from its log."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", workdir / "key.pem",
                    "-out", workdir / "cert.pem", "-days", "2", "-subj", "/CN=localhost"], check=True, capture_output=True)
    log = workdir / "server.log"
    env = {**os.environ, "COSMIC_HOST": HOST, "COSMIC_PORT": "0", "COSMIC_WEB__HOST": HOST, "COSMIC_WEB__PORT": "0",
           "COSMIC_TLS__PORT": "0", "COSMIC_TLS__CERTFILE": str(workdir / "cert.pem"),
           "COSMIC_TLS__KEYFILE": str(workdir / "key.pem"), "COSMIC_LOG_FORMAT": "json", "COSMIC_WIZARDS": '["Wiz"]',
           "COSMIC_TABLES__ABANDON_AFTER": "5"}  # (hanging up on a house bot: the grace, shortened)
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


def report(attack: str, what: str) -> None:
    print(f"[{attack}] {what}", flush=True)


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


async def logged_in(port: int, name: str, address: str, create: bool = False) -> Line:
    line = await Line.open(port, address)
    await line.until("QUIT")
    await line.say(f"{'create' if create else 'connect'} {name} {SECRETS[0]}", "Obvious exits|exits:")
    return line


async def loop_for(seconds: float, step: Callable[[], Awaitable[bool]]) -> tuple[int, int]:
    """Run ``step`` for ``seconds``: how many it did, how many were refused."""
    done = refused = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if await step():
            done += 1
        else:
            refused += 1
    return done, refused


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


async def answer(line: Line, command: str, pattern: str, seconds: float = 5.0) -> str:
    """What ``command`` was answered, as far as ``pattern`` reads it."""
    start = len(line.text)
    await line.say(command, pattern, seconds)
    found = re.search(pattern, line.text[start:])
    return found.group(0).strip() if found else "no answer"


async def moves(line: Line, count: int, end: str = "(?!)", seconds: float = 60) -> int:
    """Answer ``line``'s prompts as a plain player would (stop when allowed, else the first move offered), ``count``
    times or until ``end`` shows; how many moves it made."""
    pattern = re.compile(rf"You may: ([^\r\n]*)\.\r?\n|{end}")
    start, made = len(line.text), 0
    while made < count and await line.until(pattern.pattern, seconds, start):
        found = pattern.search(line.text, start)
        assert found is not None
        start = found.end()
        if found.group(1) is None:
            break
        offered = found.group(1).split(", ")
        line.writer.write(("stop" if "stop" in offered else offered[0]).encode() + b"\r\n")
        made += 1
    return made


async def left_game(host: Line, guest: Line, host_moves: int, goal: int) -> str:
    """``host`` opens a table, ``guest`` sits, both play until ``host`` made ``host_moves`` moves, ``guest`` leaves,
    ``host`` plays on alone to the end; what the table said of ratings."""
    start = len(host.text)
    await host.say(f"table open goal={goal}", "You sit down at table")
    number = re.findall(r"You sit down at table (\d+)", host.text)[-1]
    await guest.say(f"sit {number}", "You sit down")
    host.writer.write(b"start\r\n")
    guest_plays = asyncio.create_task(moves(guest, 10_000))
    await moves(host, host_moves)
    guest_plays.cancel()
    await asyncio.sleep(0.3)
    await guest.say("leave yes", "out of the game")
    await moves(host, 10_000, rf"Table {number} is closed")
    return " ".join(re.findall(r"[^\n]*(?:rating in|is not rated)[^\n]*", host.text[start:])) or "nothing rated"


async def farming(ports: dict[str, Any]) -> None:
    port = ports["port"]
    farmer = await logged_in(port, "Farmer", "127.0.0.50", create=True)
    sock = await logged_in(port, "Sock", "127.0.0.50", create=True)
    began = time.monotonic()
    for _ in range(10):
        await left_game(farmer, sock, 0, 5)
    rating = await answer(farmer, "rating Farmer", r"Farmer has no rating yet|Cosmic Wimpout: [^\r\n]*")
    sock_rating = await answer(farmer, "rating Sock", r"Sock has no rating yet|Cosmic Wimpout: [^\r\n]*")
    stats = await answer(farmer, "stats Farmer", r"Farmer: \d+ games?, \d+ wins?|no finished games")
    report("farming", f"10 games of 'goal=5', the second account leaving at once, in {time.monotonic() - began:.0f} s: "
                      f"'rating Farmer': {rating!r}; 'stats Farmer': {stats!r}; 'rating Sock': {sock_rating!r}")
    farmer.close()
    sock.close()
    ann, bob = [await logged_in(port, name, "127.0.0.53", create=True) for name in ("Ann", "Bob")]
    outcomes = [await left_game(ann, bob, 3, 200) for _ in range(7)]
    report("farming", "7 games of two other accounts from one address, 3 moves of the first's before the second left: "
                      + "; ".join(f"#{n} {said[:90]}" for n, said in enumerate(outcomes, 1)))
    ann.close()
    bob.close()


async def dodging(ports: dict[str, Any]) -> None:
    port = ports["port"]
    dodger = await logged_in(port, "Dodger", "127.0.0.51", create=True)
    await dodger.say("table open goal=500", "You sit down")
    await dodger.say("table bot add", "sits down")
    await dodger.say("table bot add", "sits down")
    dodger.writer.write(b"start\r\n")
    await moves(dodger, 1)
    await dodger.say("leave yes", r"Dodger's rating in[^\n]*|is closed", 10)
    told = next((l for l in dodger.text.splitlines() if "Dodger's rating" in l), "no rating change")
    report("dodging", f"'leave yes' from a game against two house bots: {told!r}")
    await dodger.say("table open goal=500", "You sit down")
    await dodger.say("table bot add", "sits down")
    dodger.writer.write(b"start\r\n")
    await moves(dodger, 1)
    dodger.close()
    await asyncio.sleep(8)  # tables.abandon_after, shortened to 5 s here
    watcher = await logged_in(port, "Watcher", "127.0.0.52", create=True)
    rating = await answer(watcher, "rating Dodger", r"Cosmic Wimpout: [^\r\n]*|Dodger has no rating yet")
    report("dodging", f"hanging up on one house bot, 8 s later (grace 5 s): 'rating Dodger': {rating!r}")
    watcher.close()


async def ladder(ports: dict[str, Any]) -> None:
    port = ports["port"]
    owner = await logged_in(port, "Keeper", "127.0.0.55", create=True)
    robo = await logged_in(port, "Robo", "127.0.0.56", create=True)
    bobo = await logged_in(port, "Bobo", "127.0.0.57", create=True)
    await robo.say("@set me=bot owner=Keeper version=1", "is a bot now")
    said = await answer(robo, "ladder join", r"Robo[^\r\n]*")
    report("ladder", f"a bot naming an owner who never accepted it, 'ladder join': {said!r}")
    await bobo.say("@set me=bot owner=Keeper version=1", "is a bot now")
    for name in ("Robo", "Bobo"):
        await owner.say(f"@bot accept {name}", "You accept")
    await robo.say("ladder join", "waits for a ladder table")
    await bobo.say("ladder join", "waits for a ladder table")
    await asyncio.gather(robo.until("You sit down at table", 15), bobo.until("You sit down at table", 15))
    listed = await answer(owner, "tables", r"Table \d[\s\S]*Seats:\s+[^\r\n]*")
    tables = [seats.strip() for seats in re.findall(r"Seats:\s+([^\r\n]*)", listed)]
    report("ladder", f"two bots of one owner waiting together, accepted, seated: {tables}")
    for line in (owner, robo, bobo):
        line.close()


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of ``pid`` and its children alive now (the searches' worker)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def who_times(line: Line, seconds: float) -> list[float]:
    """WHO round trips over ``seconds``, in ms."""
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.monotonic()
        if await line.say("WHO", r"(players are|player is) connected", 5):
            times.append(1000 * (time.monotonic() - began))
        await asyncio.sleep(0.2)
    return times


async def funhouse(ports: dict[str, Any], health: dict[str, Any]) -> None:
    port = ports["port"]
    timer = await logged_in(port, "Timer", "127.0.0.60", create=True)
    idle = await who_times(timer, 5)
    searchers = [await logged_in(port, f"Searcher{n}", f"127.0.0.{61 + n}", create=True) for n in range(3)]
    stop = time.monotonic() + 30

    async def search(line: Line) -> None:
        while time.monotonic() < stop:
            start = len(line.text)
            if not await line.say("funhouse room trampo-land", r"You may: [^\n,]+", 5):
                continue
            move = re.search(r"You may: ([^\n,(]+)", line.text[start:])
            await line.say(f"fh {move.group(1).strip() if move else 'stop'}", "You may:|you scored", 5)
            await line.say("fh stop", "you scored", 5)

    game = health["game_pid"]
    cpu = cpu_seconds(game)
    loaded, *_ = await asyncio.gather(who_times(timer, 30), *map(search, searchers))
    cpu = cpu_seconds(game) - cpu
    await asyncio.sleep(3)
    said = " ".join(line.text for line in searchers)
    p50 = statistics.median
    report("funhouse", f"WHO round trip idle p50 {p50(idle):.0f} ms; with three accounts searching Trampo-Land in a "
                       f"loop for 30 s: p50 {p50(loaded):.0f} ms, p90 {statistics.quantiles(loaded, n=10)[-1]:.0f} ms; "
                       f"CPU of the game process and its searches' worker: {cpu:.1f} s; rooms closed "
                       f"{said.count('Trampo-Land: you scored')}, bests cut short by the budget "
                       f"{said.count('within the search')}, by the quota {said.count('short search')}")
    for line in searchers:
        line.close()
    runner = await logged_in(port, "Runner", "127.0.0.65", create=True)
    done, refused = await loop_for(30, lambda: runner.say("funhouse new", r"A Funhouse run begins", 5))
    report("funhouse", f"one connection starting runs for 30 s: {done} started (counted in the database at the end)")
    runner.close()
    timer.close()


async def mail(ports: dict[str, Any]) -> None:
    port = ports["port"]
    (await logged_in(port, "Bruno", "127.0.0.70", create=True)).close()
    senders = [await logged_in(port, f"Mailer{n}", "127.0.0.71", create=True) for n in range(3)]
    body = "x" * 1900
    counts = [0, 0]

    async def send(line: Line) -> None:
        end = time.monotonic() + 20
        while time.monotonic() < end:
            await line.say(f"@mail Bruno={body}", r"You send mail|try again in|mailbox is full|\n> ", 5)
            last = line.text.strip().splitlines()[-1] if line.text.strip() else ""
            counts["You send mail" not in line.text[-200:]] += 1
            if "try again in" in last or "mailbox is full" in last:
                await asyncio.sleep(0.5)

    await asyncio.gather(*map(send, senders))
    report("mail", f"three accounts from one address sending 1,900-character letters for 20 s: {counts[0]} sent, "
                   f"{counts[1]} refused; last refusal: "
                   f"{next((l for l in reversed(senders[0].text.splitlines()) if 'try again' in l), 'none')[:100]!r}")
    bruno = await logged_in(port, "Bruno", "127.0.0.70")
    began = time.monotonic()
    said = await answer(bruno, "@mail delete all", r"Deleted \d+ letters?\.")
    report("mail", f"Bruno clears his mailbox: {said!r}, one command ({1000 * (time.monotonic() - began):.0f} ms)")
    for line in (bruno, *senders):
        line.close()


def stored(data: Path) -> str:
    """What issue 37's attacks left in the database."""
    with sqlite3.connect(data / "cosmic.sqlite3") as db:
        runs = db.execute("SELECT player, COUNT(*) FROM funhouse_runs WHERE total IS NULL GROUP BY player"
                          " ORDER BY 2 DESC LIMIT 1").fetchone()
        letters = db.execute("SELECT COUNT(*), COALESCE(SUM(LENGTH(body)), 0) FROM mail").fetchone()
        flags = db.execute("SELECT COUNT(*) FROM moderation WHERE action = 'rating_capped'").fetchone()[0]
    return (f"most unfinished Funhouse runs stored for one player: {runs[1] if runs else 0}; letters stored: "
            f"{letters[0]} ({letters[1]:,} bytes); rating_capped flags in the moderation record: {flags}")


ATTACKS = ("origin", "silent_tls", "abuse", "names", "secrets", "farming", "dodging", "ladder", "funhouse", "mail")


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
