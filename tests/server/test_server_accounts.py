"""Accounts: one quoting rule for connect, create and @password; create asking twice; @newpassword; @boot."""

from __future__ import annotations

from support.clients import loose, player, raw_client

QUOTE_HINT = "Put quotes around a name or password with spaces in it, as in: "
OPEN_QUOTE = "A double quote is left open."


async def test_a_password_with_spaces_changed_by_at_password_logs_in(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard"), player(server, "Igor") as igor:
            await igor.command('@password secret1="my dice are hot"', "Password changed.")
            await igor.command('@password "my dice are hot"="cosmic = wimpy"', "Password changed.")
            await igor.command("@password my dice are hot=x y", loose(QUOTE_HINT + '@password "my old secret"="my new secret"'))
            await igor.command('@password "cosmic = wimpy=other', OPEN_QUOTE)
            await igor.command('@password "my dice are hot"="whatever"', "Sorry, that is not your current password.")
            await igor.command('@password "cosmic = wimpy"="a b"', "Passwords are 5 to 128 characters long.")
            await igor.command("@password justone", r"Usage: @password <old password>=<new password>")
        async with raw_client(server) as client:
            await client.command('connect Igor "my dice are hot"', "different password")
            await client.command('connect Igor "cosmic = wimpy"', "Welcome back, Igor.")


async def test_connect_and_create_read_quotes_the_same_way(make_server) -> None:
    async with make_server() as server:
        async with raw_client(server) as client:
            await client.command('create Igor "two words', OPEN_QUOTE + r'(.|\n)*create Igor "my secret"')
            await client.command("create Igor two words", loose(QUOTE_HINT + 'create Igor "my secret"'))
            await client.command('create "Igor" "two words"', "Welcome, Igor!")
        async with raw_client(server) as client:
            await client.command('connect Igor "two words"x', OPEN_QUOTE + r'(.|\n)*connect Igor "my secret"')
            await client.command("connect Igor two words", loose(QUOTE_HINT + 'connect Igor "my secret"'))
            await client.command("connect", r"Usage: connect <playername> <password>")
            await client.command('connect Igor "two words"', "Welcome back, Igor.")


async def test_create_with_a_name_alone_asks_for_the_password_twice(make_server) -> None:
    async with make_server() as server:
        async with raw_client(server) as client:
            await client.command("create 9lives", "Names start with a letter")  # checked before any password
            await client.command("create Mara", "Password: ")
            await client.command("mara secret", "Password again: ")
            await client.command("mara secrte", "The two passwords were not the same; nothing was created.")
            await client.command("create Mara", "Password: ")
            await client.command("mara secret", "Password again: ")
            await client.command("mara secret", "Welcome, Mara!")
        async with raw_client(server) as client:
            await client.command('connect Mara "mara secret"', "Welcome back, Mara.")


async def test_a_wizard_gives_a_new_password(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard, player(server, "Igor") as igor:
            await igor.command('@newpassword Wizard="take over"', "Permission denied.")
            await wizard.command('@newpassword Igor="fresh start"', "Igor's password is changed; tell them the new one.")
            await igor.expect("Your password has been changed by Wizard.")
            await igor.command('@password "fresh start"=again1', "Password changed.")
            await wizard.command("@newpassword Nobody=whatever1", "There is no player called Nobody.")
            await wizard.command("@newpassword Igor=IGOR", "Passwords are 5 to 128 characters long.")
            await wizard.command("@newpassword Wizard=wizard", "Your password must differ from your name.")
            await wizard.command("@newpassword Igor new pass", r"Usage: @newpassword <player>=<new password>")
            await wizard.command('@newpassword Igor=new pass', loose(QUOTE_HINT + '@newpassword Igor="a new secret"'))
        async with raw_client(server) as client:
            await client.command("connect Igor again1", "Welcome back, Igor.")


async def test_a_wizard_cannot_boot_themself(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wizard:
            await wizard.command("@boot wizard", "You cannot boot yourself: QUIT leaves.")
            await wizard.command("WHO", "1 player is connected")
