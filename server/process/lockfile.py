"""One server per data directory: ``portal.pid`` there, locked (``flock``) by the server for as long as it runs and
holding its pid. A second server finds it locked and refuses to start, touching nothing of the first's (its socket,
its pid file); ``cosmic-wimpout reload`` signals the pid only while the file is locked, so a stale file left by a
killed server never names a process that is not this directory's server."""

from __future__ import annotations

import fcntl
import os
from contextlib import suppress
from pathlib import Path

PID_FILE = "portal.pid"
"""In the data directory while a server runs there: its pid, and the lock."""


class DataDirInUse(Exception):
    """Another server runs on this data directory."""

    def __init__(self, data_dir: Path, pid: int | None) -> None:
        who = f"a server (pid {pid})" if pid else "another server"
        super().__init__(f"{who} is already running on {data_dir}; stop it first, or give another --data-dir")


class DataDirLock:
    """The lock on a data directory, held until ``release`` (or the process's end: the kernel lets go of it)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self._fd = path, fd

    @classmethod
    def take(cls, data_dir: Path) -> DataDirLock:
        """This process's lock on ``data_dir`` (created if need be), its pid written in it. Raises DataDirInUse."""
        path = data_dir / PID_FILE
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid = _pid_in(fd)
                os.close(fd)
                raise DataDirInUse(data_dir, pid) from None
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)  # locked as its last holder unlinked it: take the new file
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return cls(path, fd)

    def release(self) -> None:
        """Unlinked while still locked (whoever opened it meanwhile finds it gone once they have the lock)."""
        if self._fd < 0:
            return
        with suppress(FileNotFoundError):
            os.unlink(self.path)
        os.close(self._fd)
        self._fd = -1


def running_pid(data_dir: Path) -> int | None:
    """The pid of the server running on ``data_dir``, or None if none holds its lock (no file, or a stale one)."""
    try:
        fd = os.open(data_dir / PID_FILE, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _pid_in(fd)
    else:
        return None
    finally:
        os.close(fd)


def _pid_in(fd: int) -> int | None:
    try:
        return int(os.pread(fd, 32, 0).decode().strip())
    except (OSError, ValueError):
        return None
