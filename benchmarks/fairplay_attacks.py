"""Issue 37's fair-play attacks, run by benchmarks/attack_replay.py against the server as operators run it: rating
farming with a second account, dodging a loss, the bot ladder's owners, Funhouse searches and runs, mail floods. Each
reports what it was answered."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.attackline import Line, answer, logged_in, loop_for, moves, report
from benchmarks.processes import cpu_seconds


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
    cpu = cpu_seconds(game)  # (with its children: the searches' worker)
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
