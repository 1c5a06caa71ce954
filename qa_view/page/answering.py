"""A visitor's queued question answered in a worker: the agent run under the ceilings, and what
the page keeps of it (its page events, the evidence of the search the answer came from, the
words its documents use instead when nobody fits).

The run is claimed first, so a task run twice answers once. Every paid call is the visitor's
and held under the ceilings (qa_view.page.ceilings); the loop itself is qa_view.agent.loop, and
what the page is sent of it is saved on the Run as it comes (qa_view.answer.stream).
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils import timezone

from limma import door
from qa_view.agent.loop import run_question
from qa_view.answer.codes import AGENT_FAILED
from qa_view.answer.instead import words_instead
from qa_view.answer.origin import LIST, Origin, Search, origin_of
from qa_view.answer.stream import SearchSeen
from qa_view.models import Run, Visitor
from qa_view.page.ceilings import VisitorSpendGuard, ceiling_reached, left_to_spend
from qa_view.page.outside import OUTSIDE_STOP, outside_the_directory

logger = logging.getLogger(__name__)


def run_execute(*, run_id: int) -> None:
    """Answer one queued run; safe to call twice (only the call that claims it runs it)."""
    claimed = Run.objects.filter(pk=run_id, state=Run.State.QUEUED).update(
        state=Run.State.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return
    run = Run.objects.select_related("visitor__workspace", "visitor__api_key").get(pk=run_id)
    visitor = run.visitor
    reached = ceiling_reached(visitor)
    if reached is not None:  # spent elsewhere while this one waited: still nothing runs
        _finished(run, Run.State.FAILED, error_code=reached)
        return
    asked_alone = run.example is None and run.follow_up is None
    if asked_alone and outside_the_directory(run.question, key=visitor.api_key):
        # Said at once: nothing read, no model called, no judgment written.
        _finished(run, Run.State.DONE, stop=OUTSIDE_STOP)
        return
    try:
        # Every call the run causes is the visitor's, held under the ceilings: the agent's, and
        # the brief, split and reads of its searches (a background read is handed the name).
        with door.calls_for_visitor(visitor.ledger_name):
            outcome = run_question(
                workspace=visitor.workspace,
                key=visitor.api_key,
                question=run.question,
                follow_up=run.follow_up,
                visitor=visitor.ledger_name,
                request_id=run.request_id,
                example=run.example,
                run_pk=run.pk,
                max_usd=left_to_spend(visitor),
                spend_guard=VisitorSpendGuard(visitor),
            )
    except Exception:
        # A bug, not a refusal: recorded on the run, so the page says one sentence, not a 500.
        logger.exception("the Q&A run %s failed", run.pk)
        _finished(run, Run.State.FAILED, error_code=AGENT_FAILED)
        return
    events = list(outcome.page_events)
    origin = origin_of(events, niche=bool(run.niche))
    evidence = answer_evidence(origin.search, events, outcome.searches)
    instead = way_on(visitor, origin)
    if instead:
        evidence = {**evidence, "instead": instead}
    _finished(
        run,
        Run.State.FAILED if outcome.error_code else Run.State.DONE,
        page_events=events,
        evidence=evidence,
        answer=outcome.answer or "",
        stop=outcome.stop or "",
        error_code=outcome.error_code or "",
    )


def _finished(run: Run, state: str, **fields: Any) -> None:
    for name, value in {"state": state, "finished_at": timezone.now(), **fields}.items():
        setattr(run, name, value)
    run.save()


def way_on(visitor: Visitor, origin: Origin) -> dict[str, Any]:
    """When a niche met nobody: the words its near misses' documents use instead (nothing read,
    nothing spent); empty otherwise, or when they could not be fetched."""
    search = origin.search
    if origin.kind != LIST or origin.listed or search is None or not search.criterion:
        return {}
    try:
        return words_instead(key=visitor.api_key, workspace=visitor.workspace, search=search)
    except Exception:  # a way on is offered where it can be, never at the answer's cost
        logger.exception("the words instead could not be fetched")
        return {}


def answer_evidence(
    search: Search | None, events: list[dict[str, Any]], searches: list[SearchSeen]
) -> dict[str, Any]:
    """The evidence of the replies the answer came from, kept when each search was made: the
    n-th reply the page was sent is the n-th search the agent made."""
    if search is None:
        return {}
    replies = [
        e["data"]["reply"]
        for e in events
        if e.get("kind") == "reply" and "reply" in e.get("data", {})
    ]
    used = [id(reply) for reply in search.replies]
    merged: dict[str, Any] = {"facets": {}, "people": {}}
    for reply, seen in zip(replies, [s for s in searches if s.ok], strict=False):
        if id(reply) in used and seen.evidence:
            merged["facets"] |= seen.evidence.get("facets") or {}
            merged["people"] |= seen.evidence.get("people") or {}
            if "close" in seen.evidence:  # the last page's: every page holds the same list
                merged["close"] = seen.evidence["close"]
    return merged if merged["people"] else {}
