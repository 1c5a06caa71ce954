"""A visitor's reads are the visitor's spend (issue 14, ceilings; issue 11, point 3): every model
call a question causes — the agent's, and the criteria reads its search starts, in the request or
by a background worker — is written in the ledger with the visitor, counted in their spend and the
day's, and held under both ceilings before it is sent.

The model is a fake priced provider: the agent searches the page's niche, then answers; every
other role is answered by the offline rules; each call costs exactly $1 (its hold is $1 too).
"""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal

import pytest

from criteria.models import Judgment
from limma import door
from limma.door.providers import OfflineProvider
from limma.models import LedgerEntry
from qa_view.agent.tools import bounded_budget
from qa_view.models import Run, SpendHold
from qa_view.page import ceilings
from qa_view.page.answering import run_execute
from qa_view.page.visitors import visitor_create
from tests.markers import on_postgresql
from tests.qa_view.conftest import EUROPE, FACETS, NICHE, htmx
from tests.qa_view.priced import (
    PRICE_PER_CALL,
    PROMPT_TOKENS,
    REPLY_TOKENS,
    answered_at_once,
    priced_settings,
    spent,
)

QUESTION = "Who in Europe led marketing for baby formula in European markets?"


class PricedModel:
    """A paid provider: the agent searches a niche of its question once, then answers; the
    reader and every other role answer as the offline rules do. $1 a call."""

    name = "priced"
    paid = True

    def __init__(self) -> None:
        self.offline = OfflineProvider()

    def available(self, role: str) -> bool:
        return role == "agent" or self.offline.available(role)

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens):
        if spec.name != "agent":
            reply = self.offline.complete(
                spec=spec,
                request=request,
                model=model,
                timeout=timeout,
                max_retries=max_retries,
                max_tokens=max_tokens,
            )
            return door.ProviderReply(
                reply.content, tokens_in=PROMPT_TOKENS, tokens_out=REPLY_TOKENS
            )
        if any(message.role == "tool" for message in request.messages):
            content = json.dumps({"content": "Here is who fits.", "tool_calls": []})
        else:
            # A niche of the question's own: concurrent questions read documents of their own.
            asked = next(m.content for m in request.messages if m.role == "user") or ""
            mark = hashlib.sha1(asked.encode()).hexdigest()[:8]
            niche = [{"text": f"{NICHE} ({mark})", "facets": FACETS}]
            search = {"constraints": EUROPE, "criteria": niche}
            call = {"id": "c1", "name": "limma_search", "arguments": search}
            content = json.dumps({"content": None, "tool_calls": [call]})
        return door.ProviderReply(content, tokens_in=PROMPT_TOKENS, tokens_out=REPLY_TOKENS)


@pytest.fixture(params=[True, False], ids=["background", "in_call"])
def priced(request, settings):
    priced_settings(settings, CRITERIA_BACKGROUND=request.param)
    settings.LIMMA_QA_CAP_VISITOR_USD = settings.LIMMA_QA_CAP_DAY_USD = "50"
    with door.use_provider(PricedModel()):
        yield request.param


def analyst(directory, name: str = "Reading Visitor", ceiling: str | None = None):
    visitor, code = visitor_create(workspace=directory, name=name, key_role="analyst")
    if ceiling is not None:
        visitor.ceiling_usd = Decimal(ceiling)
        visitor.save()
    return visitor, code


def asked(visitor, question: str = QUESTION) -> Run:
    run = Run.objects.create(visitor=visitor, question=question)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    return run


@pytest.mark.django_db
def test_the_reads_a_visitors_question_starts_are_the_visitors_spend(priced, directory):
    visitor, _ = analyst(directory)
    run = asked(visitor)

    assert run.state == Run.State.DONE, run.error_code
    reads = LedgerEntry.objects.filter(role="reader")
    assert reads.count() >= 5  # every candidate's profile, read for this question
    assert set(reads.values_list("visitor", flat=True)) == {visitor.ledger_name}
    assert set(LedgerEntry.objects.values_list("visitor", flat=True)) == {visitor.ledger_name}
    everything = spent()
    assert everything == LedgerEntry.objects.count() * PRICE_PER_CALL
    assert everything > spent(role="agent")  # the reads cost as much as the agent's calls
    assert ceilings.visitor_spent_usd(visitor) == everything
    assert ceilings.visitors_spent_today_usd() == everything
    assert not SpendHold.objects.exists()


@pytest.mark.django_db
def test_a_read_refused_at_the_visitors_ceiling_is_the_reads_refusal_never_half_written(
    priced, directory, client, sign_in, examples_file
):
    visitor, code = analyst(directory, ceiling="3.00")
    assert sign_in(client, visitor.name, code).status_code == 302

    html = client.post("/qa/ask/", {"question": QUESTION}, **htmx()).content.decode()

    assert spent() == Decimal("3.00")  # the agent's first call and two reads: then the ceiling
    refused = LedgerEntry.objects.filter(outcome="refused")
    assert refused.exists()
    assert set(refused.values_list("error", flat=True)) == {"ceiling_visitor"}
    assert set(refused.values_list("usd", flat=True)) == {Decimal(0)}
    assert set(refused.values_list("visitor", flat=True)) == {visitor.ledger_name}
    # Nothing half-written: a refused read is no judgment, and a later plan reads it again.
    at_cap = Judgment.objects.filter(failure="spend_cap:ceiling_visitor")
    assert at_cap.exists() and set(at_cap.values_list("outcome", flat=True)) == {None}
    assert not Judgment.objects.filter(state=Judgment.State.IN_FLIGHT).exists()
    assert set(
        Judgment.objects.exclude(state=Judgment.State.DONE).values_list("state", flat=True)
    ) <= {
        Judgment.State.FAILED,
        Judgment.State.QUEUED,
    }
    run = Run.objects.get()
    searched = next(e for e in run.page_events if "reply" in e["data"])["data"]["reply"]
    assert (searched["criterion"]["status"], searched["criterion"]["status_reason"]) == (
        "partial",
        "spend_cap",
    )
    assert set(searched["criterion"]["failures"]) == {"spend_cap:ceiling_visitor"}
    # The agent's next call is refused at the same ceiling: the page says its one sentence.
    assert (run.state, run.error_code) == (Run.State.FAILED, "ceiling_visitor")
    assert "You have asked all the questions this demo allows for one visitor." in html
    assert not SpendHold.objects.exists()


@pytest.mark.django_db
def test_a_read_refused_at_a_ceiling_is_read_again_by_the_next_question_that_may_spend(
    priced, directory
):
    first, _ = analyst(directory, name="First Visitor", ceiling="3.00")
    question = QUESTION
    asked(first, question)
    unread = Judgment.objects.filter(failure__startswith="spend_cap:").count()
    assert unread > 0

    second, _ = analyst(directory, name="Second Visitor")
    # The same question asked again: the same niche, whose refused reads are read now.
    run = asked(second, question)

    assert run.state == Run.State.DONE, run.error_code
    assert not Judgment.objects.exclude(state=Judgment.State.DONE).exists()
    assert spent(visitor=second.ledger_name, role="reader") >= unread * PRICE_PER_CALL


def questions(visitor, count: int) -> list[Run]:
    return [Run.objects.create(visitor=visitor, question=f"{QUESTION} ({n})") for n in range(count)]


def nothing_half_written() -> None:
    assert not SpendHold.objects.exists()  # every hold settled from the ledger
    assert not Judgment.objects.filter(state=Judgment.State.IN_FLIGHT).exists()
    for state, outcome, failure in Judgment.objects.values_list("state", "outcome", "failure"):
        assert (state == Judgment.State.DONE) == (outcome is not None), (state, failure)


@on_postgresql
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("workers", [2, 4])
def test_questions_at_once_never_cross_the_visitors_ceiling_with_their_reads(
    priced, directory, workers
):
    visitor, _ = analyst(directory, ceiling="12.00")

    answered_at_once(questions(visitor, 6), workers)

    total = spent()
    assert total <= Decimal("12.00") + PRICE_PER_CALL  # at most one call's price over
    assert total == spent(visitor=visitor.ledger_name)  # every call is the visitor's
    assert spent(role="reader") > 0
    assert Run.objects.filter(error_code="ceiling_visitor").exists()
    nothing_half_written()


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_questions_of_many_visitors_at_once_never_cross_the_day_ceiling_with_their_reads(
    priced, directory, settings
):
    settings.LIMMA_QA_CAP_DAY_USD = "16.00"
    runs = []
    for n in range(4):
        visitor, _ = analyst(directory, name=f"Visitor {n}")
        runs += questions(visitor, 2)

    answered_at_once(runs, 4, seconds=240)

    total = spent()
    assert total <= Decimal("16.00") + PRICE_PER_CALL  # at most one call's price over
    assert total == spent(visitor__startswith="visitor-")
    assert spent(role="reader") > 0
    assert Run.objects.filter(error_code="ceiling_day").exists()
    nothing_half_written()


@pytest.mark.parametrize(
    ("asked", "left", "bounded"),
    [
        # what is left, up to one call's limit; as many reads as the deployment allows
        (None, Decimal("999"), {"max_usd": 100.0, "max_reads": 5_000}),
        ({"max_usd": 5}, Decimal("999"), {"max_usd": 5.0, "max_reads": 5_000}),
        ({"max_usd": 101}, Decimal("999"), {"max_usd": 100.0, "max_reads": 5_000}),
        ({"max_usd": 101}, Decimal("2"), {"max_usd": 2.0, "max_reads": 5_000}),
    ],
)
def test_a_visitor_with_more_left_than_one_searchs_limit_is_offered_the_limit(asked, left, bounded):
    assert bounded_budget(asked, left) == bounded


@pytest.mark.django_db
def test_the_offline_reader_reads_for_the_visitor_at_no_cost_and_holds_nothing(
    directory, monkeypatch
):
    from tests.qa_view.helpers import FakeAgent, search_call

    held: list[Decimal] = []
    real = ceilings.spend_reserve
    monkeypatch.setattr(ceilings, "spend_reserve", lambda v, usd: held.append(usd) or real(v, usd))
    niche = [{"text": NICHE, "facets": FACETS}]

    def steps(turn: int):
        if turn == 1:
            return search_call(1, constraints=EUROPE, criteria=niche)
        return {"content": "2 people fit.", "tool_calls": []}

    visitor, _ = analyst(directory)
    with door.use_provider(FakeAgent(steps)):  # unpaid: the agent scripted, the rest offline
        run = asked(visitor)

    assert run.state == Run.State.DONE, run.error_code
    reads = LedgerEntry.objects.filter(role="reader")
    assert reads.count() >= 5
    assert set(LedgerEntry.objects.values_list("usd", "visitor")) == {
        (Decimal(0), visitor.ledger_name)
    }
    assert held == []  # nothing paid, nothing held
    assert ceilings.visitor_spent_usd(visitor) == 0


@pytest.mark.django_db
def test_a_ledger_name_of_no_visitor_on_record_is_held_by_the_days_ceiling(settings):
    settings.LIMMA_QA_CAP_DAY_USD = "2.00"
    guard = ceilings.visitor_spend_guard("visitor-999999")
    hold = guard.reserve(Decimal("1.50"))
    assert hold.visitor == "visitor-999999"
    with pytest.raises(door.CeilingReached) as refused:
        guard.reserve(Decimal("1.00"))
    assert refused.value.type == ceilings.DAY_CEILING
    guard.release(hold)
    assert not SpendHold.objects.exists()


@pytest.mark.django_db
def test_a_call_outside_a_visitors_run_is_nobodys_and_a_named_visitor_is_kept(directory):
    from limma.door.gate import context_of_call

    context = door.CallContext(workspace_id=directory.id, api_key_id=None)
    assert context_of_call(context).visitor == ""
    with door.calls_for_visitor("visitor-7"):
        assert context_of_call(context).visitor == "visitor-7"
        named = door.CallContext(workspace_id=directory.id, api_key_id=None, visitor="visitor-8")
        assert context_of_call(named).visitor == "visitor-8"
        with door.calls_for_visitor(""):  # a worker's read handed no visitor is nobody's
            assert context_of_call(context).visitor == ""
    assert door.current_visitor() == ""
