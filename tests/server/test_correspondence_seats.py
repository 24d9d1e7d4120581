"""Many correspondence tables at once (issue 38): one live table at most besides them, moves aimed at the right
table ('roll @N', 'play N', refused as ambiguous), 'games' and 'next', the login line, tables that are never
abandoned for being empty, and two missed deadlines in a row letting the others vote a player out. In one process
(``GameServer`` over loopback telnet): these are rules of the tables, which the portal passes through unchanged; the
whole game over days runs through the portal in test_correspondence_days.py."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from support.clients import RawClient, play_until, player
from support.servers import running, settings_for


def corr(**overrides: object) -> dict[str, object]:
    return {"adjustable_clock": True, "ratings": {"min_moves": 1, "pair_daily_cap": 5, "address_daily_cap": 5},
            **overrides}


async def started(ann: RawClient, bob: RawClient, number: int, options: str = "") -> RawClient:
    """Ann opens table ``number`` (correspondence), Bob sits, Ann starts it: the one who is up."""
    await ann.command(f"table open pace=correspondence {options}", f"Table {number} is a correspondence table")
    await bob.command(f"sit {number}", "You sit down")
    await ann.command(f"play {number}", "your current table")
    ann.send("start")
    first = await ann.expect(r"--- (Your|Bob's) turn")  # (after the roll-off, ties thrown again)
    return ann if "Your" in first else bob


async def test_many_correspondence_seats_one_live_and_moves_aimed(tmp_path: Path) -> None:
    async with running(settings_for(tmp_path, **corr())) as server, player(server, "Ann") as ann, \
            player(server, "Bob") as bob:
        ups = [await started(ann, bob, number) for number in (1, 2, 3)]
        await ann.command("table open", "Table 4's rules")  # one live table beside them
        await ann.command("table open", r"You are sitting at table 4: 'leave' it first \(one live table")
        await bob.command("sit 4", "You sit down at table 4")
        await ann.command("leave", "You leave table 4")
        await bob.command("leave 4", "You leave table 4")
        mover = ups[0]
        other = bob if mover is ann else ann
        await other.command("roll @1", "It is not your turn|not your turn|It is .* turn")
        await mover.command("roll @1", r"You throw:")
        said = await other.command("games", r"(?s)Your correspondence games:.*?\n\[")
        assert re.search(r"\n +1 +Cosmic Wimpout +Ann, Bob +(Ann|Bob) ", said), said
        waiting = [number for number, up in zip((2, 3), ups[1:], strict=True) if up is other]
        if len(waiting) == 2:  # two tables wait on them, none chosen: the move names one
            await other.command("play 2", "your current table")
            await other.command("next", r"Table 3 is your current table")
        await ann.command("play 9", "There is no table 9|No table 9|no table")


async def test_login_line_next_and_never_abandoned(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, **corr(tables={"abandon_after": 1, "return_grace": 1}))
    async with running(settings) as server:
        async with player(server, "Ann") as ann, player(server, "Bob") as bob:
            up = await started(ann, bob, 1)
            name = "Ann" if up is ann else "Bob"
        async with player(server, "Cy") as cy:
            await cy.command("tables", r"Table 1")  # every person away past abandon_after: it stays open
            await cy.command("table open", "Table 2's rules")
            await cy.command("leave", "You leave table 2")
        async with player(server, name, create=False) as back:
            await back.expect(r"It is your move at table 1\.")
            await back.command("next", r"Table 1 is your current table")
            await back.command("roll", "You throw:")


async def test_two_missed_deadlines_let_the_others_vote_a_player_out(tmp_path: Path) -> None:
    async with running(settings_for(tmp_path, **corr())) as server, player(server, "Ann") as ann, \
            player(server, "Bob") as bob, player(server, "Wizard") as wiz:
        up = await started(ann, bob, 1, "days=1 goal=50")
        other, name = (bob, "Ann") if up is ann else (ann, "Bob")
        await other.command(f"vote remove {name}", "has not missed deadlines enough")
        await wiz.command("watch 1", "You watch table 1|watching table 1")
        missed: list[str] = []
        while len(set(missed)) == len(missed):  # nobody moves: deadlines pass until one misses a second
            await wiz.command("@clock +25h", "clock moved")
            missed.append((await wiz.expect(r"Time is up for (Ann|Bob)"))[len("Time is up for "):])
        lapsed = missed[-1]
        voter = bob if lapsed == "Ann" else ann
        await voter.expect(rf"{lapsed} has missed 2 deadlines in a row at table 1")
        await voter.command(f"vote remove {lapsed}", r"removed by the table")
        await play_until(voter, r"Table 1 is closed")  # (alone, to the goal)
        said = await voter.command(f"rating {lapsed}", r"(?s)Ratings of .*?rated game")
        shown = re.search(r"Cosmic Wimpout, correspondence: (\d+)", said)
        assert shown is not None and int(shown.group(1)) < 1000, said  # removed: a loss


@pytest.mark.slow
async def test_one_account_at_fifty_tables_with_bots(tmp_path: Path) -> None:
    """Issue 38's "Done when": one account at 50 correspondence tables, a house bot at each; 'games' and 'next' are
    right at every step, and each move goes to the table 'next' chose (its news and prompt name it)."""
    settings = settings_for(tmp_path, **corr(limits={"tables_per_hour": 100}, tables={"bot_pace": 0}))
    async with running(settings) as server, player(server, "Ann") as ann:
        for number in range(1, 51):
            await ann.command("table open pace=correspondence goal=50", f"Table {number} is a correspondence table")
            await ann.command("table bot add", f"Robby1.bot sits down at table {number}")
            await ann.command("start", r"a game of Cosmic Wimpout begins")
        for _ in range(60):  # (sixty moves: every step checked, not every game to its end)
            while any(live.bots is not None and not live.bots.done() for live in server.tables.live.values()):
                await asyncio.sleep(0.01)  # (the house bots' answers, each a task of its own, all made)
            said = await ann.command("games", r"(?s)(Your correspondence games:.*?|You sit at no .*?)\n\[")
            mine = {int(n) for n in re.findall(r"\n +(\d+)  Cosmic Wimpout ", said)}
            yours = [int(n) for n in re.findall(r"\n +(\d+)  Cosmic Wimpout +Ann, Robby1.bot +you ", said)]
            seated = {n: live.table for n, live in server.tables.live.items() if live.table.is_seated("Ann")}
            waiting = sorted(n for n, table in seated.items() if "Ann" in table.play.waiting_on())
            assert mine == set(seated) and yours == waiting, (mine, yours, waiting)  # those waiting on you first
            if not mine:
                break
            shown = await ann.command("next", r"Table (\d+) is your current table")
            number = int(re.search(r"\d+", shown).group())  # type: ignore[union-attr]
            assert number in waiting
            offered = (await ann.expect(rf"(?s)Table {number}: .*?You may: ([^\n]*)\."))
            options = offered.rpartition("You may: ")[2].rstrip(".").split(", ")
            ann.send("stop" if "stop" in options else options[0])
            await ann.expect(rf"\[T{number} ")  # the move's news, at that table


async def test_the_clock_moves_only_on_a_server_started_so(tmp_path: Path) -> None:
    async with running(settings_for(tmp_path)) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann:
        await wiz.command("@clock +1d", "This server's clock is the system's")
        await ann.command("@clock +1d", r"(?i)wizard|permission|not allowed|Huh")
        await wiz.command("@clock tomorrow", r"@clock \+N")
        assert not (tmp_path / "clock-offset").exists()
