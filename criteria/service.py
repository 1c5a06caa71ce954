"""A niche read as one more condition of a search: resolve, plan, price, read, and list.

The read is handed to django-q2 workers (LIMMA_CRITERIA_BACKGROUND on) and the call waits for
it up to max_seconds; with background reading off, documents are read inside the call until
its wall. Either way a call returns what is judged so far, and a call again with the address
waits for the rest and starts nothing a reader already holds.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings as django_settings
from django.db.models import Count, F, Q, Sum
from django.utils import timezone
from django_q.tasks import async_task

from criteria.criterion.address import reader_identity
from criteria.criterion.resolve import Resolved, criterion_resolve
from criteria.criterion.split import DECOMPOSITION_FAILED, INCOMPLETE
from criteria.likeliest import likeliest_first, similarity_of
from criteria.lists.four import Lists
from criteria.lists.gather import ENTITY_FIELDS, JUDGMENT_FIELDS, RunState, Stored, run_gather
from criteria.lists.rows import match_rows_write
from criteria.many import among
from criteria.models import Criterion, Judgment
from criteria.plan import (
    OFFLINE_SECONDS_PER_READ,
    SECONDS_PER_READ,
    Budget,
    Plan,
    budget_check,
    estimate,
    plan_build,
)
from criteria.reading.claim import SPEND_CAP, claim_lease, facets_of, failure_kind, plan_read
from criteria.rules.recency.judged_at import judged_at
from criteria.status import (
    COMPLETE,
    DECOMPOSITION_INCOMPLETE,
    MAX_READS,
    MAX_USD,
    MODEL_UNAVAILABLE,
    NOT_RUN,
    ORDINARY_CONSTRAINT_NOT_BOUND,
    OVER_BUDGET,
    OVER_BUDGET_DURING_READ,
    PARTIAL,
    PROVIDER_REFUSED,
    REUSE_ONLY_CRITERION_UNKNOWN,
    TIME_BUDGET,
)
from criteria.watch import current_watch
from limma import door
from limma.conf import limma_settings
from limma.errors import Forbidden
from limma.models import ApiKey, Entity, LedgerEntry, Workspace

READ_NEEDS_WRITE = "Reading profiles stores judgments: it needs an analyst or admin key."
READ_NEEDS_WRITE_TYPE = "criteria_read_needs_write"  # the refusal's detail.type
POLL_SECONDS = 0.2
# A queued judgment handed to the workers this long ago and never claimed is handed again
# (a broker that lost the task): longer than the broker's own retry.
RESUBMIT_AFTER = timedelta(seconds=int(django_settings.Q_CLUSTER.get("retry", 960)))
# A worker's task reads its share of a plan this long at most, then hands on the rest: a third
# of the cluster's timeout leaves the last read it began time to finish.
TASK_READING_SECONDS = int(django_settings.Q_CLUSTER.get("timeout", 900)) / 3


@dataclass
class CriteriaRun:
    resolved: Resolved
    budget: Budget
    status: str
    status_reason: str | None = None
    plan: Plan | None = None
    lists: Lists | None = None
    estimate: dict[str, Any] = field(default_factory=dict)
    reads: dict[str, Any] = field(default_factory=dict)
    usage: dict[str, Any] = field(default_factory=dict)
    background: dict[str, Any] = field(default_factory=dict)
    candidates: dict[str, int] = field(default_factory=dict)
    request_id: str = ""
    rows: dict[int, int] = field(default_factory=dict)  # matched entity pk -> its extracted row
    # Every candidate's list (matched, none, undetermined, not_recorded), uncut, by entity pk.
    verdicts: dict[int, str] = field(default_factory=dict)

    @property
    def criterion(self) -> Criterion | None:
        return self.resolved.criterion


def criteria_run(
    *,
    key: ApiKey,
    workspace: Workspace,
    raw: Any,
    budget_raw: Any,
    entity_pks: list[int],
    list_limit: int,
    request_id: str,
    not_bound: bool = False,
    as_of: str = "",
    from_brief: bool = False,
) -> CriteriaRun:
    """as_of: the search's ("YYYY", "YYYY-MM", "YYYY-MM-DD"; today where empty) — the day a
    recency is decided at; with the record as it stands, applied when the lists are built.

    from_brief: the niche a brief compiled to, found by its facets among the criteria already
    read (criteria.criterion.alike); a read-only key that asks no reads is served what is
    stored, as with max_reads 0, instead of refused for the brief's wording."""
    budget = budget_check(budget_raw)
    if from_brief and not key.may_write and "max_reads" not in (budget_raw or {}):
        budget = replace(budget, max_reads=0)
    context = door.CallContext(workspace_id=workspace.id, api_key_id=key.pk, request_id=request_id)
    resolved = criterion_resolve(
        workspace=workspace,
        raw=raw,
        context=context,
        may_mint=key.may_write,
        by_facets=from_brief,
    )
    if resolved.unknown:
        # A read-only key is served stored judgments only: nothing is minted for it (and a
        # criterion it sent, never read, is not split either).
        if budget.max_reads == 0:
            return CriteriaRun(resolved, budget, NOT_RUN, REUSE_ONLY_CRITERION_UNKNOWN)
        raise Forbidden(READ_NEEDS_WRITE_TYPE, reason=READ_NEEDS_WRITE)
    if resolved.criterion is None:
        return CriteriaRun(resolved, budget, NOT_RUN, _split_reason(resolved))
    if not_bound:
        return CriteriaRun(resolved, budget, NOT_RUN, ORDINARY_CONSTRAINT_NOT_BOUND)
    criterion = resolved.criterion
    identity = reader_identity()
    plan = plan_build(
        key=key,
        criterion=criterion,
        entity_pks=entity_pks,
        identity=identity,
        retry_failed=budget.retry_failed,
    )
    run = CriteriaRun(
        resolved,
        budget,
        COMPLETE,
        plan=plan,
        request_id=request_id,
        estimate=estimate(plan.to_read, facets_of(criterion), max_seconds=budget.max_seconds),
    )
    refusal = _refusal(run, key, budget)
    if refusal:
        run.status, run.status_reason = refusal
    elif plan.to_read or plan.in_flight:
        if not door.available("reader"):
            run.status, run.status_reason = NOT_RUN, MODEL_UNAVAILABLE
        else:
            # A read the call cannot finish answers with what it read first: the likeliest
            # matches (a plan only priced is never ordered, so nothing is embedded for it).
            facets = facets_of(criterion)
            plan.to_read = likeliest_first(
                plan.to_read,
                text=criterion.text,
                facets=facets,
                vocabulary=workspace.vocabulary,
                similarity=similarity_of(plan.to_read, facets),
            )
            _read(run, identity, budget)
    _gather(run, entity_pks, list_limit, key=key, as_of=as_of)
    return run


def _split_reason(resolved: Resolved) -> str:
    split = resolved.split
    if split is None or split.status == INCOMPLETE:
        return DECOMPOSITION_INCOMPLETE
    return getattr(split, "reason", None) or DECOMPOSITION_FAILED


def _refusal(run: CriteriaRun, key: ApiKey, budget: Budget) -> tuple[str, str] | None:
    plan = run.plan
    assert plan is not None
    if not plan.to_read:
        return None
    if budget.max_reads == 0:
        criterion = run.criterion
        known = Judgment.objects.filter(criterion=criterion).exists()
        return (OVER_BUDGET, MAX_READS) if known else (NOT_RUN, REUSE_ONLY_CRITERION_UNKNOWN)
    if not key.may_write:
        raise Forbidden(READ_NEEDS_WRITE_TYPE, reason=READ_NEEDS_WRITE)
    if budget.max_usd == 0:  # prices only, whatever the price
        return OVER_BUDGET, MAX_USD
    if Decimal(str(run.estimate["cost_usd"])) > budget.max_usd:
        return OVER_BUDGET, MAX_USD
    if len(plan.to_read) > budget.max_reads:
        return OVER_BUDGET, MAX_READS
    return None


def _read(run: CriteriaRun, identity: str, budget: Budget) -> None:
    """Read the plan: in the workers (the call waits up to max_seconds) or inside the call."""
    ids = _queued(run, identity)
    deadline = time.monotonic() + budget.max_seconds
    watch = current_watch()
    watch.progress(len(ids) - _open_count(ids), len(ids))
    if limma_settings().criteria_background:
        handed_at, handed = time.monotonic(), timezone.now()
        _submit(ids)
        told = -1
        while (still := _open_count(ids)) and time.monotonic() < deadline and not watch.stopped:
            if still != told:
                watch.progress(len(ids) - still, len(ids))
                told = still
            if time.monotonic() - handed_at >= unclaimed_seconds() and not _claimed_since(
                ids, handed
            ):
                # No worker took any of it (the cluster is dead or stuck): the call reads the
                # rest itself, claiming each read as a worker would, so none is read twice.
                _read_in_call(run, ids, budget, deadline)
                break
            # The last reads (one a worker or fewer) are watched closely: the reply follows
            # the last of them by a fraction of a poll, not by a whole one.
            time.sleep(POLL_SECONDS if still > cluster_workers() else POLL_SECONDS / 4)
    else:
        _read_in_call(run, ids, budget, deadline)
    if watch.stopped:
        _given_back(ids)
    still_open = _open_count(ids)
    if run.status != OVER_BUDGET_DURING_READ:  # what was read stands; the rest waits
        _settle_status(run, ids, still_open=bool(still_open))
    run.background = {
        "reading": bool(still_open) and limma_settings().criteria_background,
        "queued": Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.QUEUED).count(),
        "in_flight": Judgment.objects.filter(
            pk__in=among(ids), state=Judgment.State.IN_FLIGHT
        ).count(),
        "retry_after_s": retry_after_s(ids) if still_open else 0,
    }


def unclaimed_seconds() -> float:
    """How long a call waits for a worker to claim any read of its plan before it reads the
    plan itself (LIMMA_UNCLAIMED_SECONDS)."""
    return float(getattr(django_settings, "LIMMA_UNCLAIMED_SECONDS", 10))


def _claimed_since(ids: list[int], handed: datetime) -> bool:
    return Judgment.objects.filter(pk__in=among(ids), claimed_at__gte=handed).exists()


def retry_after_s(ids: list[int]) -> int:
    """About when a call again finds the rest read: the open reads at SECONDS_PER_READ over the
    workers, and never later than a dead worker's lease runs out (then a call takes it again)."""
    per_read = (
        OFFLINE_SECONDS_PER_READ if limma_settings().provider == "offline" else SECONDS_PER_READ
    )
    lease = claim_lease().total_seconds()
    return max(1, math.ceil(min(_open_count(ids) * per_read / cluster_workers(), lease)))


def _queued(run: CriteriaRun, identity: str) -> list[int]:
    """The plan's judgments, made once (a task run twice writes nothing twice)."""
    plan, criterion = run.plan, run.criterion
    Judgment.objects.bulk_create(
        [  # by id: a thousand rows made without a thousand related-object checks
            Judgment(criterion_id=criterion.pk, document_id=document.pk, reader_identity=identity)
            for document in plan.to_read
        ],
        ignore_conflicts=True,
    )
    order = [document.pk for document in plan.to_read] + [j.document_id for j in plan.in_flight]
    by_document = dict(
        Judgment.objects.filter(
            criterion=criterion, reader_identity=identity, document__in=among(order)
        ).values_list("document_id", "pk")
    )
    # In the plan's order, which reads the likeliest first (in the call and in the workers).
    ids = [by_document[pk] for pk in order if pk in by_document]
    # A failure read again (retry_failed) is new work: its attempt is reported by this call.
    Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.FAILED).update(
        state=Judgment.State.QUEUED, reported=False, submitted_at=None
    )
    return ids


def _read_in_call(run: CriteriaRun, ids: list[int], budget: Budget, deadline: float) -> None:
    """Background reading off: read until the wall, and stop at the read that crossed max_usd.

    The plan's spend is summed once and then kept as a running sum, each read adding what it
    cost: a read's own cost does not grow with the plan."""
    costs = dict(Judgment.objects.filter(pk__in=among(ids)).values_list("pk", "usd"))
    spent = sum(costs.values(), Decimal("0"))
    watch = current_watch()
    settled = len(ids) - _open_count(ids)

    def go_on() -> bool:
        return time.monotonic() < deadline and spent <= budget.max_usd and not watch.stopped

    with closing(plan_read(ids, go_on=go_on)) as reads:
        for read in reads:
            spent += (read.usd or Decimal("0")) - costs[read.judgment_id]
            settled += 1
            watch.progress(settled, len(ids))
            if read.failure.startswith(f"{SPEND_CAP}:"):
                break  # every read after it would be refused at the same ceiling
    if spent > budget.max_usd and _open_count(ids):
        run.status, run.status_reason = OVER_BUDGET_DURING_READ, MAX_USD


def _given_back(ids: list[int]) -> None:
    """A watcher stopped the read: what no worker has begun is given back (not read, not paid);
    a read already begun ends and is stored, for the next call to reuse."""
    Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.QUEUED).delete()


def _settle_status(run: CriteriaRun, ids: list[int], *, still_open: bool) -> None:
    if _at_spend_cap(ids):
        run.status, run.status_reason = PARTIAL, SPEND_CAP
        return
    if still_open:
        run.status, run.status_reason = PARTIAL, TIME_BUDGET
        return
    failed = Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.FAILED)
    failures = {failure_kind(failure) for failure in failed.values_list("failure", flat=True)}
    if not failures:
        return
    if failures in ({door.ModelUnavailable.type}, {door.SpendSwitchOff.type}):
        run.status, run.status_reason = PARTIAL, MODEL_UNAVAILABLE
    elif (
        len(failures) == 1
        and not Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.DONE).exists()
    ):
        # The model refused every read of this call with one error: say so, do not loop.
        run.status, run.status_reason = NOT_RUN, PROVIDER_REFUSED


def _submit(ids: list[int]) -> None:
    """Hand the workers what no call handed them yet, or what a dead worker left: a claim whose
    lease ran out, and — when no read of the plan was claimed or renewed for a whole lease (its
    workers are gone) — the queued reads handed out before then, which a broker may still hold
    for a dead worker until its own retry."""
    now = timezone.now()
    stale = now - claim_lease()
    plan = Judgment.objects.filter(pk__in=among(ids))
    stalled = not plan.filter(claimed_at__gte=stale).exists()
    waiting = plan.filter(
        Q(state=Judgment.State.QUEUED, submitted_at__isnull=True)
        | Q(state=Judgment.State.QUEUED, submitted_at__lt=now - RESUBMIT_AFTER)
        | Q(state=Judgment.State.IN_FLIGHT, claimed_at__lt=stale)  # its worker died
        | (Q(state=Judgment.State.QUEUED, submitted_at__lt=stale) if stalled else Q(pk__in=[]))
    )
    waiting_ids = set(waiting.values_list("pk", flat=True))
    handed = [judgment_id for judgment_id in ids if judgment_id in waiting_ids]  # plan order
    # Handed first, marked handed after: the workers start on the plan while this call writes.
    _tasks_hand_out(handed, door.current_visitor())
    Judgment.objects.filter(pk__in=among(handed)).update(submitted_at=now)


def _tasks_hand_out(ids: list[int], visitor: str) -> None:
    """One task per worker (never more than the reads), each walking the whole plan and
    claiming from it, so the workers share it to its end. Whose question asked for the read
    goes with it, so its calls are theirs."""
    for _ in range(min(cluster_workers(), len(ids))):
        async_task("criteria.tasks.plan_read", ids, visitor)


def workers_read(ids: list[int], visitor: str) -> dict[str, int]:
    """A worker's share of a plan handed to the workers: what it claims of it, read until the
    plan is read or held, or until its time is up — then it hands on what is left (a task of
    its own), well before the cluster's timeout would stop it mid-read."""
    stop_at = time.monotonic() + TASK_READING_SECONDS
    states: Counter[str] = Counter()
    reads = plan_read(
        ids,
        workers=cluster_workers(),
        go_on=lambda: time.monotonic() < stop_at,
        hand_on=lambda waiting: _tasks_hand_out(waiting, visitor),  # what waited behind a slow read
        write_behind=True,  # the next model call does not wait for the last write
    )
    with door.calls_for_visitor(visitor), closing(reads):
        for read in reads:
            states[read.state] += 1
    if time.monotonic() >= stop_at:
        async_task("criteria.tasks.plan_read", ids, visitor)
    return dict(states)


def cluster_workers() -> int:
    """The cluster's workers as this process knows them (LIMMA_WORKERS: the API process and the
    cluster are started with the same settings)."""
    return max(1, int(django_settings.Q_CLUSTER.get("workers", 1)))


def _at_spend_cap(ids: list[int]) -> bool:
    """Whether a read of these was refused at a spend ceiling (nothing of it was sent)."""
    failed = Judgment.objects.filter(pk__in=among(ids), state=Judgment.State.FAILED)
    return failed.filter(failure__startswith=f"{SPEND_CAP}:").exists()


def _open_count(ids: list[int]) -> int:
    return Judgment.objects.filter(
        pk__in=among(ids), state__in=(Judgment.State.QUEUED, Judgment.State.IN_FLIGHT)
    ).count()


def _gather(
    run: CriteriaRun, entity_pks: list[int], list_limit: int, *, key: ApiKey, as_of: str = ""
) -> None:
    """The run's reply from what is stored (criteria.lists.gather, pure), then the two writes:
    the match rows, and the judgments now reported marked so."""
    plan, criterion = run.plan, run.criterion
    at = judged_at(
        key=key,
        criterion=criterion,
        entity_pks=entity_pks,
        documents=plan.documents,
        as_of=as_of,
    )
    built = run_gather(
        _stored(run, entity_pks),
        plan=plan,
        entity_pks=entity_pks,
        facets=list(facets_of(criterion)),
        vocabulary=criterion.workspace.vocabulary,
        list_limit=list_limit,
        at=at,
        run=RunState(run.status, run.status_reason, run.background),
    )
    run.lists, run.verdicts = built.lists, built.verdicts
    run.reads, run.usage = built.reads, built.usage
    run.candidates = {"entities": len(entity_pks), "documents": plan.needed}
    run.rows = match_rows_write(
        criterion=criterion,
        matched=built.matched,
        candidates=entity_pks,
        documents={document.source_id: document for document in plan.documents},
    )
    Judgment.objects.filter(pk__in=among(j.pk for j in built.fresh)).update(
        reported=True, reported_calls=F("calls"), reported_usd=F("usd")
    )


def _stored(run: CriteriaRun, entity_pks: list[int]) -> Stored:
    """What the run's reply is built from: its plan's judgments by this reader, the
    candidates, and the criteria splitter's calls for the request."""
    judgments = Judgment.objects.filter(
        criterion=run.criterion,
        reader_identity=reader_identity(),
        document__in=among(d.pk for d in run.plan.documents),
    ).only(*JUDGMENT_FIELDS)
    split = LedgerEntry.objects.filter(
        request_id=run.request_id, role="criteria_splitter"
    ).aggregate(calls=Count("id"), usd=Sum("usd"))
    return Stored(
        judgments={judgment.document_id: judgment for judgment in judgments},
        entities={
            entity.pk: entity
            for entity in Entity.objects.filter(pk__in=among(entity_pks)).only(*ENTITY_FIELDS)
        },
        split_calls=split["calls"],
        split_usd=split["usd"] or Decimal("0"),
    )
