"""What a niche read costs the database: one write per judgment (its outcome; the claims are
one write for a batch), and the same queries for every document it reads however many the
plan holds (no query sums the whole plan before each read)."""

from __future__ import annotations

import math

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from criteria.lists.rows import RELATION
from criteria.models import Judgment
from criteria.reading.claim import CLAIM_MOST, claim_size
from criteria.service import cluster_workers
from limma.models import LedgerEntry, RelationRow
from limma.services.connect import export_connect
from search.service import search_run
from tests.criteria.conftest import EUROPE, FACETS, NICHE
from tests.criteria.reading.same_niche import people
from tests.factories import make_key, make_workspace
from tests.writes import Writes, writes_counted

pytestmark = pytest.mark.django_db


def searched(key, workspace, criterion: dict, budget: dict, *, background: bool = False):
    """The search with the criterion, how many queries it sent and the writes it asked
    (django-q2's sync mode in tests: a task handed to the workers runs at once)."""
    with (
        override_settings(LIMMA={"PROVIDER": "offline", "CRITERIA_BACKGROUND": background}),
        CaptureQueriesContext(connection) as captured,
        writes_counted() as writes,
    ):
        outcome = search_run(
            key=key,
            workspace=workspace,
            constraints=EUROPE,
            criteria=[criterion],
            criteria_budget=budget,
        )
    return outcome, len(captured.captured_queries), writes


def a_read(count: int, *, background: bool = False):
    """A read of `count` documents to its end: the key, the workspace, the outcome, how many
    queries it sent and the writes it asked."""
    workspace = make_workspace(f"{count} people")
    key, _ = make_key(workspace, role="analyst")
    export_connect(workspace=workspace, **people(count))
    budget = {"max_reads": count, "max_usd": 1, "max_seconds": 60}
    outcome, queries, writes = searched(
        key, workspace, {"text": NICHE, "facets": FACETS}, budget, background=background
    )
    assert outcome.criteria.status == "complete"
    assert outcome.criteria.reads["done"] == count
    return key, workspace, outcome, queries, writes


def judgment_writes(writes: Writes, state: str) -> int:
    """The writes of the judgments that set their state to `state`."""
    return len(writes.of(Judgment, "update", state=state))


@pytest.mark.parametrize("count", [8, 40])
def test_each_judgment_is_written_once_and_claimed_in_batches(count):
    writes = a_read(count)[4]

    assert judgment_writes(writes, Judgment.State.DONE) == count  # its outcome, once
    assert judgment_writes(writes, Judgment.State.IN_FLIGHT) == math.ceil(count / CLAIM_MOST)
    assert Judgment.objects.filter(state=Judgment.State.DONE).count() == count


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
        writes = a_read(count, background=True)[4]

        assert judgment_writes(writes, Judgment.State.DONE) == count
        claims = judgment_writes(writes, Judgment.State.IN_FLIGHT)
        assert claims == claims_of(count, cluster_workers())
        claims_per_judgment.append(claims / count)

    # The last claims are of one judgment (for the workers to finish together), so a small
    # plan pays more claims a judgment than a large one.
    assert claims_per_judgment[1] < claims_per_judgment[0]


def test_every_document_read_costs_its_calls_rows_and_one_write_at_any_plan_size():
    queries, calls = [], []
    for n in (1, 2, 4):
        ledger = LedgerEntry.objects.count()
        queries.append(a_read(n * CLAIM_MOST)[3])
        calls.append(LedgerEntry.objects.count() - ledger)

    # The second batch of CLAIM_MOST documents costs what the third and fourth cost each:
    # nothing grows with the plan.
    per_document = (queries[1] - queries[0]) / CLAIM_MOST
    assert (queries[2] - queries[1]) / (2 * CLAIM_MOST) == per_document
    calls_per_document = (calls[1] - calls[0]) / CLAIM_MOST
    assert calls_per_document == 2  # here every document is a match: the reader, the second call
    # Per document: each model call's one ledger row (the door's rule) and the judgment's one
    # write, with what its calls cost as the door tallied them (the ledger is not read back);
    # a batch's claim (its lock, its write, its judgments' read), a CLAIM_MOST-th each.
    assert per_document - calls_per_document <= 1 + 5 / CLAIM_MOST


def replies(count: int) -> tuple[tuple[int, Writes], tuple[int, Writes]]:
    """The queries and writes of two replies once `count` documents are read, every one of them
    a match: the reply that first reports them (its match rows written, its judgments marked
    reported) and a call again with nothing new."""
    key, workspace, outcome, *_ = a_read(count)
    again = {"address": outcome.criteria.criterion.address}
    Judgment.objects.update(reported=False, reported_calls=0, reported_usd=0)
    RelationRow.objects.filter(relation=RELATION).delete()
    first, *reporting = searched(key, workspace, again, {"max_reads": 0})
    assert first.criteria.lists.counts["matched"] == count == len(first.criteria.rows)
    assert RelationRow.objects.filter(relation=RELATION).count() == count
    second, *nothing_new = searched(key, workspace, again, {"max_reads": 0})
    assert second.criteria.rows == first.criteria.rows
    return tuple(reporting), tuple(nothing_new)


def test_a_reply_costs_the_same_queries_whatever_its_judgments_and_matches():
    (small, small_again), (large, large_again) = replies(5), replies(40)

    # No query per judgment or per match: the rows are read once, the stale deleted once and
    # the new inserted once; the judgments are loaded once and marked reported once.
    assert large[0] == small[0]
    assert large_again[0] == small_again[0]
    (inserted,) = large[1].of(RelationRow, "insert")
    assert inserted.rows == 40
    assert large_again[1].rows_written() == 0
