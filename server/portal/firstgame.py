"""The portal's first game process, started by the console script (``server.main``) before it loads anything: the
game's code, the longer load by far, loads while the portal loads its own, reads its settings and takes the data
directory. The game process is told its socket on its stdin once the portal listens on it (``--portal-socket -``);
told nothing (the portal could not start: it says why), it exits without a word. Light on purpose: nothing but the
standard library's process handling is loaded before it starts."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys

TOKEN_VARIABLE = "CW_PORTAL_TOKEN"
"""How a game process is told the token it proves it is the portal's own child with (its first frame, HELLO)."""
NOT_A_PORTAL = ("--o", "--porta", "--h", "-h", "--v")
"""How the arguments that run no portal begin (``--one-process``, ``--portal-socket``, ``--help``, ``--version``, as
argparse takes them abbreviated); an argument that only looks like one (a file named so) costs the early start."""


class FirstGame:
    """A game process started before the event loop, as ``subprocess.Popen`` does (``server.portal.children``
    watches it once the portal runs)."""

    def __init__(self, argv: list[str]) -> None:
        self.token = secrets.token_hex(16)
        self.popen = subprocess.Popen(  # (-P: see server.portal.children)
            [sys.executable, "-P", "-m", "server.main", "--portal-socket", "-", *argv],
            env={**os.environ, TOKEN_VARIABLE: self.token}, stdin=subprocess.PIPE)

    def tell(self, socket: str) -> None:
        """Its socket: it connects once its code is loaded."""
        assert self.popen.stdin is not None
        self.popen.stdin.write(socket.encode() + b"\n")
        self.popen.stdin.close()

    def stop(self) -> None:
        """Not needed after all (no portal runs): killed, having touched nothing."""
        if self.popen.returncode is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait()


def first_game(argv: list[str]) -> FirstGame | None:
    """The first game process if ``argv`` runs a portal: options only (a console command is a word), none of
    ``NOT_A_PORTAL``."""
    if argv[:1] and not argv[0].startswith("-") or any(arg.startswith(NOT_A_PORTAL) for arg in argv):
        return None
    return FirstGame(argv)
