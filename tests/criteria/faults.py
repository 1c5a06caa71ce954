"""What the fault tests share: the niche they read, who is read, a read through the search verb,
the fake server's requests counted, and what must hold of every read's judgments and ledger."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import Sum

from criteria.criterion.address import reader_identity
from criteria.models import Judgment
from criteria.service import cluster_workers
from limma.models import LedgerEntry
from tests.criteria.conftest import (
    DOCUMENTS_IN_EUROPE,
    EUROPE,
    FACETS,
    NICHE,
    asked,
    role_of,
)

CRITERION = {"text": NICHE, "facets": FACETS}
NIKOLAI = "Nikolai Wierzbicki"
GRETA = "Greta Ostrander"
FAST = {"retry-after-ms": "1"}  # the openai client's backoff before its own retry, in ms
# A plan is handed out as one task a worker (each claims from the whole plan), never more
# tasks than reads.
TASKS_OF_THE_PLAN = min(cluster_workers(), DOCUMENTS_IN_EUROPE)


def person(request: dict) -> str | None:
    return asked(request).get("person")


def reader_requests(server, name: str | None = None) -> int:
    with server.lock:
        return sum(
            1
            for r in server.requests
            if role_of(r) == "reader" and (name is None or person(r) == name)
        )


def judgment_of(name: str) -> Judgment:
    return Judgment.objects.get(document__entity__display_name=name)


def ledger_of(judgment: Judgment, role: str = "reader"):
    return LedgerEntry.objects.filter(request_id__startswith=f"judgment:{judgment.pk}:", role=role)


def read(client, search_post, **body) -> dict:
    response = search_post(client, constraints=EUROPE, criteria=[CRITERION], **body)
    assert response.status_code == 200, response.json()
    return response.json()["criteria"][0]


def assert_each_document_judged_once() -> None:
    documents = Judgment.objects.values_list("document", flat=True)
    assert len(documents) == len(set(documents)) == DOCUMENTS_IN_EUROPE
    assert set(Judgment.objects.values_list("reader_identity", flat=True)) == {reader_identity()}


def assert_usage_is_the_ledger(*blocks: dict) -> None:
    """The replies of one read add up to what the ledger holds (no split: caller's facets)."""
    assert sum(b["usage"]["calls"] for b in blocks) == LedgerEntry.objects.count()
    spent = LedgerEntry.objects.aggregate(usd=Sum("usd"))["usd"] or Decimal(0)
    assert sum(b["usage"]["cost_usd"] for b in blocks) == pytest.approx(float(spent))
    assert sum(j.calls for j in Judgment.objects.all()) == LedgerEntry.objects.count()


def assert_one_ledger_row_per_door_call(server) -> None:
    """Roles answered at the first try: the server saw exactly what the ledger counts."""
    for role in ("second_call", "typing_call"):
        with server.lock:
            sent = sum(1 for r in server.requests if role_of(r) == role)
        assert LedgerEntry.objects.filter(role=role).count() == sent
