"""What the PostgreSQL benchmarks need to drop their scratch database whatever happens: SQL run
on the server's own `postgres` database, and SIGTERM turned into SystemExit so the `finally`
that drops the database runs.

Shared by search_scale.py and criteria_read.py, each of which makes a database of its own.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


def server_run(url: str, sql: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(
        host=parts.hostname or "127.0.0.1",
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(sql)


def terminate_on_signal(signum: int, frame: Any) -> None:
    raise SystemExit(f"stopped by signal {signum}")
