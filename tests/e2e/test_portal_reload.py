"""Issue 25: the console program's portal keeps every connection through a reload (``cosmic-wimpout reload``) and
through a SIGKILL of its game process: a telnet player in the middle of her turn, a JSON bot seated beside her and a
browser (a real WebSocket, aiohttp's client) watching keep their connections, are told one line, and talk and play
on, the table exactly where it was."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from telnetlib3.mud import gmcp_decode
from telnetlib3.telopt import GMCP, MCCP2_COMPRESS

from support.browsers import web_client
from support.clients import RawClient, loose, player
from support.jsonclients import json_client
from support.portals import portal_server
from support.wire import wire_client

RELOADING = "The server is reloading; hold on."
RESTARTING = "The game stopped unexpectedly; it is starting again. Hold on: you stay connected."


async def scoreboard(client: RawClient) -> str:
    client.send("score 1")
    return await client.expect(r"(?s)Table 1: .*?\n(?=\[T)")


def throws(dice: Path, *lines: str) -> None:
    """What the next game process throws (each reads the script from its top when it starts)."""
    dice.write_text("\n".join(lines) + "\n")


async def test_connections_survive_a_reload_and_a_killed_game_process(tmp_path: Path) -> None:
    dice = tmp_path / "dice.txt"
    throws(dice, "10 2", "10 10 10 3 s4")
    async with portal_server(tmp_path, "--dice-script", str(dice)) as server:
        first = await server.health()
        assert first["status"] == "ok" and first["reloads"] == 0 and first["game_pid"] != first["portal_pid"]
        async with player(server, "Ann") as ann, json_client(server, "Bob") as bob, web_client(server, "Cy") as cy:  # type: ignore[arg-type]
            await ann.command("@set cubes=compact", "Set: cubes=compact")
            await ann.command("table open goal=200", r"You sit down at table 1\.")
            await bob.command("sit 1", "table", where=lambda m: m["text"] == "You sit down at table 1.")
            await cy.command("watch 1", "table", where=lambda m: "Cy" in m["state"]["watchers"])
            await ann.command("start", "Roll-off for the first turn")
            await ann.expect("--- Your turn")
            await ann.command("roll", r"You score 100 \(flash of 10s\)\. Turn total: 100\.")
            await ann.expect("You may: roll.")  # in the middle of her turn
            before = await scoreboard(ann)

            throws(dice, "5 s2")
            code, said = await server.console("reload")
            assert code == 0, said
            await ann.expect(RELOADING)
            await bob.expect("message", text=RELOADING)
            await cy.expect("message", text=RELOADING)
            reloaded = await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "ok")
            assert reloaded["portal_pid"] == first["portal_pid"] and reloaded["game_pid"] != first["game_pid"]
            assert await scoreboard(ann) == before
            await ann.command("say still here", 'You say, "still here"')
            await bob.expect("message", kind="say", where=lambda m: m["fields"]["who"] == "Ann")
            await bob.command("say me too", "message", kind="say")
            await cy.command("say and me", "message", kind="say")
            await ann.expect('Cy says, "and me"')
            await ann.command("r", "The flash of 10s is cleared!")  # her turn goes on where it was
            await cy.expect("table", where=lambda m: m["state"]["turn_points"] > 100)

            before = await scoreboard(ann)
            throws(dice, "2 3 4 6 s6")
            os.kill(reloaded["game_pid"], signal.SIGKILL)
            await ann.expect(loose(RESTARTING))
            await bob.expect("message", text=RESTARTING)
            await cy.expect("message", text=RESTARTING)
            back = await server.health_when(lambda f: f["game_pid"] not in (None, reloaded["game_pid"]) and f["status"] == "ok")
            assert back["portal_pid"] == first["portal_pid"]
            assert await scoreboard(ann) == before
            await ann.command("stop", "You stop and bank 105: score 105.")
            await bob.expect("table", where=lambda m: "roll" in m["you_may"])
            await bob.command("roll", "table", where=lambda m: any(e["type"] == "Thrown" for e in m["events"]))
            await cy.command("say still watching", "message", kind="say")
            await ann.expect('Cy says, "still watching"')
        assert not server.events("session.refused")


async def test_a_reload_on_a_configuration_that_cannot_be_read_keeps_the_old_game_process(tmp_path: Path) -> None:
    """A wizard's @reload that cannot go ahead (here the configuration on disk became invalid: the portal reads it
    first, as the new game process would, and refuses) leaves everyone where they were, and the wizard is told why;
    so does a plain SIGHUP (issue 36: it skipped the check). A setting only a restart applies is named."""
    config = tmp_path / "server.toml"
    config.write_text('server_name = "Test MUCK"\n')
    async with portal_server(tmp_path, "--config", str(config)) as server:
        first = await server.health()
        async with player(server, "Wiz") as wiz, player(server, "Ann") as ann:
            config.write_text('[limits]\nidle_timeout = "soon"\n')
            await wiz.command("@reload", loose("The server did not reload: its configuration cannot be read (invalid"))
            await wiz.expect("idle_timeout")
            server.process.send_signal(signal.SIGHUP)
            async with asyncio.timeout(10):
                while len(server.events("portal.reload_refused")) < 2:
                    await asyncio.sleep(0.05)
            assert (await server.health())["game_pid"] == first["game_pid"]
            await ann.command("say nothing happened", 'You say, "nothing happened"')
            assert RELOADING not in ann.text
            assert "idle_timeout" in server.events("portal.reload_refused")[-1]["reason"]
            config.write_text('server_name = "Test MUCK"\n[tls]\nport = 4999\n')
            await wiz.command("@reload", loose("These settings changed but only a restart applies them: tls."))
            await wiz.expect(RELOADING)
            await wiz.expect("Reloaded: the game runs the code now on disk.")
            await ann.expect(RELOADING)
            await ann.command("say and now", 'You say, "and now"')
            figures = await server.health()
            assert figures["reloads"] == 1 and figures["game_pid"] != first["game_pid"]


async def test_a_game_process_dying_in_a_loop_is_said_and_retried(tmp_path: Path) -> None:
    """Three deaths within a minute: everyone is told the game keeps stopping, and it is started again (after a
    back-off); the connection is never dropped."""
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
        pids: list[int] = []
        for _ in range(3):
            figures = await server.health_when(lambda f: f["status"] == "ok" and f["game_pid"] not in pids)
            pids.append(figures["game_pid"])
            os.kill(figures["game_pid"], signal.SIGKILL)
            await ann.expect(loose(RESTARTING))
        await ann.expect(loose("The game keeps stopping (three times within a minute)").replace(r"\(", r"\(?"))
        await ann.expect("The game is back.")
        await ann.command("say still connected", 'You say, "still connected"')
        assert server.events("portal.game_crash_loop")


async def test_a_wizards_shutdown_stops_portal_and_game(tmp_path: Path) -> None:
    async with portal_server(tmp_path) as server, player(server, "Wiz") as wiz:
        wiz.send("@shutdown")
        assert "The server is shutting down. Come back later!" in await wiz.closed()
        assert await server.process.wait() == 0
        assert not (server.data_dir / "portal.pid").exists()


async def test_a_mud_clients_gmcp_packages_survive_a_reload(tmp_path: Path) -> None:
    """What a client told GMCP (its hello, the packages it wants) is the connection's, kept by the portal and told to
    the new game process: after a reload, talk still reaches its chat window."""
    async with portal_server(tmp_path) as server, wire_client(server, frozenset({GMCP})) as client:  # type: ignore[arg-type]
        client.gmcp('Core.Hello {"client": "TestClient", "version": "1.0"}')
        client.gmcp('Core.Supports.Set ["Comm 1"]')
        await client.command("create Ann secret1", "Obvious exits")
        async with player(server, "Bob") as bob:
            code, said = await server.console("reload")
            assert code == 0, said
            await client.expect(RELOADING)
            await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "ok")
            await bob.command("say hello again", 'You say, "hello again"')
            for seen in range(20):
                name, data = gmcp_decode(await client.subnegotiation(GMCP, seen))
                if name == "Comm.Channel.Text":
                    assert data["talker"] == "Bob" and "hello again" in data["text"]
                    break
            else:
                raise AssertionError("no Comm.Channel.Text after the reload")


async def test_sigterm_to_the_game_process_alone_drops_no_one(tmp_path: Path) -> None:
    """A SIGTERM meant for the server but sent to its game process (a supervisor signalling every process): it saves
    and ends without hanging up, and the portal starts another."""
    async with portal_server(tmp_path) as server, player(server, "Ann") as ann:
        first = await server.health()
        os.kill(first["game_pid"], signal.SIGTERM)
        await ann.expect(loose(RESTARTING))
        await server.health_when(lambda f: f["game_pid"] not in (None, first["game_pid"]) and f["status"] == "ok")
        await ann.command("say still here", 'You say, "still here"')
        assert "shutting down" not in ann.text


async def test_mccp2_stays_in_the_portal_through_a_reload(tmp_path: Path) -> None:
    """A compressed stream (MCCP2) is the portal's: it carries the game process's output before and after a reload,
    one zlib stream throughout."""
    async with portal_server(tmp_path) as server, wire_client(server, frozenset({MCCP2_COMPRESS})) as client:  # type: ignore[arg-type]
        await client.command("create Ann secret1", "Obvious exits")
        assert client.inflated
        code, said = await server.console("reload")
        assert code == 0, said
        await client.expect(RELOADING)
        await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "ok")
        await client.command("say squeezed", 'You say, "squeezed"')


async def test_who_waits_in_a_queue_waits_on_through_a_reload_and_a_crash(tmp_path: Path) -> None:
    """The bot ladder's queue and an arena's live in the game process: a bot waiting for a ladder table and a player
    waiting for an arena game wait on after a reload and after a killed game process, without joining again (a
    ladder bot scripted to join once would otherwise never play again after an upgrade)."""
    async with portal_server(tmp_path, COSMIC_LADDER__EVERY="3600") as server, player(server, "Wiz") as wiz, \
            player(server, "Ann") as ann, player(server, "Robo") as robo:
        await robo.command("@set me=bot owner=Ann version=1", r"Robo is a bot now")
        await ann.command("@bot accept Robo", "You accept Robo as your bot")
        await robo.command("ladder join", "Robo waits for a ladder table")
        await wiz.command("event arena 30 goal=100 none", "opens event 1, an arena")
        await ann.command("event join", "You are in event 1.")  # alone, with no house bot: she waits
        code, said = await server.console("reload")
        assert code == 0, said
        await ann.expect(RELOADING)
        first = await server.health_when(lambda f: f["reloads"] == 1 and f["status"] == "ok")
        await robo.command("ladder", r"The ladder: 1 waiting \(Robo\)")
        os.kill(first["game_pid"], signal.SIGKILL)
        await ann.expect(loose(RESTARTING))
        await server.health_when(lambda f: f["game_pid"] not in (None, first["game_pid"]) and f["status"] == "ok")
        await robo.command("ladder", r"The ladder: 1 waiting \(Robo\)")
        async with player(server, "Bob") as bob:
            await bob.command("event join", "You are in event 1.")
            await ann.expect(r"Event 1, arena game: you play at table \d+ \(Ann, Bob\)")
