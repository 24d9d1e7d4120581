"""Interpreter instructions per throw, counted by callgrind: the engine (standard rules, every compatible house rule),
the reference and the floor (standard rules), on the games of ``engine_bench.py``.

Timings on a shared machine move by 5-10% from run to run; an instruction count repeats to the instruction, so it
tells whether a change to the engine's hot path helps. Each figure is a run of the games after a warm-up of the same
games (every scoring already in the tables) minus a run of the warm-up alone, divided by the throws; the hash seed is
fixed. Instructions are not time (memory and branches weigh differently), so targets stay with ``engine_bench.py``.
Needs valgrind; takes a few minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_bench import ALL_COMPATIBLE_HOUSE_RULES, PLAYERS, cubes_thrown, engine_round, play, reference_round  # noqa: E402
from engine_floor import floor_round, record  # noqa: E402

from engine.wimpout import RuleSet  # noqa: E402

MODES = {"standard": RuleSet(), "house rules": ALL_COMPATIBLE_HOUSE_RULES, "reference": RuleSet(), "floor": RuleSet()}


def child(mode: str, games: int, played: int) -> None:
    """Warm up on ``games`` games, then play the first ``played`` of them again."""
    rules = MODES[mode]
    cubes_thrown(games, 1, rules)
    reference_round(games, 1)
    recorded = record(play, games, 1, rules, PLAYERS)
    floor_round(play, recorded, 1)
    if played:
        if mode == "reference":
            reference_round(played, 1)
        elif mode == "floor":
            floor_round(play, recorded[:played], 1)
        else:
            engine_round(played, 1, rules)


def instructions(mode: str, games: int, played: int) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
               "--child", mode, "--games", str(games), "--played", str(played)]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
                          check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--child", choices=list(MODES))
    parser.add_argument("--played", type=int, default=0)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games, args.played)
        return
    for mode, rules in MODES.items():
        throws = len(cubes_thrown(args.games, 1, rules))
        per_throw = (instructions(mode, args.games, args.games) - instructions(mode, args.games, 0)) / throws
        print(f"{mode}: {per_throw:,.0f} instructions a throw ({args.games} games, {throws} throws)")


if __name__ == "__main__":
    main()
