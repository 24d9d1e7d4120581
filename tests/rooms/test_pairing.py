"""The rules of events and of the bot ladder's matchmaker, pure: points by place, the arena's pairing, the Swiss draw,
the ladder's tables."""

from __future__ import annotations

from rooms.matchmaking import Contender, ladder_tables
from rooms.pairing import Standing, arena_tables, place_points, ranked, swiss_tables


def test_points_by_finishing_place() -> None:
    assert place_points([1, 2]) == [2, 0]
    assert place_points([2, 1, 3]) == [1, 3, 0]
    assert place_points([1, 2, 3, 4]) == [4, 2, 1, 0]
    assert place_points([1, 1, 3]) == [2, 2, 0]  # a shared first place


def test_standings_rank_by_points_then_wins_then_fewer_games() -> None:
    lines = [Standing("Cy", 4, 3, 1), Standing("Ann", 4, 2, 2), Standing("Bob", 6, 3, 2), Standing("Dee", 4, 2, 2)]
    assert [s.name for s in ranked(lines)] == ["Bob", "Ann", "Dee", "Cy"]
    assert Standing("Ann").scored(2, True) == Standing("Ann", 2, 1, 1)


def test_the_arena_pairs_by_score_and_fills_a_short_table_with_the_nearest_bot() -> None:
    waiting = [Standing("Ann", 6), Standing("Bob", 0), Standing("Cy", 4), Standing("Dee", 1), Standing("Eve", 9)]
    bots = [Standing("Optimal.bot", 8, house=True), Standing("Cautious.bot", 0, house=True)]
    assert arena_tables(waiting, bots, 2, {}) == [["Eve", "Ann"], ["Cy", "Dee"], ["Bob", "Cautious.bot"]]
    assert arena_tables(waiting[:2], bots, 3, {}) == [["Ann", "Bob", "Cautious.bot"]]


def test_a_person_alone_with_no_bot_free_waits() -> None:
    assert arena_tables([Standing("Ann")], [], 2, {}) == []


def test_the_arena_avoids_seating_someone_with_their_last_table() -> None:
    waiting = [Standing("Ann", 5), Standing("Bob", 4), Standing("Cy", 3), Standing("Dee", 2)]
    last = {"Ann": frozenset({"Bob"}), "Bob": frozenset({"Ann"})}
    assert arena_tables(waiting, [], 2, last) == [["Ann", "Cy"], ["Bob", "Dee"]]


def test_a_swiss_round_draws_tables_from_the_standings() -> None:
    lines = [Standing(name, points) for name, points in (("Ann", 4), ("Bob", 2), ("Cy", 6), ("Dee", 0), ("Eve", 1))]
    assert swiss_tables(lines, 2, {}) == [["Cy", "Ann", "Bob"], ["Eve", "Dee"]]  # never one alone
    assert swiss_tables(lines, 4, {}) == [["Cy", "Ann", "Bob"], ["Eve", "Dee"]]
    assert swiss_tables(lines[:1], 2, {}) == []


def test_a_swiss_round_parts_players_who_met_and_gives_every_table_a_person() -> None:
    lines = [Standing("Ann", 2), Standing("Bob", 2), Standing("Cy", 0), Standing("Dee", 0)]
    met = {"Ann": frozenset({"Bob"}), "Bob": frozenset({"Ann"})}
    assert swiss_tables(lines, 2, met) == [["Ann", "Cy"], ["Bob", "Dee"]]
    entrants = [Standing("Ann"), Standing("Bob"), Standing("Cautious.bot", house=True),
                Standing("Optimal.bot", house=True)]
    tables = swiss_tables(entrants, 2, {})
    assert sorted(map(sorted, tables)) == [["Ann", "Cautious.bot"], ["Bob", "Optimal.bot"]]
    lone = [Standing("Ann"), Standing("Optimal.bot", house=True), Standing("Cautious.bot", house=True),
            Standing("Threshold.bot", house=True)]
    assert swiss_tables(lone, 2, {}) == [["Ann", "Cautious.bot", "Optimal.bot", "Threshold.bot"]]  # one person: one table


def test_the_ladder_seats_bots_of_similar_rating_together() -> None:
    waiting = [Contender("A", 1500), Contender("B", 1490), Contender("C", 1100), Contender("D", 1080),
               Contender("E", 1470)]
    anchors = [Contender("Optimal.bot", 1600), Contender("Cautious.bot", 1300)]
    assert ladder_tables(waiting, anchors, 4, 100, set()) == [["A", "B", "E"], ["C", "D"]]
    assert ladder_tables(waiting, anchors, 2, 100, set()) == [["A", "B"], ["E", "Optimal.bot"], ["C", "D"]]


def test_the_ladder_splits_a_recent_rematch_and_a_lone_bot_plays_the_nearest_anchor() -> None:
    waiting = [Contender("A", 1000), Contender("B", 1010)]
    anchors = [Contender("Optimal.bot", 1600), Contender("Cautious.bot", 1050), Contender("Threshold.bot", 1200)]
    assert ladder_tables(waiting, anchors, 4, 100, set()) == [["B", "A"]]
    recent = {frozenset({"A", "B"}), frozenset({"B", "Cautious.bot"})}
    assert ladder_tables(waiting, anchors, 4, 100, recent) == [["B", "Threshold.bot"], ["A", "Cautious.bot"]]
    assert ladder_tables(waiting[:1], [], 4, 100, set()) == []  # no anchor: it waits
    assert ladder_tables(waiting, anchors[1:2], 4, 100, {frozenset({"A", "B"})}) == [["B", "Cautious.bot"]]


def test_the_ladder_never_seats_two_bots_of_kin_together() -> None:
    """Bots of one owner (or from one address) could trade wins: each plays someone else, or an anchor."""
    mine, yours = frozenset({"owner:ann"}), frozenset({"owner:bob"})
    waiting = [Contender("A", 1500, mine), Contender("B", 1490, mine), Contender("C", 1480, yours)]
    anchors = [Contender("Optimal.bot", 1600)]
    assert ladder_tables(waiting, anchors, 2, 100, set()) == [["A", "Optimal.bot"], ["B", "C"]]
    assert ladder_tables(waiting[:2], anchors, 4, 100, set()) == [["A", "Optimal.bot"]]
