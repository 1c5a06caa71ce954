"""Reading one planned document: claim its judgment, ask the reader, check, store once.

Runs in a django-q2 worker (criteria.tasks.judgment_read) or inside the call when background
reading is off. A judgment is claimed by one worker at a time; a claim older than the read's
wall is taken again (a worker killed mid-read), and what is written is written once.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from criteria.models import Criterion, Judgment
from criteria.read import Asks, judge_document
from criteria.types import Facet
from limma import door
from limma.door.shapes import SecondCallRequest
from limma.models import Document, LedgerEntry
from limma.models.workspaces import workspace_vocabulary

CLAIM_STALE_AFTER = dt.timedelta(seconds=900)
# A model call that did not answer: the read fails with its cause, a narrower call answers None.
CALL_FAILED = (
    door.ModelCallFailed,
    door.ModelReplyInvalid,
    door.ModelUnavailable,
    door.SpendSwitchOff,
)


def facets_of(criterion: Criterion) -> tuple[Facet, ...]:
    return tuple(
        Facet(
            **{
                **raw,
                "carried": tuple(raw.get("carried") or ()),
                "also": tuple(raw.get("also") or ()),
            }
        )
        for raw in criterion.facets
    )


def judgment_claim(judgment_id: int) -> Judgment | None:
    """Take a queued judgment (or one whose worker went silent); None when another holds it."""
    stale = timezone.now() - CLAIM_STALE_AFTER
    claimed = (
        Judgment.objects.filter(pk=judgment_id)
        .filter(
            Q(state=Judgment.State.QUEUED) | Q(state=Judgment.State.IN_FLIGHT, claimed_at__lt=stale)
        )
        .update(
            state=Judgment.State.IN_FLIGHT, claimed_at=timezone.now(), attempts=F("attempts") + 1
        )
    )
    if not claimed:
        return None
    return Judgment.objects.select_related("criterion", "document__entity").get(pk=judgment_id)


def judgment_read(judgment_id: int) -> str:
    """Read one document for one criterion; returns the state it ended in."""
    judgment = judgment_claim(judgment_id)
    if judgment is None:
        return "held_elsewhere"
    request_id = f"judgment:{judgment.pk}:{judgment.attempts}"  # the claim counted it
    context = door.CallContext(
        workspace_id=judgment.criterion.workspace_id, api_key_id=None, request_id=request_id
    )
    try:
        outcome = _read(judgment.criterion, judgment.document, context)
    except CALL_FAILED as failed:
        _finish(judgment, request_id, state=Judgment.State.FAILED, failure=failed.type)
        return Judgment.State.FAILED
    _finish(judgment, request_id, state=Judgment.State.DONE, outcome=outcome)
    return Judgment.State.DONE


def _read(criterion: Criterion, document: Document, context: door.CallContext) -> dict:
    facets = facets_of(criterion)
    person = document.entity.display_name if document.entity else None
    reply = door.call(
        "reader",
        {
            "criterion": criterion.text,
            "facets": [_shown(facet) for facet in facets],
            "person": person or None,
            "document": {
                "source_id": document.source_id,
                "kind": document.kind,
                "text": document.text,
            },
        },
        context=context,
    )
    judged = judge_document(
        source_id=document.source_id,
        text=document.text,
        facets=facets,
        reply=reply,
        vocabulary=workspace_vocabulary(criterion.workspace_id),
        person=person or None,
        asks=_asks(context),
        as_of=document.document_date,
    )
    return judged.to_json()


def _shown(facet: Facet) -> dict:
    """A facet as the reading model is shown it: its words and what they ask, no more."""
    shown = {"key": facet.key, "kind": facet.kind, "text": facet.text, "value": facet.value}
    if facet.min_years is not None:
        shown["min_years"] = facet.min_years
    if facet.current is not None:
        shown["current"] = facet.current
    if facet.within_years is not None:
        shown["within_years"] = facet.within_years
    return shown


def _asks(context: door.CallContext) -> Asks:
    def second_call(request: SecondCallRequest):
        try:
            return door.call("second_call", request, context=context)
        except CALL_FAILED:
            return None

    def typing_call(sentences: list[str], axis: str, terms: list[str]):
        try:
            return door.call(
                "typing_call",
                {"sentences": sentences, "axis": axis, "terms": terms},
                context=context,
            )
        except CALL_FAILED:
            return None

    return Asks(second_call=second_call, typing_call=typing_call)


def _finish(
    judgment: Judgment,
    request_id: str,
    *,
    state: str,
    failure: str = "",
    outcome: dict | None = None,
) -> None:
    spent = LedgerEntry.objects.filter(request_id=request_id).aggregate(
        calls=Count("id"),
        usd=Sum("usd"),
        adjudicated=Count("id", filter=Q(role="second_call")),
        typed=Count("id", filter=Q(role="typing_call")),
    )
    Judgment.objects.filter(pk=judgment.pk, state=Judgment.State.IN_FLIGHT).update(
        state=state,
        failure=failure,
        outcome=outcome,
        calls=judgment.calls + spent["calls"],
        usd=judgment.usd + (spent["usd"] or Decimal("0")),
        adjudicated=spent["adjudicated"] > 0,
        typed=spent["typed"] > 0,
    )
