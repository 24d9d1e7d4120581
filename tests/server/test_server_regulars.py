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
