"""A read's receipts are the same whichever way its rows are written: the judgments and the
ledger rows a read of a generated directory writes through limma/one_row.py equal those it
writes through Django's create() and update()."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test.utils import override_settings
from django.utils import timezone

from criteria.models import Judgment
from limma import one_row
from limma.models import LedgerEntry
from limma.services.connect import export_connect
from search.service import search_run
from tests.criteria.conftest import EUROPE, FACETS, NICHE
from tests.criteria.reading.same_niche import profiles_export
from tests.factories import make_key, make_workspace

pytestmark = pytest.mark.django_db

COUNTRIES = ["Germany", "France", "Poland", "Spain"]


STATED = {
    0: "{given} led marketing for baby formula across Germany.",  # the niche
    1: "{given} led marketing for baby formula across Southeast Asia.",  # another market
    2: "{given} has never worked on baby formula.",  # a denial
    3: "{given} designs bridges.",  # nothing of it
}


def profile(index: int, name: str) -> str:
    """Every kind of document a read meets: the niche, another market, a denial, nothing."""
    stated = STATED[index % len(STATED)].format(given=name.split(maxsplit=1)[0])
    return f"{name} joined Firm {index} in 2005.\n{stated}\n"


def directory(count: int) -> dict:
    rows = [
        {
            "_id": f"p{index:03d}",
            "name": f"Ingrid Valen {index:03d}",
            "country": COUNTRIES[index % len(COUNTRIES)],
            "bio": profile(index, f"Ingrid Valen {index:03d}"),
        }
        for index in range(count)
    ]
    return profiles_export(rows)


def receipts(key, workspace, count: int) -> tuple[list[tuple], list[tuple]]:
    """The read to its end; its judgments by person, and its ledger rows (what a call cost and
    how it ended; not when, how long, or the judgment's id its request named)."""
    with override_settings(LIMMA={"PROVIDER": "offline", "CRITERIA_BACKGROUND": False}):
        outcome = search_run(
            key=key,
            workspace=workspace,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_reads": count, "max_usd": 1, "max_seconds": 60},
        )
    assert outcome.criteria.status == "complete"
    judgments = sorted(
        Judgment.objects.values_list(
            "document__entity__key",
            "state",
            "failure",
            "outcome",
            "attempts",
            "calls",
            "usd",
            "adjudicated",
            "typed",
        )
    )
    ledger = sorted(
        LedgerEntry.objects.values_list(
            "role",
            "provider",
            "model",
            "tokens_in",
            "tokens_out",
            "usd",
            "over_hold",
            "outcome",
            "error",
            "workspace_id",
            "api_key_id",
            "visitor",
        )
    )
    return judgments, ledger


def by_create(model, values) -> None:
    model.objects.create(**values)


def by_update(model, where, values) -> int:
    return model.objects.filter(**where).update(**values)


def test_a_read_writes_the_same_judgments_and_ledger_rows_as_create_and_update_would():
    count = 24
    workspace = make_workspace("A directory")
    key, _ = make_key(workspace, role="analyst")
    export_connect(workspace=workspace, **directory(count))
    started = timezone.now()

    written = receipts(key, workspace, count)
    assert all(row[-1] >= started for row in LedgerEntry.objects.values_list("created_at"))
    Judgment.objects.all().delete()
    LedgerEntry.objects.all().delete()
    with (
        mock.patch.object(one_row, "row_insert", by_create),
        mock.patch.object(one_row, "rows_update", by_update),
    ):
        as_the_orm_writes = receipts(key, workspace, count)

    assert written == as_the_orm_writes
    judgments, ledger = written
    assert len(judgments) == count
    assert {state for _, state, *_ in judgments} == {Judgment.State.DONE}
    assert len(ledger) > count  # the reader's calls and the would-be matches' second calls
    assert any(row[3] is not None and row[7] for row in judgments)  # some adjudicated
