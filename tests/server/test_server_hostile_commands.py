"""Commands misused on purpose or by accident, over real sockets: wrong state, odd answers to the server's questions,
names and numbers no one should type. Each gets a message; the sender, a bystander and the table carry on, and the
log holds no traceback."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
from contextlib import AsyncExitStack
from importlib import resources
from pathlib import Path
from typing import Any

from support.clients import RawClient, player, raw_client
from support.serverlog import server_log
from engine.wimpout import RuleSet
from server.wimpout.solutions import table_file
from server.wimpout import solving
from server.app import GameServer
from server.store import RatingChange
from support.tablesetup import seated


async def answered(client: RawClient, marker: str) -> None:
    """The connection still reads and answers commands (``help`` on a topic that does not exist)."""
    client.send(f"help {marker}")
    await client.expect(f'no help on "{marker}"')


async def test_an_answer_to_leave_s_question_runs_as_a_command_of_its_own(make_server) -> None:
    """'leave' in a game asks first; an answer that is not yes (nor no) is then run as a command. It was run inside
    'leave': 'leave' answering 'leave' nested without end (RecursionError, command.failed, after a few hundred), past
    the command throttle, and an answer too long to be a line was run cut short instead of refused."""
    async with make_server(tables={"turn_timer": 600}, limits={"command_burst": 100_000}) as server:
        async with seated(server, ["Ann", "Bob"]) as (ann, bob):
            with server_log() as log:
                ann.send_bytes(b"leave\r\n" * 2000)
                await answered(ann, "after")
                ann.send_bytes(b"leave\r\nsay " + b"x" * 5000 + b"\r\n")
                await ann.expect(r"Leave\? \(yes/no\)")
                await ann.expect("You stay at table 1.")
                await ann.expect("That line was longer than 4000 bytes and was ignored.")
                await answered(ann, "later")
                await bob.command("say still playing", 'You say, "still playing"')
                await ann.expect('Bob says, "still playing"')
                await ann.command("score", r"Ann\s+0\s+not yet")
            log.assert_clean()
            assert "You say" not in ann.text
            assert server.tables.seat_of("Ann") is not None


async def test_connections_logging_in_as_one_player_at_once_take_over_one_after_another(make_server) -> None:
    """Three connections send 'connect Ann' together: one plays on, the other two are told they were taken over and
    hung up on. Each used to take the place of none (the first had not finished arriving when the next looked): all
    three stayed connected as Ann, each acting for her, and what was sent to Ann went to one of them only."""
    async with make_server() as server:
        async with player(server, "Ann"), player(server, "Bob") as bob:
            pass
        async with AsyncExitStack() as stack:
            bob = await stack.enter_async_context(player(server, "Bob", create=False))
            anns = [await stack.enter_async_context(raw_client(server)) for _ in range(3)]
            with server_log() as log:
                for ann in anns:
                    ann.send("connect Ann secret1")
                for ann in anns:
                    await ann.expect("Obvious exits")
                for number, ann in enumerate(anns):
                    ann.send(f"say I am connection {number}")
                said = await bob.expect(r'Ann says, "I am connection \d')
                await answered(bob, "after")
                assert bob.text.count("Ann says") == 1
                for ann in anns[: int(said[-1])] + anns[int(said[-1]) + 1 :]:
                    assert "taken over by a new login" in ann.text + await ann.closed()
                await bob.command("look Ann", "Ann")
            log.assert_clean()



class HeldSaves:
    """A slow disk, for one game: its table's saves wait until released (a lost connection's news at one table then
    waits, and what happens meanwhile at the others is what a quick reconnect or a closing table would do)."""

    def __init__(self, server: GameServer, game_id: int) -> None:
        self.held, self.release = asyncio.Event(), asyncio.Event()
        save = server.store.save_table

        async def held_save(game: int, *args: Any) -> list[RatingChange]:
            if game == game_id and not self.release.is_set():
                self.held.set()
                await self.release.wait()
            return await save(game, *args)

        server.store.save_table = held_save  # type: ignore[method-assign]


async def test_a_player_back_before_their_lost_connection_is_noted_is_not_marked_away(make_server) -> None:
    """Ann watches table 1 and plays at table 2; her connection drops, and she is back while table 1 still saves that
    she stopped watching. She used to be marked away at table 2 once that save was done, though connected: Bob could
    vote her out of the game at once."""
    async with make_server(tables={"turn_timer": 600}) as server:
        async with player(server, "Carl") as carl, player(server, "Bob") as bob:
            await carl.command("table open", "You sit down at table 1.")
            async with player(server, "Ann") as ann:
                await ann.command("watch 1", "You are now watching table 1")
                await ann.command("table open", "You sit down at table 2.")
                await bob.command("sit 2", "You sit down at table 2.")
                await ann.command("start", "Roll-off")
                saves = HeldSaves(server, server.tables.get(1).game_id)
            with server_log() as log:
                await saves.held.wait()
                async with player(server, "Ann", create=False) as ann:
                    await ann.expect(r"Table 2: playing")
                    saves.release.set()
                    await carl.expect("Ann is no longer watching table 1")
                    await answered(ann, "back")
                    await bob.command("vote remove Ann", "Ann is here: only an absent player can be voted out.")
                    await ann.command("score", r"Ann\s+0\s+not yet")
            log.assert_clean()


async def test_a_table_closing_while_a_lost_connection_is_noted_elsewhere_logs_no_traceback(make_server) -> None:
    """Ann watches tables 1 and 2 and her connection drops; while table 1 saves that she stopped watching, table 2
    closes. Noting her gone at table 2 then failed (the table was gone) in a task of its own: 'Task exception was
    never retrieved', with a traceback, in the log."""
    async with make_server() as server:
        async with player(server, "Carl") as carl, player(server, "Bob") as bob:
            await carl.command("table open", "You sit down at table 1.")
            await bob.command("table open", "You sit down at table 2.")
            async with player(server, "Ann") as ann:
                await ann.command("watch 1", "You are now watching table 1")
                await ann.command("watch 2", "You are now watching table 2")
                saves = HeldSaves(server, server.tables.get(1).game_id)
            with server_log() as log:
                await saves.held.wait()
                await bob.command("leave", "Table 2 is closed")
                saves.release.set()
                await carl.expect("Ann is no longer watching table 1")
                await answered(carl, "after")
                await answered(bob, "after")
                gc.collect()  # a failed task's exception is logged when the task is collected
            log.assert_clean()


async def test_house_bot_names_are_ones_every_player_can_type_and_tell_apart(make_server) -> None:
    """A bot's name is ASCII letters and digits, unique at its table whatever the case, and the next free RobbyN when
    none is given. 'Ωmega' was taken (an ASCII client saw '?mega.bot' and could not type it to send it away), 'max'
    sat beside 'Max', and after 'table bot remove Robby1' every 'table bot add' was refused: 'Robby2.bot is already
    at this table'."""
    async with make_server() as server, player(server, "Ann") as ann:
        with server_log() as log:
            await ann.command("table open", "You sit down at table 1.")
            for name in ("\u03a9mega", "a\u00b2", "\u2165", "\uff21bc", "R2.D2"):
                await ann.command(f"table bot add {name}", "A bot's name is up to 12 letters and digits")
            await ann.command("table bot add Max", "Max.bot sits down at table 1.")
            await ann.command("table bot add max", "Max.bot is already at this table.")
            await ann.command("table bot add", "Robby1.bot sits down at table 1.")
            await ann.command("table bot add", "Robby2.bot sits down at table 1.")
            await ann.command("table bot remove Robby1", "Robby1.bot leaves table 1.")
            await ann.command("table bot add", "Robby1.bot sits down at table 1.")
            await ann.command("table bot add robby3", "robby3.bot sits down at table 1.")
            await ann.command("table bot add", "Robby4.bot sits down at table 1.")
            await ann.command("score", r"Max\.bot[\s\S]*Robby2\.bot[\s\S]*Robby1\.bot[\s\S]*robby3\.bot[\s\S]*Robby4\.bot")
        log.assert_clean()


async def test_a_house_bot_a_wizard_removed_before_the_game_is_gone_from_the_table(make_server) -> None:
    """'@table kick 1 Robby1.bot' before the game stood the bot up but kept it among the table's bots: when the last
    person then left, the bots' standing up with them failed (command.failed), and the table stayed open with nobody
    at it."""
    async with make_server() as server, player(server, "Wizard") as wizard, player(server, "Bob") as bob:
        with server_log() as log:
            await wizard.command("table open", "You sit down at table 1.")
            await wizard.command("table bot add", "Robby1.bot sits down at table 1.")
            await wizard.command("@table kick 1 Robby1.bot", "You remove Robby1.bot from table 1.")
            await wizard.command("leave", "Table 1 is closed: everyone left before the game began.")
            await bob.command("tables", "There are no tables open.")
        log.assert_clean()


async def test_a_bot_pace_is_seconds_as_people_type_them(make_server) -> None:
    """'table pace' takes 0 to 5 seconds written with ASCII digits and a point, as every number typed here is. It took
    whatever Python's float reads: '-0' (shown as '-0 s'), '1e-300' (shown so), '٣' (an Arabic-Indic three), '0_5'."""
    async with make_server() as server, player(server, "Ann") as ann:
        with server_log() as log:
            await ann.command("table open", "You sit down at table 1.")
            for word in ("-0", "1e-300", "\u0663", "0_5", "NaN", "inf", "-1", "5.01", "99999999999999999999", ".", "1."):
                await ann.command(f"table pace {word}", "Usage: table pace <seconds>, from 0 to 5.")
            for word, shown in (("0", "0"), ("2.50", "2.5"), (".5", "0.5"), ("5", "5"), ("0.25", "0.25")):
                await ann.command(f"table pace {word}", f"House bots at table 1 now wait {shown} s before each throw.")
            assert "-0 s" not in ann.text
        log.assert_clean()


class NoWorker:
    """The solver's worker pool, but nothing runs: each solve asked for stays under way until the test ends it."""

    def __init__(self) -> None:
        self.solves: list[concurrent.futures.Future[float]] = []

    def submit(self, work: Any, *args: Any) -> concurrent.futures.Future[float]:
        self.solves.append(concurrent.futures.Future())
        return self.solves[-1]

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Nothing to stop."""


async def test_solves_anyone_asks_for_wait_in_a_short_queue(make_server) -> None:
    """Each solve takes minutes of a core, and anyone can ask for rules never solved: open a table with them, add a
    house bot, start, 'hint' (or an optimal bot), leave; 'table open goal=105', 110, 115... queued hours of them.
    Three at most are asked for at once; a fourth is declined, said so, and asked for again when next needed."""
    async with make_server() as server, player(server, "Ann") as ann:
        pool = NoWorker()
        server.solver._pool = pool  # type: ignore[assignment]

        async def hint_at(goal: int, answer: str) -> None:
            await ann.command(f"table open goal={goal} rated=off", r"You sit down at table \d+\.")
            await ann.command("table bot add", "Robby1.bot sits down")
            await ann.command("start", "Your turn")
            await ann.command("hint", answer)
            await ann.command("leave yes", "is closed")

        with server_log() as log:
            for goal in (935, 940, 945):
                await hint_at(goal, "The optimal tables for this table's rules are being solved")
            await hint_at(950, r"are not solved yet, and the server is\s+busy solving others")
            assert len(pool.solves) == 3
            pool.solves[0].set_exception(RuntimeError("the worker was lost"))
            await hint_at(950, "The optimal tables for this table's rules are being solved")
            assert len(pool.solves) == 4
        log.assert_clean()


async def test_nobody_sits_down_at_someone_else_s_tutorial(make_server) -> None:
    """A tutorial is the learner's game against Teacher.bot: Bob, typing 'sit' as it opened, sat down in the moment
    between its opening and its start (every time, sending 'sit' each millisecond), and played in Ann's lesson, on
    its loaded dice. He may watch it."""
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        with server_log() as log:
            ann.send("tutorial")
            for _ in range(100):
                bob.send("sit")
                await asyncio.sleep(0.001)
            await ann.expect("TUTORIAL")
            await answered(bob, "after")
            await bob.command("sit 1", r"Table 1 is a tutorial: only its learner plays at it \('watch 1' to watch\)\.")
            await bob.command("watch 1", "You are now watching table 1.")
            live = server.tables.get(1)
            assert live.table.seats == ["Ann", "Teacher.bot"]
        log.assert_clean()


class InstantWorker(NoWorker):
    """The solver's worker pool, solving at once: the solved file is a copy of the shipped tables for goal 500."""

    def submit(self, work: Any, *args: Any) -> concurrent.futures.Future[float]:
        _, path = args
        Path(path).write_bytes((resources.files("engine.wimpout.optimal") / "data" / "goal500.cwopt").read_bytes())
        self.solves.append(concurrent.futures.Future())
        self.solves[-1].set_result(0.0)
        return self.solves[-1]


async def test_solved_tables_on_disk_are_not_kept_without_end(make_server, monkeypatch) -> None:
    """Each covered rule set anyone asks a hint for is solved into a file under the data directory (15 - 40 KiB), a
    new one every few minutes for as long as someone opens tables with new goals: the oldest beyond
    ``KEPT_SOLVED`` are deleted (asked for again, they are solved again)."""
    monkeypatch.setattr(solving, "KEPT_SOLVED", 3)
    async with make_server(limits={"solves_per_hour": 6}) as server, player(server, "Ann") as ann:  # one asks them all
        server.solver._pool = InstantWorker()  # type: ignore[assignment]

        async def hint_at(goal: int) -> None:
            await ann.command(f"table open goal={goal} rated=off", r"You sit down at table \d+\.")
            await ann.command("table bot add", "Robby1.bot sits down")
            await ann.command("start", "Your turn")
            await ann.command("hint", "are ready")  # (this worker solves at once)
            await ann.command("leave yes", "is closed")

        for goal in (905, 910, 915, 920, 925, 930):
            await hint_at(goal)
        solved = sorted(server.solver.directory.glob("*.cwopt"))
        assert solved == sorted(server.solver.directory / table_file(RuleSet(goal=goal)) for goal in (920, 925, 930))


async def test_talk_to_no_one_or_of_nothing_is_answered_not_sent(make_server) -> None:
    """'page ,=hi' (names that are only commas) was answered with nothing at all, and '+pub :' (a pose of nothing)
    was sent to everyone on the channel as '[pub] Ann '."""
    async with make_server() as server, player(server, "Ann") as ann, player(server, "Bob") as bob:
        with server_log() as log:
            for line in ("page ,=hi", "page , ,=hi", "p ,,,=hi"):
                await ann.command(line, r"Usage: page <player>")
            for line in ("+pub :", "+pub :  ", "+pub : "):
                await ann.command(line, r"Usage: \+<channel> <message>")
            await ann.command("+pub :waves", r"\[pub\] Ann waves")
            await bob.expect(r"\[pub\] Ann waves")
            assert "[pub] Ann \n" not in bob.text
        log.assert_clean()


async def test_a_password_too_long_to_be_a_line_is_refused_not_tried(make_server) -> None:
    """'connect Ann', then a paste past the line limit at the password prompt: the first 4000 bytes were tried as the
    password ('Either that player does not exist...', a failed guess counted against Ann and the address)."""
    async with make_server(limits={"login_failure_burst": 1}) as server:
        async with player(server, "Ann"):
            pass
        async with raw_client(server) as ann:
            with server_log() as log:
                await ann.command("connect Ann", "Password:")
                ann.send_bytes(b"x" * 5000 + b"\r\n")
                await ann.expect("That line was longer than 4000 bytes and was ignored.")
                await ann.command("connect Ann secret1", "Welcome back, Ann.")
            log.assert_clean()
            assert "does not exist" not in ann.text


async def test_a_solve_that_failed_is_asked_for_again(make_server) -> None:
    """A solve that failed (the worker lost) left its rules 'being solved' for the life of the server: 'hint' said so
    every time, and nothing was solving them. The next time the tables are needed they are asked for again."""
    async with make_server() as server, player(server, "Ann") as ann:
        pool = NoWorker()
        server.solver._pool = pool  # type: ignore[assignment]
        await ann.command("table open goal=935 rated=off", r"You sit down at table \d+\.")
        await ann.command("table bot add", "Robby1.bot sits down")
        await ann.command("start", "Your turn")
        await ann.command("hint", "The optimal tables for this table's rules are being solved")
        pool.solves[0].set_exception(RuntimeError("the worker was lost"))
        async with asyncio.timeout(10):
            while server.solver._solving:
                await asyncio.sleep(0.01)
        await ann.command("hint", "The optimal tables for this table's rules are being solved")
        assert len(pool.solves) == 2
