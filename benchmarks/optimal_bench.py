"""Optimal play, measured: solve time and peak memory per goal against a baseline solver in the same run, time per
hint, the solver's predicted first-player win probability against optimal self-play through the real ``engine.Game``,
and optimal against the built-in bots.

    python benchmarks/optimal_bench.py                      # everything (long: run it in the background)
    python benchmarks/optimal_bench.py --solve-only         # the solves alone: this checkout against the baseline
    python benchmarks/optimal_bench.py --games 2000 --h2h 1000 --no-solve   # a quick look
    python benchmarks/optimal_bench.py --first-solve        # the first solve on a machine (numba compiles), then cached

The solves run ``python -m engine solve --goal N --out FILE`` in child processes, this checkout's and the baseline's
(``--baseline``, a commit of this repository whose ``engine`` is extracted to a temporary folder: by default the last
commit before the solver was compiled), one after the other for each goal; CPU time and peak memory (RSS) are each
child's own, imports and all. The two solutions' packed tables are compared entry by entry.

Self-play and head-to-head games read every turn of the optimal player from tables precomputed for each score pair
(one batch per sum of scores, as the solver does), so a game costs what the engine costs plus a lookup; the server's
advisor reads the same values one turn at a time (``time per hint``). Each rate is shown with its 95% interval.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from importlib import resources
from pathlib import Path

import numpy as np

from engine.wimpout import Game, SeededDice
from engine.wimpout.optimal.choices import Advisor
from engine.wimpout.optimal.positions import Caps, Solution, pair_columns
from engine.wimpout.optimal.packing import from_bytes
from engine.wimpout.optimal.turn import WIN, solve_turn
from engine.wimpout.strategies import cautious, threshold

PLAYERS = ("Opti", "Other")
BASELINE = "d4802df"
"""The numpy solver: the last commit before the turn's sweep was compiled (issue 28)."""
ROOT = Path(__file__).resolve().parents[1]


def shipped(goal: int) -> Solution:
    return from_bytes((resources.files("engine.wimpout.optimal") / "data" / f"goal{goal}.cwopt").read_bytes())


def measure_solve(
    goal: int, source: Path | None = None, out: Path | None = None, cache: Path | None = None,
) -> dict[str, float]:
    """``python -m engine solve`` in a child process (``source``: a folder holding another ``engine``; ``out``: write
    the tables there, which costs some 50 MiB more for LZMA's dictionary; ``cache``: numba's cache folder, where it
    is not the default): its own report, and the child's CPU time and peak memory."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    began = time.perf_counter()
    command = [sys.executable, "-m", "engine", "solve", "--goal", str(goal), *(("--out", str(out)) if out else ())]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, cwd=source or ROOT, env=env, text=True)
    report = json.loads(child.stdout.read())
    _, status, usage = os.wait4(child.pid, 0)  # this child's usage alone, where RUSAGE_CHILDREN keeps the maximum
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"the solve at goal {goal} failed ({child.returncode})")
    return {"goal": goal, "seconds": report["cpu_seconds"], "wall": time.perf_counter() - began,
            "cpu": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss / 1024,
            "first_player_wins": report["first_player_wins"], "states": report["states"]}


def baseline_source(revision: str, into: Path) -> Path:
    """``engine`` as it was at ``revision``, extracted under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "engine"], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def same_tables(a: Path, b: Path) -> bool:
    first, second = from_bytes(a.read_bytes()), from_bytes(b.read_bytes())
    names = ("win", "lose", "chaser", "alone")
    return all(np.array_equal(getattr(first, name), getattr(second, name)) for name in names)


def compare_solves(goals: list[int], revision: str, check: bool) -> None:
    """Each goal solved by this checkout and by the baseline, one after the other, as the issue measures it (no
    tables written); after one untimed solve here (it compiles the sweep on a machine that has not, and caches it).
    ``check``: solve each again, untimed, writing the tables, and compare them entry by entry."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        baseline = baseline_source(revision, work / "baseline")
        warm = measure_solve(100)
        print(f"warm-up (goal 100, compiles the sweep if not cached): {warm['cpu']:.1f} s CPU, peak"
              f" {warm['peak_mib']:.0f} MiB", flush=True)
        print(f"| goal | this checkout: CPU s (solver's own) | peak MiB | baseline {revision}: CPU s (solver's"
              " own) | peak MiB | baseline / this | first player (both) | tables |", flush=True)
        print("| --- | --- | --- | --- | --- | --- | --- | --- |", flush=True)
        for goal in goals:
            new, old = measure_solve(goal), measure_solve(goal, baseline)
            tables = "not compared"
            if check:
                measure_solve(goal, None, work / "new.cwopt")
                measure_solve(goal, baseline, work / "old.cwopt")
                tables = "every entry equal" if same_tables(work / "new.cwopt", work / "old.cwopt") else "DIFFER"
            first = f"{new['first_player_wins']:.6f}" if round(new["first_player_wins"], 6) == round(
                old["first_player_wins"], 6) else f"{new['first_player_wins']:.6f} / {old['first_player_wins']:.6f}"
            print(f"| {goal} | {new['cpu']:.1f} ({new['seconds']:.1f}) | {new['peak_mib']:.0f} | {old['cpu']:.1f}"
                  f" ({old['seconds']:.1f}) | {old['peak_mib']:.0f} | {old['cpu'] / new['cpu']:.2f}x | {first} |"
                  f" {tables} |", flush=True)


def first_solves(goals: list[int]) -> None:
    """Each goal solved twice on one empty numba cache, as on a machine that never solved: the first run compiles
    the sweep (the issue's limit of 200 MB holds for it too), the second reads it from that cache."""
    print("| goal | first run (compiles): CPU s (solver's own) | peak MiB (MB) | second run (cached): CPU s | peak MiB |"
          " first player |", flush=True)
    print("| --- | --- | --- | --- | --- | --- |", flush=True)
    for goal in goals:
        with tempfile.TemporaryDirectory() as cache:
            first, second = measure_solve(goal, cache=Path(cache)), measure_solve(goal, cache=Path(cache))
        print(f"| {goal} | {first['cpu']:.1f} ({first['seconds']:.1f}) | {first['peak_mib']:.1f}"
              f" ({first['peak_mib'] * 2**20 / 1e6:.1f}) | {second['cpu']:.1f} | {second['peak_mib']:.1f} |"
              f" {first['first_player_wins']:.6f} |", flush=True)


def measure_hints(solution: Solution, samples: int, seed: int = 1) -> dict[str, float]:
    """Median time of a hint at a turn's start (the turn is solved: a new advisor each time) and inside a turn (the
    turn's values already at hand), over random positions of games played by the optimal bot."""
    rng = random.Random(seed)
    rules = solution.rules
    starts, inside = [], []
    for _ in range(samples):
        advisor = Advisor(solution)
        game = Game.start(list(PLAYERS), rules, dice := SeededDice(rng.random()))
        for _ in range(rng.randrange(0, 60)):
            if game.is_over:
                break
            (name,) = game.waiting_on()
            action = advisor.advise(game.state, name, game.legal_actions(name)).best
            game.apply(name, action, dice)
        if game.is_over or game.state.turn is None:
            continue
        (name,) = game.waiting_on()
        legal = game.legal_actions(name)
        fresh = Advisor(solution)
        began = time.process_time()
        fresh.advise(game.state, name, legal)
        starts.append(time.process_time() - began)
        began = time.process_time()
        fresh.advise(game.state, name, legal)
        inside.append(time.process_time() - began)
    return {"start_ms": 1000 * float(np.median(starts)), "start_max_ms": 1000 * max(starts),
            "inside_ms": 1000 * float(np.median(inside)), "samples": len(starts)}


def pair_turns(solution: Solution):
    """Every score pair's turn, solved one sum of scores at a time as the solver does: yields (i, j, values, bank) with
    values (turn totals, STATES) and bank (turn totals,), the chance of winning part, in units."""
    reach, caps = solution.reach, Caps()
    for total in range(2 * reach - 2, -1, -1):
        low, high = max(0, total - reach + 1), min(total, reach - 1)
        mine = np.arange(low, high + 1)
        theirs = total - mine
        columns = pair_columns(solution.rules, mine, theirs, solution.win, solution.lose, solution.chaser,
                               solution.alone, solution.lose[theirs, mine], caps.lead)
        values = solve_turn(solution.rules, columns, measure=False).values
        for col, (i, j) in enumerate(zip(mine, theirs)):
            yield int(i), int(j), values[:, :, WIN, col], columns.bank[:, WIN, col]


class TableAdvisor(Advisor):
    """An advisor with every pair's turn solved ahead (the chance of winning part only, in float32)."""

    def __init__(self, solution: Solution) -> None:
        super().__init__(solution)
        self._pairs: dict[tuple[str, int, int], tuple[np.ndarray, np.ndarray, int]] = {
            ("pair", i, j): (values.astype(np.float32)[:, :, None, None], bank.astype(np.float32)[:, None, None],
                             len(bank) - 1)
            for i, j, values, bank in pair_turns(solution)
        }

    def _turn(self, key):
        return self._pairs.get(key) or super()._turn(key)


def interval(wins: int, games: int) -> tuple[float, float]:
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return p, half


def play_games(advisor: Advisor, games: int, opponent, seed: int) -> tuple[int, int]:
    """(games won by the player who took the first turn, games won by the optimal player); ``opponent`` None: self-play."""
    first_wins = optimal_wins = 0
    rules = advisor.solution.rules
    rng = random.Random(seed)
    for number in range(games):
        names = list(PLAYERS) if number % 2 == 0 else list(reversed(PLAYERS))
        game = Game.start(names, rules, dice := SeededDice(rng.getrandbits(64)))
        first = game.state.turn.player
        while not game.is_over:
            (name,) = game.waiting_on()
            legal = game.legal_actions(name)
            if opponent is None or name == "Opti":
                action = advisor.advise(game.state, name, legal).best
            else:
                action = opponent(game.state, name, legal)
            game.apply(name, action, dice)
        first_wins += game.state.winner == first
        optimal_wins += game.state.winner == "Opti"
    return first_wins, optimal_wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="optimal self-play games")
    parser.add_argument("--h2h", type=int, default=10_000, help="games against each built-in bot")
    parser.add_argument("--goal", type=int, default=300, help="goal of the games played (a shipped table)")
    parser.add_argument("--hints", type=int, default=200, help="positions timed for 'hint'")
    parser.add_argument("--no-solve", action="store_true", help="skip the solves")
    parser.add_argument("--solve-only", action="store_true", help="only the solves")
    parser.add_argument("--solve-goals", default="300,500", help="goals solved, comma-separated")
    parser.add_argument("--baseline", default=BASELINE, help="the commit whose solver is the baseline")
    parser.add_argument("--no-check", action="store_true", help="do not solve again to compare the tables")
    parser.add_argument("--first-solve", action="store_true",
                        help="only the first solve of each goal on an empty numba cache, then the second")
    args = parser.parse_args()
    if args.first_solve:
        first_solves([int(goal) for goal in args.solve_goals.split(",")])
        return
    if not args.no_solve:
        compare_solves([int(goal) for goal in args.solve_goals.split(",")], args.baseline, not args.no_check)
    if args.solve_only:
        return
    for goal in (300, 500):
        hints = measure_hints(shipped(goal), args.hints)
        print(f"hint, goal {goal}: turn start median {hints['start_ms']:.1f} ms (max {hints['start_max_ms']:.1f}),"
              f" inside a turn median {hints['inside_ms']:.3f} ms, {hints['samples']} positions", flush=True)
    solution = shipped(args.goal)
    began = time.process_time()
    advisor = TableAdvisor(solution)
    print(f"every pair's turn solved ahead for goal {args.goal}: {time.process_time() - began:.0f} s CPU", flush=True)
    began = time.process_time()
    first_wins, _ = play_games(advisor, args.games, None, seed=1)
    p, half = interval(first_wins, args.games)
    predicted = solution.first_player_wins()
    verdict = "agree" if abs(p - predicted) <= half else "DISAGREE"
    print(f"self-play, goal {args.goal}: predicted first-player win {predicted:.4f}; measured {p:.4f} +- {half:.4f}"
          f" (95%, {args.games} games, {time.process_time() - began:.0f} s CPU): {verdict}", flush=True)
    for label, bot in (("threshold 300", threshold(300)), ("threshold 150", threshold(150)), ("cautious", cautious)):
        _, wins = play_games(advisor, args.h2h, bot, seed=2)
        p, half = interval(wins, args.h2h)
        print(f"optimal vs {label}, goal {args.goal}: optimal wins {p:.4f} +- {half:.4f} (95%, {args.h2h} games,"
              " seats alternate)", flush=True)


if __name__ == "__main__":
    main()
