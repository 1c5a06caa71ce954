"""The database may go away and come back: what a request and a task do meanwhile.

A request whose connection is lost is refused with a JSON 503 `database_unavailable` (the
middleware and the verbs' exception handler); Django's connection health checks
(CONN_HEALTH_CHECKS) open a fresh connection for the next request. A django-q2 task that
loses its connection closes it and runs again with a short, bounded backoff, so it is taken
again within seconds of the database's return rather than after the cluster's retry (its
timeout and a minute more). Tasks are safe to run twice, so running one again is no harm.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connections

logger = logging.getLogger(__name__)

# A lost connection, a refused one, a server shutting down: psycopg and sqlite3 both raise
# these, wrapped by Django.
DATABASE_LOST = (OperationalError, InterfaceError)
# The first pause after a lost connection, doubled each time up to the last.
FIRST_PAUSE_SECONDS = 0.25
LONGEST_PAUSE_SECONDS = 2.0


def retry_seconds() -> float:
    """How long a task keeps trying to reach the database before it fails (then django-q2's
    own retry takes over): LIMMA_DATABASE_RETRY_SECONDS."""
    return float(getattr(settings, "LIMMA_DATABASE_RETRY_SECONDS", 300))


def survives_lost_database[**P, R](task: Callable[P, R]) -> Callable[P, R]:
    """Run a task again, after closing every connection, while the database is lost; the
    pause doubles from FIRST_PAUSE_SECONDS to LONGEST_PAUSE_SECONDS, and the task fails as
    before once retry_seconds() have passed without the database."""

    @functools.wraps(task)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        give_up_at = time.monotonic() + retry_seconds()
        pause = FIRST_PAUSE_SECONDS
        while True:
            try:
                return task(*args, **kwargs)
            except DATABASE_LOST as lost:
                close_connections()
                if time.monotonic() + pause > give_up_at:
                    raise
                logger.warning(
                    "%s lost the database (%s): again in %.1f s", task.__name__, lost, pause
                )
                time.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE_SECONDS)

    return run


def close_connections() -> None:
    """Close every connection this thread opened; one lost with its server may fail to close,
    and is dropped all the same."""
    for connection in connections.all(initialized_only=True):
        with contextlib.suppress(DatabaseError):
            connection.close()
