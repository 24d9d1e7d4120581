"""The construction kit over real sockets: @dig, @open, @desc, @name, @link, @destroy, @tel, the builder flag, and
the world kept in the database (the world file only seeds a new one)."""

from __future__ import annotations

from pathlib import Path

from support.clients import player
from support.servers import running, settings_for


async def test_a_wizard_builds_rooms_and_exits_and_players_use_them(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Igor") as igor:
            await wiz.command("@dig The Library=north;n,south;s", "The Library is dug as #1.")
            await wiz.expect(r"Exit north opened from The Cosmic Lobby to The Library \(#1\)\.")
            await wiz.expect(r"Exit south opened from The Library to The Cosmic Lobby \(lobby\)\.")
            await igor.command("n", "The Library\nYou see nothing special.")
            await igor.expect("Obvious exits: south")
            await wiz.command("@desc #1=Shelves of dice almanacs.", "Description of The Library set.")
            await igor.command("look", "Shelves of dice almanacs.")
            await wiz.command("@name the library=The Reading Room", "The Library is now called The Reading Room.")
            await wiz.command("@name north=up;u", "north is now called up;u.")
            await wiz.command("@dig Attic", "Attic is dug as #2.")
            await wiz.command("@link up=Attic", r"Exit up now leads to Attic \(#2\)\.")
            await wiz.command("@open library=#1", r"Exit library opened from The Cosmic Lobby to The Reading Room \(#1\)\.")
            await wiz.command("@tel Igor=Attic", "You teleport Igor to Attic.")
            await igor.expect("Attic")
            await wiz.command("@tel #1", "The Reading Room")
            await wiz.command("@destroy Attic", "Igor is in Attic: it must be empty.")
            await wiz.command("@tel igor=lobby", "You teleport Igor to The Cosmic Lobby.")
            await wiz.command("@destroy Attic", r"Attic \(#2\) destroyed\.")
            await wiz.expect("The exits that led to it were taken away from: The Cosmic Lobby.")
            await igor.command("go up", "You can't go that way.")
            await wiz.command("@destroy south", "Exit south destroyed.")
            await wiz.command("look", "The Reading Room")
            assert "Obvious exits" not in wiz.text.rsplit("The Reading Room", 1)[1]


async def test_every_building_refusal_says_why(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Igor") as igor:
            await igor.command("@dig Den", "Only wizards and builders can build here: ask a wizard for the builder flag.")
            await igor.command("@tel lobby", "Permission denied.")
            await wiz.command("@dig Den=green", r"There is already an exit called green in The Cosmic Lobby \(to green\)\.")
            await wiz.command("@dig The Green Parlour", r"There is already a room called The Green Parlour \(green\)\.")
            await wiz.command("@dig", r"Usage: @dig <room name>")
            await wiz.command("@open north", r"An exit must lead somewhere: @open <exit>=<room>")
            await wiz.command("@open north=Nowhere", "There is no room called Nowhere.")
            await wiz.command("@open ;n=garden", "An exit needs a name")
            await wiz.command("@open blue parlour=garden", r"There is already an exit called blue parlour in The Cosmic Lobby")
            await wiz.command("@desc Nowhere=x", "There is no room called Nowhere.")
            await wiz.command("@desc here", r"Usage: @desc <room>=<description>")
            await wiz.command("@name here=The Blue Parlour", r"There is already a room called The Blue Parlour \(blue\)\.")
            await wiz.command("@link nowhere=garden", "There is no exit called nowhere here.")
            await wiz.command("@destroy lobby", "Wizard, Igor is in The Cosmic Lobby: it must be empty.")
            await wiz.command("@tel Nobody=garden", "Nobody is not connected.")
            await wiz.command("@tel lobby", "Wizard is already in The Cosmic Lobby.")
            await igor.command("table open", "Table 1")
            await wiz.command("@tel igor=garden", "You teleport Igor to The Moon Garden.")
            await wiz.command("@tel garden", "The Moon Garden")
            await wiz.command("@destroy The Cosmic Lobby", "Table 1 is open in The Cosmic Lobby: it must be closed first.")
            await igor.command("leave", "Table 1 is closed")
            await wiz.command("@destroy The Cosmic Lobby", "The room where players arrive cannot be destroyed.")
            await wiz.command("@dig " + "x" * 61, "Room names are at most 60 characters long.")
            await wiz.command("@open " + "x" * 61 + "=lobby", "Exit names are at most 60 characters long.")
            await wiz.command("@desc here=" + "x" * 2001, "Descriptions are at most 2000 characters long.")
            await wiz.command("@set Nobody=builder", "There is no player called Nobody.")


async def test_builders_change_only_the_rooms_they_dug(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Bea") as bea:
            await bea.command("@set Wizard=builder", "Permission denied.")
            await wiz.command("@set bea=builder", "Bea may build.")
            await bea.command("@dig Bea's Nook", "Bea's Nook is dug as #1.")
            await bea.command("@dig Den=den", "You do not own The Cosmic Lobby: only its builder \\(or a wizard\\) can change it.")
            await bea.command("@desc here=Mine now.", "You do not own The Cosmic Lobby")
            await bea.command("go #1", "Bea's Nook")
            await bea.command("@desc here=Cushions and a small table.", "Description of Bea's Nook set.")
            await wiz.command("@whois bea", r"Flags: builder\.")
            await wiz.command("@set bea=!builder", "Bea may no longer build.")
            await bea.command("@desc here=Gone.", "Only wizards and builders can build here")


async def test_builders_join_only_their_own_rooms_and_home_always_leads_out(make_server) -> None:
    """Issue 30, finding 7: a builder cannot open or link exits into (or out of) rooms that are not theirs, so nobody
    is led into a room whose way out its builder then takes away; and 'home' leads out of any room."""
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Bob") as bob, player(server, "Vic") as vic:
            await wiz.command("@set bob=builder", "Bob may build.")
            await bob.command("@dig Bob's Room", "Bob's Room is dug as #1.")
            await bob.command("@dig Bob's Den", "Bob's Den is dug as #2.")
            await bob.command("go #1", "Bob's Room")
            await bob.command("@open den=#2", r"Exit den opened from Bob's Room to Bob's Den \(#2\)\.")
            await bob.command("@open out=lobby", "You do not own The Cosmic Lobby: builders open exits only between rooms they own")
            await bob.command("@link den=The Moon Garden", "You do not own The Moon Garden")
            await bob.command("@dig Bob's Loft=up,down;lobby", r"Bob's Loft is dug as #3\.")
            await bob.command("home", "The Cosmic Lobby")
            await bob.command("@dig Bob's Cellar=,up", "You do not own The Cosmic Lobby")
            await bob.command("@dig Bob's Cellar=down", "You do not own The Cosmic Lobby")
            await vic.command("go #1", "You can't go that way.")
            await wiz.command("@tel Vic=#1", "You teleport Vic to Bob's Room.")
            await bob.command("go #1", "Bob's Room")
            await bob.command("@destroy den", "Exit den destroyed.")
            await vic.command("home", "The Cosmic Lobby")
            await vic.command("home", "You are home already: The Cosmic Lobby.")


async def test_the_world_lives_in_the_database_and_the_file_only_seeds_it(tmp_path: Path) -> None:
    seed = tmp_path / "world.toml"
    seed.write_text(
        'start = "hall"\n[rooms.hall]\nname = "Hall"\ndescription = "A hall."\n'
        '[[rooms.hall.exits]]\nname = "yard"\nto = "yard"\n[rooms.yard]\nname = "Yard"\ndescription = "A yard."\n'
    )
    settings = settings_for(tmp_path / "data", world_file=seed)
    async with running(settings) as server:
        async with player(server, "Wizard") as wiz:
            await wiz.command("@dig Cellar=down,up", "Cellar is dug as #1.")
            await wiz.command("@desc here=A hall with a trapdoor.", "Description of Hall set.")
    seed.write_text('start = "other"\n[rooms.other]\nname = "Other"\ndescription = "Not used."\n')
    async with running(settings) as server:
        async with player(server, "Wizard", create=False) as wiz:
            await wiz.command("look", "Hall\nA hall with a trapdoor.\nObvious exits: yard, down")
            await wiz.command("down", "Cellar")
            await wiz.expect("Obvious exits: up")
