"""The daily challenge's game (engine.wimpout.soloday) and its best line (engine.wimpout.optimal.bestline): ten turns
alone on keyed dice, the same throws for the same decisions whoever plays, and a best line no way of playing beats."""

from __future__ import annotations

import pytest

from engine.keyedstream import KeyedStream
from engine.wimpout import events as ev
from engine.wimpout.game import IllegalAction
from engine.wimpout.optimal.bestline import best_line, replayed
from engine.wimpout.soloday import TURNS, SoloDay
from engine.wimpout.strategies import Strategy, cautious, threshold

SEEDS = [f"{n:02x}" * 32 for n in range(1, 7)]
STRATEGIES: tuple[Strategy, ...] = (cautious, threshold(100), threshold(200), threshold(350), threshold(1000, 1))


def played(player: str, seed: str, strategy: Strategy) -> SoloDay:
    day = SoloDay.start(player, KeyedStream.of(seed, []))
    while not day.over:
        day.apply(strategy(day.game.state, player, day.legal()))
    return day


def throws(day: SoloDay) -> list[object]:
    return [event.throw for event in day.game.events if isinstance(event, ev.Thrown)]


def test_a_daily_is_ten_turns_and_its_score_the_points_banked() -> None:
    day = played("Ann", SEEDS[0], threshold(200))
    assert day.over and day.turn == TURNS + 1 and not day.game.is_over
    assert day.score == sum(event.points for event in day.game.events if isinstance(event, ev.Banked))
    with pytest.raises(IllegalAction):
        day.apply(day.game.legal_actions("Ann")[0])


def test_the_same_decisions_throw_the_same_cubes_whoever_plays() -> None:
    ann, bob = played("Ann", SEEDS[1], cautious), played("Bob", SEEDS[1], cautious)
    assert throws(ann) == throws(bob) and ann.score == bob.score
    other = played("Ann", SEEDS[2], cautious)
    assert throws(other) != throws(ann)


def test_a_daily_rebuilt_from_its_events_throws_on_where_it_was() -> None:
    stream = KeyedStream.of(SEEDS[3], [])
    whole = played("Ann", SEEDS[3], threshold(200))
    halfway = SoloDay.start("Ann", stream)
    for _ in range(12):
        halfway.apply(threshold(200)(halfway.game.state, "Ann", halfway.legal()))
    rebuilt = SoloDay.replay(list(halfway.game.events), stream)
    while not rebuilt.over:
        rebuilt.apply(threshold(200)(rebuilt.game.state, "Ann", rebuilt.legal()))
    assert rebuilt.game.events == whole.game.events


@pytest.mark.parametrize("seed", SEEDS)
def test_no_way_of_playing_beats_the_best_line(seed: str) -> None:
    stream = KeyedStream.of(seed, [])
    best = best_line("Ann", stream)
    assert best.exact
    assert replayed("Ann", stream, best.actions).score == best.score
    assert best.score >= max(played("Ann", seed, strategy).score for strategy in STRATEGIES)


def test_a_search_past_its_budget_says_it_is_not_exact() -> None:
    assert not best_line("Ann", KeyedStream.of(SEEDS[0], []), budget=50).exact
