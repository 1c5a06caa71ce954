"""Faults at the door of a niche read: timeouts, 429, 500, malformed replies, a killed worker, a
task delivered twice, a reader slower than the call's wall (docs/concepts.md#statuses;
issue 4's acceptance).

The model is a fake OpenAI-compatible server on 127.0.0.1 (tests/criteria/conftest.py
RoleServer) that answers every role by the offline rules, over real HTTP through the openai
client, except where a test injects a fault into one role. What is asserted each time: how the
read ends (complete with recorded failures, or partial with the right reason), one Judgment per
document and reader, and the ledger: ONE LedgerEntry per door call, whatever the openai client
retried underneath — so the server sees 1 + retries requests for a call the client retried,
and the reply's usage adds up to the ledger.

Background reading is tested both ways. django-q2 runs tests with `sync: True`, so with
LIMMA_CRITERIA_BACKGROUND on every task runs inline inside async_task and a call cannot return
before its reads. A partial is therefore made honestly in two ways: with background reading
off, the fake server advances criteria.service's clock (conftest Clock) by ten seconds per
reader call, so the call's wall falls between two reads; with background reading on, django-q2's
sync mode is switched off for the test so the tasks go to the real ORM broker, and a worker
thread of the test takes them from it while the fake server holds a reply until the test
releases it. Nothing sleeps.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.utils import timezone
from django.utils.module_loading import import_string
from django_q.conf import Conf
from django_q.models import OrmQ

from criteria import tasks
from criteria.criterion.address import reader_identity
from criteria.models import Criterion, Judgment
from criteria.reading.claim import claim_size
from criteria.service import cluster_workers
from limma.models import Document, LedgerEntry
from tests.criteria.conftest import (
    DOCUMENTS_IN_EUROPE,
    EUROPE,
    IN_EUROPE,
    Scripted,
    completion,
    offline_answer,
    role_of,
)
from tests.criteria.faults import (
    CRITERION,
    FAST,
    GRETA,
    NIKOLAI,
    TASKS_OF_THE_PLAN,
    assert_each_document_judged_once,
    assert_one_ledger_row_per_door_call,
    assert_usage_is_the_ledger,
    judgment_of,
    ledger_of,
    person,
    read,
    reader_requests,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[True, False], ids=["background", "in_call"])
def background(request) -> bool:
    return request.param


# --- the model fails -------------------------------------------------------------------------


def test_a_reader_call_that_times_out_is_a_recorded_failure(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, TIMEOUT_SECONDS=0.5, MAX_RETRIES=1)
    never = threading.Event()
    fake_model.holds.append(never)  # released when the server stops

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, completion("{}"), hold=never)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    nikolai = judgment_of(NIKOLAI)
    assert (nikolai.state, nikolai.failure) == ("failed", "model_call_failed:timeout")
    assert nikolai.attempts == 1
    # The client retried once on its own: two requests, ONE call in the ledger, as a timeout.
    assert reader_requests(fake_model, NIKOLAI) == 2
    assert list(ledger_of(nikolai).values_list("outcome", flat=True)) == ["timeout"]
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE + 1
    entry = next(p for p in block["not_recorded"] if p["entity_id"] == "nikolai_wierzbicki")
    assert (entry["reason"], entry["causes"]) == ("unread", ["failed"])
    assert block["counts_detail"]["not_recorded"]["unread_causes"] == {"failed": 1}
    assert block["counts"]["matched"] == 2
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)
    assert_one_ledger_row_per_door_call(fake_model)


def test_a_429_then_a_200_is_one_call_and_one_judgment(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background)
    refused: set[str] = set()

    def reader(request):
        name = person(request)
        if name not in refused:
            refused.add(name)
            return Scripted(429, {"error": {"message": "slow down"}}, FAST)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    assert block["reads"]["done"] == DOCUMENTS_IN_EUROPE
    assert set(Judgment.objects.values_list("state", flat=True)) == {"done"}
    assert reader_requests(fake_model) == 2 * DOCUMENTS_IN_EUROPE
    reader_rows = LedgerEntry.objects.filter(role="reader")
    assert reader_rows.count() == DOCUMENTS_IN_EUROPE
    assert set(reader_rows.values_list("outcome", flat=True)) == {"ok"}
    # Billed from the reply that came: the 429 carried no usage.
    assert set(reader_rows.values_list("tokens_in", flat=True)) == {1000}
    assert block["counts"]["matched"] == 2
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)
    assert_one_ledger_row_per_door_call(fake_model)


def test_a_reader_that_answers_500_for_one_document_fails_that_document_once(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, MAX_RETRIES=2)

    def reader(request):
        if person(request) == GRETA:
            return Scripted(500, {"error": {"message": "boom"}}, FAST)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    greta = judgment_of(GRETA)
    assert (greta.state, greta.failure) == ("failed", "model_call_failed:server_error")
    assert reader_requests(fake_model, GRETA) == 3  # the call and the client's two retries
    assert list(ledger_of(greta).values_list("outcome", flat=True)) == ["failed"]
    assert "server_error" in ledger_of(greta).get().error
    assert [p["entity_id"] for p in block["matched"]] == ["margaux_delacroix"]
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)

    # A recorded failure is this reader's judgment until retry_failed asks again: not re-read.
    again = read(analyst_api, search_post, criteria_budget={"max_reads": 0})
    assert again["status"] == "complete"
    assert reader_requests(fake_model, GRETA) == 3

    fake_model.rules.pop("reader")
    retried = read(analyst_api, search_post, criteria_budget={"retry_failed": True})
    assert retried["status"] == "complete"
    assert judgment_of(GRETA).state == "done"
    assert judgment_of(GRETA).attempts == 2
    assert reader_requests(fake_model, GRETA) == 4
    assert [p["entity_id"] for p in retried["matched"]] == ["greta_ostrander", "margaux_delacroix"]
    assert_each_document_judged_once()


def test_a_failed_read_retried_is_reported_in_done_and_usage(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, MAX_RETRIES=0)
    fake_model.rules["reader"] = lambda request: (
        Scripted(500, {"error": {}})
        if person(request) == GRETA
        else offline_answer("reader", request)
    )
    first = read(analyst_api, search_post)
    assert judgment_of(GRETA).state == "failed"
    fake_model.rules.pop("reader")

    retried = read(analyst_api, search_post, criteria_budget={"retry_failed": True})

    assert judgment_of(GRETA).state == "done"
    assert retried["reads"]["done"] == 1
    assert retried["reads"]["adjudicated"] == 1
    assert_usage_is_the_ledger(first, retried)


def test_a_reader_that_always_answers_500_fails_every_document_once(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, MAX_RETRIES=2)
    fake_model.rules["reader"] = lambda request: Scripted(500, {"error": {}}, FAST)

    block = read(analyst_api, search_post)

    assert block["status"] in ("complete", "not_run")
    assert set(Judgment.objects.values_list("state", "failure")) == {
        ("failed", "model_call_failed:server_error")
    }
    assert reader_requests(fake_model) == 3 * DOCUMENTS_IN_EUROPE
    assert LedgerEntry.objects.filter(role="reader", outcome="failed").count() == (
        DOCUMENTS_IN_EUROPE
    )
    assert LedgerEntry.objects.exclude(role="reader").count() == 0
    assert block["counts"]["matched"] == 0
    assert block["counts_detail"]["not_recorded"]["unread_causes"] == {
        "failed": DOCUMENTS_IN_EUROPE
    }
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)


def test_every_read_failing_with_one_error_is_provider_refused(
    analyst_api, search_post, paid_model, fake_model
):
    paid_model(CRITERIA_BACKGROUND=False, MAX_RETRIES=0)
    fake_model.rules["reader"] = lambda request: Scripted(401, {"error": {"message": "key"}})

    block = read(analyst_api, search_post)

    assert (block["status"], block["status_reason"]) == ("not_run", "provider_refused")


def test_a_reply_that_is_not_the_readers_json_is_a_recorded_failure(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background)

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, completion('{"subject": ', tokens_in=900, tokens_out=7))
        if person(request) == GRETA:
            return Scripted(200, completion('{"subject": "Greta", "experiences": 3}'))
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    for name in (NIKOLAI, GRETA):
        judgment = judgment_of(name)
        assert (judgment.state, judgment.failure) == ("failed", "model_reply_invalid")
        # Not retried (the reply came), billed once: its tokens are still spent.
        assert reader_requests(fake_model, name) == 1
        assert list(ledger_of(judgment).values_list("outcome", flat=True)) == ["invalid_reply"]
    assert ledger_of(judgment_of(NIKOLAI)).get().tokens_in == 900
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert [p["entity_id"] for p in block["matched"]] == ["margaux_delacroix"]
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)


@pytest.mark.usefixtures("service_clock")
def test_a_reply_body_that_is_not_json_is_a_recorded_failure(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, MAX_RETRIES=0)

    def reader(request):
        if person(request) == NIKOLAI:
            return Scripted(200, b"<html>502 Bad Gateway</html>")
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    assert judgment_of(NIKOLAI).state == "failed"
    assert_each_document_judged_once()


def test_a_second_call_that_fails_confirms_nothing_and_is_billed_once(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background, MAX_RETRIES=1)
    fake_model.rules["second_call"] = lambda request: Scripted(503, {"error": {}}, FAST)

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    assert block["counts"]["matched"] == 0
    would_be = {"greta_ostrander", "margaux_delacroix"}
    undetermined = {p["entity_id"]: p for p in block["undetermined"]}
    assert would_be <= set(undetermined)
    assert set(Judgment.objects.values_list("state", flat=True)) == {"done"}
    sent = sum(1 for r in fake_model.requests if role_of(r) == "second_call")
    billed = LedgerEntry.objects.filter(role="second_call")
    assert sent == 2 * billed.count()  # the call and the client's one retry
    assert set(billed.values_list("outcome", flat=True)) == {"failed"}
    assert block["reads"]["adjudicated"] == len(would_be)
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)


def test_a_read_that_costs_more_than_max_usd_stops_at_the_read_that_crossed_it(
    analyst_api, search_post, paid_model, fake_model
):
    paid_model(CRITERIA_BACKGROUND=False)

    def reader(request):
        reply = offline_answer("reader", request)
        reply.body["usage"]["prompt_tokens"] = 1_000_000  # USD 0.40 a read at gpt-4.1-mini
        return reply

    fake_model.rules["reader"] = reader

    block = read(analyst_api, search_post, criteria_budget={"max_usd": 0.1})

    assert block["estimate"]["cost_usd"] < 0.1
    assert block["status"] == "over_budget_during_read"
    assert reader_requests(fake_model) == 1


# --- a killed worker, a task delivered twice ---------------------------------------------------


def planned(analyst_api, search_post) -> Criterion:
    """The criterion minted and priced (max_usd 0 reads nothing) and its judgments queued, as
    the call that hands a plan to the workers leaves them."""
    block = read(analyst_api, search_post, criteria_budget={"max_usd": 0})
    assert block["status"] == "over_budget"
    criterion = Criterion.objects.get(address=block["address"])
    Judgment.objects.bulk_create(
        Judgment(criterion=criterion, document=document, reader_identity=reader_identity())
        for document in Document.objects.filter(entity__key__in=IN_EUROPE)
    )
    return criterion


def left_in_flight(name: str, *, claimed_ago: float) -> Judgment:
    """A judgment a worker claimed `claimed_ago` seconds ago and never finished."""
    judgment = judgment_of(name)
    Judgment.objects.filter(pk=judgment.pk).update(
        state=Judgment.State.IN_FLIGHT,
        attempts=1,
        claimed_at=timezone.now() - timezone.timedelta(seconds=claimed_ago),
    )
    return judgment


def test_a_judgment_a_killed_worker_left_is_claimed_again_and_read_once(
    analyst_api, search_post, paid_model, fake_model
):
    paid_model(CRITERIA_BACKGROUND=False)
    planned(analyst_api, search_post)
    killed = left_in_flight(GRETA, claimed_ago=3_600)

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    killed.refresh_from_db()
    assert (killed.state, killed.attempts) == ("done", 2)
    assert reader_requests(fake_model, GRETA) == 1
    assert ledger_of(killed).count() == 1
    assert ledger_of(killed).get().request_id == f"judgment:{killed.pk}:2"
    assert "greta_ostrander" in [p["entity_id"] for p in block["matched"]]
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(block)


def test_the_task_takes_a_stale_claim_again_and_a_second_run_finds_it_done(
    analyst_api, search_post, paid_model, fake_model
):
    paid_model(CRITERIA_BACKGROUND=True)
    planned(analyst_api, search_post)
    killed = left_in_flight(GRETA, claimed_ago=3_600)

    assert tasks.judgment_read(killed.pk) == "done"
    assert tasks.judgment_read(killed.pk) == "held_elsewhere"

    killed.refresh_from_db()
    assert (killed.state, killed.attempts) == ("done", 2)
    assert reader_requests(fake_model, GRETA) == 1
    assert ledger_of(killed).count() == 1
    assert (
        killed.calls
        == LedgerEntry.objects.filter(request_id__startswith=f"judgment:{killed.pk}:").count()
    )


@pytest.mark.usefixtures("service_clock")
def test_a_judgment_a_live_worker_holds_is_not_read_twice(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background)
    planned(analyst_api, search_post)
    held = left_in_flight(GRETA, claimed_ago=1)

    assert tasks.judgment_read(held.pk) == "held_elsewhere"
    block = read(analyst_api, search_post, criteria_budget={"max_seconds": 5})

    assert (block["status"], block["status_reason"]) == ("partial", "time_budget")
    assert block["reads"]["in_flight_at_return"] == 1
    assert block["background"]["in_flight"] == 1
    assert block["background"]["reading"] is background
    assert reader_requests(fake_model, GRETA) == 0
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE - 1
    assert judgment_of(GRETA).state == "in_flight"
    greta = next(p for p in block["not_recorded"] if p["entity_id"] == "greta_ostrander")
    assert greta["causes"] == ["being_read"]
    assert_each_document_judged_once()


def test_with_background_reading_a_killed_workers_judgment_is_read_again(
    analyst_api, search_post, paid_model, fake_model, service_clock
):
    paid_model(CRITERIA_BACKGROUND=True)
    planned(analyst_api, search_post)
    killed = left_in_flight(GRETA, claimed_ago=3_600)

    block = read(analyst_api, search_post)

    assert block["status"] == "complete"
    killed.refresh_from_db()
    assert killed.state == "done"
    assert reader_requests(fake_model, GRETA) == 1


def test_a_task_run_twice_writes_nothing_twice(
    analyst_api, search_post, paid_model, fake_model, background
):
    paid_model(CRITERIA_BACKGROUND=background)
    block = read(analyst_api, search_post)
    assert block["status"] == "complete"
    stored = {
        j.pk: (j.state, j.outcome, j.calls, j.usd, j.attempts) for j in Judgment.objects.all()
    }
    ledger, sent = LedgerEntry.objects.count(), len(fake_model.requests)

    for judgment_id in stored:
        assert tasks.judgment_read(judgment_id) == "held_elsewhere"

    again = {j.pk: (j.state, j.outcome, j.calls, j.usd, j.attempts) for j in Judgment.objects.all()}
    assert again == stored
    assert LedgerEntry.objects.count() == ledger
    assert len(fake_model.requests) == sent


def test_a_queued_task_delivered_twice_is_read_once(
    analyst_api, search_post, paid_model, fake_model
):
    paid_model(CRITERIA_BACKGROUND=True)
    planned(analyst_api, search_post)
    greta = judgment_of(GRETA)

    assert tasks.judgment_read(greta.pk) == "done"
    assert tasks.judgment_read(greta.pk) == "held_elsewhere"

    assert reader_requests(fake_model, GRETA) == 1
    assert ledger_of(greta).count() == 1
    greta.refresh_from_db()
    assert (greta.state, greta.attempts) == ("done", 1)


# --- a reader slower than the call's wall ------------------------------------------------------


def test_a_read_inside_the_call_stops_at_its_wall_and_the_next_call_finishes_it(
    analyst_api, search_post, paid_model, fake_model, service_clock
):
    paid_model(CRITERIA_BACKGROUND=False)

    def reader(request):
        service_clock.advance(10)  # each read "takes" ten seconds of the call's wall
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    first = read(analyst_api, search_post, criteria_budget={"max_seconds": 25})

    assert (first["status"], first["status_reason"]) == ("partial", "time_budget")
    assert first["reads"]["done"] == 3  # at 0, 10 and 20 s; the wall falls during the third
    assert first["reads"]["not_submitted"] == DOCUMENTS_IN_EUROPE - 3
    assert first["reads"]["in_flight_at_return"] == 0
    assert first["background"]["reading"] is False
    assert first["counts"]["not_recorded"] >= 1
    unread = {c for p in first["not_recorded"] for c in p.get("causes", [])}
    assert unread == {"being_read"}

    second = search_post(
        analyst_api,
        constraints=EUROPE,
        criteria=[{"address": first["address"]}],
        criteria_budget={"max_seconds": 25},
    ).json()["criteria"][0]

    assert second["status"] == "complete"
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE
    assert second["counts"]["matched"] == 2
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(first, second)


def test_the_compact_reply_of_an_unfinished_read_says_how_far_it_got(
    analyst_api, search_post, paid_model, fake_model, service_clock
):
    paid_model(CRITERIA_BACKGROUND=False)

    def reader(request):
        service_clock.advance(10)
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    compact = search_post(
        analyst_api,
        constraints=EUROPE,
        criteria=[CRITERION],
        criteria_budget={"max_seconds": 15},
        detail="compact",
    ).json()

    assert compact["criterion"]["status"] == "partial"
    reading = compact["reading"]
    assert (reading["done"], reading["of"]) == (2, DOCUMENTS_IN_EUROPE)
    assert (reading["status"], reading["because"]) == ("partial", "time_budget")
    assert reading["background"] is False


class Worker(threading.Thread):
    """A django-q2 worker of the test: takes tasks from the ORM broker's queue, runs each."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.results: list[str] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while (row := OrmQ.objects.order_by("id").first()) is not None:
                row.delete()  # taken, and acknowledged: a worker that dies loses it
                task = row.task
                self.results.append(import_string(task["func"])(*task["args"]))
        except BaseException as error:
            self.error = error
        finally:
            connection.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("service_clock")
def test_a_background_read_slower_than_the_wall_returns_partial_and_is_read_whole(
    analyst_api, search_post, paid_model, fake_model, monkeypatch
):
    paid_model(CRITERIA_BACKGROUND=True)
    monkeypatch.setattr(Conf, "SYNC", False)  # the tasks go to the ORM broker, for real
    arrived, release = threading.Event(), threading.Event()
    fake_model.holds.append(release)

    def reader(request):
        if person(request) == GRETA:
            arrived.set()
            return Scripted(**vars(offline_answer("reader", request)) | {"hold": release})
        return offline_answer("reader", request)

    fake_model.rules["reader"] = reader

    first = read(analyst_api, search_post, criteria_budget={"max_seconds": 5})

    assert (first["status"], first["status_reason"]) == ("partial", "time_budget")
    assert first["background"]["reading"] is True
    assert first["background"]["queued"] == DOCUMENTS_IN_EUROPE
    assert first["background"]["retry_after_s"] > 0
    assert first["reads"]["not_submitted"] == DOCUMENTS_IN_EUROPE
    assert OrmQ.objects.count() == TASKS_OF_THE_PLAN  # one a worker, each walking the plan
    assert reader_requests(fake_model) == 0

    worker = Worker()
    worker.start()
    assert arrived.wait(10), f"the worker never asked the model: {worker.error!r} {worker.results}"
    second = search_post(
        analyst_api,
        constraints=EUROPE,
        criteria=[{"address": first["address"]}],
        criteria_budget={"max_seconds": 5},
    ).json()["criteria"][0]

    assert (second["status"], second["status_reason"]) == ("partial", "time_budget")
    assert second["background"]["reading"] is True
    # The worker holds its batch: Greta's read, and what it claimed with it and did not read.
    held = Judgment.objects.filter(state=Judgment.State.IN_FLIGHT)
    assert judgment_of(GRETA) in held
    assert held.count() <= claim_size(DOCUMENTS_IN_EUROPE, cluster_workers())
    assert second["reads"]["in_flight_at_return"] == held.count()
    done = Judgment.objects.filter(state=Judgment.State.DONE).count()
    assert second["reads"]["not_submitted"] == DOCUMENTS_IN_EUROPE - held.count() - done

    release.set()
    worker.join(30)
    assert not worker.is_alive() and worker.error is None
    third = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}]
    ).json()["criteria"][0]

    assert third["status"] == "complete"
    assert third["counts"]["matched"] == 2
    assert reader_requests(fake_model) == DOCUMENTS_IN_EUROPE
    assert reader_requests(fake_model, GRETA) == 1
    assert_each_document_judged_once()
    assert_usage_is_the_ledger(first, second, third)


@pytest.mark.usefixtures("service_clock")
def test_a_call_again_while_the_reader_holds_the_plan_submits_nothing_again(
    analyst_api, search_post, paid_model, monkeypatch
):
    paid_model(CRITERIA_BACKGROUND=True)
    monkeypatch.setattr(Conf, "SYNC", False)

    first = read(analyst_api, search_post, criteria_budget={"max_seconds": 5})
    assert first["background"]["reading"] is True
    assert OrmQ.objects.count() == TASKS_OF_THE_PLAN

    search_post(
        analyst_api,
        constraints=EUROPE,
        criteria=[{"address": first["address"]}],
        criteria_budget={"max_seconds": 5},
    )

    assert OrmQ.objects.count() == TASKS_OF_THE_PLAN
