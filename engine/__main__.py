"""``python -m engine [GAME] COMMAND ...``: a game's own command line, found in ``engine/GAME/__main__.py``; with no game
named, Cosmic Wimpout's (``python -m engine score 4 4 4 4 s5``). ``python -m engine verify FILE`` checks the dice of
any game's export (engine.verifying)."""

import importlib
import os
import sys

DEFAULT_GAME = "wimpout"


BROKEN_PIPE = 141
"""The status of a program its reader stopped reading (128 + SIGPIPE), as a shell reports it."""


def main(argv: list[str]) -> int:
    if argv[:1] == ["verify"]:
        from engine import verifying
        return verifying.main(argv[1:])
    game = argv[0] if argv and argv[0].isidentifier() and _has_command_line(argv[0]) else None
    module = importlib.import_module(f"engine.{game or DEFAULT_GAME}.__main__")
    try:
        return int(module.main(argv[1:] if game else argv))
    except BrokenPipeError:  # 'python -m engine odds | head': the reader has all it wanted; nothing to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (Python's own flush at exit would fail too)
        return BROKEN_PIPE


def _has_command_line(name: str) -> bool:
    try:
        return importlib.util.find_spec(f"engine.{name}.__main__") is not None
    except ModuleNotFoundError:
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
