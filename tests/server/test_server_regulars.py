"""What a regular of other MUDs looks for: news at login and on demand, the version, the uptime, @last and finger."""

from __future__ import annotations

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
