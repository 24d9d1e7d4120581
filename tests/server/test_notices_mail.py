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
