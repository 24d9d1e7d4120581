"""The SQLite backend: everything that knows SQLite is in this folder."""

from server.store.sqlite.backend import FILENAME, SqliteStore

__all__ = ["FILENAME", "SqliteStore"]
