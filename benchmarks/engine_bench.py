"""Engine speed against a fair baseline: full two-player games to 500 with a fixed policy, engine vs reference.

The reference (``benchmarks/reference.py``) is a deliberately minimal simulator of the standard rules; with the same
seed it plays the very same games, and this run checks that every game has the same winner and the same number of
throws. The floor (``benchmarks/engine_floor.py``) plays the engine's own games again through the same client loop
with every answer recorded in advance, making the same events: what the interface alone costs, the bound no engine
behind this client can pass. Engine, reference and floor are measured in short interleaved rounds (their order rotated
each round) and the ratios (throws per second) are taken round by round: median and range. The bare loop (the
reference's dice draws alone) is kept as what any simulator costs. Times are this process's CPU time
(``time.process_time``), so the other programs sharing the machine weigh less on the figures. With house rules on the
engine plays other games than the standard reference; the ratio then compares throws per second. Targets (issue 41):
engine/reference >= 0.5 with standard rules, >= 0.4 with every compatible house rule.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from math import floor
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_floor import floor_round, record  # noqa: E402
from reference import play as reference_play  # noqa: E402

from engine.wimpout import ROLL, STOP, Game, RuleSet, SeededDice  # noqa: E402
from engine.wimpout.actions import CLOSE_WINDOW  # noqa: E402
from engine.wimpout.events import Thrown  # noqa: E402

PLAYERS = ("Ann", "Bob")
T = TypeVar("T")
ALL_COMPATIBLE_HOUSE_RULES = RuleSet(
    insurance=True,
    cosmic_sampler=True,
    one_three_five=True,
    ntw=3,
    recovery=True,
    recovery_ext1=True,
    recovery_ext2=True,
    eclipse=2,
    full_house=True,
    kill=5,
)
"""Every house rule that goes with the others (Bump is left out: Eclipse excludes it)."""

TURN_TARGET = 150
"""The fixed policy: take the first scoring offered; stop once allowed with this many points or two cubes left."""


def play(game: Game, dice: SeededDice) -> None:
    """The policy reads the moves from ``legal_actions``, as a client does, and applies one of them."""
    state = game.state
    while not state.over:
        turn = state.turn
        assert turn is not None
        if turn.window:
            game.apply(None, CLOSE_WINDOW, dice)
            continue
        actions = game.legal_actions()
        action = actions[0]
        if action is ROLL and len(actions) == 2 and (turn.points >= TURN_TARGET or turn.commons + turn.sun <= 2):
            action = STOP
        game.apply(turn.player, action, dice)


def engine_round(games: int, seed: int, rules: RuleSet) -> tuple[float, list[tuple[int | None, int]]]:
    """Seconds for ``games`` engine games, and each game's (winner's seat, throws)."""
    dice = SeededDice(seed)

    def one_game() -> Game:
        game = Game.start(PLAYERS, rules, dice)
        play(game, dice)
        return game

    def result(game: Game) -> tuple[int | None, int]:
        winner = game.state.winner
        return None if winner is None else PLAYERS.index(winner), sum(isinstance(e, Thrown) for e in game.events)

    return timed(games, one_game, result)


def reference_round(games: int, seed: int) -> tuple[float, list[tuple[int | None, int]]]:
    source = random.Random(seed)
    return timed(games, lambda: reference_play(source, len(PLAYERS)), lambda played: played)


def timed(games: int, one_game: Callable[[], T], result: Callable[[T], tuple[int | None, int]]
          ) -> tuple[float, list[tuple[int | None, int]]]:
    """The CPU seconds of the games alone, each game timed from its start to its end; what is read from a finished
    game is read off the clock, and the game is then dropped, as a server drops a game once it is stored (keeping
    hundreds of finished games alive made the collector walk their events while the next games were timed)."""
    seconds, results = 0.0, []
    clock = time.process_time
    for _ in range(games):
        started = clock()
        played = one_game()
        seconds += clock() - started
        results.append(result(played))
    return seconds, results


def bare_round(throws: list[int]) -> float:
    """Seconds to draw the cubes of the same throws (``throws`` gives the cubes of each), and nothing else."""
    r = random.Random(0).random
    started = time.process_time()
    for cubes in throws:
        code = 0
        for _ in range(cubes):
            code = code * 6 + floor(r() * 6.0)
    return time.process_time() - started


def cubes_thrown(games: int, seed: int, rules: RuleSet) -> list[int]:
    """How many cubes each throw of the engine's games threw (for the bare loop)."""
    dice = SeededDice(seed)
    counts = []
    for _ in range(games):
        game = Game.start(PLAYERS, rules, dice)
        play(game, dice)
        counts.extend(len(event.throw) for event in game.events if isinstance(event, Thrown))
    return counts


def spread(ratios: list[float]) -> str:
    return f"median {statistics.median(ratios):.3f} (range {min(ratios):.3f} - {max(ratios):.3f})"


def run(games: int, seed: int, rounds: int, rules: RuleSet, title: str, target: float) -> None:
    standard = rules == RuleSet()
    cubes = cubes_thrown(games, seed, rules)  # also fills the engine's scoring tables before the timing
    reference_round(games, seed)  # and the reference's
    recorded = record(play, games, seed, rules, PLAYERS)
    throws = len(cubes)
    rates: dict[str, list[float]] = {"engine": [], "reference": [], "floor": [], "bare": []}
    for index in range(rounds):
        # Engine, reference and floor in turn, the order rotated each round: a neighbour's load drifting during a
        # round weighs on all three alike.
        for contender in ("engine", "reference", "floor")[index % 3:] + ("engine", "reference", "floor")[:index % 3]:
            if contender == "engine":
                seconds, engine_results = engine_round(games, seed, rules)
            elif contender == "reference":
                seconds, reference_results = reference_round(games, seed)
                reference_throws = sum(t for _, t in reference_results)
            else:
                seconds = floor_round(play, recorded, seed)
            rates[contender].append((reference_throws if contender == "reference" else throws) / seconds)
        rates["bare"].append(throws / bare_round(cubes))
        if standard and engine_results != reference_results:
            game = next(i for i, pair in enumerate(zip(engine_results, reference_results)) if pair[0] != pair[1])
            raise SystemExit(f"game {game}: engine {engine_results[game]} != reference {reference_results[game]}")
    print(f"== {title}")
    print(f"games: {games} x {rounds} interleaved rounds  throws per round: {throws} ({throws / games:.1f} per game)")
    if standard:
        print(f"same winner and same number of throws as the reference: all {games * rounds} games")
    for name, label in (("engine", "engine"), ("reference", "reference (standard rules)"),
                        ("floor", "floor (the engine's games and events, nothing worked out)"),
                        ("bare", "bare dice loop")):
        print(f"{label}: {statistics.median(rates[name]):,.0f} throws/s (median)")
    print(f"engine/reference: {spread(ratios(rates, 'engine', 'reference'))}  target >= {target}")
    print(f"floor/reference: {spread(ratios(rates, 'floor', 'reference'))}  (no engine behind this client can pass it)")
    print(f"engine/floor: {spread(ratios(rates, 'engine', 'floor'))}")
    print(f"engine/bare: {spread(ratios(rates, 'engine', 'bare'))}")


def ratios(rates: dict[str, list[float]], over: str, under: str) -> list[float]:
    """Round by round: the rates measured in the same round."""
    return [a / b for a, b in zip(rates[over], rates[under])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    run(args.games, args.seed, args.rounds, RuleSet(), "standard rules (no house rules)", 0.5)
    run(args.games, args.seed, args.rounds, ALL_COMPATIBLE_HOUSE_RULES, "all compatible house rules on", 0.4)


if __name__ == "__main__":
    main()
