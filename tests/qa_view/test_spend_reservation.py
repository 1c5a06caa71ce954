"""Spend ceilings under concurrency: questions asked at once, answered by several workers
against a paid model, never take the ledger over a ceiling (each call's price is held first).

The model is a fake priced provider: every agent call costs exactly $1, and a run makes two
(a tool call, then the answer). The workers are threads with their own database connections,
each answering queued runs as django-q2's workers do.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from limma import door
from limma.models import LedgerEntry
from qa_view.models import Run
from qa_view.page import ceilings
from qa_view.page.answering import run_execute
from qa_view.page.visitors import visitor_create
from tests.factories import make_workspace
from tests.markers import on_postgresql
from tests.qa_view.priced import (
    PRICE_PER_CALL,
    PROMPT_TOKENS,
    REPLY_TOKENS,
    answered_at_once,
    priced_settings,
    spent,
)

pytestmark = pytest.mark.django_db(transaction=True)


class PricedAgent:
    """A paid provider answering the agent role: a region call first, then an answer."""

    name = "priced"
    paid = True

    def available(self, role: str) -> bool:
        return role == "agent"

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens):
        asked_a_tool = any(message.role == "tool" for message in request.messages)
        calls = [] if asked_a_tool else [{"id": "c1", "name": "limma_region", "arguments": {}}]
        content = "Nobody fits." if asked_a_tool else None
        reply = json.dumps({"content": content, "tool_calls": calls})
        return door.ProviderReply(reply, tokens_in=PROMPT_TOKENS, tokens_out=REPLY_TOKENS)


@pytest.fixture
def priced(settings):
    priced_settings(settings)
    with door.use_provider(PricedAgent()):
        yield


def queued(visitor, count: int) -> list[Run]:
    return [Run.objects.create(visitor=visitor, question=f"Who fits {n}?") for n in range(count)]


@on_postgresql
@pytest.mark.parametrize("workers", [2, 8])
def test_eight_questions_at_once_never_cross_the_visitors_ceiling(priced, workers):
    workspace = make_workspace()
    visitor, _ = visitor_create(workspace=workspace, name="Ada Lovelace")
    visitor.ceiling_usd = Decimal("2.50")
    visitor.save()

    answered_at_once(queued(visitor, 8), workers)

    total = spent(visitor=visitor.ledger_name)
    assert total <= visitor.ceiling_usd  # overshoot 0: every call's price was held first
    assert total == 2 * PRICE_PER_CALL  # and what fits was spent: two calls
    states = list(Run.objects.values_list("state", "error_code"))
    assert all(state in (Run.State.DONE, Run.State.FAILED) for state, _ in states)
    assert ("failed", "ceiling_visitor") in states
    assert not ceilings.SpendHold.objects.exists()  # every hold settled from the ledger


@on_postgresql
def test_questions_of_many_visitors_at_once_never_cross_the_day_ceiling(priced, monkeypatch):
    monkeypatch.setattr(ceilings, "day_ceiling_usd", lambda: Decimal("3.50"))
    workspace = make_workspace()
    runs = []
    for n in range(6):
        visitor, _ = visitor_create(workspace=workspace, name=f"Visitor {n}")
        runs += queued(visitor, 2)

    answered_at_once(runs, 6)

    assert spent(visitor__startswith="visitor-") == 3 * PRICE_PER_CALL
    assert Run.objects.filter(error_code="ceiling_day").exists()


def test_a_refused_call_is_one_ledger_row_marked_refused_and_costs_nothing(priced):
    workspace = make_workspace()
    visitor, _ = visitor_create(workspace=workspace, name="Ada Lovelace")
    visitor.ceiling_usd = Decimal("1.50")
    visitor.save()
    (run,) = queued(visitor, 1)

    run_execute(run_id=run.pk)

    outcomes = list(LedgerEntry.objects.order_by("id").values_list("outcome", "usd", "error"))
    assert outcomes == [("ok", PRICE_PER_CALL, ""), ("refused", 0, "ceiling_visitor")]
    run.refresh_from_db()
    assert (run.state, run.error_code) == (Run.State.FAILED, "ceiling_visitor")
