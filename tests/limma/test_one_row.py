"""A row written from plain values (limma/one_row.py) is the row Django's create() and update()
store: every field read back equal, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.forms.models import model_to_dict
from django.utils import timezone

from criteria.models import Judgment
from limma import one_row
from limma.models import LedgerEntry
from tests.factories import make_criterion, make_document, make_judgment, make_workspace

pytestmark = pytest.mark.django_db

LEDGER_ROW = {
    "role": "reader",
    "provider": "openai",
    "model": "a-model",
    "tokens_in": 1234,
    "tokens_out": 56,
    "usd": Decimal("0.001234"),
    "over_hold": True,
    "seconds": 0.25,
    "outcome": LedgerEntry.Outcome.OK,
    "error": "",
    "api_key_id": None,
    "visitor": "v_1",
    "request_id": "judgment:7:1",
}


def stored(row: LedgerEntry) -> dict:
    return {field: value for field, value in model_to_dict(row).items() if field != "id"}


def test_a_ledger_row_inserted_from_its_values_reads_back_as_create_stores_it():
    workspace = make_workspace()
    before = timezone.now()
    created = LedgerEntry.objects.create(**LEDGER_ROW, workspace_id=workspace.id)
    one_row.row_insert(LedgerEntry, {**LEDGER_ROW, "workspace_id": workspace.id})

    first, second = LedgerEntry.objects.order_by("id")
    assert first.pk == created.pk
    assert stored(second) == stored(first)
    assert before <= second.created_at <= timezone.now()  # auto_now_add: when it was written
    assert abs(second.created_at - first.created_at) < timedelta(seconds=5)


def test_a_row_inserted_with_fields_left_out_holds_their_defaults():
    one_row.row_insert(LedgerEntry, {"role": "reader", "provider": "offline", "model": "m"})

    row = LedgerEntry.objects.get()
    assert (row.tokens_in, row.usd, row.over_hold, row.error, row.workspace_id) == (
        0,
        Decimal(0),
        False,
        "",
        None,
    )


def judgments(count: int) -> list[Judgment]:
    workspace = make_workspace()
    criterion = make_criterion(workspace)
    return [
        make_judgment(
            criterion,
            make_document(workspace, entity_name=f"Person {index}").document,
            state=Judgment.State.IN_FLIGHT,
        )
        for index in range(count)
    ]


def test_a_judgment_updated_from_its_values_reads_back_as_update_stores_it():
    by_orm, by_values, other_claim = judgments(3)
    outcome = {"source_id": "d1", "experiences": [{"established": {"a": "é ü"}}], "denials": []}
    written = {
        "state": Judgment.State.DONE,
        "failure": "",
        "outcome": outcome,
        "calls": 2,
        "usd": Decimal("0.000321"),
        "adjudicated": True,
        "typed": False,
    }
    Judgment.objects.filter(
        pk=by_orm.pk, state=Judgment.State.IN_FLIGHT, attempts=by_orm.attempts
    ).update(**written)
    where = {"state": Judgment.State.IN_FLIGHT, "attempts": 0}

    assert one_row.rows_update(Judgment, {"id": by_values.pk, **where}, written) == 1
    # A claim that is no longer this reader's (another attempt) is not written.
    assert (
        one_row.rows_update(Judgment, {"id": other_claim.pk, **where, "attempts": 1}, written) == 0
    )

    orm, values = Judgment.objects.get(pk=by_orm.pk), Judgment.objects.get(pk=by_values.pk)
    different = {"id", "document", "updated_at"}
    assert {k: v for k, v in model_to_dict(values).items() if k not in different} == {
        k: v for k, v in model_to_dict(orm).items() if k not in different
    }
    assert values.outcome == outcome
    assert Judgment.objects.get(pk=other_claim.pk).state == Judgment.State.IN_FLIGHT
