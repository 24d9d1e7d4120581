"""The login screen over real sockets: create, connect, refusals, takeover, QUIT."""

from __future__ import annotations

import asyncio
import threading
import time
from contextlib import AsyncExitStack
from typing import Any

from telnetlib3.telopt import ECHO, IAC, WILL, WONT

from support.clients import BANNER_END, RawClient, player, raw_client, telnet_client
from server.community import passwords


async def test_create_then_connect_as_raw_and_telnet_clients(make_server) -> None:
    async with make_server() as server:
        async with raw_client(server) as bot:
            bot.send("create Igor secret1")
            await bot.expect("Welcome, Igor! Your character has been created.")
            await bot.expect("The Cosmic Lobby")
            bot.send("QUIT")
            assert "Come back later!" in await bot.closed()
        async with telnet_client(server) as person:
            person.send("connect igor secret1")
            await person.expect("Welcome back, Igor.")
            await person.expect("Obvious exits")


async def test_wrong_password_and_unknown_name_get_the_same_answer(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor"):
            pass
        async with raw_client(server) as client:
            await client.command("connect Igor wrong", "Either that player does not exist, or has a different password.")
            await client.command("connect Nobody secret1", "Either that player does not exist")
            await client.command("connect Igor secret1", "Welcome back, Igor.")


async def test_duplicate_and_look_alike_names_are_refused(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor"):
            pass
        async with raw_client(server) as client:
            await client.command("create igor another1", "That name is already taken.")
            await client.command("create lgor another1", "That name looks too much like Igor; please choose another.")
            await client.command("create IG0R another1", "looks too much like Igor")
            await client.command("create 9lives another1", "Names start with a letter")
            await client.command("create Zoë another1", r"\(no accents\), digits,\s+- and _\. Zoe, say\?")
            await client.command("create X another1", "Names are 2 to 16 characters long.")
            await client.command("create Mara mara", "Passwords are 5 to 128 characters long.")
            await client.command("create Here secret1", "reserved word")
            await client.command("create Mara", "Password: ")
            await client.command("mara1", "Password again: ")
            await client.command("mara1", "Welcome, Mara!")


async def test_quoted_names_and_passwords_with_spaces_as_tinyfugue_sends_them(make_server) -> None:
    async with make_server() as server:
        async with raw_client(server) as client:
            await client.command('create "Igor" "my dice are hot"', "Welcome, Igor!")
        async with raw_client(server) as client:
            await client.command('connect "Igor" "my dice are hot"', "Welcome back, Igor.")
        async with raw_client(server) as client:
            await client.command("connect Igor my dice are hot", 'Put quotes around a name or password with spaces in it')
            await client.command("connect", r"Usage: connect")


async def test_password_prompt_switches_echo_off_and_back_on(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor"):
            pass
        async with raw_client(server) as client:
            client.raw = b""
            await client.command("connect Igor", "Password: ")
            assert IAC + WILL + ECHO in client.raw
            await client.command("secret1", "Welcome back, Igor.")
            assert IAC + WONT + ECHO in client.raw


async def test_commands_that_need_a_login_say_so(make_server) -> None:
    async with make_server() as server:
        async with raw_client(server) as client:
            await client.command("say hi", "You need to connect first")
            await client.command("frobnicate", r'Huh\?  \(Type "help" for help.\)')
            await client.command("WHO", r"Player Name +On For Idle   Doing\.\.\.")
            await client.command("who", "0 players are connected.")
        async with player(server, "Igor") as igor:
            await igor.command("create Other secret1", "You are already connected.")


async def test_reconnect_takes_over_the_old_connection(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as first, player(server, "Mara") as mara:
            await first.command("green", "The Green Parlour")
            async with raw_client(server) as second:
                await second.command("connect Igor secret1", "The Green Parlour")
                assert "Your connection has been taken over by a new login." in await first.closed()
                await second.command("WHO", "1 player is connected|2 players are connected")
                assert list(server.players) == ["Mara", "Igor"]
                await second.command("page Mara=still here", "You page Mara")
                await mara.expect('Igor pages from The Green Parlour: "still here"')


async def test_failed_logins_are_throttled_per_address_and_recover(make_server) -> None:
    async with make_server(limits={"login_failure_burst": 2, "login_failure_refill": 0.3}) as server:
        async with player(server, "Igor"):
            pass
        async with raw_client(server) as client:
            await client.command("connect Igor bad1", "different password")
            await client.command("connect Igor bad2", "different password")
            await client.command("connect Igor secret1", r"Too many failed logins from your address; try again in \d+ seconds.")
            await client.command("WHO", "players are connected")  # the connection stays usable
            for _ in range(100):  # wait (not asserting how long) until the address may try again
                await asyncio.sleep(0.05)
                client.send("connect Igor secret1")
                reply = await client.expect("Too many failed logins|Welcome back, Igor.")
                if reply.startswith("Welcome"):
                    break
            else:
                raise AssertionError("login throttle never recovered")


async def test_login_sent_before_the_banner_is_not_lost(make_server) -> None:
    """TinyFugue and bots send their connect line at once, before negotiation has finished."""
    async with make_server() as server:
        async with player(server, "Igor"):
            pass
        client = RawClient(*await asyncio.open_connection("127.0.0.1", server.port))
        client.send("connect Igor secret1")
        await client.expect(BANNER_END)
        await client.expect("Welcome back, Igor.")
        await client.aclose()


async def test_parallel_guesses_get_no_more_tries_than_one_connection(make_server) -> None:
    async with make_server(limits={"login_failure_burst": 3, "login_failure_refill": 600}) as server:
        async with player(server, "Igor"):
            pass
        async with AsyncExitStack() as stack:
            guessers = [await stack.enter_async_context(raw_client(server)) for _ in range(15)]
            for i, guesser in enumerate(guessers):
                guesser.send(f"connect Igor guess{i}")
            replies = [await g.expect("different password|Too many failed logins") for g in guessers]
        assert replies.count("different password") == 3


async def test_a_guesser_cannot_lock_the_owner_or_the_neighbours_out(make_server) -> None:
    async with make_server(limits={"login_failure_burst": 2, "login_failure_refill": 600}) as server:
        async with player(server, "Igor"), player(server, "Mara"):
            pass
        async with raw_client(server) as attacker:
            for i in range(4):
                await attacker.command(f"connect Igor guess{i}", "different password|Too many failed logins")
            await attacker.command("connect Igor secret1", "Too many failed logins from your address")
            async with raw_client(server) as neighbour:  # behind the same address, another account
                await neighbour.command("connect Mara secret1", "Welcome back, Mara.")
            owner = RawClient(*await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.0.2", 0)))
            try:
                await owner.expect(BANNER_END)
                await owner.command("connect Igor secret1", "Welcome back, Igor.")
            finally:
                await owner.aclose()


async def test_new_characters_are_throttled_per_address(make_server) -> None:
    async with make_server(limits={"create_burst": 2, "create_refill": 600}) as server:
        for name in ("Ann", "Bob"):
            async with player(server, name):
                pass
        async with raw_client(server) as client:
            await client.command("create Bob secret1", "That name is already taken.")  # a taken name costs nothing
            await client.command("create Cyd secret1", r"Too many new characters from your address; try again in \d+ seconds.")


async def test_password_hashes_are_computed_one_at_a_time(make_server, monkeypatch) -> None:
    """Logins that succeed pass the failure throttle untouched: many at once (one account, over and over) would keep
    every core hashing. Hashes queue instead, one computed at a time, and every login still goes through."""
    at_once, most = 0, 0
    lock = threading.Lock()
    scrypt = passwords._scrypt

    def counted(*args: Any) -> bytes:
        nonlocal at_once, most
        with lock:
            at_once += 1
            most = max(most, at_once)
        time.sleep(0.02)  # long enough for the others to be asked for meanwhile
        try:
            return scrypt(*args)
        finally:
            with lock:
                at_once -= 1

    async with make_server() as server:
        async with player(server, "Ann"):
            pass
        monkeypatch.setattr(passwords, "_scrypt", counted)
        async with AsyncExitStack() as stack:
            clients = [await stack.enter_async_context(raw_client(server)) for _ in range(4)]
            for client in clients:
                client.send("connect Ann secret1")
            for client in clients:
                await client.expect("Welcome back, Ann")
    assert most == 1
