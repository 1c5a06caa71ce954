"""A read that failed says why: each failed read's fault and cause is recorded and counted in
the reply (reads.failed, reads.failures), a reply the door refused is billed in the ledger as
invalid_reply and never counted as a judgment (reads.done), and a read whose every document
failed with one fault is not_run / provider_refused, with the cause beside it."""

from __future__ import annotations

import threading

import pytest
from django.db.models import Sum

from criteria.models import Judgment
from limma.models import LedgerEntry
from tests.criteria.conftest import (
    DOCUMENTS_IN_EUROPE,
    Scripted,
    completion,
    offline_answer,
)
from tests.criteria.faults import FAST, NIKOLAI, person, read

pytestmark = pytest.mark.django_db


def failures() -> set[tuple[str, str]]:
    return set(Judgment.objects.values_list("state", "failure"))


@pytest.mark.parametrize(
    "fault", [(429, "rate_limited"), (500, "server_error"), (503, "server_error")]
)
def test_every_read_failing_says_which_fault_and_counts_it(
    analyst_api, search_post, paid_model, fake_model, fault
):
    status, cause = fault
    paid_model(CRITERIA_BACKGROUND=False, MAX_RETRIES=0)
    fake_model.rules["reader"] = lambda request: Scripted(status, {"error": {}}, FAST)

    block = read(analyst_api, search_post)

    assert (block["status"], block["status_reason"]) == ("not_run", "provider_refused")
    name = f"model_call_failed:{cause}"
    assert block["reads"]["failures"] == {name: DOCUMENTS_IN_EUROPE}
    assert (block["reads"]["done"], block["reads"]["failed"]) == (0, DOCUMENTS_IN_EUROPE)
    assert failures() == {("failed", name)}


def test_a_read_that_timed_out_is_named_timeout(analyst_api, search_post, paid_model, fake_model):
    paid_model(CRITERIA_BACKGROUND=False, TIMEOUT_SECONDS=0.3, MAX_RETRIES=0)
    never = threading.Event()
    fake_model.holds.append(never)

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, completion("{}"), hold=never)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    assert block["reads"]["failures"] == {"model_call_failed:timeout": 1}
    assert block["reads"]["done"] == DOCUMENTS_IN_EUROPE - 1
    assert LedgerEntry.objects.filter(role="reader", outcome="timeout").count() == 1


@pytest.mark.parametrize(
    "reply",
    [
        completion('{"subject": "Nikolai", "experiences": 3}', tokens_in=900, tokens_out=7),
        completion('{"subject": ', tokens_in=900, tokens_out=7),
    ],
    ids=["fails_its_schema", "malformed_json"],
)
def test_a_reply_the_door_refused_is_billed_marked_and_never_a_judgment(
    analyst_api, search_post, paid_model, fake_model, reply
):
    paid_model(CRITERIA_BACKGROUND=False)

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, reply)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["reads"]["failures"] == {"model_reply_invalid": 1}
    assert block["reads"]["done"] == DOCUMENTS_IN_EUROPE - 1  # the refused reply judged nothing
    refused = LedgerEntry.objects.get(role="reader", outcome="invalid_reply")
    assert refused.usd > 0 and refused.tokens_in == 900  # what the provider charged is kept
    nikolai = Judgment.objects.get(document__entity__display_name=NIKOLAI)
    assert (nikolai.state, nikolai.failure, nikolai.outcome) == (
        "failed",
        "model_reply_invalid",
        None,
    )
    spent = LedgerEntry.objects.aggregate(usd=Sum("usd"))["usd"]
    assert block["usage"]["cost_usd"] == pytest.approx(float(spent))


def test_a_body_that_is_not_json_at_all_is_named(analyst_api, search_post, paid_model, fake_model):
    paid_model(CRITERIA_BACKGROUND=False, MAX_RETRIES=0)

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, b"<html>502 Bad Gateway</html>")
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["reads"]["failures"] == {"model_call_failed:server_error": 1}
