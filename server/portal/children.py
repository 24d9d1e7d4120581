"""The portal's game processes: each started as ``python -P -m server.main --portal-socket PATH`` with the portal's
own arguments (so the code and the configuration on disk now), known by the token it is given, and watched until it
exits. ``-P``: the working directory is not put first on its path, so it runs the installed package, as the portal
does, never a checkout it happens to be started in (a unit's WorkingDirectory: a ``git pull`` there changed what the
next reload ran); ``PYTHONPATH`` still counts (the benchmarks run another tree's code that way)."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import structlog

from server.process.lockfile import DataDirLock
from server.portal.firstgame import TOKEN_VARIABLE, FirstGame
from server.portal.frames import FrameLink, Kind, frame
from server.settings import Settings

log = structlog.get_logger()
SOCKET_FILE = "game.sock"


class Child(Protocol):
    """What a game process is watched by: asyncio's process, or ``Adopted``."""

    pid: int

    @property
    def returncode(self) -> int | None: ...

    async def wait(self) -> int: ...

    def send_signal(self, signum: int) -> None: ...


class Adopted:
    """The first game process (``server.portal.firstgame``: started before the event loop) as asyncio's process:
    its exit seen through a pidfd."""

    def __init__(self, first: FirstGame) -> None:
        self._popen = first.popen
        self.pid = first.popen.pid
        loop = asyncio.get_running_loop()
        self._exited: asyncio.Future[int] = loop.create_future()
        fd = os.pidfd_open(self.pid)

        def exited() -> None:
            loop.remove_reader(fd)
            os.close(fd)
            self._exited.set_result(self._popen.wait())

        loop.add_reader(fd, exited)

    @property
    def returncode(self) -> int | None:
        return self._popen.returncode

    async def wait(self) -> int:
        return await asyncio.shield(self._exited)

    def send_signal(self, signum: int) -> None:
        if self._popen.returncode is None:
            self._popen.send_signal(signum)


class GameProcess:
    """One game process, from its start to its exit."""

    def __init__(self, process: Child, token: str) -> None:
        self.process, self.token = process, token
        self.pid = process.pid
        self.link: FrameLink | None = None
        self.hello = asyncio.Event()
        self.ready = asyncio.Event()
        self.gone = asyncio.Event()
        """Its link closed or the process exited: it serves no one any more."""
        self.failure: str | None = None
        """Why it could not serve, as it said (its FAILED frame), or why the portal would not have it."""
        self.retiring = False
        self.hands: socket.socket | None = None
        """The hand channel: telnet sockets are handed to the process over it (server.portal.handing)."""
        self.started = time.monotonic()
        self._waiting = asyncio.get_running_loop().create_task(self._wait())

    @classmethod
    async def start(cls, socket: str, argv: list[str]) -> GameProcess:
        token = secrets.token_hex(16)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-P", "-m", "server.main", "--portal-socket", socket, *argv,
            env={**os.environ, TOKEN_VARIABLE: token}, stdin=asyncio.subprocess.DEVNULL,
        )
        log.info("portal.game_started", pid=process.pid)
        return cls(process, token)

    async def _wait(self) -> None:
        code = await self.process.wait()
        log.info("portal.game_exited", pid=self.pid, code=code)
        self.gone.set()
        self.hello.set()  # anyone waiting for it to say hello or be ready stops waiting
        self.ready.set()

    async def said(self, event: asyncio.Event, within: float) -> bool:
        """Whether the process reached ``event`` (hello, ready) within ``within`` seconds, alive."""
        try:
            await asyncio.wait_for(event.wait(), within)
        except TimeoutError:
            return False
        return not self.gone.is_set() and self.link is not None and self.link.open

    def send(self, kind: Kind, ident: int = 0, payload: bytes = b"") -> None:
        if self.link is not None:
            self.link.send(frame(kind, ident, payload))

    def recall(self, ident: int) -> None:
        """Ask for a handed telnet socket back."""
        self.send(Kind.RECALL, ident)

    def send_answer(self, ident: int, payload: bytes) -> None:
        """The answer to its question number ``ident``."""
        if self.link is not None:
            self.link.send(frame(Kind.ANSWER, ident, payload))

    async def end(self, within: float) -> None:
        """Wait ``within`` seconds for the process to exit, then kill it."""
        try:
            await asyncio.wait_for(self.process.wait(), within)
        except TimeoutError:
            log.warning("portal.game_killed", pid=self.pid)
            self.kill()
            await self.process.wait()
        await self.gone.wait()

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGKILL)

    def uptime(self) -> int:
        return int(time.monotonic() - self.started)


def socket_path(wanted: Path) -> str:
    """The unix socket the game processes connect to: ``wanted``, or the same name in a private temporary directory
    if that path is too long for a socket's name (108 bytes)."""
    path = wanted.resolve()
    if len(str(path)) < 100:
        return str(path)
    return str(Path(tempfile.mkdtemp(prefix="cw-")) / path.name)


def hello_of(payload: bytes) -> tuple[int, str, int, str] | None:
    """A HELLO frame's pid, token, frames' protocol (1 before it was said) and channel ("hands": the hand channel;
    else the link); None if it is not one (whoever opens the socket can send anything)."""
    try:
        said = json.loads(payload)
        return int(said["pid"]), str(said["token"]), int(said.get("protocol", 1)), str(said.get("channel", ""))
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError):  # (bad JSON is a ValueError)
        return None


def unproven(link: FrameLink) -> None:
    """A link closed before its peer proved itself: why, if it was hung up on."""
    if link.refused:
        log.warning("portal.stranger", why=link.refused)


@dataclass(frozen=True)
class Begun:
    """What a portal starts with before it loads its own code (``begin``): the game loads meanwhile."""

    lock: DataDirLock
    """The data directory's (server.process.lockfile), held while the portal runs."""
    listening: socket.socket
    """The unix socket game processes connect to, listening (a connection waits until the portal serves it)."""
    path: str
    game: GameProcess
    """The first game process, loading its code."""


async def begin(settings: Settings, argv: list[str], first: FirstGame | None) -> Begun:
    """Take the data directory, listen on its socket and start the first game process (or tell ``first``, started
    before anything was loaded, the socket): the game's code (the longer load) loads while the portal loads its own
    and opens its listeners, not after."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    lock = DataDirLock.take(settings.data_dir)  # before anything of a server already there is touched
    path = socket_path(settings.data_dir / SOCKET_FILE)
    with suppress(FileNotFoundError):
        os.unlink(path)
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listening.bind(path)
    listening.listen(100)
    if first is None:
        return Begun(lock, listening, path, await GameProcess.start(path, argv))
    first.tell(path)
    log.info("portal.game_started", pid=first.popen.pid)
    return Begun(lock, listening, path, GameProcess(Adopted(first), first.token))
