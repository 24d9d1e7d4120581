"""New Cosmic Poker's house bots against each other (issue 43): every pair of strong, threshold, cautious and random in
two-player games, one bot against three of another in four-player games, the same under Dealer's Choice; each figure
with its 95% interval (Wilson), and the strong bot's CPU time per decision (median, 90th percentile, most).

Games go through the real ``engine.poker.PokerGame``; each bot sees only its seat (``table_view``, the events as its
seat reads them, its legal moves). Seeds and seats rotate, so every bot deals first as often as the others.

    python benchmarks/poker_bots.py --games 400 [--pairs strong:threshold] [--seats 2 4] [--table default dc]
        [--rule bet_limit=none ...] [--markdown BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.poker.botkinds import STRATEGIES, BotSeat, bot_move  # noqa: E402
from engine.poker.knowledge import SeatMemory  # noqa: E402
from engine.poker.pokergame import PokerGame  # noqa: E402
from engine.poker.seatview import event_for, table_view  # noqa: E402
from engine.poker.shuffles import SeededShuffle  # noqa: E402
from engine.poker.variations import PokerOptions  # noqa: E402

MAX_MOVES = 6000
"""A game still going after this many moves counts as no win for anyone."""
HOUSE, RANDOM = "strong", "random"
TIMED = "strong"
"""The bot whose decisions are timed."""


@dataclass
class Tally:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    unfinished: int = 0
    times: list[float] = field(default_factory=list)
    cpu: float = 0.0


def play(seed: int, kinds: Sequence[str], options: PokerOptions, times: list[float] | None = None) -> str | None:
    """One game between bots of these kinds (seats in this order, from seat ``seed % len``); the winner's kind."""
    source = SeededShuffle(seed)
    rng = random.Random(seed ^ 0xB075)
    shift = seed % len(kinds)
    order = [*kinds[shift:], *kinds[:shift]]
    names = [f"{kind.capitalize()}{i}" for i, kind in enumerate(order)]
    kind_of = dict(zip(names, order))
    game = PokerGame.start(names, options, source)
    memories = {name: SeatMemory(name) for name in names}
    seen = 0
    for _ in range(MAX_MOVES):
        if game.is_over:
            return kind_of[game.state.winner] if game.state.winner else None
        for event in game.events[seen:]:
            for name, memory in memories.items():
                memory.see(event_for(event, name))
        seen = len(game.events)
        name = game.waiting_on()[0]
        seat = BotSeat(table_view(game.state, name), game.legal_actions(name), memories[name])
        started = time.process_time()
        move = bot_move(kind_of[name], seat, rng)
        if times is not None and kind_of[name] == TIMED:
            times.append(time.process_time() - started)
        game.apply(name, move, source)
    return None


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share (Wilson's score interval)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(first: str, second: str, seats: int, options: PokerOptions, games: int, seed: int) -> Tally:
    """``first`` against ``seats - 1`` of ``second``."""
    tally = Tally()
    kinds = [first] + [second] * (seats - 1)
    started = time.process_time()
    for n in range(games):
        winner = play(seed * 100_000 + n, kinds, options, tally.times)
        tally.games += 1
        if winner is None:
            tally.unfinished += 1
        else:
            tally.wins[winner] += 1
    tally.cpu = time.process_time() - started
    return tally


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", nargs="*", default=["strong:threshold", "strong:cautious", "strong:random",
                                                        "threshold:cautious", "threshold:random", "cautious:random"])
    parser.add_argument("--seats", nargs="*", type=int, default=[2, 4])
    parser.add_argument("--table", nargs="*", default=["default", "dc"], help="default options, dc: Dealer's Choice")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="a table option")
    args = parser.parse_args(argv)
    base = dict(pair.split("=", 1) for pair in args.rule)
    for table in args.table:
        options = PokerOptions.from_options({**base, **({"dealers_choice": "on"} if table == "dc" else {})})
        for seats in args.seats:
            for pair in args.pairs:
                first, second = pair.split(":")
                tally = match(first, second, seats, options, args.games, args.seed)
                won = tally.wins[first]
                low, high = wilson(won, tally.games)
                timing = ""
                if tally.times:
                    ms = [t * 1000 for t in tally.times]
                    timing = (f"; {TIMED} decisions {len(ms)}: median {percentile(ms, 0.5):.1f} ms,"
                              f" p90 {percentile(ms, 0.9):.1f} ms, most {max(ms):.0f} ms")
                print(f"{table} {seats}p {first} vs {seats - 1}x {second}: {first} won {won} of {tally.games}"
                      f" ({won / tally.games:.1%}, 95% {low:.1%}-{high:.1%}), unfinished {tally.unfinished};"
                      f" {tally.cpu:.0f} s CPU{timing}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
