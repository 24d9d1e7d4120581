"""Issue 39's mail, through the server as operators run it (the portal and its game process) and a real SMTP server
on loopback (aiosmtpd): an address confirmed by a mailed code; a forgotten password reset by one (not replayable, not
guessable: ten symbols of 32, five tries a code); "your move" to a player away, once a move, with a link to the table
and a one-click unsubscribe (RFC 8058) that works; the digest; and the queue through a SIGKILL of the game process,
no mail lost or doubled."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from collections import Counter
from pathlib import Path

import aiohttp
import pytest

from support.clients import loose, player, raw_client
from support.portals import PortalServer, portal_server
from support.smtpsink import Sink, code_in, smtp_sink, text_of

pytestmark = pytest.mark.slow
SAME_ANSWER = loose("a code is on its way to it (valid 30 minutes).")


async def confirmed(server: PortalServer, sink: Sink, name: str, address: str) -> None:
    """``name`` created, with ``address`` confirmed by the code mailed to it."""
    async with player(server, name) as client:
        await client.command(f"@email {address}", f"A code is on its way to {re.escape(address)}")
        mail, = await sink.wait_for(address)
        await client.command(f"@email confirm {code_in(mail)}", f"{re.escape(address)} is confirmed")


async def test_an_address_is_confirmed_and_a_forgotten_password_reset_by_mailed_codes(tmp_path: Path) -> None:
    with smtp_sink() as (sink, mail_env):
        env = {**mail_env, "COSMIC_LIMITS__LOGIN_FAILURE_BURST": "50"}
        async with portal_server(tmp_path, **env) as server:
            async with player(server, "Ann", "old secret1".replace(" ", "")) as ann:
                await ann.command("@email", "You have no email address here")
                await ann.command("@email not-an-address", "does not look like an email address")
                await ann.command("@email ann@Example.ORG", "A code is on its way to ann@example.org")
                mail, = await sink.wait_for("ann@example.org")
                assert mail["From"] == "Cosmic Wimpout <noreply@play.example.org>"
                assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
                assert re.fullmatch(r"<https://play\.example\.org/unsubscribe\?t=[\w-]{20,}>", mail["List-Unsubscribe"])
                assert "https://play.example.org/" in text_of(mail)
                code = code_in(mail)
                await ann.command("@email", r"ann@example\.org \(not confirmed yet")
                await ann.command("@email confirm ABCDE-FGHJK", "That code is wrong")
                await ann.command(f"@email confirm {code.lower()}", r"ann@example\.org is confirmed")
                await ann.command(f"@email confirm {code}", loose("That code is wrong, used"))  # spent

            async with raw_client(server) as login:
                await login.command("forgot Ann", SAME_ANSWER)
                await login.command("forgot Nobody", SAME_ANSWER)  # the same answer for a name that is no one's
                first, reset_mail = await sink.wait_for("ann@example.org", 2)
                assert reset_mail["Subject"] == "Cosmic Wimpout: your password reset code"
                code = code_in(reset_mail)
                assert len(code.replace("-", "")) == 10  # 50 bits
            async with player(server, "Ann", "oldsecret1", create=False):
                pass  # the old password works until the reset is done
            async with raw_client(server) as login:
                await login.command(f"reset Ann {code} newsecret2", "Your password is changed")
                await login.command(f"reset Ann {code} thirdsecret3", loose("That code is wrong, used"))  # not replayable
                await login.command("connect Ann oldsecret1", "has a different password")
                await login.command("connect Ann newsecret2", "Welcome back, Ann")

            async with raw_client(server) as login:  # a code takes five tries, then none works, not even itself
                await login.command("forgot Ann", SAME_ANSWER)
                code = code_in((await sink.wait_for("ann@example.org", 3))[-1])
                wrong = "22222-22222" if code != "22222-22222" else "33333-33333"
                for _ in range(5):
                    await login.command(f"reset Ann {wrong} guessed123", "That code is wrong")
                await login.command(f"reset Ann {code} newsecret3", "That code is wrong")
                await login.command("connect Ann newsecret2", "Welcome back, Ann")
            assert len(sink.mails) == 3, [m["Subject"] for m in sink.mails]  # none for Nobody
            log = server.log.read_text()
            assert "newsecret2" not in log and code not in log


async def test_your_move_once_the_digest_and_the_unsubscribe_link(tmp_path: Path) -> None:
    dice = tmp_path / "dice.txt"
    dice.write_text("10 2\n10 10 10 3 s4\n5 s2\n2 3 4 6 s6\n")  # Ann first; she banks 105 of the goal of 100
    with smtp_sink() as (sink, mail_env):
        env = {**mail_env, "COSMIC_NOTIFY__MOVE_AFTER": "1", "COSMIC_NOTIFY__DIGEST_EVERY": "4"}
        async with portal_server(tmp_path, "--dice-script", str(dice), **env) as server:
            await confirmed(server, sink, "Bob", "bob@example.org")
            async with player(server, "Ann") as ann, player(server, "Bob", create=False) as bob:
                await bob.command("@set notify=move,over,digest", "Set: notify=move,over,digest")
                await ann.command("table open goal=100", r"You sit down at table 1\.")
                await bob.command("sit 1", r"You sit down at table 1\.")
                await ann.command("start", "Roll-off for the first turn: Ann 10, Bob 2")
                bob.send("QUIT")
                await ann.expect("Bob has disconnected; their seat is kept")
                await ann.command("roll", "Turn total: 100")
                await ann.command("roll", "Turn total: 105")
                await ann.command("stop", "LAST LICKS!")  # the table waits on Bob, away

                _, move = await sink.wait_for("bob@example.org", 2)
                assert move["Subject"] == "Cosmic Wimpout: your move at table 1"
                assert "It is your move at table 1 (Cosmic Wimpout, with Ann)." in text_of(move)
                assert "Play: https://play.example.org/#table=1" in text_of(move)
                _, _, digest = await sink.wait_for("bob@example.org", 3)
                assert digest["Subject"] == "Cosmic Wimpout: what happened while you were away"
                assert "It is your move at table 1" in text_of(digest)

                link = digest["List-Unsubscribe"].strip("<>")
                async with aiohttp.ClientSession() as http:
                    local = link.replace("https://play.example.org", f"http://127.0.0.1:{server.web.port}")
                    async with http.get(local) as page:  # a GET (a mail scanner following links) changes nothing
                        assert page.status == 200 and "Unsubscribe" in await page.text()
                    async with http.post(local.replace("t=", "t=x"), data={"List-Unsubscribe": "One-Click"}) as wrong:
                        assert wrong.status == 404
                    async with http.post(local, data={"List-Unsubscribe": "One-Click"}) as done:
                        assert done.status == 200 and "Unsubscribed" in await done.text()

            async with player(server, "Wiz") as wiz:
                await wiz.command("@table close 1", "abandoned")
            async with asyncio.timeout(10):  # the game's end is kept for Bob, but mailed no more
                while not (over := [e for e in server.events("notice.recorded")
                                    if e["kind"] == "over" and e["player"] == "Bob"]):
                    await asyncio.sleep(0.05)
            assert over[0]["sends"] == 0
            async with player(server, "Bob", create=False) as bob:
                await bob.expect(r"While you were away:\n  The game at table 1 \(Cosmic Wimpout\) was abandoned\.")
            subjects = Counter(mail["Subject"] for mail in sink.to("bob@example.org"))
            assert subjects["Cosmic Wimpout: your move at table 1"] == 1  # once a move
            assert len(sink.to("bob@example.org")) == 3


async def test_the_queue_survives_a_sigkill_of_the_game_process_with_no_mail_lost_or_doubled(tmp_path: Path) -> None:
    with smtp_sink(delay=0.4) as (sink, mail_env):  # a slow relay: the kill comes while mail is being sent
        async with portal_server(tmp_path, **mail_env) as server:
            names = [f"Reader{n}" for n in range(12)]
            for name in names:
                async with player(server, name) as client:
                    await client.command(f"@email {name.lower()}@example.org", "A code is on its way")
            async with asyncio.timeout(20):
                while len(sink.mails) < 2:
                    await asyncio.sleep(0.02)
            sink.receiving.clear()
            await asyncio.to_thread(sink.receiving.wait, 10)  # one more in the relay's hands, not yet taken
            before = await server.health()
            os.kill(before["game_pid"], signal.SIGKILL)
            await server.health_when(lambda f: f["status"] == "ok" and f["game_pid"] != before["game_pid"])
            for name in names:
                await sink.wait_for(f"{name.lower()}@example.org", within=30)
            addresses = Counter(mail["To"] for mail in sink.mails)
            assert addresses == {f"{name.lower()}@example.org": 1 for name in names}  # none lost, none twice
            assert len({mail["Message-ID"] for mail in sink.mails}) == len(names)
