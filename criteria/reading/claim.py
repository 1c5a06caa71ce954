"""Reading one planned document: claim its judgment, ask the reader, check, store once.

Runs in a django-q2 worker (criteria.tasks.judgment_read) or inside the call when background
reading is off. A judgment is claimed by one worker at a time, as a lease: while the read runs
a heartbeat renews it (every quarter of the lease, well inside a model call's timeout), so a
claim whose lease ran out is a dead worker's (SIGKILL, a lost machine) and the next call or
task takes it again within about a minute. Each claim is numbered (attempts): only the holder
of the current claim renews it or writes the judgment, so what is written is written once.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from django.conf import settings
from django.db import connection
from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from criteria.models import Criterion, Judgment
from criteria.reading.read import Asks, judge_document
from criteria.types import Facet
from limma import door
from limma.door.shapes import SecondCallRequest
from limma.models import Document, LedgerEntry
from limma.models.workspaces import workspace_vocabulary


def claim_lease() -> dt.timedelta:
    """How long a claim holds without a heartbeat (LIMMA_CLAIM_LEASE_SECONDS, 60 s)."""
    return dt.timedelta(seconds=float(getattr(settings, "LIMMA_CLAIM_LEASE_SECONDS", 60)))


def heartbeat_seconds() -> float:
    return claim_lease().total_seconds() / 4


# A model call that did not answer: the read fails with its cause, a narrower call answers None.
CALL_FAILED = (
    door.ModelCallFailed,
    door.ModelReplyInvalid,
    door.ModelUnavailable,
    door.SpendSwitchOff,
)


# A read refused at a spend ceiling before its call was sent: nothing was read, so it is no
# judgment (a later plan reads it again); its search is partial, spend_cap.
SPEND_CAP = "spend_cap"


def failure_name(error: Exception) -> str:
    """What a failed read records: the fault's type and, for a call that got no reply, why
    (model_call_failed:timeout, :rate_limited, :server_error, ...; model_reply_invalid;
    spend_cap:ceiling_visitor, :ceiling_day)."""
    if isinstance(error, door.CeilingReached):
        return f"{SPEND_CAP}:{error.type}"
    kind = getattr(error, "type", type(error).__name__)
    cause = getattr(error, "cause", "")
    return f"{kind}:{cause}" if cause else kind


def failure_kind(failure: str) -> str:
    """The fault's type of a recorded failure, without its cause."""
    return failure.partition(":")[0]


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
    """Take a queued judgment (or one whose lease ran out); None when another holds it.

    The claim is numbered in the same update (attempts + 1): the number is the claim's token."""
    now = timezone.now()
    claimed = (
        Judgment.objects.filter(pk=judgment_id)
        .filter(
            Q(state=Judgment.State.QUEUED)
            | Q(state=Judgment.State.IN_FLIGHT, claimed_at__lt=now - claim_lease())
        )
        .update(state=Judgment.State.IN_FLIGHT, claimed_at=now, attempts=F("attempts") + 1)
    )
    if not claimed:
        return None
    return Judgment.objects.select_related("criterion", "document__entity").get(pk=judgment_id)


def judgment_read(judgment_id: int) -> str:
    """Read one document for one criterion; returns the state it ended in."""
    judgment = judgment_claim(judgment_id)
    if judgment is None:
        return "held_elsewhere"
    request_id = f"judgment:{judgment.pk}:{judgment.attempts}"
    context = door.CallContext(
        workspace_id=judgment.criterion.workspace_id, api_key_id=None, request_id=request_id
    )
    with lease_kept(judgment):
        try:
            outcome = _read(judgment.criterion, judgment.document, context)
        except (*CALL_FAILED, door.CeilingReached) as failed:
            failure = failure_name(failed)
            _finish(judgment, request_id, state=Judgment.State.FAILED, failure=failure)
            return Judgment.State.FAILED
        _finish(judgment, request_id, state=Judgment.State.DONE, outcome=outcome)
    return Judgment.State.DONE


def held(judgment: Judgment):
    """The judgment while this claim is still its claim (the lease not taken by another)."""
    return Judgment.objects.filter(
        pk=judgment.pk, state=Judgment.State.IN_FLIGHT, attempts=judgment.attempts
    )


@contextmanager
def lease_kept(judgment: Judgment) -> Iterator[None]:
    """Renew the claim's lease every heartbeat_seconds() while the block runs."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(heartbeat_seconds()):
                held(judgment).update(claimed_at=timezone.now())
        finally:
            connection.close()  # this thread's own connection, when a beat opened one

    heart = threading.Thread(target=beat, name=f"lease-{judgment.pk}", daemon=True)
    heart.start()
    try:
        yield
    finally:
        stop.set()
        heart.join()


def _read(criterion: Criterion, document: Document, context: door.CallContext) -> dict:
    facets = facets_of(criterion)
    person = document.entity.display_name if document.entity else None
    reply = door.call(
        "reader",
        {
            "criterion": criterion.text,
            "facets": [facets_shown(facet) for facet in facets],
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


def facets_shown(facet: Facet) -> dict:
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
    held(judgment).update(
        state=state,
        failure=failure,
        outcome=outcome,
        calls=judgment.calls + spent["calls"],
        usd=judgment.usd + (spent["usd"] or Decimal("0")),
        adjudicated=spent["adjudicated"] > 0,
        typed=spent["typed"] > 0,
    )
