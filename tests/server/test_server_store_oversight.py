"""What wizards oversee, kept by both backends (``store_url``): the record read server-wide, holds, reports,
invitations, and accounts renamed or deleted with everything under their name following (every column of
``sharedsql.BY_NAME`` and ``BY_SKELETON``, and a game's seats and events, whose players' fields alone change)."""

from __future__ import annotations

import dataclasses
import time
import typing
from pathlib import Path

import pytest

import engine.poker.happenings as poker_events
import engine.wimpout.events as wimpout_events
from rooms.model import Room
from server.store import (
    DEFAULT_GAME, FORMER, BotAccount, Channel, Finish, Invite, InviteRefused, NameTaken, Restriction, Result, Store,
    store_at,
)
from server.store.renaming import PLAYER_FIELDS, PROSE_FIELDS, renamed
from server.wimpout.wimpoutresults import TALLY

FIGURES = {"best_turn": 105, "freight_trains": 1, "train_wrecks": 0, "supernovas": 0}
EVENTS = [
    {"type": "GameCreated", "players": ["Ann", "Bob"], "rules": {"goal": 100}},
    {"type": "RollOff", "throws": [["Ann", 5], ["Bob", 3]]},
    {"type": "ProposalMade", "number": 1, "proposer": "Ann", "name": "", "value": "Ann", "text": "Ann rules"},
    {"type": "PlayerOut", "player": "Bob", "reason": "did not pass Ann's 125 in Last Licks (Anna watched)"},
    {"type": "GameOver", "winner": "Ann", "reason": "won Last Licks"},
]
NOT_PLAYERS = {
    "reason", "name", "value", "text", "purpose", "meld", "items", "chosen", "room", "command", "rooms", "daily",
}
"""The events' string fields that hold no player's name (an honour rule's words are the proposer's own)."""


async def opened(store_url: str, tmp_path: Path) -> Store:
    store = store_at(store_url, tmp_path / "data", {DEFAULT_GAME: TALLY})
    await store.open()
    return store


def test_every_string_field_of_every_event_is_known_to_hold_a_name_or_not() -> None:
    """A new event field holding a player's name must be added to ``PLAYER_FIELDS`` (else a rename leaves it)."""
    fields = {
        name for module in (wimpout_events, poker_events) for cls in vars(module).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)
        for name, hint in typing.get_type_hints(cls).items() if "str" in str(hint)
    }
    assert fields - PLAYER_FIELDS - PROSE_FIELDS - NOT_PLAYERS == set()


def test_only_the_fields_that_hold_players_are_renamed() -> None:
    event = {"type": "X", "player": "Ann", "value": "Ann", "reason": "Annie and Ann's", "order": [3, 1], "by": 5}
    assert renamed(event, "Ann", "Bea") == {"type": "X", "player": "Bea", "value": "Ann", "reason": "Annie and Bea's",
                                            "order": [3, 1], "by": 5}


async def test_the_record_holds_reports_and_invitations(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        await store.record("Wiz", "mute", "Ann", "10 minutes")
        await store.record("console", "wizard", "Wiz", "")
        await store.record("Ann", "report", "Bob", "#1")
        assert [e.action for e in await store.audit(None, 10)] == ["report", "wizard", "mute"]
        assert [e.action for e in await store.audit(None, 1)] == ["report"]
        assert [e.action for e in await store.audit("ann", 10)] == ["report", "mute"]
        assert [e.action for e in await store.audit("WIZARD", 10)] == ["wizard"]
        now = time.time()
        await store.hold("ann", now + 60)
        await store.hold("@127.0.0.2", now - 1)
        assert await store.holds(now) == {"ann": pytest.approx(now + 60)}
        await store.release("ann")
        assert await store.holds(now) == {}
        first = await store.file_report("Ann", "Bob", "insults", now - 7200)
        second = await store.file_report("Ann", "Cy", "cheats", now)
        assert [r.number for r in await store.reports_by("ann", now - 3600)] == [first, second]
        closed = await store.close_report(first, "Wiz", "warned", now)
        assert closed is not None and (closed.reported, closed.closed_by, closed.note) == ("Bob", "Wiz", "warned")
        assert await store.close_report(first, "Wiz", "again", now) is None
        assert [r.number for r in await store.reports_by("Ann", now - 3600)] == [second]
        assert [r.number for r in await store.reports(True, 10)] == [second]
        assert [r.number for r in await store.reports(False, 10)] == [second, first]
        await store.create_invite(Invite("AAAA-BBBB", "Wiz", now, "for Ann"))
        await store.create_invite(Invite("CCCC-DDDD", "Wiz", now - 86400 * 8, ""))
        assert await store.invites(now - 86400 * 7) == [Invite("AAAA-BBBB", "Wiz", pytest.approx(now), "for Ann")]
        with pytest.raises(InviteRefused):
            await store.create("Bob", "bob", "hash", "CCCC-DDDD", now - 86400 * 7)  # too old
        assert await store.find("bob") is None  # (nothing of it was kept)
        await store.create("Bob", "bob", "hash", "AAAA-BBBB", now - 86400 * 7)
        with pytest.raises(InviteRefused):
            await store.create("Cy", "cy", "hash", "AAAA-BBBB", now - 86400 * 7)  # used
        assert await store.invites(now - 86400 * 7) == [] and not await store.cancel_invite("AAAA-BBBB")
        await store.set_last_address("bob", "127.0.0.9")
        assert (await store.find("bob")).last_address == "127.0.0.9"
    finally:
        await store.close()


async def everything_of_anns(store: Store) -> int:
    """Ann, with something of hers in every place a name is kept; her game's id."""
    now = time.time()
    await store.create("Ann", "ann", "hash")
    await store.create("Bob", "bob", "hash")
    await store.create("Robo", "robo", "hash")
    await store.set_preference("ann", "cubes", "compact")
    await store.set_ignored("ann", "Bob", True)
    await store.set_ignored("bob", "Ann", True)
    await store.set_location("ann", "attic")
    await store.create_channel(Channel("chess", "Chess", False))
    await store.set_member("chess", "ann", True)
    await store.restrict("ann", Restriction("*", None, "Bob", "shouting"), "*")
    await store.restrict("bob", Restriction("*", None, "Ann", "spam"), "*")
    await store.send_letter("ann", "Bob", now, "hello Ann", 100)
    await store.send_letter("bob", "Ann", now, "hello Bob", 100)
    await store.record("Bob", "mute", "Ann", "")
    await store.record("Ann", "ban", "Mal", "")
    await store.set_bot_account("robo", "Robo", BotAccount("Ann", "1"))
    await store.hold("ann", now + 600)
    await store.file_report("Ann", "Bob", "insults", now)
    await store.file_report("Bob", "Ann", "cheats", now)
    await store.seed_world([Room("attic", "Attic", "Dusty.", (), "Ann")], "attic")
    await store.create_fun_run("Ann", now, None, None, [{"type": "RunStarted"}])
    number = await store.create_event("arena", "lobby", [], 2, now, now + 60, None, [])
    await store.enter_event(number, "Ann", True)
    _, game = await store.open_next_table("lobby", {"goal": 100}, ["Ann", "Bob"])
    finish = Finish("Ann", [Result("Ann", True, 125, False, FIGURES), Result("Bob", False, 40, False, FIGURES)])
    await store.save_table(game, {"goal": 100}, ["Ann", "Bob"], {}, "over", 0, EVENTS, finish)
    _, tutorial = await store.open_next_table("lobby", {}, ["Ann", "Teacher.bot"])
    await store.set_learner(tutorial, "Ann")
    await store.close_table(tutorial, "abandoned")
    _, playing = await store.open_next_table("lobby", {"goal": 100}, ["Ann", "Bob"])
    await store.save_table(playing, {"goal": 100}, ["Ann", "Bob"], {}, "playing", 0, [], None, CONDUCT)
    await store.set_email("ann", "ann@example.org", "token", now)
    return game


CONDUCT = {"moves": {"Ann": 3, "Bob": 2}, "left": ["Ann"], "addresses": {"Ann": "10.0.0.1", "Bob": "10.0.0.2"}}
"""How Ann and Bob took part in a game still open (server.competition.fairplay)."""


async def test_a_renamed_account_takes_everything_under_its_name(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        game = await everything_of_anns(store)
        before = (await store.ratings("Ann"), await store.stats("Ann"), await store.history("Ann", 5))
        with pytest.raises(NameTaken):
            await store.rename_account("ann", "Ann", "BOB", "bob")
        anna = await store.rename_account("ann", "Ann", "Anna", "anna")
        assert (anna.name, anna.skeleton) == ("Anna", "anna") and await store.find("ann") is None
        assert await store.preferences("anna") == {"cubes": "compact"} and await store.location("anna") == "attic"
        assert await store.ignored("anna") == {"Bob"} and await store.ignored("bob") == {"Anna"}
        assert await store.memberships("anna") >= {"chess"}
        assert (await store.restrictions("anna"))["*"].by == "Bob" and (await store.restrictions("bob"))["*"].by == "Anna"
        assert [letter.preview for letter in await store.letters("anna")] == ["hello Ann"]
        assert [letter.sender for letter in await store.letters("bob")] == ["Anna"]
        assert [(e.actor, e.target) for e in await store.audit("Anna", 10)] == [("Anna", "Mal"), ("Bob", "Anna")]
        assert await store.bot_account("robo") == BotAccount("Anna", "1")
        assert set(await store.holds(time.time())) == {"anna"}
        assert {(r.reporter, r.reported) for r in await store.reports(True, 10)} == {("Anna", "Bob"), ("Bob", "Anna")}
        assert (await store.world())[0][0].owner == "Anna"
        assert (await store.fun_runs("Anna", 5))[0].player == "Anna"
        [event] = await store.events(running=True)
        assert [line.standing.name for line in await store.standings(event.event_id)] == ["Anna"]
        played = await store.game_events(game)
        assert played is not None and played.events == [renamed(e, "Ann", "Anna") for e in EVENTS]
        assert played.events[2]["value"] == "Ann" and "Anna's 125" in played.events[3]["reason"]
        assert "(Anna watched)" in played.events[3]["reason"]  # (another name that begins alike is left)
        after = (await store.ratings("Anna"), await store.stats("Anna"), await store.history("Anna", 5))
        assert after[0] == before[0] and after[1] == before[1]
        assert [(h.game_id, h.players, h.winner) for h in after[2]] == [
            (h.game_id, h.players.replace("Ann", "Anna"), "Anna") for h in before[2]]
        assert await store.ratings("Ann") == {} and (await store.stats("Ann")).games == 0
        [open_game] = await store.open_tables()
        assert open_game.conduct == {"moves": {"Anna": 3, "Bob": 2}, "left": ["Anna"],
                                     "addresses": {"Anna": "10.0.0.1", "Bob": "10.0.0.2"}}
        assert await store.email("ann") is None and (await store.email("anna")).address == "ann@example.org"
    finally:
        await store.close()


async def test_a_deleted_account_leaves_its_games_to_the_others_under_a_former_name(store_url: str, tmp_path: Path) -> None:
    store = await opened(store_url, tmp_path)
    try:
        game = await everything_of_anns(store)
        bob_before = (await store.ratings("Bob"), await store.history("Bob", 5))
        former = await store.delete_account("ann", "Ann")
        assert former.startswith(FORMER) and len(former) == len(FORMER) + 6
        assert await store.find("ann") is None and "Ann" not in await store.names()
        assert await store.preferences("ann") == {} and await store.ignored("ann") == set()
        assert await store.ignored("bob") == set() and await store.letters("ann") == []
        assert await store.memberships("ann") == set() and await store.restrictions("ann") == {}
        assert await store.ratings("Ann") == {} and await store.ratings(former) == {}
        assert await store.fun_runs("Ann", 5) == [] and await store.fun_runs(former, 5) == []
        assert await store.holds(time.time()) == {}
        assert [letter.sender for letter in await store.letters("bob")] == [former]
        assert [(e.actor, e.action, e.target) for e in await store.audit(former, 10)] == [
            (former, "delete", former), (former, "ban", "Mal"), ("Bob", "mute", former)]
        assert await store.bot_account("robo") == BotAccount(former, "1")
        assert (await store.restrictions("bob"))["*"].by == former
        played = await store.game_events(game)
        assert played is not None and played.events == [renamed(e, "Ann", former) for e in EVENTS]
        assert await store.ratings("Bob") == bob_before[0]
        assert [(h.game_id, sorted(h.players.split(", ")), h.winner, h.score) for h in await store.history("Bob", 5)] == [
            (h.game_id, sorted([former, "Bob"]), former, h.score) for h in bob_before[1]]
        assert [name for name, _ in await store.top(5)] == ["Bob"]  # a former name stays off the leaderboard
        assert (await store.stats(former)).games == 1
        [open_game] = await store.open_tables()  # (its own moves stay hers, its address is not kept)
        assert open_game.conduct == {"moves": {former: 3, "Bob": 2}, "left": [former], "addresses": {"Bob": "10.0.0.2"}}
        assert await store.email("ann") is None
        assert await store.create("Ann", "ann", "hash")  # the name is free again
        assert await store.history("Ann", 5) == [] and await store.letters("ann") == []
    finally:
        await store.close()
