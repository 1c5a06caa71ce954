"""The criteria block of a search reply, and the compact reply's share of it."""

from __future__ import annotations

from typing import Any

from criteria.criterion.address import reader_identity
from criteria.criterion.split import FAILED
from criteria.lists.four import Lists, four_lists
from criteria.reading.claim import facets_of
from criteria.rules.recency.record import record_check_echo
from criteria.rules.recency.rule import recency_notes
from criteria.service import CriteriaRun
from criteria.status import NOT_RUN, PARTIAL

# A niche's own codes begin so: its coverage.narrowed_by entries, "<code>:<address>" (a search's
# incomplete_because counts each by its code alone), and "criterion_<status>" for a niche that
# listed nobody (criterion_not_run).
CRITERION_PREFIX = "criterion_"
CRITERION_SILENT, CRITERION_CONFLICT = "criterion_silent", "criterion_conflict"
CRITERION_NOT_READ, CRITERION_NO_DOCUMENTS = "criterion_not_read", "criterion_no_documents"
CRITERION_PARTIALLY_DECOMPOSED = "criterion_partially_decomposed"
NARROWED_BY = (
    *(CRITERION_SILENT, CRITERION_CONFLICT, CRITERION_NOT_READ, CRITERION_NO_DOCUMENTS),
    CRITERION_PARTIALLY_DECOMPOSED,
)


def criteria_block(run: CriteriaRun, *, unconstrained_relations: list[str]) -> dict[str, Any]:
    """The full block: status, the split, the plan and its price, the four lists and counts."""
    criterion = run.criterion
    split = run.resolved.split
    block: dict[str, Any] = {
        "status": run.status,
        "status_reason": run.status_reason,
        "address": criterion.address if criterion else None,
        "reader_identity": reader_identity(),
        "budget": run.budget.echo(),
        "unconstrained_relations": unconstrained_relations,
    }
    if run.resolved.found_by:
        block |= {"found_by": run.resolved.found_by, "text": criterion.text}
    if criterion is None:
        block |= {
            "decomposed_by": "model",
            "decomposition": {
                "status": split.status if split else FAILED,
                "actions": split.actions if split else [],
                "incomplete": split.incomplete if split else [],
            },
            "facets": [facet.echo() for facet in (split.facets if split else ())],
            "suggested": split.suggested if split else [],
            "record_check": record_check_echo(
                run.resolved.record_check, split.facets if split else None, not_run=True
            ),
            "recency_notes": recency_notes(
                split.facets if split else (), run.resolved.record_check
            ),
            "reads": {
                "needed": 0,
                "done": 0,
                "reused": 0,
                "adjudicated": 0,
                "typed": 0,
                "in_flight_at_return": 0,
                "not_submitted": 0,
                "stored_not_served": {},
            },
            "counts": {"matched": 0, "none": 0, "undetermined": 0, "not_recorded": 0},
        }
        return block
    # A criterion that was not run (an ordinary constraint not bound, say) listed nobody.
    lists = run.lists or four_lists([], facets_of(criterion), list_limit=0)
    block |= {
        "decomposed_by": criterion.decomposed_by,
        "decomposition": criterion.decomposition,
        "facets": [facet.echo() for facet in facets_of(criterion)],
        "suggested": [],
        "unchecked_words": criterion.unchecked_words,
        "record_check": record_check_echo(
            criterion.record_check, facets_of(criterion), not_run=run.status == NOT_RUN
        ),
        "recency_notes": recency_notes(facets_of(criterion), criterion.record_check),
        "candidates": run.candidates,
        "estimate": run.estimate,
        "reads": run.reads,
        "usage": run.usage,
        "background": run.background
        or {"reading": False, "queued": 0, "in_flight": 0, "retry_after_s": 0},
        "counts": lists.counts,
        "counts_detail": lists.counts_detail,
        # A match is a match for the facets as echoed: the words no facet took go with it.
        "matched": [
            entry | {"unchecked_words": criterion.unchecked_words} for entry in lists.matched
        ],
        "none": lists.none,
        "undetermined": lists.undetermined,
        "not_recorded": lists.not_recorded,
        "stated_instead": lists.stated_instead,
        "worded_instead": lists.worded_instead,
    }
    return block


def unread_people(lists: Lists) -> int:
    """People with a document still unread (not those with no document at all)."""
    return lists.counts["not_recorded"] - lists.counts_detail["not_recorded"]["no_documents"]


def narrowed_by(run: CriteriaRun) -> list[str]:
    """coverage.narrowed_by entries of the criterion: what keeps the answer from being whole."""
    criterion = run.criterion
    if criterion is None or run.lists is None:
        return []
    address, entries = criterion.address, []
    detail = run.lists.counts_detail.get("undetermined", {})
    silent = run.lists.counts["undetermined"] - detail.get("conflict", 0)
    if silent:
        entries.append(f"{CRITERION_SILENT}:{address}")
    if detail.get("conflict"):
        entries.append(f"{CRITERION_CONFLICT}:{address}")
    if unread_people(run.lists):
        entries.append(f"{CRITERION_NOT_READ}:{address}")
    if run.lists.counts_detail["not_recorded"]["no_documents"]:
        entries.append(f"{CRITERION_NO_DOCUMENTS}:{address}")
    if criterion.unchecked_words:
        entries.append(f"{CRITERION_PARTIALLY_DECOMPOSED}:{address}")
    return entries


def compact_share(run: CriteriaRun) -> dict[str, Any]:
    """What the compact reply carries of a niche: the criterion, its candidates, who is close."""
    criterion = run.criterion
    shared: dict[str, Any] = {
        "criterion": {
            "address": criterion.address if criterion else None,
            "status": run.status,
            "status_reason": run.status_reason,
            "counts": run.lists.counts if run.lists else None,
        },
        "candidates": run.candidates.get("entities", 0),
        "close": run.lists.close if run.lists else {"total": 0, "matches": []},
    }
    if run.resolved.found_by:  # a brief's niche answered by a criterion of other words
        shared["criterion"] |= {"found_by": run.resolved.found_by, "text": criterion.text}
    if run.plan is not None:
        shared["criterion"]["plan"] = plan_said(run)
    if run.reads.get("failures"):  # which fault, and why, each failed read ended in
        shared["criterion"]["failures"] = run.reads["failures"]
    if run.status == PARTIAL:
        shared["reading"] = {
            "done": run.reads.get("reused", 0) + run.reads.get("done", 0),
            "of": run.reads.get("needed", 0),
            "status": run.status,
            "because": run.status_reason,
            "background": run.background.get("reading", False),
            "retry_after_s": run.background.get("retry_after_s", 0),
        }
    return shared


def plan_said(run: CriteriaRun) -> dict[str, Any]:
    """The read's plan as it was priced before anything was read: the candidates' documents,
    how many were judged already (reused), how many it reads and what that costs at most."""
    plan = run.plan
    assert plan is not None
    return {
        "documents": plan.needed,
        "reused": len(plan.reused),
        "to_read": len(plan.to_read),
        "cost_usd": run.estimate.get("cost_usd", 0.0),
        "cost_basis": run.estimate.get("cost_basis", ""),
        "calls_to_complete": run.estimate.get("calls_to_complete", 0),
    }
