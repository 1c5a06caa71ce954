"""The database goes away and comes back (limma/database.py): a request meanwhile is a JSON 503
`database_unavailable`, the next one after its return is answered, and a task that lost its
connection is taken again within seconds of the return, not after django-q2's retry.

The server is the test's own (throwaway_postgres): started, stopped and started again here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import DataError, IntegrityError, InterfaceError, OperationalError, connections

from limma.database import survives_lost_database
from limma.middleware import DatabaseUnavailableMiddleware
from tests.limma.throwaway_postgres import ThrowawayPostgres, poll, throwaway_postgres

ROOT = Path(__file__).resolve().parents[2]
SERVER_PORT = 8622
PAGE_PORT = 8623
BOUND = 60  # seconds: every poll ends as soon as its condition holds


@pytest.fixture(scope="module")
def server() -> Iterator[ThrowawayPostgres]:
    with throwaway_postgres(SERVER_PORT) as started:
        yield started


def page_env(server: ThrowawayPostgres, tmp: Path) -> dict[str, str]:
    kept = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("LIMMA_", "DATABASE_URL", "DJANGO_"))
    }
    return {
        **kept,
        "DATABASE_URL": server.url,
        "LIMMA_VAR_DIR": str(tmp),
        "LIMMA_SECURE": "0",
        "DJANGO_SETTINGS_MODULE": "limma.settings",
    }


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    return done.stdout


def get(url: str, token: str) -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.headers["Content-Type"], reply.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read().decode()


def answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2).close()
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def page(server, tmp_path_factory) -> Iterator[tuple[str, dict[str, str]]]:
    """The page on the test's own server: its address, and a workspace with its key."""
    env = page_env(server, tmp_path_factory.mktemp("page"))
    manage(env, "migrate", "-v0")
    created = dict(
        line.split(": ", 1) for line in manage(env, "create_workspace", "Away").splitlines()
    )
    process = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{PAGE_PORT}"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{PAGE_PORT}"
    try:
        poll(lambda: answers(base), seconds=BOUND, what="the page answers")
        yield base, created
    finally:
        process.terminate()
        process.wait(timeout=BOUND)


@pytest.mark.parametrize(
    ("path", "answered"),
    [
        ("/v1/public/documents?workspace_id={ws}", 200),
        ("/v1/public/region?workspace_id={ws}&source_id=none", 404),
    ],
    ids=["documents", "region"],
)
def test_a_request_while_the_database_is_away_is_a_json_503_and_the_next_is_answered(
    server, page, path, answered
):
    base, created = page
    url = base + path.format(ws=created["workspace_id"])
    before, _, _ = get(url, created["api_key"])
    assert before == answered
    server.stop()
    try:
        status, content_type, body = get(url, created["api_key"])
    finally:
        server.start()
    assert (status, content_type) == (503, "application/json")
    assert json.loads(body)["detail"]["type"] == "database_unavailable"
    after, _, _ = get(url, created["api_key"])
    assert after == answered


@pytest.mark.parametrize(
    "error",
    [OperationalError("the connection is closed"), InterfaceError("connection already closed")],
    ids=["operational", "interface"],
)
def test_a_lost_connection_in_any_view_is_a_json_503(rf, error):
    request = rf.get("/qa/")
    reply = DatabaseUnavailableMiddleware(lambda request: None).process_exception(request, error)
    assert reply.status_code == 503
    assert reply["Content-Type"] == "application/json"
    assert json.loads(reply.content)["detail"]["type"] == "database_unavailable"


@pytest.mark.parametrize(
    "error",
    [IntegrityError("duplicate key"), DataError("NUL byte"), ValueError("not the database")],
    ids=["integrity", "data", "value"],
)
def test_other_failures_are_not_called_a_lost_database(rf, error):
    request = rf.get("/qa/")
    middleware = DatabaseUnavailableMiddleware(lambda request: None)
    assert middleware.process_exception(request, error) is None


@pytest.fixture
def away(server, django_db_blocker) -> Iterator[str]:
    """A second database alias on the test's own server, for this test's threads."""
    alias = "away"
    connections.settings[alias] = {
        **connections.settings["default"],
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "postgres",
        "USER": server.user,
        "PASSWORD": "",
        "HOST": "127.0.0.1",
        "PORT": str(server.port),
        "OPTIONS": {},
        "CONN_MAX_AGE": 600,
        "CONN_HEALTH_CHECKS": True,
    }
    with django_db_blocker.unblock():
        yield alias
    del connections.settings[alias]


def test_a_task_that_lost_the_database_runs_again_as_soon_as_it_is_back(server, away):
    connected, cut = threading.Event(), threading.Event()
    attempts: list[str] = []
    outcome: list[object] = []

    @survives_lost_database
    def task() -> int:
        attempts.append("began")
        with connections[away].cursor() as cursor:
            cursor.execute("SELECT 1")
        connected.set()
        cut.wait(BOUND)
        with connections[away].cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity")
            return cursor.fetchone()[0]

    def worker() -> None:
        try:
            outcome.append(task())
        except Exception as error:  # the assertion below names it
            outcome.append(error)
        finally:
            connections[away].close()

    thread = threading.Thread(target=worker)
    thread.start()
    poll(connected.is_set, seconds=BOUND, what="the task holds a connection")
    server.stop()  # the connection the task holds is cut
    cut.set()
    try:
        # While the server is away the task keeps trying, each attempt refused.
        poll(lambda: len(attempts) >= 3, seconds=BOUND, what="the task tries again")
        assert thread.is_alive() and not outcome
    finally:
        server.start()
    tries_before_return = len(attempts)
    thread.join(BOUND)
    assert not thread.is_alive()
    assert isinstance(outcome[0], int) and outcome[0] >= 1, outcome
    # Taken again after one pause at most, not after django-q2's retry of its timeout + 60 s.
    assert len(attempts) - tries_before_return <= 2


def test_a_task_still_fails_once_the_database_stays_away_past_the_bound(server, away, settings):
    settings.LIMMA_DATABASE_RETRY_SECONDS = 0
    attempts: list[str] = []

    @survives_lost_database
    def task() -> None:
        attempts.append("began")
        with connections[away].cursor() as cursor:
            cursor.execute("SELECT 1")

    server.stop()
    try:
        with pytest.raises(Exception) as failed:
            task()
    finally:
        connections[away].close()
        server.start()
    assert type(failed.value).__name__ == "OperationalError"
    assert attempts == ["began"]
