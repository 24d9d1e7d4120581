"""A command fuzzer over a socket: batches of random lines, each a word from the real command table with hostile
arguments (names in odd cases and spaces, numbers no one should type, escape sequences, bidi overrides, combining
marks, emoji, quotes, bytes that are not UTF-8), sent by a player seated at a table in play. After each batch: the
player is answered, a bystander at the same table is served (and plays on), the log holds no traceback, and every
open table's game, as saved, replays to the game in play."""

from __future__ import annotations

import asyncio
import re
from contextlib import AsyncExitStack

from hypothesis import HealthCheck, given, settings, strategies as st

from support.clients import RawClient, player
from engine.wimpout import Game
from engine.wimpout.events import event_from_dict
from support.serverlog import ServerLog, server_log
from support.jsonclients import validate
from server.app import GameServer
from server.commands.registry import REGISTRY

EXAMPLES = 40
LEAVES_THE_TEST = {"QUIT", "@shutdown"}
WORDS = sorted({word for c in REGISTRY.commands() for word in (c.name, *c.aliases)} - LEAVES_THE_TEST)
TOKENS = [
    # names, as people mistype them, and things that are not names
    "Ann", "ann", "ANN", " Bob ", "b", "Bob,Ann", "Robby1", "robby1.bot", "Nobody", "me", "here", "#1", "lobby", "pub",
    # numbers
    "-1", "0", "1", "2", "4", "10", "1e9", "99999999999999999999", "1.5", "NaN", "inf", "-0", "\u0663", "\u00b2",
    "0x10", "1_0",
    # table and turn words
    "open", "set", "add", "remove", "pace", "bot", "goal=100", "goal=-5", "bump", "eclipse=2", "lastlicks=D",
    "ntw=3", "hints=off", "kill=1", "cautious", "threshold", "optimal", "yes", "no", "sun", "keep", "list", "join",
    # what no one should type
    "", " ", "\t", "\x1b[2J\x1b[31m", "\u202eevil", "\u200b", "e\u0301\u0301\u0301", "\U0001f3b2", "\x00", "\x07", '"',
    "'", '"unclosed', "=", "==", "a=b=c", ";", ",", "x" * 300,
]
BAD_BYTES = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x80"]
"""Not UTF-8: a lone byte, a broken pair, an encoded surrogate, past U+10FFFF, a character cut short."""

argument = st.one_of(
    st.sampled_from(TOKENS).map(str.encode),
    st.sampled_from(BAD_BYTES),
    st.text(st.characters(blacklist_characters="\r\n"), max_size=12).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
AT_THE_TABLE = sorted(word for c in REGISTRY.commands() if c.category in ("table", "turn") for word in (c.name, *c.aliases))
"""Half the lines start with one of these: the table in play is what the fuzzer is after."""
line = st.builds(
    lambda word, parts, glue: word.encode() + b" " + glue.join(parts),
    st.one_of(st.sampled_from(AT_THE_TABLE), st.sampled_from(WORDS)), st.lists(argument, max_size=4),
    st.sampled_from([b" ", b"  ", b"=", b",", b""]),
)
json_line = line.filter(lambda sent: not sent.lower().startswith((b"@json ", b"json ")))
"""In JSON mode: anything but leaving it."""


class Table:
    """Ann (the fuzzer) and Bob (the bystander) at a table in play in the lobby: put back whenever the commands took
    them away from it, or it ended."""

    def __init__(self, server: GameServer, ann: RawClient, bob: RawClient) -> None:
        self.server, self.ann, self.bob = server, ann, bob
        self.markers = 0
        self.checked = 0
        """How much of what Ann (in JSON mode) was sent has been checked against the protocol."""

    async def ready(self) -> None:
        tables = self.server.tables
        live = tables.seat_of("Ann")
        if live is not None and live is tables.seat_of("Bob") and live.table.status.value == "playing":
            return
        for name in ("Ann", "Bob"):
            if self.server.world.location(name).key != "lobby":
                self.server.deliver(self.server.world.teleport(name, "lobby"))
        for client in (self.ann, self.bob):
            await client.command("leave yes", "")
            await client.command("unwatch", "")
        await self.answered(self.ann)
        number = (await self.ann.command("table open", r"You sit down at table \d+"))[len("You sit down at table "):]
        await self.bob.command(f"sit {number}", f"You sit down at table {number}")
        await self.ann.command("start", "Roll-off for the first turn")

    async def answered(self, client: RawClient) -> str:
        """Everything the client was sent up to the answer to a marker (a line a question took as its answer is run
        as a command after it: markers are sent until one comes back)."""
        start = len(client.text)
        for _ in range(3):
            self.markers += 1
            client.send(f"help zz{self.markers}")
            try:
                await client.expect(f'no help on \\\\?"zz{self.markers}\\\\?"')  # quotes escaped in JSON mode
                return client.text[start:]
            except AssertionError:
                continue
        raise AssertionError(f"no answer; got {client.text[start:][-2000:]!r}")

    async def bystander_plays(self) -> None:
        """Bob is served: he makes his move if the table waits for him (stop when he may), and is answered."""
        live = self.server.tables.seat_of("Bob")
        legal = live.table.view().legal.get("Bob", ()) if live is not None else ()
        if legal and live is not None and "Bob" in live.table.view().waiting_on:
            self.bob.send("stop" if "stop" in legal else legal[0])
        await self.answered(self.bob)

    def speaks_the_protocol(self) -> None:
        """Every whole line Ann was sent since the last check is one JSON object of the protocol, in ASCII."""
        whole, _, _ = self.ann.text[self.checked:].rpartition("\n")
        for sent in whole.split("\n"):
            if sent:
                validate("<", sent)
        self.checked += len(whole) + 1 if whole else 0

    async def replays(self) -> None:
        """Every open table's game, as saved, is the game in play."""
        for stored in await self.server.store.open_tables():
            live = self.server.tables.live.get(stored.number)
            if live is not None and live.table.play.game is not None:
                saved = Game.replay([event_from_dict(event) for event in stored.events])
                assert saved.state == live.table.play.game.state, f"table {stored.number} does not replay"


def fuzz(loop: asyncio.AbstractEventLoop, table: Table, log: ServerLog, json: bool = False) -> None:
    """Hypothesis in this worker thread; every line goes over the socket in the test's event loop."""

    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(json_line if json else line, min_size=1, max_size=6))
    def every_batch_is_survived(lines: list[bytes]) -> None:
        asyncio.run_coroutine_threadsafe(batch(lines), loop).result(120)

    async def batch(lines: list[bytes]) -> None:
        await table.ready()
        table.ann.send_bytes(b"".join(sent + b"\r\n" for sent in lines))
        await table.answered(table.ann)
        await table.bystander_plays()
        await table.replays()
        if json:
            table.speaks_the_protocol()
        log.assert_clean()

    every_batch_is_survived()


async def test_random_commands_with_hostile_arguments_at_a_table_in_play(make_server) -> None:
    async with make_server(tables={"turn_timer": 600, "insurance_window": 600},
                           limits={"command_burst": 100_000}) as server, AsyncExitStack() as stack:
        ann = await stack.enter_async_context(player(server, "Ann"))
        bob = await stack.enter_async_context(player(server, "Bob"))
        table = Table(server, ann, bob)
        with server_log() as log:
            await asyncio.to_thread(fuzz, asyncio.get_running_loop(), table, log)


async def test_random_commands_with_hostile_arguments_in_json_mode(make_server) -> None:
    """The same, from a bot in JSON mode: every line it is sent is also one message of the protocol."""
    async with make_server(tables={"turn_timer": 600, "insurance_window": 600},
                           limits={"command_burst": 100_000}) as server, AsyncExitStack() as stack:
        ann = await stack.enter_async_context(player(server, "Ann"))
        bob = await stack.enter_async_context(player(server, "Bob"))
        await ann.command("@json on", '"json":"on"')
        table = Table(server, ann, bob)
        table.checked = len(ann.text)
        with server_log() as log:
            await asyncio.to_thread(fuzz, asyncio.get_running_loop(), table, log, json=True)


ODD_ARGUMENTS = ["", " ", ",", "=", "==", ",=x", "x=", "=x", ":", " : ", '"', "'", "0", "-1", "Bob", "bob", "b", ",,,",
                 ";", "#", "#0", "yes", "no", "sun", "x" * 50, "\u200b", "\x1b[1m"]
SILENT_BY_DESIGN = {"idle"}
"""'idle' keeps the connection open and says nothing, as its help says."""
_MARKER_ANSWER = re.compile(r'There is no help on "zz\d+".*?game\.', re.S)
_PROMPT = re.compile(r"\[T\d[^\]\n]*\] > ?|^> ?|\n> ?")


async def test_every_command_with_odd_arguments_gets_an_answer(make_server) -> None:
    """Each command word alone with each odd argument, one line at a time, at a table in play: something is said
    back ('page ,=x' was answered with nothing at all)."""
    settings = {"tables": {"turn_timer": 600}, "limits": {"command_burst": 100_000}}
    async with make_server(**settings) as server, AsyncExitStack() as stack:
        ann = await stack.enter_async_context(player(server, "Ann"))
        bob = await stack.enter_async_context(player(server, "Bob"))
        table = Table(server, ann, bob)
        silent = []
        with server_log() as log:
            for word in sorted(set(WORDS) - SILENT_BY_DESIGN):
                for argument in ODD_ARGUMENTS:
                    await table.ready()
                    prefix = len(word) == 1 and not word.isalnum()  # '"hi', ':waves', '+pub hi'
                    sent = f"{word}{argument}" if prefix else f"{word} {argument}"
                    ann.send(sent)
                    shown = _PROMPT.sub("", _MARKER_ANSWER.sub("", await table.answered(ann))).strip()
                    if not shown:
                        silent.append(sent)
        assert not silent, silent
        log.assert_clean()
