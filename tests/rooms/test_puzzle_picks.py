"""Puzzles picked from games (rooms.wimpout.puzzlepicks), read against the shipped goal-500 tables: every pick is a
decision whose choice made gave up at least GAP of winning chance, with one choice MARGIN ahead of every other, in a
game not already decided; the fallback's bot games are the same for the same seed."""

from __future__ import annotations

from engine.wimpout.rules import RuleSet
from rooms.wimpout.puzzlepicks import DECIDED, GAP, MARGIN, bot_game, picks
from server.wimpout.solutions import Solutions


def test_every_pick_is_a_clear_mistake_with_one_clear_answer() -> None:
    tables = Solutions(None)
    assert tables.advisor(RuleSet()) is not None
    found = [pick for seed in (1, 2, 3, 4) for pick in picks(tables, bot_game(seed))]
    assert len(found) >= 3
    for pick in found:
        (best, win), (_, second) = pick.choices[0], pick.choices[1]
        made = dict(pick.choices)[pick.made]
        assert pick.made != best and win - made >= GAP and win - second >= MARGIN and DECIDED <= win <= 1 - DECIDED


def test_the_decisions_of_named_players_only() -> None:
    tables = Solutions(None)
    events = bot_game(2)
    assert {pick.player for pick in picks(tables, events, frozenset({"first"}))} <= {"first"}


def test_bot_games_are_the_same_for_the_same_seed() -> None:
    assert bot_game(5) == bot_game(5) != bot_game(6)
