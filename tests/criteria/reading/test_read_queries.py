"""What a niche read costs the database: one write per judgment (its outcome; the claims are
one write for a batch), and the same queries for every document it reads however many the
plan holds (no query sums the whole plan before each read)."""

from __future__ import annotations

import math

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from criteria.reading.claim import CLAIM_MOST, claim_size
from criteria.service import cluster_workers
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


def queries_of_a_read(count: int, *, background: bool = False) -> list[str]:
    """The SQL of a read of `count` documents, from the search to its reply: inside the call,
    or handed to the workers (django-q2's sync mode in tests: the tasks run at once)."""
    workspace = make_workspace(f"{count} people")
    key, _ = make_key(workspace, role="analyst")
    export_connect(workspace=workspace, **people(count))
    criteria = [{"text": NICHE, "facets": FACETS}]
    budget = {"max_reads": count, "max_usd": 1, "max_seconds": 60}
    with (
        override_settings(LIMMA={"PROVIDER": "offline", "CRITERIA_BACKGROUND": background}),
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
    return [query["sql"] for query in captured.captured_queries]


def judgment_writes(queries: list[str], setting: str) -> int:
    return sum(1 for sql in queries if sql.startswith('UPDATE "criteria_judgment" SET ' + setting))


@pytest.mark.parametrize("count", [8, 40])
def test_each_judgment_is_written_once_and_claimed_in_batches(count):
    queries = queries_of_a_read(count)

    assert judgment_writes(queries, "\"state\" = 'done'") == count  # its outcome, once
    assert judgment_writes(queries, "\"state\" = 'in_flight'") == math.ceil(count / CLAIM_MOST)


def claims_of(count: int, workers: int) -> int:
    """How many claims one reader makes of a plan of `count` it reads alone."""
    claims, left = 0, count
    while left:
        left -= claim_size(left, workers)
        claims += 1
    return claims


def test_a_plan_handed_to_the_workers_is_written_once_a_judgment_and_claimed_in_shares():
    claims_per_judgment = []
    for count in (8, 40):
        queries = queries_of_a_read(count, background=True)

        assert judgment_writes(queries, "\"state\" = 'done'") == count
        claims = judgment_writes(queries, "\"state\" = 'in_flight'")
        assert claims == claims_of(count, cluster_workers())
        claims_per_judgment.append(claims / count)

    # The last claims are of one judgment (for the workers to finish together), so a small
    # plan pays more claims a judgment than a large one.
    assert claims_per_judgment[1] < claims_per_judgment[0]


def test_every_document_read_costs_the_same_queries_at_any_plan_size():
    one, two, four = (len(queries_of_a_read(n * CLAIM_MOST)) for n in (1, 2, 4))

    # The second batch of CLAIM_MOST documents costs what the third and fourth cost each:
    # nothing grows with the plan.
    per_document = (two - one) / CLAIM_MOST
    assert (four - two) / (2 * CLAIM_MOST) == per_document
    # Per document: the reader's and the second call's ledger rows, what they cost, the
    # judgment's one write, the match's row; a batch's claim, a CLAIM_MOST-th each.
    assert per_document <= 5.5
