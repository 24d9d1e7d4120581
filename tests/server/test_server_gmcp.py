"""GMCP over a real socket: the client's hello and packages, Char.Name at login, and a whole game played from the
Wimpout package alone, every message validated against JSON mode's models and matching what a JSON watcher reads."""

from __future__ import annotations

from typing import Any

from telnetlib3.mud import gmcp_decode
from telnetlib3.telopt import GMCP

from support.clients import player
from server.wire.protocol import SERVER_MESSAGE
from support.wire import WireClient, wire_client


class GmcpReader:
    """The GMCP messages a wire client received, in order, decoded."""

    def __init__(self, client: WireClient) -> None:
        self.client, self.seen = client, 0

    async def next(self) -> tuple[str, Any]:
        payload = await self.client.subnegotiation(GMCP, self.seen)
        self.seen += 1
        return gmcp_decode(payload)

    async def until(self, package: str) -> Any:
        while True:
            name, data = await self.next()
            if name == package:
                return data


async def test_a_whole_game_played_from_gmcp_alone(make_server) -> None:
    # rated however short the game (the house bot can win to 100 before Ann has made the fewest moves a rating needs)
    async with make_server(ratings={"min_moves": 0}) as server:
        async with wire_client(server, frozenset({GMCP})) as client, player(server, "Wat") as watcher:
            gmcp = GmcpReader(client)
            client.gmcp('Core.Hello {"client": "TestClient", "version": "1.0"}')
            client.gmcp('Core.Supports.Set ["Char 1", "Wimpout 1"]')
            client.gmcp("Core.Ping")
            assert await gmcp.until("Core.Ping") is None
            await client.command("create Ann secret1", "Obvious exits")
            assert await gmcp.until("Char.Name") == {"name": "Ann", "fullname": "Ann"}
            await client.command("table open goal=100", "You sit down at table 1.")
            await client.command("table bot add", "Robby1.bot sits down")
            await watcher.command("@json on", '"json":"on"')
            await watcher.command("watch 1", '"type":"table"')
            client.send("start")
            states, kinds = [], set()
            for _ in range(1000):
                name, data = await gmcp.next()
                if name == "Char.Status":  # (her score as it changes)
                    continue
                assert name.startswith("Wimpout.") and name == f"Wimpout.{data['type'].capitalize()}"
                message = SERVER_MESSAGE.validate_python(data)
                if data["type"] != "table":
                    continue
                assert "\x1b" not in data["text"]
                states.append(message.state)
                kinds |= {event["type"] for event in data["events"]}
                if data["state"]["status"] == "over":
                    break
                if data["you_may"]:
                    client.send("stop" if "stop" in data["you_may"] else data["you_may"][0])
            await watcher.expect(r'"status":"over"[^\n]*\n')  # the whole line, not its first packet
            rated = await gmcp.until("Char.Rating")  # her rating's change at the game's end (the bot's is not hers)
            assert rated["name"] == "Ann" and rated["game"] == "wimpout" and rated["games"] == 1
            assert rated["provisional"] is True and rated["rating"] == 1000 + rated["change"]
            await client.command("rating", "Ratings of Ann")
            assert await gmcp.until("Char.Rating") == {**rated, "change": None}
        assert {"Thrown", "Scored", "GameOver"} <= kinds and states[-1].winner in ("Ann", "Robby1.bot")
        watched = [SERVER_MESSAGE.validate_json(line) for line in watcher.text.splitlines() if '"type":"table"' in line]
        played = [state for state in states if state.status != "waiting"]
        assert [m.state for m in watched if m.state.status != "waiting"] == played  # JSON mode's news, move by move


async def test_gmcp_is_sent_only_for_packages_asked_for_and_bad_gmcp_is_ignored(make_server) -> None:
    async with make_server() as server, wire_client(server, frozenset({GMCP})) as client:
        client.gmcp('Core.Supports.Set ["Char 1"]')
        client.gmcp("Core.Hello {not json")
        client.gmcp("Core.Supports.Add 42")
        await client.command("create Ann secret1", "Obvious exits")
        await client.command("table open goal=100", "You sit down at table 1.")
        await client.command("roll", "has not started")
        packages = [gmcp_decode(payload)[0] for option, payload in client.subnegotiations if option == GMCP]
        assert packages == ["Char.Name", "Char.Status", "Char.Status"]  # (no longer at no table: at table 1)
        client.gmcp('Core.Supports.Add ["Wimpout 1"]')
        await client.command("roll", "has not started")
        told = [gmcp_decode(payload) for option, payload in client.subnegotiations if option == GMCP]
        error = next(data for package, data in reversed(told) if package == "Wimpout.Error")
        assert SERVER_MESSAGE.validate_python(error).type == "error" and error["code"] == "refused"
        prompt = next(data for package, data in reversed(told) if package == "Wimpout.Prompt")
        assert SERVER_MESSAGE.validate_python(prompt).text.startswith("[T1 waiting: Ann")  # the status prompt line


async def test_a_sub_package_asked_for_alone_gets_its_own_messages(make_server) -> None:
    """Mudlet's convention: ``Wimpout.Error 1`` enables that sub-package alone, as ``Wimpout 1`` enables them all."""
    async with make_server() as server, wire_client(server, frozenset({GMCP})) as client:
        gmcp = GmcpReader(client)
        client.gmcp('Core.Supports.Set ["Char.Name 1", "Wimpout.Error 1"]')
        await client.command("create Ann secret1", "Obvious exits")
        await client.command("table open goal=100", "You sit down at table 1.")
        await client.command("roll", "has not started")
        client.gmcp('Core.Supports.Remove ["Wimpout.Error 1"]')
        client.gmcp('Core.Supports.Add ["Wimpout.Prompt 1"]')
        await client.command("roll", "has not started")
        client.gmcp("Core.Ping")
        await gmcp.until("Core.Ping")
        packages = [gmcp_decode(payload)[0] for option, payload in client.subnegotiations if option == GMCP]
        assert packages[0] == "Char.Name" and packages[-1] == "Core.Ping"
        assert "Wimpout.Error" in packages[:-1] and "Wimpout.Table" not in packages
        after = packages[packages.index("Wimpout.Error") + 1:-1]
        assert "Wimpout.Prompt" in after and "Wimpout.Error" not in after


async def test_room_info_char_status_and_comm_channel_for_mud_clients(make_server) -> None:
    async with make_server() as server, player(server, "Bob") as bob:
        async with wire_client(server, frozenset({GMCP})) as client:
            gmcp = GmcpReader(client)
            client.gmcp('Core.Supports.Set ["Char 1", "Room 1", "Comm 1"]')
            await client.command("create Ann secret1", "Obvious exits")
            assert await gmcp.until("Char.Status") == {"name": "Ann", "table": None}
            assert await gmcp.until("Room.Info") == {"num": "lobby", "name": "The Cosmic Lobby",
                                                     "exits": ["green", "blue", "garden", "poker", "funhouse"], "players": ["Bob"]}
            await bob.command("+pub hello all", "hello all")
            assert await gmcp.until("Comm.Channel.Text") == {"channel": "pub", "talker": "Bob",
                                                             "text": '[pub] Bob says, "hello all"'}
            await bob.command("say hi Ann", "You say")
            assert await gmcp.until("Comm.Channel.Text") == {"channel": "say", "talker": "Bob", "text": 'Bob says, "hi Ann"'}
            await client.command("table open goal=100", "You sit down at table 1.")
            assert await gmcp.until("Char.Status") == {"name": "Ann", "table": 1, "game": "wimpout", "status": "waiting",
                                                       "seated": True, "score": 0, "up": False}
            await client.command("go green", "The Green Parlour")
            info = await gmcp.until("Room.Info")
            assert info["name"] == "The Green Parlour" and info["players"] == []
