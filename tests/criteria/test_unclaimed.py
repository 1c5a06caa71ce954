"""A read handed to the workers that no worker claims within LIMMA_UNCLAIMED_SECONDS (a dead or
stuck cluster) is read by the call itself; each read is claimed once, so a worker that wakes
later reads none of it again, and the ledger holds one reader row per document.

The tasks go to the real ORM broker (django-q2's sync mode off) and no worker takes them; the
call's clock is the test's (conftest Clock), so its waits pass without sleeping.
"""

from __future__ import annotations

import pytest
from django.utils import timezone
from django.utils.module_loading import import_string
from django_q.conf import Conf
from django_q.models import OrmQ

from criteria import service
from criteria.models import Judgment
from limma.models import LedgerEntry
from tests.criteria.conftest import DOCUMENTS_IN_EUROPE
from tests.criteria.faults import (
    TASKS_OF_THE_PLAN,
    assert_each_document_judged_once,
    read,
    reader_requests,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("service_clock")]

UNCLAIMED = 10


@pytest.fixture
def no_worker(settings, monkeypatch, paid_model):
    paid_model(CRITERIA_BACKGROUND=True)
    settings.LIMMA_UNCLAIMED_SECONDS = UNCLAIMED
    monkeypatch.setattr(Conf, "SYNC", False)  # the tasks go to the ORM broker; nothing takes them


def run_the_queued_tasks() -> list[object]:
    """A worker that comes back: it runs every task the broker still holds."""
    results = []
    while (row := OrmQ.objects.order_by("id").first()) is not None:
        row.delete()
        results.append(import_string(row.task["func"])(*row.task["args"]))
    return results


@pytest.mark.usefixtures("no_worker")
def test_a_read_no_worker_claims_is_read_by_the_call_and_paid_once(
    analyst_api, search_post, fake_model
):
    block = read(analyst_api, search_post, criteria_budget={"max_seconds": 3 * UNCLAIMED})

    assert block["status"] == "complete"
    assert block["background"]["reading"] is False
    assert OrmQ.objects.count() == TASKS_OF_THE_PLAN  # handed out, never taken
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE
    # The worker that wakes later finds every read done and reads nothing again.
    run_the_queued_tasks()
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert_each_document_judged_once()
    assert not Judgment.objects.exclude(state=Judgment.State.DONE).exists()


@pytest.mark.usefixtures("no_worker")
def test_a_call_whose_wall_comes_before_the_bound_waits_for_the_workers_and_reads_nothing(
    analyst_api, search_post, fake_model
):
    block = read(analyst_api, search_post, criteria_budget={"max_seconds": UNCLAIMED / 2})

    assert (block["status"], block["status_reason"]) == ("partial", "time_budget")
    assert block["background"]["reading"] is True
    assert reader_requests(fake_model) == 0
    # The workers, back, read it all: once each.
    run_the_queued_tasks()
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert_each_document_judged_once()


@pytest.mark.usefixtures("no_worker")
def test_a_read_a_worker_has_claimed_is_left_to_it_past_the_bound(
    analyst_api, search_post, fake_model, monkeypatch
):
    handed = service._submit

    def handed_and_one_claimed(ids: list[int]) -> None:
        """A worker claims the first read at once, and reads it slowly: the call waits."""
        handed(ids)
        Judgment.objects.filter(pk=ids[0], state=Judgment.State.QUEUED).update(
            state=Judgment.State.IN_FLIGHT, claimed_at=timezone.now(), attempts=1
        )

    monkeypatch.setattr(service, "_submit", handed_and_one_claimed)

    block = read(analyst_api, search_post, criteria_budget={"max_seconds": 3 * UNCLAIMED})

    assert (block["status"], block["status_reason"]) == ("partial", "time_budget")
    assert reader_requests(fake_model) == 0
