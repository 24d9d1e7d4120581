"""Backups kept in a directory (``cosmic-wimpout backup --keep N DIR``, run by the systemd timer beside the unit):
each a file named by the time it was made, in UTC (``cosmic-20261128T221500Z.sqlite3``, or ``.dump`` for a
PostgreSQL archive), the oldest removed once there are more than N. Only files named so are ever removed: whatever
else the directory holds is left alone."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

PREFIX = "cosmic-"
STAMP = "%Y%m%dT%H%M%SZ"
_NAMED = re.compile(rf"^{PREFIX}\d{{8}}T\d{{6}}Z\.(sqlite3|dump)$")


def backup_name(suffix: str, now: datetime | None = None) -> str:
    """The name of a backup made ``now`` (UTC), with the backend's ``suffix``."""
    return f"{PREFIX}{(now or datetime.now(timezone.utc)).strftime(STAMP)}{suffix}"


def kept(directory: Path) -> list[Path]:
    """The backups in ``directory``, oldest first (their names sort by time)."""
    return sorted(path for path in directory.iterdir() if _NAMED.match(path.name) and path.is_file())


def prune(directory: Path, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups of ``directory``; the ones removed."""
    old = kept(directory)[:-keep] if keep > 0 else []
    for path in old:
        path.unlink()
    return old
