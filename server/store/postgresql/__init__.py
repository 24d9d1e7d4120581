"""The PostgreSQL backend (psycopg 3, async, with its pool): everything that knows PostgreSQL is in this folder."""

from server.store.postgresql.pgstore import PostgresStore

__all__ = ["PostgresStore"]
