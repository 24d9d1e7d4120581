"""Issue 39's notification service as issue 38 will call it (``Notices.notify`` with a challenge, once per key; a
summary source added to ``Notices.summaries``), and the login summary of what happened while away, as text and as
GMCP ``Char.Away``. In one process (not through the portal): the test drives the service in the server's own process,
as a command of issue 38 would."""

from __future__ import annotations

from pathlib import Path

from telnetlib3.mud import gmcp_decode
from telnetlib3.telopt import GMCP

from server.notices.awaysummary import AwayItem
from server.notices.notice import CHALLENGE, Notice
from server.session import Session
from support.clients import all_gone, loose, player
from support.smtpsink import code_in, smtp_sink, text_of
from support.wire import wire_client

CHALLENGED = "Ann challenges you to Cosmic Wimpout (goal 300): 'accept Ann' or 'decline Ann'."


async def test_a_challenge_is_mailed_once_and_told_at_login_with_gmcp(make_server, tmp_path: Path) -> None:
    with smtp_sink() as (sink, env):
        mail = {"host": "127.0.0.1", "port": int(env["COSMIC_MAIL__PORT"]), "security": "none",
                "from_address": env["COSMIC_MAIL__FROM_ADDRESS"]}
        async with make_server(mail=mail, web={"public_url": "https://play.example.org/"}) as server:
            async with player(server, "Bob") as bob:
                await bob.command("@email bob@example.org", "A code is on its way")
                code = code_in((await sink.wait_for("bob@example.org"))[0])
                await bob.command(f"@email confirm {code}", "is confirmed")
                assert not await server.notices.notify("Bob", Notice(CHALLENGE, CHALLENGED, key="challenge:1"))  # on
                await bob.command("@set notify=challenge", "Set: notify=challenge")
                await bob.command("@set notify=sometimes", loose("Usage: @set notify=move,challenge"))

            await all_gone(server)
            assert await server.notices.notify("Bob", Notice(CHALLENGE, CHALLENGED, key="challenge:1"))
            assert not await server.notices.notify("Bob", Notice(CHALLENGE, CHALLENGED, key="challenge:1"))  # once
            _, challenge = await sink.wait_for("bob@example.org", 2)
            assert challenge["Subject"] == "Cosmic Wimpout: a challenge" and CHALLENGED in text_of(challenge)
            async with player(server, "Ann") as ann:
                await ann.command("@mail Bob=see you at table 2", "You send mail to Bob")
            await all_gone(server)

            async with wire_client(server, frozenset({GMCP})) as client:
                client.gmcp('Core.Supports.Set ["Char 1"]')
                await client.command("connect Bob secret1", "While you were away:")
                await client.expect(loose(CHALLENGED) + r"\s+Ann sent you @mail\.")
                told = [gmcp_decode(payload) for option, payload in client.subnegotiations if option == GMCP]
                assert ("Char.Away", {"items": [{"kind": "challenge", "table": None, "text": CHALLENGED},
                                                {"kind": "mail", "table": None, "text": "Ann sent you @mail."}]}) in told

            async def games(session: Session) -> list[AwayItem]:  # issue 38's own lines
                return [AwayItem("games", 3, f"{session.player}: it is your move at tables 3 and 7.")]

            server.notices.summaries.append(games)
            async with player(server, "Bob", create=False) as bob:  # shown once: only the new lines now
                await bob.expect(r"While you were away:\n  Bob: it is your move at tables 3 and 7\.\n")
            assert len(sink.to("bob@example.org")) == 2  # (@mail is in the summary and the digest, never mailed)
