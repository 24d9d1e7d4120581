"""Issues 36 and 37, moderation, through the portal (the server as operators run it), on each backend: the holds
after '@boot' and '@ban' are kept in the store, so neither a reload nor a restart lets the player straight back, and a
ban of a player who has just left holds the address they last logged in from; a ban written as an IPv4 address
carried in IPv6 (``::ffff:a.b.c.d``) refuses that address; '@audit' reads the moderation record of the whole server,
the console's wizard grants included; 'report' puts a player's complaint before the wizards, within limits, and
'@reports' reads and closes them."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.clients import loose, player, raw_client, refused_line
from support.portals import PortalServer, portal_server

pytestmark = pytest.mark.usefixtures("store_url")
HELD = r"A wizard has just removed you; try again in \d+ seconds\."
CREATES_HELD = r"Too many new characters from your address; try again in \d+ seconds\."
ADDRESS_BANNED = "Connections from your address are banned from this server."


async def reloaded(server: PortalServer, reloads: int) -> None:
    code, said = await server.console("reload")
    assert code == 0, said
    await server.health_when(lambda f: f["reloads"] == reloads and f["status"] == "ok")


async def test_holds_outlive_a_reload_and_a_restart_and_a_ban_of_someone_gone_holds_their_last_address(
    tmp_path: Path,
) -> None:
    hold = {"COSMIC_LIMITS__BOOT_HOLD": "600"}
    async with portal_server(tmp_path, **hold) as server, player(server, "Wiz") as wiz:
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("create Mallory secret1", "Obvious exits")
            await wiz.command("@boot Mallory", "You booted Mallory.")
            await mal.closed()
        async with raw_client(server, "127.0.0.3") as eve:
            await eve.command("create Eve secret1", "Obvious exits")
            eve.send("QUIT")
            await eve.closed()
        await reloaded(server, 1)
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("connect Mallory secret1", HELD)
            await mal.command("create Mallory2 secret1", CREATES_HELD)
        await wiz.command("@ban Eve=spam", loose("Eve is banned.\nThey last logged in from 127.0.0.3: '@ban 127.0.0.3'"))
        await wiz.command("@whois Eve", r"Last seen [^\n]* from 127\.0\.0\.3\.")
        async with raw_client(server, "127.0.0.3") as eve:
            await eve.command("create Eve2 secret1", CREATES_HELD)
        async with raw_client(server, "127.0.0.4") as ann:
            await ann.command("create Ann secret1", "Obvious exits")  # nobody else is held
    async with portal_server(tmp_path, **hold) as server:
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("connect Mallory secret1", HELD)
        async with raw_client(server, "127.0.0.3") as eve:
            await eve.command("create Eve3 secret1", CREATES_HELD)
        async with player(server, "Wiz", create=False) as wiz:
            await wiz.command("@unban Mallory", "Mallory may connect again.")
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("connect Mallory secret1", "Obvious exits")


async def test_a_ban_of_an_ipv4_address_written_in_ipv6_refuses_it(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz:
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("create Mallory secret1", "Obvious exits")
            await wiz.command("@ban ::ffff:127.0.0.2=spam", r"127\.0\.0\.2/32 is banned: .* \(1 disconnected\)")
            assert ADDRESS_BANNED in await mal.closed()
        assert ADDRESS_BANNED in await refused_line(server.port, "127.0.0.2")
        await wiz.command("@ban ::ffff:127.0.0.0/104", r"That would ban your own address \(127\.0\.0\.1\)\.")
        await wiz.command("@unban ::ffff:127.0.0.2", r"127\.0\.0\.2/32 may connect again\.")
        async with raw_client(server, "127.0.0.2") as mal:
            await mal.command("connect Mallory secret1", "Obvious exits")


async def test_audit_reads_the_record_of_the_whole_server_with_the_consoles_grants(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz:
        async with player(server, "Ann") as ann, player(server, "Bob"):
            code, said = await server.console("wizard", "ann")
            assert code == 0, said
            await ann.command("@mute Bob 10=shouting", "Bob is muted")
            await wiz.command("@gag Bob pub=spam", "Bob is gagged on pub")
        code, said = await server.console("wizard", "Ann", "--revoke")
        assert code == 0, said
        await wiz.command("@audit", r"The moderation record, newest first \(times UTC\):\n"
                                    r"  \S+ \S+ UTC console unwizard Ann\n"
                                    r"  \S+ \S+ UTC Wiz gag Bob: pub until a wizard lifts it, by Wiz: spam\n"
                                    r"  \S+ \S+ UTC Ann mute Bob: until [^\n]*, by Ann:\s+shouting\n"
                                    r"  \S+ \S+ UTC console wizard Ann\n")
        await wiz.command("@audit 1", r"newest first \(times UTC\):\n  \S+ \S+ UTC console unwizard Ann\n")
        await wiz.command("@audit mute", r"of mute, newest first \(times UTC\):\n  [^\n]* Ann mute Bob: until")
        await wiz.command("@audit Bob", r"of Bob, newest first \(times UTC\):\n[^\n]* Wiz gag Bob[^\n]*\n[^\n]* Ann mute")
        await wiz.command("@audit Nobody", "Nothing in the moderation record by, about or of Nobody.")
        await wiz.command("@audit 0", r"Usage: @audit")
        async with player(server, "Cy") as cy:
            await cy.command("@audit", "Permission denied.")


async def test_reports_reach_the_wizards_within_limits_and_are_closed(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz, player(server, "Ann") as ann:
        for name in ("Bob", "Cy", "Dee", "Eve"):
            async with player(server, name):
                pass
        await ann.command("report Bob=kept paging me insults at table 2", r"Report #1 about Bob is with the wizards")
        await wiz.expect(loose("Ann reports Bob (#1): kept paging me insults at table 2"))
        await ann.command("report Bob=and again", r"Your report #1 about Bob is still open")
        await ann.command("report Ann=me", "You cannot report yourself.")
        await ann.command("report Nobody=who", "There is no player called Nobody.")
        await ann.command("report Cy=" + "x" * 1001, "A report holds at most 1000 characters")
        await ann.command("report Cy=cheats", "Report #2 about Cy")
        await ann.command("report Dee=cheats too", "Report #3 about Dee")
        await ann.command("report Eve=and her", r"You have filed 3 reports within the hour, the most one player may:"
                                                r"\s+try again in\s+[^.]+\.")
        await wiz.command("@reports", r"Open reports, oldest first \(times UTC\):\n  #1 [^\n]* Ann about Bob: kept paging")
        await wiz.command("@reports close 1=warned them", "Report #1 about Bob is closed.")
        await ann.expect(loose("Your report #1 about Bob has been looked at and closed by Wiz: warned them."))
        await wiz.command("@reports close 1", r"There is no open report #1")
        await wiz.command("@reports", r"Open reports[^\n]*\n  #2 [^\n]*\n  #3 [^\n]*\n")
        await wiz.command("@reports all", r"The latest reports[^\n]*\n  #3 [\s\S]*#1 [^\n]*\n\s+closed by Wiz on "
                                          r"[^\n]*: warned them")
        await wiz.command("@audit report", r"of report, newest first[^\n]*\n[^\n]* Ann report Dee: #3\n")
        await wiz.command("@audit close_report", r"Wiz close_report Bob: #1: warned them")
        async with player(server, "Wiz", create=False) as again:  # (takes the connection over)
            await again.expect(r"There are 2 open reports: '@reports' lists them\.")
