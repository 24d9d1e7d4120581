"""The rating model on the house bots, then the bot ladder: ``optimal``, ``threshold 200 3`` and ``cautious`` play
two-player games round robin (seats alternating, seeded dice) through the real ``engine.Game``; each game is rated in
order with the server's model (``server.competition.ratingmodel``). Printed: the ratings, their order with its confidence (the
chance, by the ratings' own uncertainty, that each bot is above the next, and how often the same order comes out of
the same games rated in other orders), and the model's calibration: the log-loss and Brier score of its predicted
chance of each game's winner, made before that game was rated, against always saying 50%. The same games are rated
again under other betas (how much a game's result varies around skill), to tune it.

Then the ladder: the reference bot's strategies (bots/reference_bot.py: its default ``threshold 150`` and
``cautious``) join it and the server's matchmaker (``rooms.matchmaking``, with the ladder's default seats and gap)
seats them for ``--ladder-games`` games, each with the other or the house bots as anchors, rated as the server rates
them (``server.competition.ratingmodel.rate``). Printed: how the tables were made, the ladder's standings and the final order.

    python benchmarks/ladder_bench.py                  # 900 games, goal 300, then 300 ladder games
    python benchmarks/ladder_bench.py --games 300      # a quick look
"""

from __future__ import annotations

import argparse
import math
import random
import time
from functools import partial
from itertools import combinations

from openskill.models import PlackettLuce

from engine.wimpout import Game, RuleSet, SeededDice
from engine.wimpout.strategies import cautious, threshold
from rooms.matchmaking import Contender, ladder_tables
from rooms.wimpout.advising import optimal
from server.competition.anchors import anchor_name
from server.competition.ratingmodel import BETA, MU, SIGMA, Rating, rate
from server.settings import load_settings
from server.wimpout.solutions import Solutions

BETAS = (25 / 12, 25 / 6, 25 / 3, 25 / 2, 50 / 3, 25.0, 100 / 3, 50.0, 75.0, 100.0)
"""The betas tried: openskill's default is 25/6."""


def bots() -> dict[str, object]:
    """The house bots as people seat them: 'optimal', 'threshold 200 3' (throws on under 200 points with 3 cubes or
    more live: at goal 300 it beats 'cautious' some 58% of the time, where 'threshold 300' loses 55% to it) and
    'cautious'."""
    return {"optimal": partial(optimal, Solutions()), "threshold": threshold(200, 3), "cautious": cautious}


def play(strategies: dict[str, object], seats: tuple[str, str], goal: int, seed: int) -> str:
    """One game; the winner's name."""
    game = Game.start(list(seats), RuleSet(goal=goal), dice := SeededDice(seed))
    for _ in range(50_000):
        if game.is_over:
            assert game.state.winner is not None
            return game.state.winner
        (name,) = game.waiting_on()
        game.apply(name, strategies[name](game.state, name, game.legal_actions(name)), dice)  # type: ignore[operator]
    raise RuntimeError("a game did not end")


def schedule(names: list[str], games: int) -> list[tuple[str, str]]:
    """Round robin, each pair in both seat orders in turn, until ``games``."""
    pairs = [pair for a, b in combinations(names, 2) for pair in ((a, b), (b, a))]
    return [pairs[i % len(pairs)] for i in range(games)]


def rated(results: list[tuple[tuple[str, str], str]], beta: float) -> tuple[dict[str, Rating], float, float]:
    """The games rated in order under ``beta``: the ratings, and the mean log-loss and Brier score of the chance the
    model gave each game's winner just before rating it."""
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=beta)
    ratings = {name: model.rating(name=name) for pair, _ in results for name in pair}
    games = {name: 0 for name in ratings}
    loss = brier = 0.0
    for (a, b), winner in results:
        chance_a, _ = model.predict_win([[ratings[a]], [ratings[b]]])
        p = chance_a if winner == a else 1 - chance_a
        loss -= math.log(max(p, 1e-12))
        brier += (1 - p) ** 2
        [[ra], [rb]] = model.rate([[ratings[a]], [ratings[b]]], ranks=[1.0 if winner == a else 2.0,
                                                                       2.0 if winner == a else 1.0])
        ratings[a], ratings[b] = ra, rb
        games[a] += 1
        games[b] += 1
    n = len(results)
    return {name: Rating(r.mu, r.sigma, games[name]) for name, r in ratings.items()}, loss / n, brier / n


REFERENCE = {"Ref150": threshold(150, 2), "RefCautious": cautious}
"""The reference bot's strategies as ladder entrants: its default ('threshold 150', two cubes) and 'cautious'."""


def ladder(strategies: dict[str, object], ratings: dict[str, Rating], games: int, goal: int,
           seed: int) -> tuple[dict[str, Rating], dict[str, int]]:
    """The reference bots on the ladder for ``games`` games: each pass of the server's matchmaker seats them (the
    house bots as anchors, under their ladder names), each table is played and rated at once. Returns the ratings
    and how many tables of each kind were made (bot against bot, bot against an anchor, a rematch at once)."""
    settings = load_settings().ladder
    anchors = {anchor_name(name): name for name in ("optimal", "threshold", "cautious")}
    ratings = {**{anchor_name(n): r for n, r in ratings.items()}, **{name: Rating() for name in REFERENCE}}
    players = {**{anchor: strategies[name] for anchor, name in anchors.items()}, **REFERENCE}
    last: dict[str, frozenset[str]] = {}
    counts = {"bot against bot": 0, "bot against an anchor": 0, "rematch at once": 0}
    played = 0
    while played < games:
        waiting = [Contender(name, ratings[name].shown) for name in REFERENCE]
        free = [Contender(name, ratings[name].shown) for name in anchors]
        recent = {frozenset({name, *others}) for name, others in last.items() if name in REFERENCE}
        for table in ladder_tables(waiting, free, settings.seats, settings.gap, recent)[:games - played]:
            seats = tuple(table[::-1] if played % 2 else table)
            winner = play(players, seats, goal, seed * 7_000_003 + played)  # type: ignore[arg-type]
            after = rate([ratings[name] for name in seats], [1 if name == winner else 2 for name in seats])
            ratings.update(zip(seats, after))
            kind = "bot against an anchor" if any(name in anchors for name in table) else "bot against bot"
            counts[kind] += 1
            counts["rematch at once"] += all(last.get(name) == frozenset(table) - {name} for name in table)
            for name in table:
                last[name] = frozenset(table) - {name}
            played += 1
    return ratings, counts


def above(high: Rating, low: Rating) -> float:
    """The chance, by both ratings' uncertainty, that ``high``'s skill is above ``low``'s."""
    return 0.5 * (1 + math.erf((high.mu - low.mu) / math.sqrt(2 * (high.sigma ** 2 + low.sigma ** 2))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--games", type=int, default=900)
    parser.add_argument("--goal", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--orders", type=int, default=20, help="shuffles of the games, to test the order's stability")
    parser.add_argument("--ladder-games", type=int, default=300, help="games of the reference bots on the ladder")
    args = parser.parse_args()
    strategies = bots()
    began = time.perf_counter()
    results = [(seats, play(strategies, seats, args.goal, args.seed * 1_000_003 + i))
               for i, seats in enumerate(schedule(list(strategies), args.games))]
    print(f"{len(results)} games at goal {args.goal} in {time.perf_counter() - began:.0f} s")
    for a, b in combinations(strategies, 2):
        between = [winner for seats, winner in results if set(seats) == {a, b}]
        wins = sum(winner == a for winner in between) / len(between)
        half = 1.96 * math.sqrt(wins * (1 - wins) / len(between))
        print(f"  {a} beats {b}: {wins:.3f} +- {half:.3f} ({len(between)} games)")
    ratings, loss, brier = rated(results, BETA)
    order = sorted(ratings, key=lambda name: -ratings[name].mu)
    print(f"\nRatings (beta {BETA:.2f}, the server's):")
    for name in order:
        r = ratings[name]
        print(f"  {name:<10} mu {r.mu:6.2f}  sigma {r.sigma:5.2f}  shown {r.shown:5d}  ({r.games} games)")
    print("Order: " + " > ".join(
        f"{high} ({100 * above(ratings[high], ratings[low]):.1f}% sure) " for high, low in zip(order, order[1:]))
        + order[-1])
    held = 0
    for seed in range(args.orders):
        shuffled = results[:]
        random.Random(seed).shuffle(shuffled)
        again, _, _ = rated(shuffled, BETA)
        held += sorted(again, key=lambda name: -again[name].mu) == order
    print(f"The same order when the same games are rated in another order: {held} of {args.orders} shuffles")
    print(f"\nCalibration of the chance given each game's winner before it was rated (always 50%: log-loss "
          f"{math.log(2):.4f}, Brier 0.2500):")
    for beta in BETAS:
        _, loss, brier = rated(results, beta)
        mark = "  <- the server's" if math.isclose(beta, BETA) else ""
        print(f"  beta {beta:5.2f}: log-loss {loss:.4f}  Brier {brier:.4f}{mark}")
    began = time.perf_counter()
    board, counts = ladder(strategies, ratings, args.ladder_games, args.goal, args.seed)
    print(f"\nThe ladder: the reference bots {', '.join(REFERENCE)} for {args.ladder_games} games, seated by the "
          f"server's matchmaker ({time.perf_counter() - began:.0f} s): "
          + ", ".join(f"{kind} {count}" for kind, count in counts.items()))
    standing = sorted(board, key=lambda name: -board[name].shown)
    for name in standing:
        r = board[name]
        print(f"  {name:<14} shown {r.shown:5d}  mu {r.mu:6.2f}  sigma {r.sigma:5.2f}  ({r.games} games)")
    anchors = [name for name in standing if name.endswith(".bot")]
    print("The anchors after the ladder: " + " > ".join(
        f"{high} ({100 * above(board[high], board[low]):.1f}% sure) " for high, low in zip(anchors, anchors[1:]))
        + anchors[-1])


if __name__ == "__main__":
    main()
