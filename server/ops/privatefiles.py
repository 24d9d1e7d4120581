"""Files only the server's own user may read: the data directory (0700), the database and its -wal and -shm, solved
tables and backups (0600). The console script sets ``UMASK`` at start; what is created is made private here all the
same, and what an older release left readable by others is made private when it is next opened."""

from __future__ import annotations

import os
from pathlib import Path

UMASK = 0o077
"""The process's umask (server.main): nothing it creates can be read by others, whatever creates it."""
DIRECTORY_MODE = 0o700
FILE_MODE = 0o600


def private_directory(path: Path) -> None:
    """``path`` (and any parents it needs) as a directory of the server's user alone."""
    path.mkdir(mode=DIRECTORY_MODE, parents=True, exist_ok=True)
    path.chmod(DIRECTORY_MODE)


def private_file(path: Path, new: bool = False) -> None:
    """``path`` readable by the server's user alone, made empty if it does not exist (SQLite then gives the files
    it makes beside a database, -wal and -shm, the database's own mode); ``new``: refuse one that exists
    (FileExistsError)."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if new else 0)
    os.close(os.open(path, flags, FILE_MODE))
    path.chmod(FILE_MODE)


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole (a reader sees the old file or the new one), readable by the server's user
    alone."""
    temporary = path.with_name(path.name + ".part")
    private_file(temporary)
    temporary.write_bytes(data)
    temporary.replace(path)
