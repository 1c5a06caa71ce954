"""criteria.lists.gather builds a run's lists and tallies from stored rows alone: no query, no
write.

The rows here are made in memory (never saved), so a query would fail the test.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from criteria.lists.gather import RunState, Stored, candidates_of, reads_of, run_gather, usage_of
from criteria.models import Judgment
from criteria.plan import Plan
from criteria.rules.recency.judged_at import JudgedAt
from criteria.rules.recency.timing import AsOf
from criteria.types import Facet
from limma.models import Document, Entity
from limma.vocabulary import Vocabulary

FACETS = [Facet(key="product", kind="condition", text="baby formula")]
AT = JudgedAt(at=AsOf(facets=tuple(FACETS), as_of=date(2026, 1, 1)))
ANNE, BO = (
    Entity(pk=1, key="e_anne", display_name="Anne Voss"),
    Entity(pk=2, key="e_bo", display_name="Bo Ek"),
)
DOCUMENTS = [
    Document(pk=10, entity_id=1, source_id="anne-cv"),
    Document(pk=11, entity_id=1, source_id="anne-call"),
    Document(pk=20, entity_id=2, source_id="bo-cv"),
    Document(pk=21, entity_id=2, source_id="bo-note"),
]
DONE, FAILED, IN_FLIGHT = Judgment.State.DONE, Judgment.State.FAILED, Judgment.State.IN_FLIGHT


def _judgment(pk, document, state, **fields):
    defaults = {"calls": 0, "usd": Decimal("0"), "reported_calls": 0, "reported_usd": Decimal(0)}
    return Judgment(pk=pk, document_id=document, state=state, **(defaults | fields))


def _stored(*judgments, **split):
    return Stored(
        judgments={j.document_id: j for j in judgments}, entities={1: ANNE, 2: BO}, **split
    )


RUNNING = RunState("partial", "time_budget", {"in_flight": 1, "queued": 2})


def test_each_unjudged_document_says_why_it_is_unread():
    stored = _stored(_judgment(1, 10, FAILED, failure="reply_invalid"), _judgment(2, 20, IN_FLIGHT))
    plan = Plan(documents=DOCUMENTS, read_by_another={21})

    anne, bo = candidates_of(stored, plan=plan, entity_pks=[1, 2], at=AT, run=RUNNING)

    assert (anne.entity_id, anne.documents, anne.unread) == ("e_anne", 2, ("time_budget",))
    assert [j.failed for j in anne.judgments] == ["reply_invalid"]
    assert bo.unread == ("being_read", "read_by_another_reader")
    assert bo.judgments == ()


def test_a_run_that_stopped_for_no_reason_leaves_documents_not_read():
    plan = Plan(documents=DOCUMENTS[:1])
    done = RunState("complete", None, {})

    (anne,) = candidates_of(_stored(), plan=plan, entity_pks=[1], at=AT, run=done)

    assert anne.unread == ("not_read",)


def test_only_settled_judgments_not_reported_before_are_counted():
    fresh = [
        _judgment(1, 10, DONE, calls=3, usd=Decimal("0.03"), reported_calls=1),
        _judgment(2, 11, FAILED, failure="timeout", calls=1, usd=Decimal("0.01")),
        _judgment(3, 20, FAILED, failure="timeout"),
        _judgment(4, 21, DONE, adjudicated=True, typed=True),
    ]
    plan = Plan(documents=DOCUMENTS, to_read=DOCUMENTS[:2])
    plan.stored_not_served["other_reader"] = 1

    reads = reads_of(fresh, plan=plan, run=RUNNING)
    usage = usage_of(fresh, _stored(split_calls=1, split_usd=Decimal("0.005")))

    assert reads == {
        "needed": 4,
        "done": 1,  # 21 is done but was not to be read by this run
        "reused": 0,
        "adjudicated": 1,
        "typed": 1,
        "in_flight_at_return": 1,
        "not_submitted": 2,
        "stored_not_served": {"other_reader": 1},
        "failed": 2,
        "failures": {"timeout": 2},
    }
    assert usage == {"calls": 2 + 1 + 1, "cost_usd": 0.045}


def test_a_complete_run_shows_nothing_stored_but_not_served():
    plan = Plan(documents=DOCUMENTS)
    plan.stored_not_served["other_reader"] = 1

    assert reads_of([], plan=plan, run=RunState("complete", None, {}))["stored_not_served"] == {}


def test_run_gather_leaves_out_what_was_reported_or_is_still_read():
    reported = _judgment(1, 10, FAILED, failure="timeout", reported=True, calls=5)
    stored = _stored(reported, _judgment(2, 20, IN_FLIGHT), _judgment(3, 21, FAILED))

    built = run_gather(
        stored,
        plan=Plan(documents=DOCUMENTS),
        entity_pks=[1, 2],
        facets=FACETS,
        vocabulary=Vocabulary.shipped(),
        list_limit=10,
        at=AT,
        run=RUNNING,
    )

    assert [j.pk for j in built.fresh] == [3]
    assert built.usage["calls"] == 0
    assert built.matched == {}
    assert set(built.verdicts) == {1, 2}  # by entity pk, for the service's rows
    assert [c.entity_id for c in built.candidates] == ["e_anne", "e_bo"]
