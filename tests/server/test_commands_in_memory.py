"""Commands against the server's services with no socket (tests/harness.py): what a command does is what it shows
and what the services hold afterwards."""

from __future__ import annotations

from pathlib import Path

from support.harness import Typist, in_memory


async def test_login_talk_and_who_without_a_socket(tmp_path: Path) -> None:
    async with in_memory(tmp_path / "data") as services:
        ann, bob = Typist(services), Typist(services)
        assert "Obvious exits" in await ann.type("create Ann secret1")
        await bob.type("create Bob secret2")
        assert set(services.presence.players) == {"Ann", "Bob"}
        assert 'You say, "hello"' in await ann.type("say hello")
        assert 'Ann says, "hello"' in bob.shown()
        assert "2 players are connected" in await bob.type("WHO")
        assert "Huh?" in await ann.type("dance")
        assert await services.store.find("ann") is not None


async def test_a_whole_game_played_by_typing(tmp_path: Path) -> None:
    """The Last Licks game of test_server_tables, typed: every move saved before it is shown, the result recorded."""
    script = tmp_path / "dice.txt"
    script.write_text("10 2\n10 10 10 3 s4\n5 s2\n2 3 4 6 s6\n")
    async with in_memory(tmp_path / "data", tables={"dice_script": script, "turn_timer": 600}) as services:
        ann, bob = Typist(services), Typist(services)
        await ann.type("create Ann secret1")
        await bob.type("create Bob secret2")
        assert "You sit down at table 1." in await ann.type("table open goal=100")
        await bob.type("sit")
        assert "Roll-off for the first turn" in await ann.type("start")
        assert "You score 100 (flash of 10s)" in await ann.type("roll")
        assert "Ann throws" in bob.shown()
        live = services.tables.get(1)
        [stored] = [t for t in await services.store.open_tables() if t.game_id == live.game_id]
        assert len(stored.events) == len(live.table.play.events) > 0  # saved before shown
        assert "It is not your turn; it is Ann's." in await bob.type("roll")
        await ann.type("roll")
        assert "You stop and bank 105" in await ann.type("stop")
        assert "You are out of the game" in await bob.type("roll")
        assert "Ann WINS the game at table 1" in ann.shown() + bob.shown()
        assert (await services.store.stats("Ann")).games == 0  # scripted dice: never rated nor counted
        assert "Ann has no finished games." in await bob.type("stats Ann")
        assert "won by Ann; Ann scored 105 (unrated)" in await bob.type("history Ann")
