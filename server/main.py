"""The ``cosmic-wimpout`` console script. When it runs the portal, its first game process is started before anything
else is loaded (``server.portal.firstgame``); then the command runs (``server.process.running``)."""

from __future__ import annotations

import os
import sys

from server.portal.firstgame import first_game
from server.ops.privatefiles import UMASK


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    os.umask(UMASK)  # the server and the console alike create nothing others can read (server.ops.privatefiles)
    first = first_game(argv)
    from server.process.running import run

    run(argv, first)


if __name__ == "__main__":
    main()
