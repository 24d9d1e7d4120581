"""Crash campaign: tables of reference bots play on a real server that is SIGKILLed at random moments, then started
again on the same data; prints what a crash lost.

Each trial starts the server (the console program, as operators run it), checks that it brought back every table
the database holds open, lets ``--tables`` tables of two reference bots (bots/reference_bot.py, JSON lines, the
``cautious`` strategy) play real games with fair dice, once they are playing again, for a random while, and kills it
with SIGKILL. Between trials, with the server dead, the database is read as it was left. Figures (every one must
be 0):

- moves shown but missing: game events a table's host was shown that the store does not hold, in that order;
- finished games without results: games stored as over with no results (missing from history, stats and top);
- games never resumed: tables open in the database that the next start did not bring back;
- integrity_check failures: ``PRAGMA integrity_check`` not ``ok`` after a kill (PostgreSQL: ``pg_amcheck`` fails);
- games that do not replay: stored events that ``Game.replay`` refuses.

``--poker-tables N``: N of the tables play New Cosmic Poker instead (first to 2 bases; the reference bot's ``poker``
strategy). What a poker host was shown is its own view of each event (``engine.poker.seatview.event_for``): the
stored events are read as that host may see them before they are compared.

Bounded: at most 100 tables and 200 trials, each trial at most ``--max-run`` seconds of play, one overall
``--deadline``; loopback only; the server is always killed at the end.

    .venv/bin/python benchmarks/crash_campaign.py --tables 30 --trials 30 [--store postgresql] [--poker-tables 10]

``--pace correspondence`` opens every table as a correspondence table (issue 38: a deadline in days, kept with the
table; the bots still move at once), so each kill and start goes through their clocks' saving and restoring.

``--store postgresql`` runs the server on a throwaway PostgreSQL cluster with fsync on (``benchmarks/stores.py``).

``--kill game`` (issue 25) starts the server once and SIGKILLs its game process instead, the portal and every bot's
connection staying up: after each kill the portal starts a new game process and hands it the connections, and the
bots play on. A sixth figure counts the connections dropped (must be 0); the database is examined once, after the
last kill, with the server stopped (what was shown is compared with what is stored then); "games never resumed"
counts games open in the store just after a kill that the new game process neither lists nor played on.

    .venv/bin/python benchmarks/crash_campaign.py --tables 30 --trials 30 --kill game

``--kill store`` (issue 36) kills nothing: the store fails under the running server (SQLite: its data directory on a
small tmpfs filled up, root only; PostgreSQL: the cluster stopped) and works again, ``--trials`` times, while the bots
play on; three more figures: tables that never went on, games with a hole, /health wrong (benchmarks/store_faults.py).

    sudo .venv/bin/python benchmarks/crash_campaign.py --tables 30 --trials 10 --kill store [--store postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_bench import HOST, free_port, server_environment, spawn, write_world  # noqa: E402
from benchmarks.processes import with_children  # noqa: E402
from bots.reference_bot import BotError, Connection, Message, Player, cautious, poker  # noqa: E402
from engine.poker import PokerGame, event_for, happenings  # noqa: E402
from engine.wimpout import Game  # noqa: E402
from engine.wimpout.events import EVENT_TYPES, event_from_dict  # noqa: E402
from benchmarks.stores import STORES, configured_cluster, intact, reading  # noqa: E402

MAX_TABLES, MAX_TRIALS = 100, 200
PLAY_WAIT = 30.0
"""Seconds at most to wait, after each start, for the tables to play before the random wait before the kill."""
PASSWORD = "crashpass"
FIGURES = ("moves shown but missing", "finished games without results", "games never resumed",
           "integrity_check failures", "games that do not replay")


POKER_OPTIONS = "game=poker bases_to_win=2"
CORRESPONDENCE = " pace=correspondence days=1"
"""``--pace correspondence``: every table a correspondence table (issue 38), its clock restored with it after a kill."""


class Host:
    """What one table's host was shown: the game events of its current game, and of each game that finished (at a
    poker table, as that host may see them)."""

    def __init__(self, name: str, poker: bool = False, correspondence: bool = False) -> None:
        self.name, self.poker, self.correspondence = name, poker, correspondence
        self.kinds = happenings.EVENT_TYPES if poker else EVENT_TYPES
        self.table = 0
        self.current: list[dict[str, Any]] = []
        """The game at ``table``: it may start after its first events (a kill came before they were read)."""
        self.finished: dict[int, list[dict[str, Any]]] = {}
        self.unfinished: list[tuple[int, list[dict[str, Any]]]] = []
        """Games (by table) whose end was not shown: the server was killed first."""

    def saw(self, message: Message) -> None:
        if message["type"] == "table":
            if message["table"] != self.table and self.current:  # another table: the last one's end was not shown
                self.unfinished.append((self.table, self.current))
                self.current = []
            self.table = message["table"]
            for event in message["events"]:
                if event["type"] == "GameCreated" and self.current:  # a kill came before the last one's table_closed
                    self.unfinished.append((self.table, self.current))
                    self.current = []
                if event["type"] in self.kinds:
                    self.current.append(event)
        elif message["type"] == "message" and message["kind"] == "table_closed" and self.current:
            self.finished[int(message["fields"]["game"])] = self.current
            self.current = []


class Resuming(Player):
    """The reference bot, moving also when it comes back to a table that waits on it (after a restart)."""

    def __init__(self, *args: Any, host: Host | None = None) -> None:
        super().__init__(*args)
        self.host, self._fresh = host, True

    def react(self, message: Message) -> list[str]:
        if self.host is not None:
            self.host.saw(message)
        if message["type"] == "message" and message.get("kind") == "server":  # the portal: the game process is back
            self._resumed = True  # (the table message saying so may wait on it: a correspondence table has no timer
            # of seconds to move for it)
        return super().react(message)

    def _table(self, message: Message) -> list[str]:
        lines = super()._table(message)
        fresh, self._fresh = self._fresh, False
        if fresh and not lines and message["you_may"] and self.name in message["state"]["waiting_on"]:
            return [self.choose(message["you_may"], message["state"])]
        return lines


async def play(name: str, room: str, port: int, host: Host | None, playing_poker: bool = False) -> None:
    """One bot until the server goes away: create (or connect), go to its room, open or sit, play game after game."""
    options = None
    if host:
        options = (POKER_OPTIONS if playing_poker else "goal=200") + (CORRESPONDENCE if host.correspondence else "")
    player = Resuming(name, PASSWORD, poker if playing_poker else cautious, options, 2, 10**9, room, host=host)
    connection = await Connection.open(HOST, port)
    try:
        for line in player.greet():
            connection.send(line)
        while (message := await connection.message()) is not None:
            for line in player.react(message):
                connection.send(line)
    except (OSError, BotError):
        pass
    finally:
        connection.writer.close()


async def open_tables_seen(port: int) -> set[int]:
    """The table numbers the running server lists (``tables``), asked by a monitor in JSON mode."""
    connection = await Connection.open(HOST, port)
    numbers: set[int] = set()
    try:
        for line in ("json", f"create monitor {PASSWORD}"):
            connection.send(line)
        while (message := await connection.message()) is not None:
            if message["type"] == "error" and message["code"] == "name_taken":
                connection.send(f"connect monitor {PASSWORD}")
            elif message["type"] == "message" and message["kind"] == "welcome":
                connection.send("tables")
                connection.send("zz-end-of-list")
            elif message["type"] == "message" and message["kind"] == "table_list":
                numbers.add(int(message["fields"]["table"]))
            elif message["type"] == "error" and message["code"] == "unknown_command":
                break
    finally:
        connection.writer.close()
    return numbers


def shown(hosts: list[Host]) -> int:
    """Game events the hosts were shown so far."""
    return sum(len(h.current) + sum(map(len, h.finished.values())) + sum(len(s) for _, s in h.unfinished) for h in hosts)


async def playing(hosts: list[Host], until: float) -> None:
    """Wait (until ``until`` at most) for the tables to be playing again: a kill should not come while the bots are
    still logging in (the random wait counts from there)."""
    before = shown(hosts)
    while shown(hosts) < before + len(hosts) and time.monotonic() < until:
        await asyncio.sleep(0.05)


def stored_open_tables(url: str, workdir: Path) -> set[int]:
    with reading(url, workdir / "data") as db:
        return {n for (n,) in db.execute("SELECT table_number FROM games WHERE status IN ('waiting', 'playing')")}


def kept(seen: list[dict[str, Any]], stored: list[dict[str, Any]]) -> int:
    """How many of the events a client was shown the store holds, in the order shown. A client may miss events
    (the kill came after a save and before it read them), so what it saw is a subsequence of the stored events."""
    found, at = 0, 0
    for event in seen:
        try:
            at = stored.index(event, at) + 1
        except ValueError:
            continue
        found += 1
    return found


def as_seen_by(events: list[dict[str, Any]], host: Host, poker: bool) -> list[dict[str, Any]]:
    """A stored game's events as the host's client received them: a poker game's as the host may see each (a table
    number may have held games of either kind)."""
    if not poker:
        return events
    return [json.loads(json.dumps(event_for(happenings.event_from_dict(e), host.name))) for e in events]


def examine(db: Any, hosts: list[Host]) -> Counter[str]:
    """The figures a kill left in the database (read with the server dead; its integrity is checked apart)."""
    found: Counter[str] = Counter()
    games: dict[int, list[dict[str, Any]]] = {}
    for game_id, event in db.execute("SELECT game, event FROM game_events ORDER BY game, seq"):
        games.setdefault(game_id, []).append(json.loads(event))
    at_table: dict[int, list[int]] = {}
    poker_games: set[int] = set()
    for game_id, number, game_type in db.execute("SELECT id, table_number, game FROM games"):
        at_table.setdefault(number, []).append(game_id)
        if game_type == "poker":
            poker_games.add(game_id)
    for game_id, events in games.items():
        try:
            if game_id in poker_games:
                PokerGame.replay([happenings.event_from_dict(e) for e in events])
            else:
                Game.replay([event_from_dict(e) for e in events])
        except Exception:
            found["games that do not replay"] += 1
    found["finished games without results"] += db.execute(
        "SELECT COUNT(*) FROM games g WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game = g.id)"
    ).fetchone()[0]
    for host in hosts:
        for game_id, seen in host.finished.items():
            stored = as_seen_by(games.get(game_id, []), host, game_id in poker_games)
            found["moves shown but missing"] += len(seen) - kept(seen, stored)
        for table, seen in [*host.unfinished, (host.table, host.current)]:
            best = max((kept(seen, as_seen_by(games.get(game_id, []), host, game_id in poker_games))
                        for game_id in at_table.get(table, [])), default=0)
            found["moves shown but missing"] += len(seen) - best
    return found


def examined(url: str, workdir: Path, hosts: list[Host]) -> Counter[str]:
    """``examine`` of the stored database, and its engine's integrity check."""
    with reading(url, workdir / "data") as db:
        found = examine(db, hosts)
    found["integrity_check failures"] += int(not intact(url, workdir / "data"))
    return found


def set_up(workdir: Path, args: argparse.Namespace) -> tuple[list[str], int, dict[str, str], list[Host]]:
    """The world's rooms (a table each), a free port, the server's environment (a 5 s turn timer) and a host a table
    (the first ``--poker-tables`` play poker)."""
    rooms = write_world(workdir / "world.toml", args.tables)
    port = free_port()
    env = {**server_environment(workdir, workdir / "world.toml", port), "COSMIC_TABLES__TURN_TIMER": "5"}
    return rooms, port, env, [Host(f"h{room}", n < args.poker_tables, args.pace == "correspondence")
                              for n, room in enumerate(rooms)]


def seat_bots(rooms: list[str], hosts: list[Host], port: int) -> list[asyncio.Task[None]]:
    """At each table its host and a second player, each on a connection of its own."""
    return ([asyncio.create_task(play(host.name, room, port, host, host.poker)) for room, host in zip(rooms, hosts)]
            + [asyncio.create_task(play(f"s{room}", room, port, None, host.poker))
               for room, host in zip(rooms, hosts)])


async def campaign(args: argparse.Namespace, url: str) -> Counter[str]:
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter({figure: 0 for figure in FIGURES})
    deadline = time.monotonic() + args.deadline
    with tempfile.TemporaryDirectory(prefix="crash-campaign-") as tmp:
        workdir = Path(tmp)
        rooms, port, env, hosts = set_up(workdir, args)
        moves = 0
        for trial in range(args.trials + 1):  # the last start only checks what the last kill left
            if time.monotonic() > deadline:
                print(f"deadline reached after {trial} trials")
                break
            expected = stored_open_tables(url, workdir) if trial else set()
            server, _ = await spawn("from server.main import main; main()", env, workdir, port)
            try:
                totals["games never resumed"] += len(expected - await open_tables_seen(port))
                if trial == args.trials:
                    break
                bots = seat_bots(rooms, hosts, port)
                await playing(hosts, time.monotonic() + PLAY_WAIT)
                await asyncio.sleep(rng.uniform(args.min_run, args.max_run))
            finally:
                server.send_signal(signal.SIGKILL)
                await server.wait()
            await asyncio.gather(*bots, return_exceptions=True)
            found = examined(url, workdir, hosts)
            total = shown(hosts)
            print(f"trial {trial + 1}: {total - moves} game events shown since the last kill; "
                  + ", ".join(f"{k} {v}" for k, v in found.items() if v), flush=True)
            moves = total
            for figure, count in found.items():  # the whole database is examined after each kill: keep the worst
                totals[figure] = max(totals[figure], count)
        finished = sum(len(h.finished) for h in hosts)
        print(f"{args.tables} tables, {args.trials} SIGKILLs: {moves} game events shown, {finished} games finished")
        if args.poker_tables:
            print(f"of which at {args.poker_tables} poker tables: {shown([h for h in hosts if h.poker])} game events"
                  f" shown, {sum(len(h.finished) for h in hosts if h.poker)} games finished")
    return totals


DROPPED = "connections dropped"


def open_games(url: str, workdir: Path) -> dict[int, tuple[int, int]]:
    """The games open in the store: their table's number and how many events they hold."""
    with reading(url, workdir / "data") as db:
        return {game: (number, events) for game, number, events in db.execute(
            "SELECT g.id, g.table_number, (SELECT COUNT(*) FROM game_events e WHERE e.game = g.id) FROM games g "
            "WHERE g.status IN ('waiting', 'playing')")}


def not_resumed(before: dict[int, tuple[int, int]], after: dict[int, tuple[int, int]], listed: set[int], url: str,
                workdir: Path) -> int:
    """Games open at a kill that the next game process did not bring back: neither open and listed now, nor played
    since (more events: resumed, and perhaps finished and its table's number taken by another)."""
    with reading(url, workdir / "data") as db:
        events = dict(db.execute("SELECT game, COUNT(*) FROM game_events GROUP BY game"))
    return sum(1 for game, (number, count) in before.items()
               if not (game in after and number in listed) and events.get(game, 0) <= count)


async def game_process(portal: int, not_this: int = 0, wait: float = 60.0) -> int:
    """The portal's game process (another than ``not_this``), once it serves."""
    until = time.monotonic() + wait
    while time.monotonic() < until:
        children = [pid for pid in with_children(portal)[1:] if pid != not_this]
        if children:
            return children[0]
        await asyncio.sleep(0.05)
    raise RuntimeError("the portal started no game process")


async def trial_due(trial: int, deadline: float, hosts: list[Host], rng: random.Random,
                    args: argparse.Namespace) -> bool:
    """Whether trial ``trial`` is to be run (the deadline not passed): if so, once the tables play, after a random
    while (``--min-run`` to ``--max-run`` seconds)."""
    if time.monotonic() > deadline:
        print(f"deadline reached after {trial} trials")
        return False
    await playing(hosts, time.monotonic() + PLAY_WAIT)
    await asyncio.sleep(rng.uniform(args.min_run, args.max_run))
    return True


async def wind_down(bots: list[asyncio.Task[None]], server: asyncio.subprocess.Process) -> None:
    """The bots hung up, then the server stopped as an operator stops it (SIGTERM; SIGKILL if it takes a minute)."""
    for bot in bots:
        bot.cancel()
    await asyncio.gather(*bots, return_exceptions=True)
    server.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(server.wait(), 60)
    except TimeoutError:
        server.kill()
        await server.wait()


async def game_kill_campaign(args: argparse.Namespace, url: str) -> Counter[str]:
    """``--kill game``: one server; its game process SIGKILLed ``--trials`` times while the bots play on."""
    rng = random.Random(args.seed)
    totals: Counter[str] = Counter({figure: 0 for figure in (*FIGURES, DROPPED)})
    deadline = time.monotonic() + args.deadline
    with tempfile.TemporaryDirectory(prefix="crash-campaign-") as tmp:
        workdir = Path(tmp)
        rooms, port, env, hosts = set_up(workdir, args)
        server, _ = await spawn("from server.main import main; main()", env, workdir, port)
        bots = seat_bots(rooms, hosts, port)
        moves = 0
        try:
            game = await game_process(server.pid)
            for trial in range(args.trials):
                if not await trial_due(trial, deadline, hosts, rng, args):
                    break
                os.kill(game, signal.SIGKILL)
                expected = open_games(url, workdir)
                game = await game_process(server.pid, game)
                await playing(hosts, time.monotonic() + PLAY_WAIT)
                seen = await open_tables_seen(port)
                totals["games never resumed"] += not_resumed(expected, open_games(url, workdir), seen, url, workdir)
                dropped = sum(bot.done() for bot in bots)
                total = shown(hosts)
                print(f"trial {trial + 1}: {total - moves} game events shown since the last kill; "
                      f"{dropped} connections dropped", flush=True)
                moves = total
            totals[DROPPED] = sum(bot.done() for bot in bots)
        finally:
            await wind_down(bots, server)
        found = examined(url, workdir, hosts)
        for figure, count in found.items():
            totals[figure] = max(totals[figure], count)
        finished = sum(len(h.finished) for h in hosts)
        print(f"{args.tables} tables, {args.trials} SIGKILLs of the game process: {moves} game events shown, "
              f"{finished} games finished")
    return totals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--trials", type=int, default=30)
    parser.add_argument("--min-run", type=float, default=0.5, help="least seconds of play before a kill")
    parser.add_argument("--max-run", type=float, default=4.0, help="most seconds of play before a kill")
    parser.add_argument("--seed", type=int, default=1, help="for the kill moments (the dice are fair)")
    parser.add_argument("--deadline", type=float, default=900.0, help="stop starting trials after this many seconds")
    parser.add_argument("--store", choices=STORES, default="sqlite", help="the storage backend the server runs on")
    parser.add_argument("--poker-tables", type=int, default=0, metavar="N",
                        help="how many of the tables play New Cosmic Poker (the others Cosmic Wimpout)")
    parser.add_argument("--pace", choices=("live", "correspondence"), default="live",
                        help="correspondence: every table is played over days (issue 38; the bots move at once)")
    parser.add_argument("--kill", choices=("server", "game", "store"), default="server",
                        help="SIGKILL the whole server (then start it again), or only its game process (issue 25); or "
                             "make its store fail and work again (issue 36: no kill)")
    parser.add_argument("--disk", default="512m", help="with --kill store on SQLite: the tmpfs's size (mount's size=)")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= MAX_TABLES or not 1 <= args.trials <= MAX_TRIALS or args.max_run > 60:
        parser.error(f"at most {MAX_TABLES} tables, {MAX_TRIALS} trials, 60 s a run")
    if not 0 <= args.poker_tables <= args.tables:
        parser.error("--poker-tables: from 0 to --tables")
    if args.kill == "store":
        from benchmarks import store_faults

        if (reason := store_faults.why_not(args.store)) is not None:
            parser.error(f"--kill store: {reason}")
    with configured_cluster(args.store) as (url, cluster):
        if args.kill == "store":
            totals = asyncio.run(store_faults.store_fault_campaign(args, url, cluster))
        else:
            totals = asyncio.run((game_kill_campaign if args.kill == "game" else campaign)(args, url))
    named = {"server": FIGURES, "game": (*FIGURES, DROPPED)}.get(args.kill) or store_faults.STORE_FIGURES
    for figure in named:
        print(f"{figure}: {totals[figure]}")
    print(json.dumps(dict(totals)))


if __name__ == "__main__":
    main()
