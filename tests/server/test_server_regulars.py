"""What a regular of other MUDs looks for: news at login and on demand, the version, the uptime, @last and finger."""

from __future__ import annotations

import pytest

from support.clients import player


async def test_news_version_uptime_and_last(make_server) -> None:
    async with make_server(news="Tournament on Friday at 20:00 UTC.") as server:
        async with player(server, "Igor"):
            pass
        async with player(server, "Mara") as mara:
            await mara.expect(r"News: Tournament on Friday at 20:00 UTC\.")
            await mara.command("news", "Tournament on Friday")
            await mara.command("version", r"Cosmic Wimpout: the cosmic-wimpout server, version \d+\.\d+")
            await mara.command("uptime", r"Up 00:0\d \(since \d{4}-\d\d-\d\d \d\d:\d\d UTC\); 1 connected now, 1 at most\.")
            await mara.command("@last Igor", r"Igor\nLast connected: \d{4}-\d\d-\d\d \d\d:\d\d UTC\.\nCharacter made: ")
            await mara.command("finger mara", r"Mara\nConnected now: on for 00:00, idle \d+s\.")
            await mara.command("@last Nobody", "There is no player called Nobody.")


async def test_no_news_is_said_so_and_not_shown_at_login(make_server) -> None:
    async with make_server() as server, player(server, "Mara") as mara:
        await mara.command("news", "No news.")
        assert "News:" not in mara.text


async def test_a_channel_recalls_its_last_lines(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Igor") as igor, player(server, "Mara") as mara:
            await mara.command("@channel recall pub", r"Nothing has been said on \[pub\] since the server started\.")
            for number in range(1, 13):
                await igor.command(f"+pub line {number}", rf'\[pub\] Igor says, "line {number}"')
            await igor.command("+pub :waves", r"\[pub\] Igor waves")
        async with player(server, "Mara", create=False) as mara:
            await mara.command("@channel recall pub", r"The last lines on \[pub\] \(times UTC\):\n\d\d:\d\d \[pub\] Igor "
                                                      r'says, "line 4"\n')
            await mara.expect(r"\d\d:\d\d \[pub\] Igor waves")
            assert "line 3" not in mara.text
            await mara.command("@channel recall pu 2", r'line 12"\n\d\d:\d\d \[pub\] Igor waves')
            await mara.command("@channel recall pub x", "Usage: @channel")
            await mara.command("ignore Igor", "You are ignoring Igor")
            await mara.command("@channel recall pub", r"Nothing has been said on \[pub\]")


@pytest.mark.usefixtures("store_url")
async def test_mail_to_an_offline_player_is_announced_at_login_and_read(make_server) -> None:
    async with make_server() as server:
        async with player(server, "Bruno"):
            pass
        async with player(server, "Ann") as ann:
            await ann.command("@mail Bruno=See you at table 2 tonight.", "You send mail to Bruno.")
            await ann.command("@mail bruno=And bring the sun cube!", "You send mail to Bruno.")
            await ann.command("@mail Nobody=hi", "There is no player called Nobody.")
            await ann.command("@mail Bruno", "Usage: @mail")
            await ann.command("@mail", "You have no mail.")
        async with player(server, "Bruno", create=False) as bruno:
            await bruno.expect(r"You have 2 unread letters: '@mail' lists them\.")
            await bruno.command("@mail", r"  1\* Ann, \d{4}-\d\d-\d\d \d\d:\d\d UTC: See you at table 2 tonight\.\n"
                                         r"  2\* Ann, .*: And bring the sun cube!")
            await bruno.command("@mail 1", r"Mail from Ann, .* UTC:\nSee you at table 2 tonight\.")
            await bruno.command("@mail 3", r"You have no letter 3 \(you have 2\)")
            await bruno.command("@mail delete 2", "Deleted the letter from Ann.")
            async with player(server, "Ann", create=False) as ann:
                await ann.command("@mail Bruno=Are you on?", "You send mail to Bruno.")
                await bruno.expect("You have new mail from Ann: '@mail' lists your letters.")
            await bruno.command("@mail", r"  1  Ann, .*: See you at table 2 tonight\.\n  2\* Ann, .*: Are you on\?")
        async with player(server, "Bruno", create=False) as bruno:
            await bruno.command("say back", 'You say, "back"')
            assert "You have 1 unread letter:" in bruno.text
