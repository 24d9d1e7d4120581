"""The solved tables of the common goals ship with the server: a hint at goal 100 (the tutorial's), 200, 300 or 500
under the default rules is answered at once, never 'being solved' (issue 27, item 12); with three players it says it
is an estimate (item 8)."""

from __future__ import annotations

import pytest

from support.tablesetup import loaded_server, seated


@pytest.mark.parametrize("goal", [100, 200])
async def test_a_hint_at_a_common_goal_is_answered_at_once(make_server, tmp_path, goal: int) -> None:
    async with loaded_server(make_server, tmp_path, ["10 2"]) as server:
        async with seated(server, ["Ann", "Bob"], f"goal={goal}") as (ann, _):
            await ann.expect("--- Your turn")
            await ann.command("hint", r"Your chance of winning, best first:\n  roll +\d+\.\d%")
            assert "being solved" not in ann.text
            assert not list(server.solver.directory.glob("*.cwopt"))  # nothing was solved for it


async def test_with_three_players_the_hint_says_it_is_an_estimate_against_the_strongest(make_server, tmp_path) -> None:
    """The first roll's chance with three at the table is read from the two-player tables (issue 27, item 8)."""
    async with loaded_server(make_server, tmp_path, ["10 2 3"]) as server:
        async with seated(server, ["Ann", "Bob", "Cy"], "goal=100") as (ann, _, _):
            await ann.expect("--- Your turn")
            await ann.command("hint", r"Your chance of winning, best first \(an estimate: with more than two players,"
                                      r"\s+the\s+two-player tables are read against the strongest opponent")
            await ann.expect(r"roll +\d+\.\d%")
