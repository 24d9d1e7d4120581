"""Every storage backend keeps the same promises: the store's methods, table numbers and game ids from the database,
and the server end to end (login, a game played to its end, a restart with a fresh data directory, a kill in the
middle of a game) - each test once on SQLite and once on PostgreSQL (``store_url``; the other store tests do the
same in their own modules). Then what only PostgreSQL has to show (its group commit, its durability; its migrations
are in ``test_server_store_migrations``), and carrying a store from one backend to the other."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

import pytest

from rooms.model import Exit, Room
from server.store import (
    DEFAULT_GAME, Channel, Finish, NameTaken, PlayedGame, Restriction, Result, Store, StoreError,
    store_at,
)
from server.store.postgresql import PostgresStore, pgcommit
from server.competition.ratingmodel import Rating
from server.wimpout.wimpoutresults import TALLY
from support.clients import player
from support.storedb import database
from support.servers import console, console_server, free_port, running, settings_for
from support.tablesetup import LAST_LICKS_GAME, dice_script, play_to_last_licks, scoreboard, seated

if TYPE_CHECKING:
    from support.pgcluster import Cluster


FIGURES = {"best_turn": 105, "freight_trains": 1, "train_wrecks": 0, "supernovas": 0}


def lasting(store_url: str, tmp_path: Path) -> str:
    """A store URL that outlives the data directory: the PostgreSQL database, or SQLite's file in its own directory."""
    return store_url or f"sqlite:{tmp_path / 'db'}"


async def opened(url: str, tmp_path: Path) -> Store:
    store = store_at(url, tmp_path / "data", {DEFAULT_GAME: TALLY})
    await store.open()
    return store


async def test_a_store_keeps_what_it_is_given(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        ann = await store.create("Ann", "ann", "hash")
        outcomes = await asyncio.gather(store.create("ANN", "ann", "x"), store.create("Bob", "bob", "hash"),
                                        return_exceptions=True)
        assert isinstance(outcomes[0], NameTaken) and outcomes[0].existing == "Ann" and outcomes[1].name == "Bob"
        assert await store.find("ann") == ann and await store.find("nobody") is None
        await asyncio.gather(store.set_doing("ann", "rolling"), store.set_banned("bob", True),
                             store.set_builder("ann", True), store.set_password_hash("ann", "new"), store.touch(["ann"]))
        found = await store.find("ann")
        assert (found.doing, found.builder, found.password_hash, (await store.find("bob")).banned) == ("rolling", True, "new", True)
        assert found.last_seen is not None
        assert await store.set_wizard("ann", True) and not await store.set_wizard("Nobody", True)
        assert (await store.find("ann")).wizard

        await store.set_preference("ann", "cubes", "compact")
        await store.set_preference("ann", "cubes", "wide")
        await asyncio.gather(store.set_ignored("ann", "Bob", True), store.set_ignored("ann", "Bob", True))
        await store.set_location("ann", "den")
        await store.set_location("ann", "lobby")
        assert await store.preferences("ann") == {"cubes": "wide"} and await store.ignored("ann") == {"Bob"}
        assert await store.location("ann") == "lobby" and await store.location("bob") is None
        await store.set_ignored("ann", "Bob", False)
        assert await store.ignored("ann") == set()

        assert [c.name for c in await store.channels()] == ["pub", "games"]
        assert await store.memberships("ann") == {"pub"}
        await store.create_channel(Channel("lounge", "Quiet talk", False))
        await asyncio.gather(store.set_member("LOUNGE", "ann", True), store.set_member("games", "ann", True))
        await store.set_member("games", "ann", False)
        assert [c.name for c in await store.channels()] == ["pub", "games", "lounge"]
        assert await store.memberships("ann") == {"pub", "LOUNGE"}
        await store.restrict("ann", Restriction("lounge", None, "Wiz", "spam"), "lounge")
        await store.restrict("ann", Restriction("*", 5.0, "Wiz", "shouting"), "*")
        await store.restrict("ann", Restriction("*", 9.0, "Wiz", "again"), "*")
        assert await store.restrictions("ann") == {"lounge": Restriction("lounge", None, "Wiz", "spam"),
                                                   "*": Restriction("*", 9.0, "Wiz", "again")}
        await store.destroy_channel("lounge")
        assert await store.memberships("ann") == {"pub"} and list(await store.restrictions("ann")) == ["*"]
        await store.restrict("ann", None, "*")
        assert await store.restrictions("ann") == {}
        for action in ("mute", "unmute", "ban"):
            await store.record("Wiz", action, "ANN", "why")
        assert [e.action for e in await store.moderation("ann", 2)] == ["ban", "unmute"]

        assert await store.world() is None
        den = Room("den", "The Den", "Cosy.", (Exit("out", "lobby", ("o",)),), "ann")
        lobby = Room("lobby", "Lobby", "Big.", (Exit("den", "den", ()),), None)
        await store.seed_world([lobby, Room("attic", "Attic", "Dusty.", (), None)], "lobby")
        await store.save_rooms([den])
        assert await store.world() == ([lobby, Room("attic", "Attic", "Dusty.", (), None), den], "lobby")
        await store.delete_room("den", [Room("lobby", "Lobby", "Big.", (), None)])
        assert await store.world() == ([Room("lobby", "Lobby", "Big.", (), None), Room("attic", "Attic", "Dusty.", (), None)], "lobby")
    finally:
        await store.close()


async def test_mail_is_kept_read_and_deleted(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        await asyncio.gather(store.send_letter("bruno", "Ann", 1000.5, "first", 10),
                             store.send_letter("cy", "Ann", 1001.0, "x", 10))
        await store.send_letter("bruno", "Cy", 1002.0, "second " + "y" * 100, 10)
        first, second = await store.letters("bruno")
        assert (first.sender, first.sent_at, first.preview, first.read) == ("Ann", 1000.5, "first", False)
        assert second.preview == ("second " + "y" * 100)[:41]  # headers: a letter's start, never its whole body
        assert await store.letter_body("bruno", second.id) == "second " + "y" * 100
        assert await store.letter_body("cy", second.id) is None
        await store.mark_read("bruno", first.id)
        await store.mark_read("cy", second.id)  # (not Cy's letter: nothing changes)
        assert await store.delete_letters("cy", [second.id]) == 0
        assert [(letter.sender, letter.read) for letter in await store.letters("bruno")] == [("Ann", True), ("Cy", False)]
        assert await store.delete_letters("bruno", [first.id]) == 1
        assert [letter.sender for letter in await store.letters("bruno")] == ["Cy"]
        assert [letter.preview for letter in await store.letters("cy")] == ["x"]
        assert await store.send_letter("cy", "Bo", 1003.0, "y", 2) and not await store.send_letter("cy", "Bo", 1004, "z", 2)
        assert await store.delete_letters("cy", None) == 2 and await store.letters("cy") == []
    finally:
        await store.close()


async def test_tables_and_their_games(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        _, first = await store.open_next_table("lobby", {"goal": 100}, ["Ann"])
        _, second = await store.open_next_table("den", {}, ["Cy"])
        await asyncio.gather(store.set_pace(second, 2.5), store.set_learner(second, "Cy"))
        await store.save_table(first, {"goal": 100}, ["Ann", "Bob"], {"Rob.bot": ["cautious"]}, "playing", 0,
                               [{"kind": "a"}, {"kind": "b", "n": [1, 2]}])
        tables = await store.open_tables()
        assert [(t.number, t.seats, t.status, t.events, t.bots, t.pace, t.learner, t.game) for t in tables] == [
            (1, ["Ann", "Bob"], "playing", [{"kind": "a"}, {"kind": "b", "n": [1, 2]}], {"Rob.bot": ["cautious"]}, None,
             None, DEFAULT_GAME),
            (2, ["Cy"], "waiting", [], {}, 2.5, "Cy", DEFAULT_GAME),
        ]
        assert await store.game_events(first) is None  # not over yet
        bob = {**FIGURES, "best_turn": 40, "train_wrecks": 1}
        finish = Finish("Ann", [Result("Ann", True, 105, False, FIGURES), Result("Bob", False, 40, False, bob)])
        await store.save_table(first, {"goal": 100}, ["Ann", "Bob"], {}, "over", 2, [{"kind": "c"}], finish)
        await store.close_table(second, "closed")
        await store.renumber_table(first, 7)
        assert await store.open_tables() == [] and await store.finished_without_results() == []
        assert await store.game_events(first) == PlayedGame(7, [{"kind": "a"}, {"kind": "b", "n": [1, 2]}, {"kind": "c"}],
                                                            DEFAULT_GAME)
        [line] = await store.history("ann", 5)
        assert (line.game_id, line.players, line.winner, line.score, line.bots) == (first, "Ann, Bob", "Ann", 105, False)
        assert (await store.stats("BOB")).figures == bob and (await store.stats("Bob")).games == 1
        assert [(name, stats.wins) for name, stats in await store.top(5)] == [("Ann", 1), ("Bob", 0)]
        _, third = await store.open_next_table("lobby", {}, ["Ann", "Bob"])
        await store.save_table(third, {}, ["Ann", "Bob"], {}, "over", 0, [{"kind": "z"}])
        assert [g.game_id for g in await store.finished_without_results()] == [third]
        await store.finish_game(third, Finish("Bob", [Result("Ann", False, 1, False, FIGURES),
                                                      Result("Bob", True, 2, False, FIGURES)]))
        assert [g.game_id for g in await store.history("Bob", 5)] == [third, first]
    finally:
        await store.close()


async def test_ratings_in_the_transaction_of_the_results_and_unrated_games_left_out(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        def finish(winner: str, loser: str, rated: bool = True) -> Finish:
            return Finish(winner, [Result(winner, True, 105, winner.endswith(".bot"), FIGURES),
                                   Result(loser, False, 40, loser.endswith(".bot"), FIGURES)], rated)

        _, first = await store.open_next_table("lobby", {}, ["Ann", "Rob.bot"])
        [ann, bot] = await store.save_table(first, {}, ["Ann", "Rob.bot"], {}, "over", 0, [], finish("Ann", "Rob.bot"))
        assert (ann.player, ann.before, ann.after.games, bot.bot) == ("Ann", Rating(), 1, True)
        assert ann.after.mu > ann.before.mu and bot.after.mu < bot.before.mu and ann.after.provisional
        assert await store.ratings("ANN") == {DEFAULT_GAME: ann.after}
        _, tutorial = await store.open_next_table("lobby", {}, ["Ann", "Teacher.bot"])
        await store.set_learner(tutorial, "Ann")
        _, off = await store.open_next_table("lobby", {}, ["Ann", "Rob.bot"], rated=False)
        _, scripted = await store.open_next_table("lobby", {}, ["Ann", "Rob.bot"])
        assert [t.rated for t in await store.open_tables()] == [False, False, True]
        for game, winner, loser, rated in ((tutorial, "Ann", "Teacher.bot", True), (off, "Rob.bot", "Ann", True),
                                          (scripted, "Ann", "Rob.bot", False)):
            assert await store.save_table(game, {}, [winner, loser], {}, "over", 0, [], finish(winner, loser, rated)) == []
        assert await store.ratings("Ann") == {DEFAULT_GAME: ann.after}  # none of the three moved it
        assert (await store.stats("Ann")).games == 1 and [name for name, _ in await store.top(5)] == ["Ann"]
        assert [(g.game_id, g.rated) for g in await store.history("Ann", 5)] == [
            (scripted, False), (off, False), (tutorial, False), (first, True)]
        assert await store.rating_board(DEFAULT_GAME, False, 5) == [("Ann", ann.after)]
        assert await store.rating_board(DEFAULT_GAME, True, 5) == [("Rob.bot", bot.after)]
        assert await store.rating_board("pig", False, 5) == [] and await store.ratings("Cy") == {}
    finally:
        await store.close()


async def test_table_numbers_and_game_ids_come_from_the_database(store_url: str, tmp_path: Path) -> None:
    """The lowest number no open table has, chosen in the write that opens the table: two stores on one database
    (two processes) never take one number or one game id twice."""
    url = lasting(store_url, tmp_path)
    one, two = await opened(url, tmp_path), await opened(url, tmp_path)
    try:
        opened_tables = await asyncio.gather(*(store.open_next_table("lobby", {}, ["Ann"]) for store in (one, two, one, two)))
        assert sorted(number for number, _ in opened_tables) == [1, 2, 3, 4]
        assert len({game_id for _, game_id in opened_tables}) == 4
        first = dict(opened_tables)[1]
        await one.close_table(first, "closed")
        number, game_id = await two.open_next_table("den", {}, ["Bob"])
        assert number == 1 and game_id > max(g for _, g in opened_tables)
    finally:
        await one.close()
        await two.close()


async def test_login_a_game_to_its_end_and_a_restart_with_a_fresh_data_directory(store_url: str, tmp_path: Path) -> None:
    url = lasting(store_url, tmp_path)
    script = {"dice_script": str(tmp_path / "dice.txt"), "turn_timer": 600, "insurance_window": 600}
    (tmp_path / "dice.txt").write_text("\n".join(LAST_LICKS_GAME) + "\n")
    async with running(settings_for(tmp_path / "first", store={"url": url}, tables=script)) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
            await play_to_last_licks(ann)
            await bob.command("roll", r"Table 1 is closed: the game is over \(game #1")
            await ann.command("@doing back soon", "back soon|Doing")
    async with running(settings_for(tmp_path / "second", store={"url": url})) as server:
        async with player(server, "Ann", create=False) as ann, player(server, "Cy") as cy:
            await ann.command("history", r"#1 .* Ann, Bob; won by Ann; Ann scored 105")
            await cy.command("stats Bob", "Bob has no finished games.")  # scripted dice: not counted
            await cy.command("WHO", "back soon")
            await ann.command("table open", "You sit down at table 1.")
            assert [t.game_id for t in await server.store.open_tables()] == [2]


async def test_a_killed_server_keeps_characters_and_games_with_a_fresh_data_directory(
        store_url: str, tmp_path: Path, monkeypatch) -> None:
    """The console program with ``COSMIC_STORE__URL``, killed in the middle of a game after another ended, started
    again from another directory on fair dice: the store alone brings back the characters, the finished game and
    the game in play."""
    monkeypatch.setenv("COSMIC_STORE__URL", lasting(store_url, tmp_path))
    port = free_port()
    address = SimpleNamespace(port=port)
    dice = dice_script(tmp_path, [*LAST_LICKS_GAME, "10 2", "10 5 2 3 s2"])
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    async with console_server(tmp_path / "one", port, "--dice-script", dice) as process:
        async with player(address, "Ann") as ann, player(address, "Bob") as bob:
            for client in (ann, bob):
                await client.command("@set cubes=compact", "Set: cubes=compact")
            for game in (1, 2):
                await ann.command("table open goal=100", "You sit down at table 1.")
                await bob.command("sit", "You sit down at table 1.")
                await ann.command("start", "Your turn")
                if game == 1:
                    await play_to_last_licks(ann)
                    await bob.command("roll", r"Table 1 is closed: the game is over \(game #1")
            await ann.command("roll", r"You throw: \[10\] \[5\] \[2\] \[3\] \[s2\]")
            before = await scoreboard(ann, 1)
            process.send_signal(signal.SIGKILL)
            await ann.closed()
            await process.wait()
    async with console_server(tmp_path / "two", port):
        async with player(address, "Ann", create=False) as ann, player(address, "Bob", create=False) as bob:
            await ann.expect("You are back at table 1.")
            await bob.expect("You are back at table 1.")
            assert await scoreboard(ann, 1) == before
            await bob.command("history", r"#1 .* Ann, Bob; won by Ann; Bob scored \d+")
            ann.send("roll")  # the game goes on, on the new process's fair dice
            await bob.expect("Ann throws")


def test_the_store_url_chooses_the_backend_by_its_scheme(tmp_path: Path) -> None:
    assert store_at("", tmp_path).where == store_at("sqlite:", tmp_path).where == str(tmp_path / "cosmic.sqlite3")
    assert store_at(f"sqlite:{tmp_path / 'elsewhere'}", tmp_path).where == str(tmp_path / "elsewhere" / "cosmic.sqlite3")
    for url in ("postgresql://cosmic@db:5432/wimpout", "postgres://cosmic@db/wimpout"):
        assert isinstance(store_at(url, tmp_path), PostgresStore)
    assert store_at("postgresql://cosmic:secret@db/wimpout", tmp_path).where == "postgresql://cosmic:***@db/wimpout"
    assert store_at("postgresql://db/wimpout?password=secret&user=cosmic", tmp_path).where == (
        "postgresql://db/wimpout?password=***&user=cosmic")
    with pytest.raises(StoreError, match="names no storage backend"):
        store_at("mysql://cosmic@db/wimpout", tmp_path)


async def test_a_postgresql_server_out_of_reach_is_a_store_error(tmp_path: Path) -> None:
    """The server and the console say why and stop (no traceback), as for a SQLite database they cannot use."""
    store = store_at(f"postgresql://cosmic@127.0.0.1:{free_port()}/wimpout", tmp_path)
    with pytest.raises(StoreError, match="Connection refused"):  # (not "no database": issue 36, low)
        store.exists()
    with pytest.raises(StoreError, match="cannot use the database postgresql://cosmic@127.0.0.1:.*/wimpout"):
        await store.open()


# -- PostgreSQL's own ------------------------------------------------------------------------------------------------


async def test_postgresql_group_commit_is_durable_and_undoes_a_failure_alone(postgres_cluster: Cluster, monkeypatch) -> None:
    """Every pooled connection commits synchronously; the writes of one loop turn share one transaction, the next
    turns' writes follow together when it is done, and one that fails is undone alone."""
    commits: list[int] = []
    commit_group = pgcommit.commit_group

    async def counted(db, works):  # type: ignore[no-untyped-def]
        commits.append(len(works))
        return await commit_group(db, works)

    monkeypatch.setattr(pgcommit, "commit_group", counted)
    store = PostgresStore(postgres_cluster.create())
    await store.open()
    try:
        setting = await store._run(lambda db: pgcommit.fetchone(db, "SHOW synchronous_commit"))
        assert setting == ("on",)
        outcomes = await asyncio.gather(
            store.create("Igor", "lgor", "hash"), store.create("IGOR", "lgor", "hash"),
            *(store.create(f"Bot{i}", f"bot{i}", "hash") for i in range(30)), return_exceptions=True,
        )
        assert isinstance(outcomes[1], NameTaken) and outcomes[0].name == "Igor"
        assert commits == [32]
        assert None not in [await store.find(f"bot{i}") for i in range(30)]
        first = asyncio.create_task(store.set_doing("lgor", "one"))
        while not first.done() and (store._committer is None or store._committer.done() or store._handed):
            await asyncio.sleep(0)  # until its commit is on its way (or done: a fast commit is never seen on it)...
        later = [store.set_doing("bot1", "two"), store.set_doing("bot2", "three")]  # ...these follow, together
        await asyncio.gather(first, *later)
        assert commits[1:] == [1, 2]
        _, game = await store.open_next_table("lobby", {}, ["Igor"])
        outcomes = await asyncio.gather(  # the server refuses the second (its event's number is taken), seen later
            store.save_table(game, {}, ["Igor"], {}, "playing", 0, [{"kind": "a"}]),
            store.save_table(game, {}, ["Igor"], {}, "playing", 0, [{"kind": "b"}]),
            store.set_doing("bot3", "four"), return_exceptions=True,
        )
        assert outcomes[0] == [] and outcomes[2] is None and "duplicate key" in str(outcomes[1])
        assert (await store.open_tables())[0].events == [{"kind": "a"}] and (await store.find("bot3")).doing == "four"
    finally:
        await store.close()
    with pytest.raises(RuntimeError, match="closed"):
        await store.set_doing("lgor", "after")


async def test_store_copy_to_postgresql_and_back(postgres_cluster: Cluster, tmp_path: Path) -> None:
    """``cosmic-wimpout store copy``: a SQLite store into an empty PostgreSQL one, checked, and from there into a new
    SQLite one a server then starts on with everything."""
    data, back = tmp_path / "data", tmp_path / "back"
    (tmp_path / "dice.txt").write_text("\n".join(LAST_LICKS_GAME) + "\n")
    script = {"dice_script": str(tmp_path / "dice.txt"), "turn_timer": 600, "insurance_window": 600}
    async with running(settings_for(data, tables=script)) as server:
        async with player(server, "Wizard") as wiz:
            await wiz.command("@dig The Vault=vault,out", "The Vault is dug as #1.")
            async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, bob):
                await play_to_last_licks(ann)
                await bob.command("roll", r"Table 1 is closed")
                await ann.command("table open", "You sit down at table 1.")
    url = postgres_cluster.create()
    code, said = await console("store", "copy", "--to", url, "--data-dir", str(data))
    assert code == 0 and "1 finished game replayed, each to its stored winner" in said, said
    code, said = await console("store", "copy", "--to", url, "--data-dir", str(data))
    assert code == 1 and "is not empty (its accounts has rows)" in said, said
    code, said = await console("store", "copy", "--from", url, "--to", f"sqlite:{back}")
    assert code == 0 and "the same counts, 1 finished game replayed" in said, said
    async with running(settings_for(tmp_path / "fresh", store={"url": f"sqlite:{back}"})) as server:
        async with player(server, "Ann", create=False) as ann, player(server, "Wizard", create=False) as wiz:
            await ann.expect("You are back at table 1.")
            await ann.command("history", r"#1 .* Ann, Bob; won by Ann; Ann scored 105")
            await wiz.command("vault", "The Vault")
            await wiz.command("table open", "You sit down at table 2.")
            assert [t.game_id for t in await server.store.open_tables()] == [2, 3]  # ids go on after the copied ones


async def test_unfinished_funhouse_runs_are_pruned_after_a_while(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        old = await store.create_fun_run("Ann", 1000.0, None, "barrels", [])
        first_daily = await store.create_fun_run("Ann", 1000.0, "2026-01-01", None, [])
        second_daily = await store.create_fun_run("Ann", 1001.0, "2026-01-01", None, [])
        done = await store.create_fun_run("Ann", 1000.0, None, "barrels", [])
        await store.save_fun_run(done, [], 12)
        new = await store.create_fun_run("Ann", 5000.0, None, "barrels", [])
        assert await store.prune_old_fun_runs(2000.0) == 2
        assert [r.run_id for r in await store.fun_runs("Ann", 10)] == [new, done, first_daily]
        assert old and second_daily
    finally:
        await store.close()


async def test_store_copy_notices_a_hole_in_a_games_events(tmp_path: Path) -> None:
    """Issue 36: an older release's failed save left a game's events numbered 15 then 21; ``store copy`` copied it
    without a word. Its check now says which game and where (an open game's too, which no replay reaches)."""
    data = tmp_path / "data"
    (tmp_path / "dice.txt").write_text("\n".join(LAST_LICKS_GAME) + "\n")
    script = {"dice_script": str(tmp_path / "dice.txt"), "turn_timer": 600, "insurance_window": 600}
    async with running(settings_for(data, store={"url": "sqlite:"}, tables=script)) as server:
        async with seated(server, ["Ann", "Bob"], "goal=100") as (ann, _):
            await play_to_last_licks(ann)  # (Bob's last turn to come: the game is open)
    with database(data, "sqlite:") as db:
        (count,) = db.execute("SELECT COUNT(*) FROM game_events WHERE game = 1").fetchone()
        assert count > 3
        db.execute("DELETE FROM game_events WHERE game = 1 AND seq = 2")
    code, said = await console("store", "copy", "--to", f"sqlite:{tmp_path / 'copy'}", "--data-dir", str(data))
    assert code == 1 and "game #1: its events have a hole (event 2 is missing, the next is 3)" in said, said
