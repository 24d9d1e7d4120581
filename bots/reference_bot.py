#!/usr/bin/env python3
"""A reference bot for the Cosmic Wimpout server: the standard library only (asyncio streams, no telnet library).

It connects over a raw socket, refuses telnet negotiation, switches the connection to JSON lines, logs in (creating
its character the first time), opens or joins a table, and plays whole games with a simple strategy: Cosmic Wimpout
(`cautious`, `threshold N [K]`) or New Cosmic Poker (`poker`). Copy it and change the strategy; the protocol is
described in docs/bots.md.

    python bots/reference_bot.py --name Robo --password secret1 --open goal=300 --players 2
    python bots/reference_bot.py --name Bobo --password secret1 --strategy threshold 200 2
    python bots/reference_bot.py --name Pokey --password secret1 --open "game=poker bases_to_win=3" --strategy poker
    python bots/reference_bot.py --name Robo --password secret1 --ladder Ann 1 --games 20   # the bot ladder
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable
from typing import Any

IAC, DONT, DO, WONT, WILL, SB, SE = 255, 254, 253, 252, 251, 250, 240
TABLE_ONLY_EVENTS = {"Opened", "Sat", "Stood", "Watching", "Absent", "RemovalVote"}
"""Table news that moves no game: a bot already answered the move before it, so it does not answer these."""
POKER_TABLE_ONLY_EVENTS = {"PokerOpened", "ChangeProposed", "Sat", "Stood", "Watching", "Absent", "RemovalVote"}
"""The same at a poker table (``"game_type": "poker"``), where ``Opened`` is a bet."""

Message = dict[str, Any]
Strategy = Callable[[list[str], dict[str, Any]], str]
Trace = Callable[[str, str], None]


class Connection:
    """Lines over a raw socket: telnet commands are stripped, and every option the server offers is refused."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, trace: Trace | None = None) -> None:
        self.reader, self.writer, self.trace = reader, writer, trace
        self._buffer = bytearray()

    @classmethod
    async def open(cls, host: str, port: int, trace: Trace | None = None) -> Connection:
        return cls(*await asyncio.open_connection(host, port), trace=trace)

    def send(self, line: str) -> None:
        if self.trace:
            self.trace(">", line)
        self.writer.write(line.encode() + b"\r\n")

    async def message(self) -> Message | None:
        """The next JSON message (lines before JSON mode, like the banner, are skipped); None once closed."""
        while True:
            while b"\n" not in self._buffer:
                data = await self.reader.read(65536)
                if not data:
                    return None
                self._buffer += self._strip_telnet(data)
            line, _, rest = bytes(self._buffer).partition(b"\n")
            self._buffer = bytearray(rest)
            text = line.decode("utf-8", "replace").strip()
            if text.startswith("{"):
                if self.trace:
                    self.trace("<", text)
                return json.loads(text)  # type: ignore[no-any-return]

    async def close(self) -> None:
        self.writer.close()
        await self.writer.wait_closed()

    def _strip_telnet(self, data: bytes) -> bytes:
        """Remove IAC sequences; answer DO with WONT and WILL with DONT (a bot wants no options). The server
        negotiates only in its first packets, so a sequence split between two reads is not looked for."""
        out, i = bytearray(), 0
        while (at := data.find(IAC, i)) >= 0:
            out += data[i:at]
            command = data[at + 1] if at + 1 < len(data) else None
            if command in (DO, WILL, DONT, WONT) and at + 2 < len(data):
                if command in (DO, WILL):
                    self.writer.write(bytes((IAC, WONT if command == DO else DONT, data[at + 2])))
                i = at + 3
            elif command == SB:
                end = data.find(bytes((IAC, SE)), at)
                i = len(data) if end < 0 else end + 2
            else:  # IAC IAC is a literal 255, which JSON (ASCII) never holds; any other command is two bytes
                i = at + 2
        return bytes(out + data[i:])


# -- strategies: one function of what the table message says ------------------------------------------------------


def _forced(you_may: list[str]) -> str | None:
    """Moves that need no judgement: the sun as a 10, the highest flash, letting a throw stand, a lone option."""
    for preferred in ("keep sun 10", "pass"):
        if preferred in you_may:
            return preferred
    flashes = [command for command in you_may if command.startswith("flash ")]
    if flashes:
        return max(flashes, key=lambda command: int(command.split()[1]))
    return you_may[0] if len(you_may) == 1 else None


def threshold(points: int, cubes: int = 2) -> Strategy:
    """Throw on while the turn is under ``points`` and at least ``cubes`` cubes are live; then stop if allowed."""

    def choose(you_may: list[str], state: dict[str, Any]) -> str:
        forced = _forced(you_may)
        if forced is not None:
            return forced
        if "stop" in you_may and (state["turn_points"] >= points or state["cubes_left"] < cubes):
            return "stop"
        return "roll" if "roll" in you_may else you_may[0]

    return choose


cautious = threshold(0)
"""Stop as soon as the rules allow."""


UNMELDABLE = ("E", "F")
"""Poker cards that are never part of a meld: Edicts and Flares (worth Lucre only when pawned)."""


def poker(you_may: list[str], state: dict[str, Any]) -> str:
    """New Cosmic Poker, simply. Come in to every hand it can afford; with three Compromise cards or more (a triad at
    least) open for the least it may, and call any bet; otherwise check, and call a bet only while it costs at most a
    third of its Lucre (else tap out with a strong hand, fold a weak one); never raise or pawn. Exchange its Edicts
    and Flares in the draw (they never meld); at the showdown let the server pick its strongest meld; keep the
    table's options as dealer; flip the first cards offered."""
    game = state["game"]
    hand: list[str] = game["hand"]
    me = next(seat for seat in game["seats"] if seat["name"] == game["you"])
    strong = hand.count("C") >= 3
    verbs = {command.split()[0]: command for command in reversed(you_may)}  # each verb's first form
    for plain in ("meld auto", "choose none", "in"):
        if plain in you_may:
            return plain
    if "draw" in verbs:
        unmeldable = [str(n) for n, card in enumerate(hand, 1) if card in UNMELDABLE]
        exchange = " ".join(["draw", *unmeldable[:game["options"].get("max_draw", 3)]])
        return exchange if exchange in you_may else "draw"
    if "flip" in verbs:
        return verbs["flip"]
    if "check" in you_may:
        return verbs["open"] if strong and "open" in verbs else "check"
    if "call" in you_may and (strong or 3 * (game["high_bet"] - me["bet"]) <= me["lucre"]):
        return "call"
    if strong and "tapout" in you_may:
        return "tapout"
    for fallback in ("fold", "out"):
        if fallback in you_may:
            return fallback
    return next((command for command in you_may if not command.startswith("pawn")), you_may[0])


def strategy(words: list[str]) -> Strategy:
    """``cautious`` or ``threshold N [K]``, as the house bots take them, or ``poker``."""
    if words in ([], ["cautious"]):
        return cautious
    if words == ["poker"]:
        return poker
    if words[0] == "threshold" and 2 <= len(words) <= 3 and all(word.isdigit() for word in words[1:]):
        return threshold(*(int(word) for word in words[1:]))
    raise ValueError("strategy: 'cautious', 'threshold N [K]' or 'poker'")


# -- the player: what to send on each message, without I/O ---------------------------------------------------------


class BotError(Exception):
    """The server refused what the bot cannot do without (logging in)."""


class Player:
    """A bot's decisions: which lines to send after each message. With ``table_options`` it opens tables (seating a
    house bot for each of ``house_bots``, the words after 'table bot add') and starts them once ``players`` sit (house
    bots included); with ``ladder`` (its owner's name and its version) it flags itself as a bot and waits for the
    ladder's matchmaker to seat it; otherwise it sits at tables opened in its room. It plays ``games`` games."""

    def __init__(
        self, name: str, password: str, choose: Strategy, table_options: str | None = None, players: int = 2,
        games: int = 1, room: str | None = None, house_bots: tuple[str, ...] = (), ladder: tuple[str, str] | None = None,
    ) -> None:
        self.name, self.password, self.choose = name, password, choose
        self.table_options, self.players, self.games, self.room = table_options, players, games, room
        self.house_bots, self.ladder = house_bots, ladder
        self.played = 0
        self.final: dict[str, Any] = {}
        """The state of the last game when it ended."""
        self._starting = False
        self._answered: tuple[Any, ...] | None = None
        """Where the bot last moved in a poker game: at a showdown everyone picks at once, and another's pick is
        news that leaves the bot's position as it was, which it must not answer twice."""
        self._resumed = False
        """A table held because the server could not save (its last move not played) goes on: the table shown next
        is a position to move from, though it holds no new events."""
        self._unsaved = False
        """The server could not save what the bot last sent ('not_saved'), and no table of its went on since: once
        the server says it can save again, the bot starts its waiting table, or joins one, again."""
        self._waiting: dict[str, Any] | None = None
        """The table the bot sits at while it waits to start (its last state), if it does."""

    @property
    def finished(self) -> bool:
        return self.played >= self.games

    def greet(self) -> list[str]:
        """The first lines: JSON from the start, then create the character (or connect, if it exists)."""
        return ["json", f"create {self.name} {self.password}"]

    def react(self, message: Message) -> list[str]:
        kind = message["type"]
        if kind == "error":
            return self._error(message)
        if kind == "table":
            return self._table(message)
        if kind == "message" and message["kind"] == "welcome" and self.ladder is not None:
            owner, version = self.ladder
            return [f"@set me=bot owner={owner} version={version}", "ladder join"]
        if kind == "message" and message["kind"] == "welcome":
            return [f"go {self.room}"] * bool(self.room) + self._join()
        if kind == "message" and message["kind"] == "table_opened" and self.table_options is None is self.ladder:
            return [f"sit {message['fields']['table']}"]
        if kind == "message" and message["kind"] == "table_resumed":
            self._resumed, self._answered, self._starting, self._unsaved = True, None, False, False
            return []
        if kind == "message" and message["kind"] == "store_recovered" and self._unsaved:
            self._unsaved = False
            if self._waiting is not None:  # its 'start' was not saved: its table still waits ('table open' is refused)
                self._starting = False
                return self._start(self._waiting)
            return ["ladder join"] if self.ladder is not None else self._join()
        if kind == "message" and message["kind"] == "table_closed":
            self.played, self._waiting = self.played + 1, None
            # the ladder seats its bots again by itself
            return ["QUIT"] if self.finished else self._join() * (self.table_options is not None)
        return []

    def _join(self) -> list[str]:
        if self.table_options is None:
            return ["sit"]
        return [f"table open {self.table_options}", *(f"table bot add {words}" for words in self.house_bots)]

    def _start(self, state: dict[str, Any]) -> list[str]:
        """The opener starts its waiting table once enough players sit (once, until it is told otherwise)."""
        if self.table_options is None or self._starting or len(state["seats"]) < self.players:
            return []
        self._starting = True
        return ["start"]

    def _error(self, message: Message) -> list[str]:
        code = message["code"]
        if code == "name_taken":
            return [f"connect {self.name} {self.password}"]
        if code in ("login_failed", "banned", "bad_name"):
            raise BotError(message["message"])
        self._unsaved = self._unsaved or code == "not_saved"
        return []  # e.g. 'sit' before any table is open: the next table_opened message says where to sit

    def _table(self, message: Message) -> list[str]:
        state = message["state"]
        if state["status"] == "over":
            self.final, self._starting = state, False
        self._waiting = state if state["status"] == "waiting" else None
        if self._waiting is not None and (start := self._start(state)):
            return start
        table_only = POKER_TABLE_ONLY_EVENTS if message.get("game_type") == "poker" else TABLE_ONLY_EVENTS
        moved = self._resumed or any(event["type"] not in table_only for event in message["events"])
        self._resumed = False
        if moved and message["you_may"] and self.name in state["waiting_on"]:
            position = _position(state)
            if position is not None and position == self._answered:
                return []
            self._answered = position
            return [self.choose(message["you_may"], state)]
        return []


def _position(state: dict[str, Any]) -> tuple[Any, ...] | None:
    """A poker seat's own position (None for Cosmic Wimpout, where one player moves at a time): it changes with
    every move of its own."""
    game = state.get("game")
    if not isinstance(game, dict) or "hand" not in game:
        return None
    me = next(seat for seat in game["seats"] if seat["name"] == game["you"])
    return (game["hand_number"], game["phase"], game["round"], game["high_bet"], game["warp"], tuple(game["hand"]),
            tuple(game["pawn"]), me["bet"], me["lucre"], me["state"])


async def run(connection: Connection, player: Player) -> dict[str, Any]:
    """Play until the player has played its games (or the server hangs up); return the last game's final state."""
    for line in player.greet():
        connection.send(line)
    while not player.finished and (message := await connection.message()) is not None:
        for line in player.react(message):
            connection.send(line)
    await connection.close()
    return player.final


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=4201)
    parser.add_argument("--name", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--open", metavar="OPTIONS", help="open tables with these options (e.g. 'goal=300')")
    parser.add_argument("--players", type=int, default=2, help="with --open: start once this many sit")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--house-bot", action="append", default=[], metavar="WORDS",
                        help="with --open: seat a house bot ('table bot add WORDS'; e.g. 'house' at a poker table)")
    parser.add_argument("--room", help="go to this room first (an exit name from the lobby)")
    parser.add_argument("--strategy", nargs="+", default=["threshold", "150"],
                        help="cautious | threshold N [K] | poker")
    parser.add_argument("--ladder", nargs=2, metavar=("OWNER", "VERSION"),
                        help="flag the account as a bot of OWNER (a person's account) and play the bot ladder")
    parser.add_argument("--trace", action="store_true", help="print every line sent (>) and received (<)")
    args = parser.parse_args(argv)
    try:
        choose = strategy(args.strategy)
    except ValueError as error:
        parser.error(str(error))
    player = Player(args.name, args.password, choose, args.open, args.players, args.games, args.room,
                    tuple(args.house_bot), tuple(args.ladder) if args.ladder else None)

    async def play() -> dict[str, Any]:
        trace = (lambda way, line: print(way, line, flush=True)) if args.trace else None
        return await run(await Connection.open(args.host, args.port, trace), player)

    try:
        final = asyncio.run(play())
    except BotError as error:
        sys.exit(f"{args.name}: {error}")
    game = final.get("game") or {}
    seats = final.get("seats", [])
    scores = {s["name"]: s["bases"] for s in game["seats"]} if game else {s["name"]: s["score"] for s in seats}
    print(json.dumps({"winner": final.get("winner"), "scores": scores}))


if __name__ == "__main__":
    main()
