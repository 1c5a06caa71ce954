"""Markers the suite shares."""

from __future__ import annotations

import pytest
from django.db import connections

# SQLite's in-memory test database shares one cache between threads and answers "table is
# locked" instead of waiting (a file store with WAL waits): tests of threads racing run on
# PostgreSQL, the production database (CI runs the suite there too).
on_postgresql = pytest.mark.skipif(
    connections["default"].vendor != "postgresql",
    reason="concurrent workers need PostgreSQL (set DATABASE_URL)",
)
