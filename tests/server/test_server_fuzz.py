"""Every command, in every stage, given random text, Unicode digits, huge numbers and control characters, over a real
socket: nothing reaches ``command.failed`` (the player is never shown the internal-error apology)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from support.clients import RawClient, player, raw_client
from server.words import texts
from server.app import GameServer
from server.commands.registry import REGISTRY
from support.tablesetup import dice_script

LEAVE_THE_TEST = {"QUIT", "@shutdown"}
"""Commands that end the connection or the server under test."""
LEAVING = ("leave", "stand", "unwatch", "go", "@tel", "@destroy")
"""Commands that take the player out of the stage under test: sent last in each round."""
LAST_LICKS_GAME = ["10 2", "10 10 10 3 s4", "5 s2", "2 3 4 6 s5"]
EXAMPLES = 12
"""Rounds per stage in the normal run; each round sends every command form with one hostile value."""


def forms() -> list[str]:
    """Every command's usage forms, read from its help, with each placeholder, option value and number made ``{v}``."""
    lines: set[str] = set()
    for command in REGISTRY.commands():
        if command.name in LEAVE_THE_TEST:
            continue
        lines.add(f"{command.name} {{v}}")
        for form in re.split(r"\s{2,}or\s{2,}|\s+\|\s+|\s{2,}\(", command.usage):
            form = re.sub(r"<[^>]*>", "{v}", form.replace("[", " ").replace("]", " ").replace("...", ""))
            words = []
            for word in form.split():
                word = word.split("|")[0]
                if word == "option=value":
                    words.append("goal={v} eclipse={v} ntw={v} lastlicks={v}")
                elif "=" in word:
                    words.append(word.split("=")[0] + "={v}")
                elif word.isdigit() or word == "N":
                    words.append("{v}")
                else:
                    words.append(word)
            line = " ".join(words)
            if not line.startswith((command.name, *command.aliases)):
                line = f"{command.name} {line}"
            lines.add(line)
    return sorted(lines, key=lambda line: (line.startswith(LEAVING), line))


FORMS = forms()
unicode_digits = st.sampled_from(["²", "٣", "߀", "①", "𝟗", "৪", "Ⅻ", "½", "٣٤", "²=²"])
numbers = st.one_of(st.integers(-(10**40), 10**40), st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**20])).map(str)
controls = st.text(st.sampled_from("\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x85\u2028\u2029\u200b\u202e\ufeff\t"),
                   min_size=1, max_size=4)
free_text = st.text(st.characters(blacklist_characters="\r\n"), max_size=30)
hostile = st.one_of(unicode_digits, numbers, controls, free_text,
                    st.builds(lambda a, b: a + b, st.one_of(numbers, unicode_digits), controls))


class Prober:
    """Sends a line, then ``help`` on a marker until the marker comes back: the line's effects are all shown by
    then (a line that asked for a password took a marker as its answer, so markers are sent until one comes)."""

    def __init__(self, client: RawClient) -> None:
        self.client, self.marker = client, 0

    async def probe(self, line: str) -> str:
        start = len(self.client.text)
        self.client.send_bytes(line.encode("utf-8", "surrogatepass") + b"\r\n")
        for _ in range(4):
            self.marker += 1
            self.client.send(f"help zz{self.marker}")
            try:
                async with asyncio.timeout(3):
                    await self.client.expect(f'no help on \\\\?"zz{self.marker}\\\\?"')  # quotes escaped in JSON mode
                break
            except (TimeoutError, AssertionError):
                continue
        else:
            raise AssertionError(f"no answer after {line!r}")
        return self.client.text[start:]


def run_examples(loop: asyncio.AbstractEventLoop, prober: Prober, ready: Callable[[], Awaitable[Any]]) -> None:
    """Hypothesis in this worker thread; every line goes over the socket in the test's event loop."""

    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(hostile)
    def nothing_fails(value: str) -> None:
        shown = asyncio.run_coroutine_threadsafe(ready_then_probe(value), loop).result(120)
        assert texts.INTERNAL_ERROR not in shown, f"{value!r} -> {shown[-3000:]!r}"

    async def ready_then_probe(value: str) -> str:
        await ready()
        return await prober.probe("\r\n".join(form.replace("{v}", value) for form in FORMS))

    nothing_fails()


async def fuzz(client: RawClient, ready: Callable[[], Awaitable[Any]] | None = None) -> None:
    async def nothing() -> None:
        return None

    await asyncio.to_thread(run_examples, asyncio.get_running_loop(), Prober(client), ready or nothing)


async def seat_again(server: GameServer, wizard: RawClient, bob: RawClient, start: bool) -> None:
    """Put Wizard (and Bob) back at a table, waiting or playing, if random commands took them away."""
    live = server.tables.seat_of("Wizard")
    if live is not None and live.table.status.value == ("playing" if start else "waiting"):
        return
    for client in (wizard, bob):
        await client.command("leave yes", "")
    number = (await wizard.command("table open goal=100", r"You sit down at table \d+"))[len("You sit down at table "):]
    if start:
        room = server.world.location("Wizard").key
        if server.world.location("Bob").key != room:
            server.deliver(server.world.teleport("Bob", room))  # wherever random commands took Wizard
        await bob.command(f"sit {number}", f"You sit down at table {number}")
        await wizard.command("start", "Roll-off for the first turn")


async def test_random_lines_logged_out(make_server) -> None:
    async with make_server(limits={"command_burst": 100_000}) as server, raw_client(server) as stranger:
        await fuzz(stranger)


async def test_random_lines_in_a_room_and_at_a_table(make_server) -> None:
    async with make_server(limits={"command_burst": 100_000}) as server, AsyncExitStack() as stack:
        wizard = await stack.enter_async_context(player(server, "Wizard"))
        bob = await stack.enter_async_context(player(server, "Bob"))
        await fuzz(wizard)
        await fuzz(wizard, lambda: seat_again(server, wizard, bob, start=False))
        await fuzz(wizard, lambda: seat_again(server, wizard, bob, start=True))


async def test_random_lines_in_last_licks(make_server, tmp_path: Path) -> None:
    script = dice_script(tmp_path, LAST_LICKS_GAME)
    async with make_server(tables={"dice_script": script, "turn_timer": 600, "insurance_window": 600},
                           limits={"command_burst": 100_000}) as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob:
            await ann.command("table open goal=100", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Roll-off")
            await ann.command("roll", "Turn total: 100")
            await ann.command("roll", "Turn total: 105")
            await ann.command("stop", "LAST LICKS!")
            await bob.expect("You may: roll.")
            await fuzz(bob)
