"""Engine throughput: full two-player games to 500 with a fixed policy, against a bare loop drawing the same faces.

Prints engine throws per second, games per second, the bare loop's throws per second and the ratio engine/bare
(both measured in this run, so the ratio holds on a noisy machine). Target: >= 100,000 throws/s, ratio >= 0.15.
"""

from __future__ import annotations

import argparse
import time

from engine import ROLL, STOP, Game, RuleSet, SeededDice
from engine.actions import CLOSE_WINDOW
from engine.events import Thrown

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
    state = game.state
    while not state.over:
        turn = state.turn
        assert turn is not None
        if turn.window:
            game.apply(None, CLOSE_WINDOW, dice)
            continue
        if turn.options:
            action = game.legal_actions()[0]
        elif (turn.points >= TURN_TARGET or turn.commons + turn.sun <= 2) and game.may_stop():
            action = STOP
        else:
            action = ROLL
        game.apply(turn.player, action, dice)


def measure(games: int, seed: int, rules: RuleSet) -> tuple[float, float, int]:
    """One round: the engine's seconds for ``games`` games, the bare loop's seconds for the same throws, throws."""
    dice = SeededDice(seed)
    throws: list[tuple[int, bool]] = []
    engine_seconds = 0.0
    for _ in range(games):
        started = time.perf_counter()
        game = Game.start(["Ann", "Bob"], rules, dice)
        play(game, dice)
        engine_seconds += time.perf_counter() - started
        throws.extend((len(e.throw.commons), e.throw.sun is not None) for e in game.events if isinstance(e, Thrown))
    bare = SeededDice(seed)
    started = time.perf_counter()
    for commons, sun in throws:
        bare.throw(commons, sun)
    return engine_seconds, time.perf_counter() - started, len(throws)


def run(games: int, seed: int, rounds: int, rules: RuleSet, title: str) -> None:
    """Best of several rounds for each side, so a noisy neighbour slows the figures less."""
    results = [measure(games, seed, rules) for _ in range(rounds)]
    engine_seconds = min(r[0] for r in results)
    bare_seconds = min(r[1] for r in results)
    throws = results[0][2]
    engine_rate = throws / engine_seconds
    bare_rate = throws / bare_seconds
    print(f"== {title}")
    print(f"games: {games} x {rounds} rounds  throws per round: {throws}  ({throws / games:.1f} per game)")
    print(f"engine: {engine_rate:,.0f} throws/s, {games / engine_seconds:,.1f} games/s")
    print(f"bare dice loop: {bare_rate:,.0f} throws/s")
    print(f"ratio engine/bare: {engine_rate / bare_rate:.3f}  (targets: >= 100,000 throws/s, ratio >= 0.15)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    run(args.games, args.seed, args.rounds, RuleSet(), "standard rules (no house rules)")
    run(args.games, args.seed, args.rounds, ALL_COMPATIBLE_HOUSE_RULES, "all compatible house rules on")


if __name__ == "__main__":
    main()
