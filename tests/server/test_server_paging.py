"""Talk between people anywhere: page by the start of a name, to several, again and in reply; haven; ignore."""

from __future__ import annotations

from support.clients import player


async def test_page_partial_names_several_targets_and_replies(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Ann") as ann, player(server, "Annie") as annie:
            await igor.command("page ann annie=tables at nine", 'You page Ann and Annie: "tables at nine"')
            await ann.expect('Igor pages from The Cosmic Lobby to Ann and Annie: "tables at nine"')
            await annie.expect("to Ann and Annie")
            await igor.command("page an=hi", "Who do you mean by an: Ann and Annie?")
            await igor.command("page anni=just you", 'You page Annie: "just you"')
            await igor.command("page =again", 'You page Annie: "again"')
            await annie.command("r thanks", 'You page Igor: "thanks"')
            await igor.expect('Annie pages from The Cosmic Lobby: "thanks"')
            await igor.command("page nobody=hi", "nobody is not connected.")
            await ann.command("page =hello", "You have not paged anyone yet: page <player>=<message>.")
            await igor.command("page annie", "Usage: page <player>")
        async with player(server, "Zed") as zed:
            await zed.command("r hi", "Nobody has paged you yet.")


async def test_haven_refuses_pages_and_the_pager_is_told(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Ann") as ann, player(server, "Bob") as bob:
            await ann.command("@set haven", "Set: haven=on.")
            await igor.command("page ann bob=anyone?", "Ann is not accepting pages \\(haven\\).")
            await igor.expect('You page Bob: "anyone\\?"')
            await bob.expect('Igor pages from The Cosmic Lobby: "anyone\\?"')
            await ann.command("@set !haven", "Set: haven=off.")
            await igor.command("page ann=now?", 'You page Ann: "now\\?"')
            await ann.expect('Igor pages from The Cosmic Lobby: "now\\?"')
            assert "anyone" not in ann.text


async def test_ignore_silences_someone_everywhere_without_telling_them(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Pest") as pest, player(server, "Ann") as ann:
            await igor.command("ignore pest", "You are ignoring Pest: you no longer hear them anywhere.")
            await pest.command("say hello all", 'You say, "hello all"')
            await pest.command(":waves wildly", "Pest waves wildly")
            await pest.command("page igor=psst", 'You page Igor: "psst"')
            await pest.command("whisper igor=psst2", 'You whisper, "psst2" to Igor.')
            await pest.command("+pub spam", r'\[pub\] Pest says, "spam"')
            await ann.expect(r'\[pub\] Pest says, "spam"')
            await ann.command("say clear", 'You say, "clear"')
            await igor.expect('Ann says, "clear"')
            await igor.command("r hello?", "Nobody has paged you yet.")
            for heard in ("hello all", "waves wildly", "psst", "spam"):
                assert heard not in igor.text
            assert "ignor" not in pest.text
            await igor.command("ignore", "You are ignoring: Pest.")
            await igor.command("ignore Pest", "You are already ignoring Pest.")
            await igor.command("ignore igor", "You cannot ignore yourself.")
            await igor.command("ignore Nobody", "There is no player called Nobody.")
            await igor.command("unignore nobody", "You are not ignoring nobody.")
        async with player(server, "Igor", create=False) as igor, player(server, "Pest", create=False) as pest:
            await pest.command("say still here", 'You say, "still here"')
            await igor.command("unignore pest", "You hear Pest again.")
            await pest.command("say and now", 'You say, "and now"')
            await igor.expect('Pest says, "and now"')
            assert "still here" not in igor.text
            await igor.command("ignore", "You are not ignoring anyone.")


async def test_channels_live_in_the_database(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Ann") as ann:
            await igor.command("@channel list", r"\* pub +2 on   Public talk")
            await igor.expect(r"  games +0 on   Looking for players")
            await igor.command("+pub hi all", r'\[pub\] Igor says, "hi all"')
            await ann.expect(r'\[pub\] Igor says, "hi all"')
            await ann.command("+p :waves", r"\[pub\] Ann waves")
            await igor.expect(r"\[pub\] Ann waves")
            await igor.command("+games anyone?", "You are not on games: '@channel join games' joins it.")
            await igor.command("@channel join games", "You join games: '\\+games <message>' talks on it.")
            await igor.command("@channel join games", "You are already on games.")
            await igor.command("+g anyone?", r'\[games\] Igor says, "anyone\?"')
            await igor.command("@channel who games", "On games now: Igor.")
            await ann.command("@channel leave pub", "You leave pub.")
            await ann.command("@channel leave pub", "You are not on pub: '@channel join pub' joins it.")
            await ann.command("+nope hi", "There is no channel called nope: '@channel list' lists them.")
            await ann.command("@channel frob", r"Usage: @channel list\|join")
            await igor.command("+pub", r"Usage: \+<channel> <message>")
            await igor.command("+pub back to pub", r'\[pub\] Igor says, "back to pub"')
        async with player(server, "Ann", create=False) as ann, player(server, "Igor", create=False) as igor:
            await igor.command("+games kept", r'\[games\] Igor says, "kept"')
            await igor.command("@channel who pub", "On pub now: Igor.")
            assert "back to pub" not in ann.text


async def test_wizards_create_and_destroy_channels(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Wizard") as wiz, player(server, "Igor") as igor:
            await igor.command("@channel create help=Ask anything", "Permission denied.")
            await wiz.command("@channel create Gamers=Talk about games", "Channel gamers created")
            await wiz.command("@channel create pub=again", "There is already a channel called pub.")
            await wiz.command("@channel create 9x=bad", "Channel names are 2 to 16 letters, digits, - and _")
            await wiz.command("@channel create help", r"Usage: @channel list\|join")
            await igor.command("@channel join gamers", "You join gamers")
            await igor.command("+ga hi", "Which channel do you mean by ga: games, gamers?")
            await igor.command("+gamers hi", r'\[gamers\] Igor says, "hi"')
            await igor.command("@channel destroy gamers", "Permission denied.")
            await wiz.command("@channel destroy gamers", "Channel gamers destroyed.")
            await igor.command("+gamers hi", "There is no channel called gamers")
            await wiz.command("@whois Wizard", "No moderation actions.")
            assert [c.name for c in await server.store.channels()] == ["pub", "games"]
