"""Duplicate dice (docs/fairness.md, duplicate events): the tables of a group draw on one keyed stream, so two tables
whose players decide alike play identical games, and a player who decides differently still gets the same later
throws (the k-th throw of a seat is at its own address, slot by slot); matchpoints compare a seat's results."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from engine.keyedstream import KeyedStream, stream_key
from engine.matchpoints import matchpoints, percentage, top
from engine.wimpout import Game, RuleSet, event_to_dict
from engine.wimpout.keyeddice import KeyedDice, draws
from engine.wimpout.strategies import threshold

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
SERVER_SEED = "00" * 31 + "01"
GROUP_SEEDS = ["ann", "bob", "cy", "dan"]
"""Two tables of two, Ann and Bob at one, Cy and Dan at the other: the group's seeds in its order."""


def table(players: list[str], thresholds: list[int], moves: int = 400) -> Game:
    """A table of the group: each seat plays ``threshold`` with its own number of points."""
    holder: list[Game] = []
    dice = KeyedDice(KeyedStream.of(SERVER_SEED, GROUP_SEEDS), lambda: holder[0] if holder else None)
    holder.append(Game.start(players, RuleSet(goal=400), dice))
    game = holder[0]
    for _ in range(moves):
        if game.is_over:
            break
        player = game.waiting_on()[0]
        points = thresholds[players.index(player)]
        game.apply(player, threshold(points)(game.state, player, game.legal_actions(player)), dice)
    return game


def anonymous(game: Game, players: list[str]) -> list[str]:
    """The game's events with each player named by seat (``seat0``), to compare tables with different people."""
    text = [repr(event_to_dict(event)) for event in game.events]
    for seat, name in enumerate(players):
        text = [re.sub(rf"\b{name}\b", f"seat{seat}", line) for line in text]
    return text


def test_two_tables_of_a_group_deciding_alike_play_identical_games() -> None:
    one = table(["Ann", "Bob"], [150, 250])
    two = table(["Cy", "Dan"], [150, 250])
    assert one.is_over and two.is_over
    assert anonymous(one, ["Ann", "Bob"]) == anonymous(two, ["Cy", "Dan"])
    other_group = KeyedStream.of(SERVER_SEED, ["ann", "bob", "cy", "eve"])  # another group: other dice
    assert other_group.key != KeyedStream.of(SERVER_SEED, GROUP_SEEDS).key


def test_a_different_decision_changes_nothing_in_the_later_throws_of_any_seat() -> None:
    """Dan stops at fewer points than Bob: the games part, yet every cube slot both tables threw, seat by seat and
    throw by throw, shows the same face, Dan's own later throws too (a short throw takes the first slots)."""
    one = table(["Ann", "Bob"], [150, 150])
    two = table(["Cy", "Dan"], [150, 60])
    assert anonymous(one, ["Ann", "Bob"]) != anonymous(two, ["Cy", "Dan"])
    first = {d.address: d.value for d in draws(one.events)}
    second = {d.address: d.value for d in draws(two.events)}
    shared = first.keys() & second.keys()
    assert all(first[address] == second[address] for address in shared)
    later = [a for a in shared if a.startswith("wimpout/throw/1/") and int(a.split("/")[3]) >= 3]
    assert later and len(shared) > 30  # Dan's 4th throw on, after his first different decision


def test_the_documented_group_vector_is_what_the_engine_computes() -> None:
    text = DOC.read_text().split("### Duplicate events")[1]
    key = re.search(r"\| group stream key \| `([0-9a-f]{64})` \|", text)
    assert key is not None and key.group(1) == stream_key(SERVER_SEED, GROUP_SEEDS).hex()
    stream = KeyedStream.of(SERVER_SEED, GROUP_SEEDS)
    values = re.findall(r"\| `([a-z/0-9-]+)` below (\d+) \| (\d+)", text)
    assert len(values) >= 4
    for address, n, value in values:
        assert stream.below(address, int(n)) == int(value), address


def test_matchpoints_compare_each_result_with_the_others_in_its_seat() -> None:
    results: list[Any] = [(True, 420), (False, 300), (False, 300), None, (True, 405)]
    assert matchpoints(results) == [6, 1, 1, None, 4]
    assert top(results) == 6 and percentage(6, 6) == 100.0 and percentage(0, 0) == 50.0
    assert matchpoints([(False, 0)]) == [0] and top([(False, 0)]) == 0

