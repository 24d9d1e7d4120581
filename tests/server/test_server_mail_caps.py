"""@mail within caps (issue 37, finding 5), through the portal as the attacker ran it: 5,460 letters (11 MB) in 20 s
from one address, and clearing them took some 6,500 '@mail delete 1' (each loading every letter)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.clients import player
from support.portals import portal_server

pytestmark = pytest.mark.usefixtures("store_url")


async def test_a_sender_sends_so_many_letters_an_hour_and_a_mailbox_holds_so_many(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_LETTERS__PER_HOUR="3", COSMIC_LETTERS__MAILBOX_CAP="5") as server:
        async with player(server, "Bruno"):
            pass
        async with player(server, "Ann") as ann, player(server, "Cy") as cy:
            for n in range(3):
                await ann.command(f"@mail Bruno=letter {n}", "You send mail to Bruno.")
            await ann.command("@mail Bruno=one more", r"You have sent 3 letters within the hour, the most one player"
                                                      r"\s+may: try again in")
            await cy.command("@mail Bruno=from Cy", "You send mail to Bruno.")
            await cy.command("@mail Bruno=from Cy again", "You send mail to Bruno.")
            await cy.command("@mail Bruno=and again", r"Bruno's mailbox is full \(5 letters\)")
        async with player(server, "Bruno", create=False) as bruno:
            await bruno.expect("You have 5 unread letters")
            await bruno.command("@mail", r"  5\* Cy, .*: from Cy again")
            await bruno.command("@mail delete 2-3", "Deleted 2 letters.")
            await bruno.command("@mail", r"  1\* Ann, .*: letter 0\n  2\* Cy, .*: from Cy\n  3\* Cy")
            await bruno.command("@mail delete 3-9", r"You have no letter 9 \(you have 3\)")
            await bruno.command("@mail delete from cy", "Deleted 2 letters.")
            await bruno.command("@mail delete from Cy", "You have no letter from Cy.")
            await bruno.command("@mail 1", r"Mail from Ann, .* UTC:\nletter 0")
            await bruno.command("@mail delete 1-0", r"You have no letter 0")
            await bruno.command("@mail delete all", "Deleted 1 letter.")
            await bruno.command("@mail", "You have no mail.")


async def test_a_letter_from_someone_ignored_is_not_kept_to_fill_the_mailbox(tmp_path: Path) -> None:
    async with portal_server(tmp_path, COSMIC_LETTERS__MAILBOX_CAP="1") as server:
        async with player(server, "Mallory") as mallory, player(server, "Bruno") as bruno:
            await bruno.command("ignore Mallory", "You are ignoring Mallory")
            await mallory.command("@mail Bruno=spam", "You send mail to Bruno.")  # (not told she is ignored)
        async with player(server, "Ann") as ann:
            await ann.command("@mail Bruno=hello", "You send mail to Bruno.")
        async with player(server, "Bruno", create=False) as bruno:
            await bruno.command("@mail", r"  1\* Ann, .*: hello")
