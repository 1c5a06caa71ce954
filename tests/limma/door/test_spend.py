"""spent_usd: what calls cost, summed from the ledger by workspace, visitor, key and time."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from limma.door.spend import spent_usd
from limma.models import LedgerEntry
from tests.factories import make_key, make_workspace

pytestmark = pytest.mark.django_db


def spend(usd: str, **fields) -> LedgerEntry:
    row = {"role": "reader", "provider": "openai", "model": "gpt-4.1-mini", "outcome": "ok"}
    return LedgerEntry.objects.create(usd=Decimal(usd), **{**row, **fields})


def test_spend_is_summed_by_workspace_and_visitor():
    one, two = make_workspace("One"), make_workspace("Two")
    spend("0.100000", workspace=one, visitor="a")
    spend("0.020000", workspace=one, visitor="b")
    spend("0.003000", workspace=two, visitor="a")
    spend("0.000400", workspace=one, visitor="a", outcome="invalid_reply")

    assert spent_usd(workspace_id=one.id) == Decimal("0.120400")
    assert spent_usd(visitor="a") == Decimal("0.103400")
    assert spent_usd(workspace_id=one.id, visitor="a") == Decimal("0.100400")
    assert spent_usd() == Decimal("0.123400")


def test_spend_is_summed_by_key_and_since_a_time():
    workspace = make_workspace()
    key, _ = make_key(workspace)
    spend("1.000000", workspace=workspace, api_key=key)
    old = spend("2.000000", workspace=workspace, api_key=key)
    LedgerEntry.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=2))
    spend("4.000000", workspace=workspace)

    assert spent_usd(api_key_id=key.id) == Decimal("3.000000")
    assert spent_usd(api_key_id=key.id, since=timezone.now() - dt.timedelta(days=1)) == Decimal(
        "1.000000"
    )


def test_nothing_spent_is_zero():
    assert spent_usd(workspace_id="ws_none") == Decimal(0)
