"""Ceilings: per visitor and per UTC day, in US dollars, read from the ledger; at a ceiling the
next question is refused before anything runs, in one sentence
(docs/pages.md#visitors-and-ceilings)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone
from django.utils.html import escape

from limma.models import LedgerEntry
from qa_view.answer.codes import sentence_for
from qa_view.models import Run
from qa_view.page.answering import run_execute
from qa_view.page.ceilings import (
    DAY_CEILING,
    VISITOR_CEILING,
    ceiling_reached,
    day_ceiling_usd,
    start_of_utc_day,
)
from qa_view.page.visitors import visitor_create
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db


def spent(usd: str, *, visitor: str, when: datetime | None = None) -> LedgerEntry:
    entry = LedgerEntry.objects.create(
        role="agent", provider="openai", model="m", usd=Decimal(usd), outcome="ok", visitor=visitor
    )
    if when is not None:
        LedgerEntry.objects.filter(pk=entry.pk).update(created_at=when)
    return entry


def asked(page, **body) -> str:
    response = page.post("/qa/ask/", body or {"example": "0"}, **htmx())
    assert response.status_code == 200
    return response.content.decode()


def test_at_the_visitors_ceiling_the_question_is_refused_before_anything_runs(page, visitor):
    spent("5.00", visitor=visitor.ledger_name)
    calls = LedgerEntry.objects.count()
    html = asked(page)
    assert escape(sentence_for(VISITOR_CEILING)) in html
    assert not Run.objects.exists()
    assert LedgerEntry.objects.count() == calls  # no model was called: not one row more


def test_below_the_ceiling_the_question_runs(page, visitor, read_ahead):
    spent("4.99", visitor=visitor.ledger_name)
    html = asked(page)
    assert Run.objects.get().state == Run.State.DONE
    assert "people fit" in html
    assert LedgerEntry.objects.filter(visitor=visitor.ledger_name, role="agent").count() > 1


def test_the_ceiling_support_set_for_a_visitor_is_theirs(page, visitor, read_ahead):
    spent("5.00", visitor=visitor.ledger_name)
    visitor.ceiling_usd = Decimal("10")
    visitor.save()
    asked(page)
    assert Run.objects.get().state == Run.State.DONE


def test_at_the_day_ceiling_every_visitor_is_refused(page, visitor, directory):
    other, _ = visitor_create(workspace=directory, name="Another Visitor")
    spent("20.00", visitor=other.ledger_name)  # what others spent today counts for everyone
    calls = LedgerEntry.objects.count()
    html = asked(page, question="Who is based in Germany?")
    assert escape(sentence_for(DAY_CEILING)) in html
    assert not Run.objects.exists() and LedgerEntry.objects.count() == calls


def test_yesterdays_spend_and_spend_of_no_visitor_do_not_count_today(visitor):
    yesterday = start_of_utc_day() - timedelta(minutes=1)
    spent("50.00", visitor="visitor-999", when=yesterday)
    spent("50.00", visitor="")  # the API's own calls are no visitor's
    assert ceiling_reached(visitor) is None
    spent("20.00", visitor="visitor-999")
    assert ceiling_reached(visitor) == DAY_CEILING


def test_the_day_turns_at_midnight_utc():
    late = datetime(2026, 3, 1, 23, 59, tzinfo=UTC)
    assert start_of_utc_day(late) == datetime(2026, 3, 1, tzinfo=UTC)
    assert start_of_utc_day(late + timedelta(minutes=2)) == datetime(2026, 3, 2, tzinfo=UTC)


def test_a_run_queued_before_the_ceiling_was_reached_is_refused_before_it_runs(visitor):
    run = Run.objects.create(visitor=visitor, question="Who is based in Germany?")
    spent("5.00", visitor=visitor.ledger_name)
    calls = LedgerEntry.objects.count()
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.state == Run.State.FAILED and run.error_code == VISITOR_CEILING
    assert LedgerEntry.objects.count() == calls


def test_the_refusal_is_drawn_where_the_follow_up_was_asked(page, visitor, read_ahead):
    asked(page)
    first = Run.objects.get()
    spent("5.00", visitor=visitor.ledger_name)
    html = asked(page, parent=first.pk, question="only those in Germany")
    assert escape(sentence_for(VISITOR_CEILING)) in html
    assert f'id="run-{first.pk}"' in html  # the conversation stays, the sentence under it
    assert Run.objects.count() == 1


def test_the_ceilings_come_from_the_settings(settings, directory):
    settings.LIMMA_QA_CAP_VISITOR_USD = "7.5"
    settings.LIMMA_QA_CAP_DAY_USD = "30"
    visitor, _ = visitor_create(workspace=directory, name="Grace Hopper")
    assert visitor.ceiling_usd == Decimal("7.5")
    assert day_ceiling_usd() == Decimal("30")
    settings.LIMMA_QA_CAP_DAY_USD = "lots"
    with pytest.raises(ImproperlyConfigured):
        day_ceiling_usd()


def test_spend_is_counted_now_not_when_the_visitor_was_made(visitor):
    assert visitor.created_at <= timezone.now()
    spent("2.50", visitor=visitor.ledger_name)
    spent("2.50", visitor=visitor.ledger_name)
    assert ceiling_reached(visitor) == VISITOR_CEILING
