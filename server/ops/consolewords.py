"""What the console commands (``server.ops.console``) are called and what each does, as ``cosmic-wimpout --help`` and
each command's own help say: kept apart from their code, which loads the store, so that starting the server reads
them without it."""

from __future__ import annotations

from server.settings import SQLITE_FILE

WIZARD = "Make an account a wizard (or, with --revoke, not); works whether or not the server is running."
BACKUP = (f"Copy the database to FILE, consistently, while the server runs (or not); given a directory, to a new file "
          f"there named by the time (UTC), and with --keep N only the newest N such files are kept. To restore, stop "
          f"the server and put the copy in the data directory as {SQLITE_FILE}; for PostgreSQL, FILE is a pg_dump "
          "archive: pg_restore --dbname URL FILE into an empty database.")
RELOAD = ("Reload the running server's game with the code now on disk, dropping no one (the server found through its "
          "data directory); the log says how it went.")
STORE_COPY = ("Copy the whole store (--from URL, default the configured one) into an empty one at --to URL "
              "(sqlite:DIR or postgresql://user@host:port/db), checked by row counts and a replay of every finished "
              "game; stop the server first.")
CONSOLE_USAGE = (("wizard NAME", WIZARD), ("backup FILE|[--keep N] DIR", BACKUP), ("store copy --to URL", STORE_COPY),
                 ("reload", RELOAD))
"""What ``cosmic-wimpout --help`` says of them: an operator's first look must find how to make the first wizard."""
CONSOLE_NAMES = frozenset(usage.split()[0] for usage, _ in CONSOLE_USAGE)
"""The first words that run a console command rather than the server (``server.ops.console.CONSOLE_COMMANDS``)."""
