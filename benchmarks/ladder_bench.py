"""The rating model on the house bots, then the bot ladder: ``optimal``, ``threshold 200 3`` and ``cautious`` play
two-player games round robin (seats alternating, seeded dice) through the real ``engine.Game``; each game is rated in
order with the server's model (``server.competition.ratingmodel``). Printed: the ratings, their order with its confidence (the
chance, by the ratings' own uncertainty, that each bot is above the next, and how often the same order comes out of
the same games rated in other orders), and the model's calibration: the log-loss and Brier score of its predicted
chance of each game's winner, made before that game was rated, against always saying 50%. The same games are rated
again under other betas (how much a game's result varies around skill), to tune it, and with and without the
first-turn term (``server.competition.ratingmodel.FirstTurn``: the roll-off's winner rated as if ahead by the first turn's worth,
the solver's figure for the goal, or learned: the first turn's win rate in the games before, as the same games come).

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
from engine.wimpout import events as ev
from server.competition.ratingmodel import BETA, MU, SIGMA, FirstTurn, Rating, head_start, rate
from server.settings import load_settings
from server.skill.firstturn import first_turn_chance
from server.wimpout.solutions import Solutions

BETAS = (25 / 12, 25 / 6, 25 / 3, 25 / 2, 50 / 3, 25.0, 100 / 3, 50.0, 75.0, 100.0)
"""The betas tried: openskill's default is 25/6."""


def bots() -> dict[str, object]:
    """The house bots as people seat them: 'optimal', 'threshold 200 3' (throws on under 200 points with 3 cubes or
    more live: at goal 300 it beats 'cautious' some 58% of the time, where 'threshold 300' loses 55% to it) and
    'cautious'."""
    return {"optimal": partial(optimal, Solutions()), "threshold": threshold(200, 3), "cautious": cautious}


Played = tuple[tuple[str, str], str, str]
"""A game as rated here: its seats, its winner, and who took the first turn (the roll-off's winner)."""


def play(strategies: dict[str, object], seats: tuple[str, str], goal: int, seed: int) -> tuple[str, str] | None:
    """One game; the winner's name and who took the first turn (None: both thrown out, no winner: about one game in
    200,000 at goal 300)."""
    game = Game.start(list(seats), RuleSet(goal=goal), dice := SeededDice(seed))
    opener = next(e.player for e in game.events if isinstance(e, ev.TurnStarted))
    for _ in range(50_000):
        if game.is_over:
            return None if game.state.winner is None else (game.state.winner, opener)
        (name,) = game.waiting_on()
        game.apply(name, strategies[name](game.state, name, game.legal_actions(name)), dice)  # type: ignore[operator]
    raise RuntimeError("a game did not end")


def schedule(names: list[str], games: int) -> list[tuple[str, str]]:
    """Round robin, each pair in both seat orders in turn, until ``games``."""
    pairs = [pair for a, b in combinations(names, 2) for pair in ((a, b), (b, a))]
    return [pairs[i % len(pairs)] for i in range(games)]


FIRST_TURN = ("none", "solver", "learned")
"""The first-turn terms tried: none (the server before issue 40), the solver's figure for the goal (the server's),
and the first turn's win rate learned from the games rated before (a prior of 2 games at 50%)."""


def rated(results: list[Played], beta: float, goal: int,
          first_turn: str = "solver") -> tuple[dict[str, Rating], float, float]:
    """The games rated in order under ``beta`` with the first-turn term ``first_turn``: the ratings, and the mean
    log-loss and Brier score of the chance the model gave each game's winner just before rating it."""
    model = PlackettLuce(mu=MU, sigma=SIGMA, beta=beta)
    ratings = {name: model.rating(name=name) for pair, _, _ in results for name in pair}
    games = {name: 0 for name in ratings}
    loss = brier = 0.0
    opened = opener_won = 0
    for (a, b), winner, opener in results:
        chance = {"none": 0.5, "solver": first_turn_chance(goal), "learned": (opener_won + 1) / (opened + 2)}[first_turn]
        pair = [Rating(ratings[a].mu, ratings[a].sigma), Rating(ratings[b].mu, ratings[b].sigma)]
        up = head_start(pair, FirstTurn((a, b).index(opener), chance), beta)
        teams = [[model.rating(mu=r.mu + u, sigma=r.sigma)] for r, u in zip(pair, up)]
        chance_a, _ = model.predict_win(teams)
        p = chance_a if winner == a else 1 - chance_a
        loss -= math.log(max(p, 1e-12))
        brier += (1 - p) ** 2
        [[ra], [rb]] = model.rate(teams, ranks=[1.0 if winner == a else 2.0, 2.0 if winner == a else 1.0])
        ratings[a] = model.rating(mu=ra.mu - up[0], sigma=ra.sigma, name=a)
        ratings[b] = model.rating(mu=rb.mu - up[1], sigma=rb.sigma, name=b)
        games[a] += 1
        games[b] += 1
        opened += 1
        opener_won += winner == opener
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
            ended = play(players, seats, goal, seed * 7_000_003 + played)  # type: ignore[arg-type]
            played += 1
            if ended is None:
                continue
            winner, opener = ended
            first = FirstTurn(seats.index(opener), first_turn_chance(goal)) if len(seats) == 2 else None
            after = rate([ratings[name] for name in seats], [1 if name == winner else 2 for name in seats], first)
            ratings.update(zip(seats, after))
            kind = "bot against an anchor" if any(name in anchors for name in table) else "bot against bot"
            counts[kind] += 1
            counts["rematch at once"] += all(last.get(name) == frozenset(table) - {name} for name in table)
            for name in table:
                last[name] = frozenset(table) - {name}
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
    parser.add_argument("--betas", type=float, nargs="*", default=BETAS, help="the betas the calibration tries")
    args = parser.parse_args()
    strategies = bots()
    began = time.perf_counter()
    played = [(seats, play(strategies, seats, args.goal, args.seed * 1_000_003 + i))
              for i, seats in enumerate(schedule(list(strategies), args.games))]
    results: list[Played] = [(seats, *ended) for seats, ended in played if ended is not None]
    print(f"{len(results)} games at goal {args.goal} in {time.perf_counter() - began:.0f} s")
    won = sum(winner == opener for _, winner, opener in results) / len(results)
    print(f"  the first turn's taker won {won:.3f} +- {1.96 * math.sqrt(won * (1 - won) / len(results)):.3f} "
          f"(the solver's figure between optimal players: {first_turn_chance(args.goal):.4f})")
    for a, b in combinations(strategies, 2):
        between = [winner for seats, winner, _ in results if set(seats) == {a, b}]
        wins = sum(winner == a for winner in between) / len(between)
        half = 1.96 * math.sqrt(wins * (1 - wins) / len(between))
        print(f"  {a} beats {b}: {wins:.3f} +- {half:.3f} ({len(between)} games)")
    ratings, loss, brier = rated(results, BETA, args.goal)
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
        again, _, _ = rated(shuffled, BETA, args.goal)
        held += sorted(again, key=lambda name: -again[name].mu) == order
    print(f"The same order when the same games are rated in another order: {held} of {args.orders} shuffles")
    print(f"\nCalibration of the chance given each game's winner before it was rated (always 50%: log-loss "
          f"{math.log(2):.4f}, Brier 0.2500), by beta and first-turn term ({', '.join(FIRST_TURN)}):")
    for beta in args.betas:
        figures = {term: rated(results, beta, args.goal, term)[1:] for term in FIRST_TURN}
        mark = "  <- the server's" if math.isclose(beta, BETA) else ""
        print(f"  beta {beta:5.2f}: " + "  ".join(f"{term}: log-loss {loss:.4f} Brier {brier:.4f}"
                                                for term, (loss, brier) in figures.items()) + mark)
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
