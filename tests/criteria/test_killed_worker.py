"""A real django-q2 cluster killed mid-read (SIGKILL, by its pid): the read's claim is a lease
its dead heartbeat no longer renews, so the next call hands the read to another cluster, which
finishes it; every judgment is written once and every reader call paid once.

The clusters are `manage.py qcluster` processes on the test database (PostgreSQL: SQLite's
test database lives in this process's memory), reading through the fake OpenAI-compatible
server of tests/criteria/conftest.py, which holds Greta's first reader call until the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django_q.conf import Conf

from criteria.models import Judgment
from limma.models import LedgerEntry
from tests.criteria.conftest import DOCUMENTS_IN_EUROPE, Scripted, offline_answer
from tests.criteria.faults import (
    GRETA,
    assert_each_document_judged_once,
    person,
    read,
    reader_requests,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="worker processes share the test database on PostgreSQL (set DATABASE_URL)",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = 3
DEADLINE_SECONDS = 90


def database_url() -> str:
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def cluster(tmp_path: Path, model_url: str, name: str, secret: str) -> subprocess.Popen:
    """A qcluster in a session of its own, so killing its pid's group kills every worker."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "limma.settings",
        "DATABASE_URL": database_url(),
        "DJANGO_SECRET_KEY": secret,  # the tasks are signed with it
        "LIMMA_SECURE": "0",
        "LIMMA_VAR_DIR": str(tmp_path),
        "LIMMA_PROVIDER": "openai",
        "LIMMA_BASE_URL": model_url,
        "LIMMA_OPENAI_API_KEY": "k",
        "LIMMA_MAX_RETRIES": "0",
        "LIMMA_TIMEOUT_SECONDS": "60",
        "LIMMA_CLAIM_LEASE_SECONDS": str(LEASE_SECONDS),
        "LIMMA_WORKERS": "2",
        "LIMMA_LOG_LEVEL": "WARNING",
    }
    log = (tmp_path / f"{name}.log").open("w")
    return subprocess.Popen(
        [sys.executable, "manage.py", "qcluster"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def until(condition, seconds: float = 60) -> bool:
    """Poll a condition of the database, bounded."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def others_done() -> int:
    done = Judgment.objects.filter(state=Judgment.State.DONE)
    return done.exclude(document__entity__display_name=GRETA).count()


def killed(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


@pytest.fixture
def queued_for_real(settings, monkeypatch):
    settings.LIMMA_CLAIM_LEASE_SECONDS = LEASE_SECONDS
    monkeypatch.setattr(Conf, "SYNC", False)  # the tasks go to the ORM broker, for real


@pytest.mark.usefixtures("queued_for_real")
def test_a_cluster_killed_mid_read_is_taken_over_and_every_judgment_is_written_once(
    analyst_api, search_post, paid_model, fake_model, tmp_path
):
    paid_model(CRITERIA_BACKGROUND=True, MAX_RETRIES=0)
    arrived, never = threading.Event(), threading.Event()
    fake_model.holds.append(never)  # released when the server stops: the dead worker's call

    def reader(request):
        if person(request) == GRETA and not arrived.is_set():
            arrived.set()
            return Scripted(**vars(offline_answer("reader", request)) | {"hold": never})
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader
    first = read(analyst_api, search_post, criteria_budget={"max_seconds": 1})
    assert first["background"]["reading"] is True
    clusters = [cluster(tmp_path, fake_model.url, "first", django_settings.SECRET_KEY)]
    try:
        assert arrived.wait(60), (tmp_path / "first.log").read_text()[-2000:]
        # The cluster's other worker reads the rest; then only Greta's read is in the air.
        assert until(lambda: others_done() == DOCUMENTS_IN_EUROPE - 1), others_done()
        killed(clusters[0])  # SIGKILL, mid-read: Greta's reader call is in the air
        greta = Judgment.objects.get(document__entity__display_name=GRETA)
        assert greta.state == Judgment.State.IN_FLIGHT
        clusters.append(cluster(tmp_path, fake_model.url, "second", django_settings.SECRET_KEY))

        block, calls, started = first, 1, time.monotonic()
        while block["status"] != "complete" and time.monotonic() - started < DEADLINE_SECONDS:
            assert 0 < block["background"]["retry_after_s"] <= LEASE_SECONDS
            block = read(analyst_api, search_post, criteria_budget={"max_seconds": 2})
            calls += 1
    finally:
        for process in clusters:
            killed(process)

    assert block["status"] == "complete", (tmp_path / "second.log").read_text()[-2000:]
    assert block["counts"]["matched"] == 2
    greta.refresh_from_db()
    assert (greta.state, greta.attempts) == (Judgment.State.DONE, 2)
    assert reader_requests(fake_model, GRETA) == 2  # the killed call, and the one taken over
    assert_each_document_judged_once()
    # Paid once each: the killed call never answered, so it wrote no ledger row.
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert sum(j.calls for j in Judgment.objects.all()) == LedgerEntry.objects.count()
