"""What a niche read costs the database: the same queries for every document it reads, however
many the plan holds (no query sums the whole plan before each read)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from limma.services.connect import export_connect
from search.service import search_run
from tests.criteria.conftest import EUROPE, FACETS, NICHE
from tests.factories import make_key, make_workspace

pytestmark = pytest.mark.django_db


def people(count: int) -> dict:
    """count people in Germany, each with a profile that states the niche the same way."""
    rows = [
        {
            "_id": f"p{index:04d}",
            "name": f"Greta Ostrander {index:04d}",
            "country": "Germany",
            "bio": f"Greta Ostrander {index:04d} led marketing for baby formula across Poland.\n",
        }
        for index in range(count)
    ]
    return {
        "tables": {"people": rows},
        "mapping": {
            "entities": [{"table": "people", "id": "_id", "name": "name"}],
            "relations": [
                {
                    "relation": "based_in",
                    "table": "people",
                    "entity": "_id",
                    "slots": {"place": "country"},
                }
            ],
            "documents": [{"table": "people", "entity": "_id", "kind": "profile", "text": "bio"}],
        },
    }  # fmt: skip


def queries_of_a_read(count: int) -> int:
    workspace = make_workspace(f"{count} people")
    key, _ = make_key(workspace, role="analyst")
    export_connect(workspace=workspace, **people(count))
    criteria = [{"text": NICHE, "facets": FACETS}]
    budget = {"max_reads": count, "max_usd": 1, "max_seconds": 60}
    with (
        override_settings(LIMMA={"PROVIDER": "offline", "CRITERIA_BACKGROUND": False}),
        CaptureQueriesContext(connection) as captured,
    ):
        outcome = search_run(
            key=key,
            workspace=workspace,
            constraints=EUROPE,
            criteria=criteria,
            criteria_budget=budget,
        )
    assert outcome.criteria.status == "complete"
    assert outcome.criteria.reads["done"] == count
    return len(captured.captured_queries)


def test_every_document_read_costs_the_same_queries_at_any_plan_size():
    few, more, many = queries_of_a_read(5), queries_of_a_read(10), queries_of_a_read(20)

    per_document = (more - few) / 5
    assert (many - more) / 10 == per_document  # flat: no query grows with the plan
    # Per document: its claim (an update and a read), the reader's and the second call's
    # ledger rows, what they cost, the judgment's one write, the match's row, the plan's sum.
    assert per_document <= 8
