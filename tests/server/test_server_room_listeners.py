"""Who hears a room's talk from elsewhere (the players and watchers of its tables) is kept between changes
(``Whereabouts.listeners``): each change of who watches or sits there is heard at the next word, through the portal."""

from __future__ import annotations

from pathlib import Path

from support.clients import player
from support.portals import portal_server
from support.tablesetup import seated


async def test_room_talk_reaches_whoever_watches_or_sits_there_now(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server:
        async with seated(server, ["Ann"], start=False) as (ann,), player(server, "Cy") as cy, \
                player(server, "Dee") as dee:
            await cy.command("watch 1", "You are now watching table 1.")
            await cy.command("go blue", "The Blue Parlour")
            await ann.command("say one", 'You say, "one"')
            await cy.expect('Ann says, "one"')  # the room's listeners found (and kept)

            await cy.command("unwatch", "You are no longer watching table 1.")
            await dee.command("watch 1", "You are now watching table 1.")
            await dee.command("go green", "The Green Parlour")
            await ann.command("say two", 'You say, "two"')
            await dee.expect('Ann says, "two"')  # a new watcher hears at the next word
            await cy.command("think still here", "still here")
            assert "two" not in cy.text  # and one who stopped watching no longer does

            await dee.command("go lobby", "The Cosmic Lobby")
            await dee.command("sit", r"You sit down at table 1\.")  # from watching to a seat: heard as before
            await dee.command("go green", "The Green Parlour")
            await ann.command("say three", 'You say, "three"')
            await dee.expect('Ann says, "three"')
