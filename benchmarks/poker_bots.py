"""New Cosmic Poker's house bot against a random-legal bot: N two-player games (seats and seeds alternate), the house
bot's share of the games won. Target (issue 23): at least 80%.

    python benchmarks/poker_bots.py --games 400 [--rule bet_limit=none ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.poker.housebots import house_move, random_move  # noqa: E402
from engine.poker.pokergame import PokerGame  # noqa: E402
from engine.poker.seatview import table_view  # noqa: E402
from engine.poker.shuffles import SeededShuffle  # noqa: E402
from engine.poker.variations import PokerOptions  # noqa: E402

HOUSE, RANDOM = "House", "Random"
MAX_MOVES = 5000
"""A game still going after this many moves counts as no win for the house bot."""


def play(seed: int, house_first: bool, options: PokerOptions) -> str | None:
    """One game; the winner's name (None if it is cut short)."""
    source = SeededShuffle(seed)
    rng = random.Random(seed ^ 0xB075)
    seats = [HOUSE, RANDOM] if house_first else [RANDOM, HOUSE]
    game = PokerGame.start(seats, options, source)
    for _ in range(MAX_MOVES):
        if game.is_over:
            return game.state.winner
        name = game.waiting_on()[0]
        legal = game.legal_actions(name)
        view = table_view(game.state, name)
        move = house_move(view, legal) if name == HOUSE else random_move(view, legal, rng)
        game.apply(name, move, source)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="a table option")
    args = parser.parse_args(argv)
    options = PokerOptions.from_options(dict(pair.split("=", 1) for pair in args.rule))
    started = time.process_time()
    winners = [play(args.seed * 100_000 + n, n % 2 == 0, options) for n in range(args.games)]
    won = winners.count(HOUSE)
    print(f"house bot won {won} of {args.games} two-player games against a random-legal bot: {won / args.games:.1%}"
          f" (random {winners.count(RANDOM)}, unfinished {winners.count(None)};"
          f" {time.process_time() - started:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
