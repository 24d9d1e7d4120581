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


async def _play_event(client: RawClient, event: int) -> list[int]:
    """Play every game the event seats ``client`` at, until it is over; the points told for each."""
    points = []
    while True:
        # the end waits for the other tables' last games (a whole game each, slow on a loaded machine)
        seen = await client.expect(rf"Event {event}, [^:]+: you play at table \d+|Event {event} is over\. Winner: \S+\.",
                                   within=60)
        if "is over" in seen:
            return points
        client._seen -= len(seen)  # (read again by _play_game)
        points.append((await _play_game(client, event))[1])


async def test_an_arena_runs_end_to_end_with_house_bots_and_two_people(make_server) -> None:
    async with make_server(events={**EVENTS, "arena_minutes": 0.15}) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        ann.name, bob.name = "Ann", "Bob"
        await ann.command("event join", "No event is running")
        await ann.command("event arena 30", "Only wizards open, start or stop events.")
        await wiz.command("event arena 30 goal=cheese", "goal")
        await wiz.command("event arena 30 wizardbot", "neither a table option")
        await wiz.command("event arena goal=100 optimal cautious", r"opens event 1, an arena: for 9 seconds")
        await ann.expect("opens event 1, an arena")
        await ann.command("events", r"Event 1: arena, \d+(\.\d)? seconds left; 2 entrants; tables: goal=100")
        await ann.command("event join", "You are in event 1.")
        # 'event join' answers before the pairing: Ann is seated before Bob joins, or the two could wait together
        # and be paired with each other for the whole arena (people sit with people first), no bot ever playing
        seated = await ann.expect(r"Event 1, arena game: you play at table \d+ \(Ann, Cautious\.bot\)\.")
        ann._seen -= len(seated)  # (read again by _play_event)
        await bob.command("event join 1", "You are in event 1.")
        ann_points, bob_points = await asyncio.gather(_play_event(ann, 1), _play_event(bob, 1))  # until time is up
        assert ann_points and bob_points and "Ann, Cautious.bot" in ann.text and "Bob, Optimal.bot" in bob.text
        assert all(points in (0, 2) for points in ann_points + bob_points)
        standings = await wiz.command("event standings 1", r"Event 1 \(arena, over\) standings:(\n  [^\n]*){4}")
        for name, points in (("Ann", ann_points), ("Bob", bob_points)):
            assert re.search(rf"{name} +{sum(points)} points  {len(points)} games", standings), standings
        assert re.search(r"Cautious\.bot +\d+ points  [1-9]\d* games", standings)
        await wiz.command("event arena 30 none", "opens event 2")
        await wiz.command("event stop 2", "Event 2 is stopped")
        await wiz.command("events", r"Event 2: arena, stopped by a wizard; 0 entrants[\s\S]*Event 1: arena, over")
    async with make_server(events=EVENTS) as server, player(server, "Cy") as cy:  # stored: a restart keeps them
        await cy.command("event standings 1", r"Event 1 \(arena, over\) standings:\n   1\. ")
        await cy.command("events", r"Event 1: arena, over; 4 entrants")


async def test_someone_joining_an_arena_while_a_pairing_reads_the_standings_is_seated(make_server) -> None:
    """A pairing reads the standings, then seats the queue: Bob joining between the two (his entry saved after the
    read) stays in the queue for his own pairing; he had been dropped from it and waited for ever."""
    async with make_server(events=EVENTS) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        store, read, was_read = server.services.store, server.services.store.standings, asyncio.Event()

        async def slow_read(number: int) -> list:
            """The first read (Ann's pairing) returns once Bob's join is saved (as on a loaded machine)."""
            lines = await read(number)
            if not was_read.is_set():
                was_read.set()
                async with asyncio.timeout(10):
                    while "Bob" not in server.services.events.running[number].queue:
                        await asyncio.sleep(0.01)
            return lines

        await wiz.command("event arena 5 goal=100 optimal cautious", "opens event 1, an arena")
        store.standings = slow_read
        await ann.command("event join", "You are in event 1.")
        await asyncio.wait_for(was_read.wait(), 10)  # Ann's pairing has read the standings, Bob not in them
        await bob.command("event join", "You are in event 1.")
        await ann.expect(r"Event 1, arena game: you play at table \d+ \(Ann, Cautious\.bot\)\.")
        await bob.expect(r"Event 1, arena game: you play at table \d+ \((Bob, Optimal\.bot|Ann, Bob)\)\.")  # (Ann's
        # first game may end in a bot's first turn, and Ann come back to the queue beside Bob)


async def test_someone_leaving_an_arena_while_a_pairing_seats_them_leaves_after_it(make_server) -> None:
    """A pairing seats the standings it read: Ann leaving while it opens her table leaves once it has (and plays that
    game out); she was told she had left, then seated at the event's table."""
    async with make_server(events=EVENTS) as server, player(server, "Wizard") as wiz, \
            player(server, "Ann") as ann, player(server, "Bob") as bob:
        store, open_table, opening = server.services.store, server.services.store.open_next_table, asyncio.Event()

        async def slow_open(*args: object) -> tuple[int, int]:
            """The pairing's table opens once Ann's leave is saved, or after a second (as on a loaded machine)."""
            opening.set()
            for _ in range(100):
                if not [line for line in await store.standings(1) if line.standing.name == "Ann" and line.active]:
                    break
                await asyncio.sleep(0.01)
            return await open_table(*args)  # type: ignore[no-any-return]

        await wiz.command("event arena 5 goal=100 none", "opens event 1, an arena")
        await ann.command("event join", "You are in event 1.")  # alone, with no house bot: she waits
        store.open_next_table = slow_open
        await bob.command("event join", "You are in event 1.")
        await asyncio.wait_for(opening.wait(), 10)  # Bob's pairing is opening a table for the two of them
        await ann.command("event leave", "You leave event 1")
        seated = re.search(r"Event 1, arena game: you play at table \d+", ann.text)
        assert seated and seated.start() < ann.text.index("You leave event 1"), ann.text


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
        ann._seen = bob._seen = 0  # their turn's moves may have come with the board at login
        winner = await asyncio.gather(play_until(ann, r"\*\*\* (\S+) WINS the game at table 1"),
                                      play_until(bob, r"\*\*\* (\S+) WINS the game at table 1"))
        assert winner[0] == winner[1]
        await ann.expect(r"Event 1: Ann \+\d, Bob \+\d|Event 1: Bob \+\d, Ann \+\d")
        await asyncio.gather(_play_game(ann, 1), _play_game(bob, 1))  # round 2: the same two (nobody else)
        await ann.expect(r"Event 1 is over\. Winner: \S+\.")
        await ann.command("event standings", r"Swiss event, over[^\n]*\n   1\. \S+ +[24] points  2 games")
        await ann.command("events", r"Event 1: Swiss event, over; 2 entrants")


async def test_an_arena_opens_by_itself_at_a_configured_time(make_server) -> None:
    now = time.time()
    times = [time.strftime("%H:%M", time.gmtime(now)), time.strftime("%H:%M", time.gmtime(now + 60))]
    events = {**EVENTS, "arena_times": times, "arena_minutes": 5, "house_bots": ["optimal"]}
    async with make_server(events=events) as server, player(server, "Ann") as ann:
        await ann.command("events", r"Event 1: arena, \d+(\.\d)? minutes left; 1 entrants; tables: goal=100")
        await ann.command("event join", "You are in event 1.")
        await ann.expect(r"Event 1, arena game: you play at table 1 \(Ann, Optimal\.bot\)")
