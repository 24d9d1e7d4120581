"""Events, their standings and the accounts flagged as bots, on both backends (``store_url``): what the events and the
ladder ask of the store is kept, a game is counted once, a bot's new version forgets its ratings."""

from __future__ import annotations

import time
from pathlib import Path

from rooms.pairing import Standing
from server.store import DEFAULT_GAME, BotAccount, EntrantLine, Finish, Result, store_at
from server.wimpout.wimpoutresults import TALLY

FIGURES = {"best_turn": 105, "freight_trains": 1, "train_wrecks": 0, "supernovas": 0}


async def test_events_standings_and_bot_accounts_are_kept(store_url: str, tmp_path: Path) -> None:
    store = store_at(store_url, tmp_path / "data", {DEFAULT_GAME: TALLY})
    await store.open()
    try:
        number = await store.create_event("swiss", "lobby", ["goal=100"], 2, 10.0, None, 3, ["Optimal.bot"])
        arena = await store.create_event("arena", "den", [], 4, 20.0, 80.0, None, [])
        await store.enter_event(number, "Ann", True)
        await store.enter_event(number, "Bob", True)
        await store.enter_event(number, "Bob", False)
        _, game = await store.open_next_table("lobby", {}, ["Ann"])
        await store.event_game(number, game, 1)
        assert await store.uncounted_games(number) == [(game, 1)]
        scores = [("Ann", 2, True), ("Optimal.bot", 0, False)]
        assert await store.score_event_game(number, game, scores)
        assert not await store.score_event_game(number, game, scores)  # once
        assert await store.uncounted_games(number) == []
        assert await store.standings(number) == [
            EntrantLine(Standing("Ann", 2, 1, 1), True), EntrantLine(Standing("Bob"), False),
            EntrantLine(Standing("Optimal.bot", 0, 1, 0, True), True)]
        await store.set_event_round(number, 1)
        await store.end_event(arena, "stopped")
        swiss = await store.event(number)
        assert (swiss.kind, swiss.options, swiss.seats, swiss.rounds, swiss.round, swiss.status) == (
            "swiss", ["goal=100"], 2, 3, 1, "running")
        assert [e.event_id for e in await store.events(running=True)] == [number]
        assert [e.event_id for e in await store.events(running=False)] == [arena, number]
        assert (await store.event(arena)).ends_at == 80.0 and await store.event(99) is None

        await store.create("Robo", "robo", "hash")
        assert await store.bot_account("robo") is None
        assert not await store.set_bot_account("robo", "Robo", BotAccount("Ann", "1"))
        finish = Finish("Robo", [Result("Robo", True, 100, True, FIGURES), Result("Ann", False, 50, False, FIGURES)])
        await store.save_table(game, {}, ["Robo", "Ann"], {}, "over", 0, [], finish)
        assert sorted(await store.results_of(game)) == [("Ann", False, 50), ("Robo", True, 100)]
        assert await store.games_since("Robo", time.time() - 60) == 1
        assert await store.games_since("Robo", time.time() + 60) == 0
        assert "wimpout" in await store.ratings("Robo")
        assert not await store.set_bot_account("robo", "Robo", BotAccount("Ann", "1"))  # the same version
        assert "wimpout" in await store.ratings("Robo")
        assert await store.set_bot_account("robo", "Robo", BotAccount("Ann", "2"))  # a new one: ratings start again
        assert await store.ratings("Robo") == {} and await store.bot_account("robo") == BotAccount("Ann", "2")
        await store.set_bot_account("robo", "Robo", None)
        assert await store.bot_account("robo") is None
    finally:
        await store.close()
