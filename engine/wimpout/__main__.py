"""``python -m engine [wimpout] score|odds|solve``: score a throw, print the exact odds of every kind of throw, or solve
the two-player game."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction

from engine.commandline import Parser, UsageError, rule_options
from engine.wimpout.cubes import Face, ThrowSyntaxError, format_throw, parse_throw
from engine.wimpout.odds import odds_table
from engine.wimpout.optimal.coverage import NotCovered
from engine.wimpout.rules import RuleError, RuleSet
from engine.wimpout.scoring import Scoring, score_throw

CLEARABLE = {str(int(face)): face for face in (Face.TWO, Face.THREE, Face.FOUR, Face.FIVE, Face.SIX, Face.TEN)}


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m engine", description="Cosmic Wimpout's rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="the legal ways a throw scores, as JSON")
    score.add_argument("faces", nargs="+", help="common cubes as numbers; the sun cube as s5, s10 ... or S (the sun)")
    _rule_arguments(score)
    score.add_argument(
        "--clearing", action="append", default=[], metavar="FACE", help="a flash of this face is being cleared"
    )
    odds = commands.add_parser("odds", help="exact odds of each outcome of every throw")
    _rule_arguments(odds)
    odds.add_argument("--json", action="store_true", help="print JSON (probabilities as fractions)")
    solve = commands.add_parser("solve", help="solve the two-player game exactly; print its figures as JSON")
    solve.add_argument("--goal", type=int, default=500, help="the game goal (100 to 1000)")
    _rule_arguments(solve)
    solve.add_argument("--out", metavar="FILE", help="write the solved tables (compressed) to FILE")
    return parser


def _rule_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="a rule option")


def _rules(pairs: list[str]) -> RuleSet:
    return RuleSet.from_options(rule_options(pairs))


def _clearing(values: list[str]) -> frozenset[Face]:
    faces = set()
    for value in values:
        for word in value.replace(",", " ").split():
            if word not in CLEARABLE:
                raise UsageError(f"--clearing takes a flash face ({' '.join(CLEARABLE)}), not '{word}'")
            faces.add(CLEARABLE[word])
    return frozenset(faces)


def scoring_json(scoring: Scoring) -> dict[str, object]:
    kept = scoring.kept
    return {
        "outcome": scoring.outcome.value,
        "points": scoring.points,
        "set_aside": format_throw(kept) if len(kept) else "",
        "cubes_set_aside": len(kept),
        "flash": None if scoring.flash is None else int(scoring.flash),
        "flashes": [int(face) for face in scoring.flashes],
        "sun": None if scoring.sun is None else scoring.sun.value,
        "special": None if scoring.special is None else scoring.special.value,
    }


def _score(args: argparse.Namespace) -> str:
    throw = parse_throw(args.faces)
    clearing = _clearing(args.clearing)
    options = score_throw(throw, _rules(args.rule), clearing)
    return json.dumps(
        {
            "throw": format_throw(throw),
            "clearing": [int(face) for face in sorted(clearing)],
            "options": [scoring_json(option) for option in options],
        },
        indent=2,
    )


def _odds(args: argparse.Namespace) -> str:
    rows = odds_table(_rules(args.rule))
    if args.json:
        return json.dumps(
            [row | {"odds": {k: str(p) for k, p in row["odds"].items()}} for row in rows],  # type: ignore[attr-defined]
            indent=2,
        )
    lines = [f"{'cubes':>5} {'sun':>3} {'clearing':>8}  outcome probabilities (exact, then %)"]
    for row in rows:
        odds: dict[str, Fraction] = row["odds"]  # type: ignore[assignment]
        clearing = ",".join(map(str, row["clearing"])) or "-"  # type: ignore[call-overload]
        parts = "  ".join(f"{name} {p} ({float(p):.2%})" for name, p in odds.items())
        lines.append(f"{row['cubes']:>5} {'yes' if row['sun'] else 'no':>3} {clearing:>8}  {parts}")
    return "\n".join(lines)


def _solve(args: argparse.Namespace) -> str:
    from engine.wimpout.optimal.solver import solve  # numpy is loaded only to solve
    from engine.wimpout.optimal.packing import to_bytes

    rules = RuleSet.from_options({"goal": args.goal}, base=_rules(args.rule))
    solution = solve(rules)
    if args.out:
        with open(args.out, "wb") as out:
            out.write(to_bytes(solution))
    return json.dumps(
        {
            "goal": rules.goal,
            "first_player_wins": round(solution.first_player_wins(), 9),
            "second_player_wins": round(float(solution.lose[0, 0]), 9),
            "states": solution.states,
            "seconds": round(solution.seconds, 1),
            "cpu_seconds": round(solution.cpu_seconds, 1),
            "rules": {name: value for name, value in rules.model_dump().items() if value != RuleSet.model_fields[name].default},
        },
        indent=2,
    )


COMMANDS = {"score": _score, "odds": _odds, "solve": _solve}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        print(COMMANDS[args.command](args))
    except BrokenPipeError:
        raise  # the reader stopped reading: not an error of the command's (engine/__main__.py)
    except (UsageError, ThrowSyntaxError, RuleError, NotCovered, OSError) as error:
        print(f"python -m engine: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
