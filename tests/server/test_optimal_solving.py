"""Rules without shipped tables are solved in a worker process, cached under the data directory, and the table is
told when 'hint' (and optimal bots) can use them. A real solve: the cheapest covered rules (goal 100, one lick)."""

from __future__ import annotations

import re

import pytest

from support.clients import player
from support.tablesetup import loaded_server

from server.wimpout.solutions import table_file
from rooms.wimpout.wimpoutview import parse_options

pytestmark = pytest.mark.slow

READY = "rules are ready: 'hint'"


async def test_other_rules_are_solved_in_a_worker_and_the_table_is_told(make_server, tmp_path) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command("table open goal=100 lastlicks=single", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Roll-off")
            await ann.command("hint", "The optimal tables for this table's rules are being solved")
            await ann.command("look", "Obvious exits")  # the server answers meanwhile: the solve is elsewhere
            for _ in range(60):  # each wait is the client's guard; a solve takes seconds of CPU
                try:
                    await ann.expect(READY)
                    break
                except AssertionError:
                    continue
            await bob.expect(READY)
            await ann.command("hint", r"Your chance of winning, best first:\n  roll +\d+\.\d%")
    told = [int(percent) for percent in re.findall(r"table 1's rules: solving, (\d+)% done", ann.text)]
    assert told and told == sorted(set(told)) and all(percent % 10 == 0 and 0 < percent < 100 for percent in told)
    rules = parse_options(["goal=100", "lastlicks=single"])
    assert (server.settings.data_dir / "optimal" / table_file(rules)).is_file()


async def test_review_of_rules_not_yet_solved_asks_for_a_solve_and_says_so(make_server, tmp_path) -> None:
    """'review' reads the tables in a thread: asking for a solve from there must reach the server's loop."""
    throws = ["6 3", "10 3 4 6 S", "2 3 4", "6 6 6 6 s6"]
    async with loaded_server(make_server, tmp_path, throws) as server, player(server, "Ann") as ann:
        async with player(server, "Bob") as bob:
            await ann.command("table open goal=110", "You sit down at table 1.")
            await bob.command("sit", "You sit down at table 1.")
            await ann.command("start", "Roll-off")
            await ann.command("roll", "keep sun 10")
            await ann.command("keep sun 10", "Turn total")
            await ann.command("roll", "WIMPOUT")
            await bob.command("roll", "INSTANT WINNER")
            await ann.command("review 1", "The optimal tables for this table's rules are being solved")
