"""The referee's full run: the engine's scoring against the referee (tests/referee.py) on every case.

Every throw of 1-5 cubes (common cubes in every order, with and without the sun cube; 10,884 throws), fresh and
while clearing each face (two faces at once under Full House), at once and (while clearing) completed by a rethrow of
the matching cubes, under all 24 combinations of the scoring options (sun_completes_freight_train,
fourth_number_scores, Cosmic Sampler off / 50 / 25 points, Full House). Prints the cases compared, the mismatches
(the first few in full) and the time; exits 1 on any mismatch. The normal test run compares a random sample.

    .venv/bin/python benchmarks/referee_full.py
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.referee_cases import OPTION_SETS, cases, engine_ways, forget, referee_ways, rules_of, same_ways, throws  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=10, help="mismatches to print in full")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    compared = mismatches = 0
    for options in OPTION_SETS:
        rules = rules_of(options)
        for case in cases(options):
            compared += 1
            engine, referee = engine_ways(rules, case), referee_ways(options, case)
            if not same_ways(engine, referee):
                mismatches += 1
                if mismatches <= args.show:
                    print(f"MISMATCH {options} {case}\n  engine  {engine}\n  referee {referee}")
        forget()
    seconds = time.perf_counter() - started
    print(
        f"referee_full: {compared:,} cases compared ({sum(1 for _ in throws()):,} throws, each fresh and in every"
        f" clearing context, under {len(OPTION_SETS)} option sets), {mismatches:,} mismatches,"
        f" {seconds:.1f} s ({compared / seconds:,.0f} cases/s)"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
