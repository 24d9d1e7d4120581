"""New Cosmic Poker's house bots against each other (issues 23 and 43): every pair of strong, threshold, cautious and
random in two-player games, one bot against three of another in four-player games, and the same under Dealer's Choice
(where every bot that deals picks a variation for the hand now and then); each share of games won with its 95%
interval (Wilson), and the strong bot's CPU time per decision it weighs (declaring, betting, drawing).

Games go through the real ``engine.poker.PokerGame``; each bot sees only its seat (``botkinds.seat_of``: the table as
its seat sees it, the events as its seat reads them, its legal moves). Seeds and seats rotate, so that each bot deals
first as often as the others.

    python benchmarks/poker_bots.py [--plan full|quick] [--only 2:strong:threshold ...] [--results FILE]
        [--write BENCHMARKS.md] [--rule NAME=VALUE ...]

``--results`` appends each match's figures to FILE (JSON lines), so that parts of the plan can run in separate
processes; ``--write`` puts the table of every match in FILE (the results file's, else this run's) into the
benchmarks page, between its poker-bots markers.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.poker.botkinds import bot_move, seat_of  # noqa: E402
from engine.poker.knowledge import SeatMemory  # noqa: E402
from engine.poker.pokergame import PokerGame  # noqa: E402
from engine.poker.seatview import event_for  # noqa: E402
from engine.poker.shuffles import SeededShuffle  # noqa: E402
from engine.poker.variations import PokerOptions  # noqa: E402

MAX_MOVES = 6000
"""A game still going after this many moves counts as no win for anyone."""
TIMED = "strong"
"""The bot whose decisions are timed: those it weighs (declaring, betting, drawing, with more than one choice)."""
WEIGHED = ("declaring", "betting", "drawing")
PAIRS = ("strong:threshold", "strong:cautious", "strong:random", "threshold:cautious", "threshold:random",
         "cautious:random")
FULL = {("default", 2): (600, 300, 100, 1000, 300, 300), ("default", 4): (500, 200, 100, 600, 200, 200),
        ("dc", 2): (300, 150, 100, 600, 200, 200), ("dc", 4): (200, 100, 60, 400, 150, 150)}
"""Games a match in the full plan, by table and seats, in the order of ``PAIRS``: the strong bot's figures against
the threshold bot (issue 43's targets) get the most."""
QUICK = {key: tuple(max(10, n // 20) for n in counts) for key, counts in FULL.items()}
BEGIN, END = "<!-- poker-bots:begin -->", "<!-- poker-bots:end -->"


@dataclass
class Match:
    table: str
    seats: int
    first: str
    second: str
    games: int = 0
    won: int = 0
    unfinished: int = 0
    cpu: float = 0.0
    times: list[float] = field(default_factory=list)
    """The strong bot's CPU seconds, one a decision weighed."""


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
        seat = seat_of(game, name, memories[name])
        started = time.process_time()
        move = bot_move(kind_of[name], seat, rng)
        if times is not None and kind_of[name] == TIMED and seat.view["phase"] in WEIGHED and len(seat.legal) > 1:
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


def run(match: Match, options: PokerOptions, seed: int, first: int = 0) -> Match:
    """``match.first`` against ``match.seats - 1`` of ``match.second``, games ``first`` onwards of the seed's."""
    kinds = [match.first] + [match.second] * (match.seats - 1)
    started = time.process_time()
    for n in range(first, first + match.games):
        winner = play(seed * 100_000 + n, kinds, options, match.times)
        match.won += winner == match.first
        match.unfinished += winner is None
    match.cpu = time.process_time() - started
    return match


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def line(match: Match) -> str:
    low, high = wilson(match.won, match.games)
    text = (f"{match.table} {match.seats}p {match.first} vs {match.seats - 1}x {match.second}: {match.first} won"
            f" {match.won} of {match.games} ({match.won / match.games:.1%}, 95% {low:.1%}-{high:.1%}),"
            f" unfinished {match.unfinished}; {match.cpu:.0f} s CPU")
    if match.times:
        ms = [t * 1000 for t in match.times]
        text += (f"; {TIMED} decisions {len(ms)}: median {percentile(ms, 0.5):.1f} ms,"
                 f" p90 {percentile(ms, 0.9):.1f} ms, most {max(ms):.0f} ms")
    return text


def table_markdown(matches: Sequence[Match]) -> str:
    """The figures as a table, and the strong bot's decision times over every match it played."""
    rows = ["| table | seats | bot | against | games | won | share | 95% interval |", "|---|---|---|---|---|---|---|---|"]
    for m in matches:
        low, high = wilson(m.won, m.games)
        against = m.second if m.seats == 2 else f"3 x {m.second}"
        table = "Dealer's Choice" if m.table == "dc" else "default"
        rows.append(f"| {table} | {m.seats} | {m.first} | {against} | {m.games:,} | {m.won:,} | {m.won / m.games:.1%}"
                    f" | {low:.1%} - {high:.1%} |")
    ms = [t * 1000 for m in matches for t in m.times]
    if ms:
        rows.append("")
        rows.append(f"The strong bot's CPU time per decision it weighed (declaring, betting, drawing), over {len(ms):,}"
                    f" decisions of these games: median {percentile(ms, 0.5):.1f} ms, 90th percentile"
                    f" {percentile(ms, 0.9):.1f} ms, 99th {percentile(ms, 0.99):.0f} ms, most {max(ms):.0f} ms.")
    return "\n".join(rows)


def write(page: Path, text: str) -> None:
    content = page.read_text()
    start, end = content.index(BEGIN) + len(BEGIN), content.index(END)
    page.write_text(content[:start] + "\n" + text + "\n" + content[end:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--plan", choices=("full", "quick"), default="quick")
    parser.add_argument("--only", nargs="*", default=None, metavar="[dc:]SEATS:FIRST:SECOND",
                        help="these matches of the plan only, e.g. 2:strong:threshold dc:4:strong:threshold")
    parser.add_argument("--games", type=int, default=None, help="games a match, instead of the plan's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the seed's first game to play (to split a match)")
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="a table option")
    parser.add_argument("--results", type=Path, default=None, help="append each match's figures here (JSON lines)")
    parser.add_argument("--write", type=Path, default=None, help="put the table into this page")
    args = parser.parse_args(argv)
    base = dict(pair.split("=", 1) for pair in args.rule)
    plan = FULL if args.plan == "full" else QUICK
    done: list[Match] = []
    for (table, seats), counts in plan.items():
        options = PokerOptions.from_options({**base, **({"dealers_choice": "on"} if table == "dc" else {})})
        for pair, games in zip(PAIRS, counts):
            name = f"{'dc:' if table == 'dc' else ''}{seats}:{pair}"
            if args.only is not None and name not in args.only:
                continue
            first, second = pair.split(":")
            match = run(Match(table, seats, first, second, args.games or games), options, args.seed,
                        args.first)
            print(line(match), flush=True)
            done.append(match)
            if args.results is not None:
                with args.results.open("a") as out:
                    out.write(json.dumps(asdict(match)) + "\n")
    if args.write is not None:
        if args.results is not None:
            done = [Match(**json.loads(row)) for row in args.results.read_text().splitlines() if row.strip()]
        order = {(t, s, *p.split(":")): (i, j) for i, (t, s) in enumerate(plan) for j, p in enumerate(PAIRS)}
        write(args.write, table_markdown(sorted(done, key=lambda m: order[(m.table, m.seats, m.first, m.second)])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
