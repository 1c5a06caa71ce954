"""A database of a test's own for processes it starts: a SQLite file, or, when the suite runs on
PostgreSQL, a scratch database on the same server, made empty and dropped afterwards."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


@contextmanager
def scratch_database(sqlite_file: Path, suffix: str) -> Iterator[str]:
    """The URL of an empty database: `sqlite_file` on SQLite, `<test database>_<suffix>` on
    PostgreSQL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{sqlite_file}"
        return
    import psycopg

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/')}_{suffix}"
    server = {
        "host": parts.hostname or "127.0.0.1",
        "port": parts.port or 5432,
        "user": parts.username or "postgres",
        "password": parts.password,
        "dbname": "postgres",
        "autocommit": True,
    }
    with psycopg.connect(**server) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(**server) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
