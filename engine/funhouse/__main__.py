"""``python -m engine funhouse best ROOM --seed N`` and ``python -m engine funhouse replay FILE``.

``best`` plays ROOM alone with the setup seed N gives and prints the best score that setup allows, as JSON:
``{"room": "barrels", "seed": 3, "best": 0, "exact": true}`` (Catwalk's is an expectation; ``exact`` false means the
search hit its cap and ``best`` is the best line found).

``replay`` reads a recorded run and prints its room scores. The file is JSON::

    {"seed": 12345, "room": null, "options": {"slide_stacks": "return", "scoreboard": true},
     "moves": ["take a1 b1 c2 L down", "top L", ...]}

``seed`` is required; ``room`` (null or absent: the six rooms) names a room played alone; ``options`` may be left out;
``moves`` are the player's commands in order, as typed (the moves the run makes itself are not listed). It prints
``{"seed": ..., "scores": {"slide-jam": 14, ...}, "total": ..., "over": ...}``. Exit 2 for bad arguments, 1 for a file
that cannot be read or replayed.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.commandline import Parser, UsageError
from engine.funhouse.seedstreams import SeededChance
from engine.funhouse.funroom import FunOptions, RoomError
from engine.funhouse.funrun import ROOMS, FunRun


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m engine funhouse", description="Epic Funhouse's rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    best = commands.add_parser("best", help="the best score a room's setup allows, as JSON")
    best.add_argument("room", choices=ROOMS)
    best.add_argument("--seed", type=int, required=True)
    replay = commands.add_parser("replay", help="the room scores of a recorded run, as JSON")
    replay.add_argument("file")
    return parser


def replay_file(text: str) -> FunRun:
    """The run a replay file records (see the module's docstring)."""
    data = json.loads(text)
    seed = data["seed"]
    if not isinstance(seed, int):
        raise ValueError("the seed is a whole number")
    chance = SeededChance(seed)
    run = FunRun.start(seed, data.get("room"), FunOptions.from_dict(data.get("options", {})), chance)
    for number, command in enumerate(data.get("moves", []), start=1):
        try:
            run.apply(command, chance)
        except RoomError as refused:
            raise ValueError(f"move {number} '{command}': {refused}") from None
    return run


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except UsageError as error:
        print(f"python -m engine funhouse: {error}", file=sys.stderr)
        return 2
    if args.command == "best":
        run = FunRun.start(args.seed, args.room)
        found = run.best(0)
        print(json.dumps({"room": args.room, "seed": args.seed, **found.to_dict()}))
        return 0
    try:
        with open(args.file, encoding="utf-8") as file:
            run = replay_file(file.read())
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"python -m engine funhouse replay: {error}", file=sys.stderr)
        return 1
    print(json.dumps({"seed": run.state.seed, "scores": run.scores(), "total": run.state.total,
                      "over": run.is_over}))
    return 0
