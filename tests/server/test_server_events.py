"""Events over loopback: an arena and a Swiss event run end to end with house bots and two people (joined, seated by
the server, games played, points by finishing place, standings live and stored, the event over)."""

from __future__ import annotations

import asyncio
import re
import time

from support.clients import RawClient, play_until, player

EVENTS = {"options": "goal=100", "seats": 2}


async def _play_game(client: RawClient, event: int) -> tuple[str, int]:
    """Play the table the event seated ``client`` at to its end; the table's number and the points told."""
    seated = await client.expect(rf"Event {event}, [^:]+: you play at table (\d+) \(([^)]*)\)\.")
    table = int(re.search(r"at table (\d+)", seated)[1])
    await play_until(client, rf"\*\*\* \S+ WINS the game at table {table}")
    scored = await client.expect(rf"Event {event}: [^\n]*\.")
    return table, int(re.search(rf"{client.name} \+(\d+)", scored)[1])


async def test_an_arena_runs_end_to_end_with_house_bots_and_two_people(make_server) -> None:
    async with make_server(events=EVENTS) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        ann.name, bob.name = "Ann", "Bob"
        await ann.command("event join", "No event is running")
        await ann.command("event arena 30", "Only wizards open, start or stop events.")
        await wiz.command("event arena 30 goal=cheese", "goal")
        await wiz.command("event arena 30 wizardbot", "neither a table option")
        await wiz.command("event arena 30 goal=100 optimal cautious", "opens event 1, an arena: for 30 minutes")
        await ann.expect("opens event 1, an arena")
        await ann.command("events", r"Event 1: arena, 30 minutes left; 2 entrants; tables: goal=100")
        await ann.command("event join", "You are in event 1.")
        await bob.command("event join 1", "You are in event 1.")
        playing = asyncio.gather(_play_game(ann, 1), _play_game(bob, 1))
        await wiz.expect(r"\n> ")
        await asyncio.sleep(0.2)  # both seated: the first move of a game takes at least that long to ask for
        await wiz.command("event stop 1", "Event 1 is stopped")  # the games being played still count
        (table_a, points_a), (table_b, points_b) = await playing
        assert table_a != table_b and "Ann, Cautious.bot" in ann.text and "Bob, Optimal.bot" in bob.text
        for client in (ann, bob):
            await client.expect(r"Event 1 is over\. Winner: \S+\.")
        stopped = r"Event 1 \(arena, stopped by a wizard\) standings:"
        standings = await wiz.command("event standings 1", stopped + r"(\n  [^\n]*){4}")
        for name, points in (("Ann", points_a), ("Bob", points_b)):
            assert re.search(rf"{name} +{points} points  [12] games", standings), standings
        assert re.search(r"Cautious\.bot +\d+ points  1 games", standings)
        assert re.search(r"Optimal\.bot +\d+ points  1 games", standings)
    async with make_server(events=EVENTS) as server, player(server, "Cy") as cy:  # stored: a restart keeps them
        await cy.command("event standings", stopped + r"\n   1\. ")
        await cy.command("events", r"Event 1: arena, stopped by a wizard; 4 entrants")


async def test_a_swiss_event_runs_end_to_end_with_house_bots_and_two_people(make_server) -> None:
    async with make_server(events=EVENTS) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        ann.name, bob.name = "Ann", "Bob"
        await wiz.command("event swiss 2 goal=100 optimal cautious", "opens event 1, a Swiss event of 2 rounds")
        await ann.command("event join", "You play from the next round on")
        await bob.command("event join", "You play from the next round on")
        await ann.command("event standings", r"taking entries[^\n]*\n(  [^\n]*\n?){4}")
        await wiz.command("event start 1", "")
        for round in (1, 2):
            results = await asyncio.gather(_play_game(ann, 1), _play_game(bob, 1))
            assert all(points in (0, 2) for _, points in results)
            assert f"Event 1, round {round}: you play at table" in ann.text
        for client in (ann, bob):
            await client.expect(r"Event 1 is over\. Winner: \S+\.")
        standings = await bob.command("event standings 1", r"Event 1 \(Swiss event, over\) standings:(\n  [^\n]*){4}")
        assert len(re.findall(r"  2 games", standings)) == 4, standings  # two rounds, everyone at a table in each
        await wiz.command("event start 1", "There is no running event 1.")


async def test_a_swiss_event_goes_on_after_a_restart_in_the_middle_of_a_round(make_server) -> None:
    async with make_server(events=EVENTS) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        await wiz.command("event swiss 2 goal=100 none", "a Swiss event of 2 rounds")
        await wiz.command("event start 1", "No table of event 1 can be drawn")
        await ann.command("event join", "You play from the next round on")
        await bob.command("event join", "You play from the next round on")
        await wiz.command("event start 1", "")
        await ann.expect(r"Event 1, round 1: you play at table 1 \(Ann, Bob\)")
        await bob.expect(r"Event 1, round 1: you play at table 1 \(Ann, Bob\)")
    async with make_server(events=EVENTS) as server, player(server, "Ann", create=False) as ann, \
            player(server, "Bob", create=False) as bob:
        ann.name, bob.name = "Ann", "Bob"
        await ann.command("events", r"Event 1: Swiss event, round 1 of 2; 2 entrants")
        for client in (ann, bob):
            client.send("score")
        winner = await asyncio.gather(play_until(ann, r"\*\*\* (\S+) WINS the game at table 1"),
                                      play_until(bob, r"\*\*\* (\S+) WINS the game at table 1"))
        assert winner[0] == winner[1]
        await ann.expect(r"Event 1: Ann \+\d, Bob \+\d|Event 1: Bob \+\d, Ann \+\d")
        await asyncio.gather(_play_game(ann, 1), _play_game(bob, 1))  # round 2: the same two (nobody else)
        await ann.expect(r"Event 1 is over\. Winner: \S+\.")
        await ann.command("event standings", r"Swiss event, over[^\n]*\n   1\. \S+ +[24] points  2 games")


async def test_an_arena_opens_by_itself_at_a_configured_time(make_server) -> None:
    now = time.time()
    times = [time.strftime("%H:%M", time.gmtime(now)), time.strftime("%H:%M", time.gmtime(now + 60))]
    events = {**EVENTS, "arena_times": times, "arena_minutes": 5, "house_bots": ["optimal"]}
    async with make_server(events=events) as server, player(server, "Ann") as ann:
        await ann.command("events", r"Event 1: arena, \d+(\.\d)? minutes left; 1 entrants; tables: goal=100")
        await ann.command("event join", "You are in event 1.")
        await ann.expect(r"Event 1, arena game: you play at table 1 \(Ann, Optimal\.bot\)")
