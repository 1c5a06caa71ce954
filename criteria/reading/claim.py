"""Reading a plan's documents: claim their judgments, ask the reader, check, store once.

Runs in django-q2 workers (criteria.tasks.plan_read: each worker walks the plan) or inside the
call when background reading is off. A reader claims a batch of judgments in one write and
then writes each judgment once, its outcome; the batch shrinks as the plan runs out, so the
last claims are of one judgment each and the workers finish together. A claim is a lease:
while the reader reads, a heartbeat renews it (every quarter of the lease, well inside a model
call's timeout), so a claim whose lease ran out is a dead worker's (SIGKILL, a lost machine)
and the next call or task takes it again within about a minute. Each claim is numbered
(attempts): only the holder of the current claim renews it or writes the judgment, so what is
written is written once; what a reader claimed and did not read is given back when it stops.
"""

from __future__ import annotations

import datetime as dt
import math
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from decimal import Decimal
from functools import partial, reduce
from operator import or_
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from criteria.many import among
from criteria.models import Criterion, Judgment
from criteria.reading.read import Asks, judge_document
from criteria.types import Facet
from limma import door, one_row
from limma.door.shapes import SecondCallRequest
from limma.models import Document
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


# A claim takes at most this many judgments: a worker's batch, one write for all of them.
CLAIM_MOST = 16


@dataclass(frozen=True)
class Read:
    """One judgment read: the state it ended in and what it has cost in all (usd; None when
    its write is made behind the read)."""

    judgment_id: int
    state: str
    usd: Decimal | None
    failure: str = ""


def claim_size(remaining: int, workers: int) -> int:
    """How many judgments one claim takes, never above CLAIM_MOST. A reader alone takes what
    it can; readers sharing a plan take a share of what is left (guided self-scheduling):
    batches are large while much is left and of one at the end, so no worker sits idle while
    another still holds a batch."""
    if workers <= 1:
        return max(1, min(CLAIM_MOST, remaining))
    return max(1, min(CLAIM_MOST, math.ceil(remaining / (2 * workers))))


def claimable(now: dt.datetime) -> Q:
    """Queued, or claimed by a worker whose lease ran out (a dead one)."""
    return Q(state=Judgment.State.QUEUED) | Q(
        state=Judgment.State.IN_FLIGHT, claimed_at__lt=now - claim_lease()
    )


class Claims:
    """One reader's walk through a plan, in the plan's order: it claims a batch of judgments
    with one write (each numbered in that write: attempts + 1, the claim's token), keeps their
    lease while it reads them, and gives back what it did not read when it stops.

    Several readers (workers, calls) walk the same plan at once: a claim locks the free
    judgments of its window (SELECT ... FOR UPDATE, in id order, so two claims never deadlock;
    SQLite's IMMEDIATE transactions take them one at a time), so each judgment is claimed by
    one of them. A read slower than a heartbeat does not hold its batch: the heartbeat gives
    back what waits behind it and hands it on (hand_on: to the other workers).

    write_behind: a judgment's write is made by a thread of its own while the next document
    is read, so a worker's next model call does not wait for the database — on PostgreSQL,
    outside a transaction (a thread's connection would not see it); SQLite takes one writer
    at a time, and a second connection of the same process would only wait for the first."""

    def __init__(
        self,
        ids: list[int],
        *,
        workers: int = 1,
        hand_on: Callable[[list[int]], None] | None = None,
        write_behind: bool = False,
    ) -> None:
        self.ids = list(ids)
        self.workers = max(1, workers)
        self.window = max(2, self.workers) * CLAIM_MOST
        self.cursor = 0  # ids before it were found claimed or read
        self.held: dict[int, int] = {}  # judgment id -> its claim's number (attempts)
        self.criteria: dict[int, Criterion] = {}  # the criteria of the judgments claimed, by id
        self.reading: tuple[int, float] | None = None  # the judgment being read, since when
        self.hand_on = hand_on
        self.lock = threading.Lock()
        self.write_behind = write_behind
        self.writes: queue.SimpleQueue[tuple[int, Callable[[], Any]] | None] | None = None
        self.pending: set[int] = set()  # read, its write not made yet
        self.write_failed: BaseException | None = None

    def claim(self) -> list[Judgment]:
        """The next batch, claimed; [] when the rest of the plan is read or held elsewhere."""
        while self.cursor < len(self.ids):
            window = self.ids[self.cursor : self.cursor + self.window]
            now = timezone.now()
            with transaction.atomic():
                free = dict(
                    Judgment.objects.select_for_update()
                    .filter(claimable(now), pk__in=among(window))
                    .order_by("pk")
                    .values_list("pk", "attempts")
                )
                in_order = [pk for pk in window if pk in free]
                beyond = len(self.ids) - self.cursor - len(window)
                taken = in_order[: claim_size(len(in_order) + beyond, self.workers)]
                if taken:
                    Judgment.objects.filter(pk__in=taken).update(
                        state=Judgment.State.IN_FLIGHT, claimed_at=now, attempts=F("attempts") + 1
                    )
            rest = in_order[len(taken) :]
            self.cursor += window.index(rest[0]) if rest else len(window)
            if not taken:
                continue
            with self.lock:
                self.held.update({pk: free[pk] + 1 for pk in taken})
            batch = Judgment.objects.select_related("document__entity").in_bulk(taken)
            return [self.with_criterion(batch[pk]) for pk in taken]
        return []

    def with_criterion(self, judgment: Judgment) -> Judgment:
        """The judgment with its criterion, loaded once for the walk: a plan's judgments are
        all of one criterion, and a criterion read for each of them cost more than its read."""
        criterion = self.criteria.get(judgment.criterion_id)
        if criterion is None:
            criterion = self.criteria[judgment.criterion_id] = judgment.criterion
        judgment.criterion = criterion
        return judgment

    def begin(self, judgment: Judgment) -> bool:
        """Whether this reader still holds the judgment (the heartbeat did not give it back);
        from now on it is being read and stays held."""
        with self.lock:
            if judgment.pk not in self.held:
                return False
            self.reading = (judgment.pk, time.monotonic())
            return True

    def holding(self) -> QuerySet[Judgment]:
        """The judgments whose claim is still this reader's (no lease taken by another)."""
        with self.lock:
            held = list(self.held.items())
        if not held:
            return Judgment.objects.none()
        return Judgment.objects.filter(
            reduce(or_, (Q(pk=pk, attempts=attempts) for pk, attempts in held)),
            state=Judgment.State.IN_FLIGHT,
        )

    def finish(self, judgment: Judgment, **written: Any) -> None:
        """The judgment's one write, while this claim is still its claim (from its values, no
        query compiled for it: limma/one_row.py)."""
        one_row.rows_update(
            Judgment,
            {"id": judgment.pk, "state": Judgment.State.IN_FLIGHT, "attempts": judgment.attempts},
            written,
        )
        with self.lock:
            self.held.pop(judgment.pk, None)
            self.pending.discard(judgment.pk)
            if self.reading and self.reading[0] == judgment.pk:
                self.reading = None

    def write(self, judgment: Judgment, written: Callable[[], Decimal]) -> Decimal | None:
        """Make the judgment's write now (returns what it returns), or behind (None)."""
        if self.writes is None:
            return written()
        with self.lock:
            self.pending.add(judgment.pk)
            self.reading = None
        self.writes.put((judgment.pk, written))
        return None

    def raise_write_failed(self) -> None:
        if self.write_failed is not None:
            raise self.write_failed

    def _writer(self) -> None:
        assert self.writes is not None
        try:
            while (write := self.writes.get()) is not None:
                pk, written = write
                try:
                    written()
                except Exception as error:  # not written: given back at the end, read again
                    self.write_failed = self.write_failed or error
                    with self.lock:
                        self.pending.discard(pk)
        finally:
            connection.close()  # this thread's own connection

    def give_back(self, pks: list[int] | None = None) -> list[int]:
        """What was claimed and is not being read (all of it, or of pks) is queued again, its
        claim not counted; returns what was given back. Once given back it is not begun."""
        with self.lock:
            kept = {self.reading[0]} if self.reading else set()
            pks = [
                pk
                for pk in (self.held if pks is None else pks)
                if pk in self.held and pk not in kept and pk not in self.pending
            ]
            given = [(pk, self.held.pop(pk)) for pk in pks]
        if given:
            Judgment.objects.filter(
                reduce(or_, (Q(pk=pk, attempts=attempts) for pk, attempts in given)),
                state=Judgment.State.IN_FLIGHT,
            ).update(state=Judgment.State.QUEUED, attempts=F("attempts") - 1)
        return [pk for pk, _ in given]

    def waiting_behind_a_slow_read(self) -> list[int]:
        """What this reader holds while a read of it has lasted a heartbeat or more."""
        with self.lock:
            if self.reading is None or time.monotonic() - self.reading[1] < heartbeat_seconds():
                return []
            return list(self.held)

    def beat(self) -> None:
        """A heartbeat: hand on what waits behind a slow read, renew the rest's lease."""
        hand_on = self.hand_on
        if (
            hand_on is not None
            and (waiting := self.waiting_behind_a_slow_read())
            and (given := self.give_back(waiting))
        ):
            hand_on(given)
        self.holding().update(claimed_at=timezone.now())

    @contextmanager
    def kept(self) -> Iterator[Claims]:
        """Beat every heartbeat_seconds() while the block runs (one write for the batch);
        give back the unread ones when it ends (and hand them on)."""
        stop = threading.Event()

        def beat() -> None:
            try:
                while not stop.wait(heartbeat_seconds()):
                    self.beat()
            finally:
                connection.close()  # this thread's own connection, when a beat opened one

        heart = threading.Thread(target=beat, name="lease", daemon=True)
        heart.start()
        writer = None
        if (
            self.write_behind
            and connection.vendor == "postgresql"
            and not connection.in_atomic_block
        ):
            self.writes = queue.SimpleQueue()
            writer = threading.Thread(target=self._writer, name="judgment-writes", daemon=True)
            writer.start()
        try:
            yield self
        finally:
            if writer is not None and self.writes is not None:
                self.writes.put(None)  # the writes made first: what is written is not given back
                writer.join()
                self.writes = None
            stop.set()
            heart.join()
            if (given := self.give_back()) and self.hand_on is not None:
                self.hand_on(given)
        self.raise_write_failed()


def plan_read(
    ids: list[int],
    *,
    workers: int = 1,
    go_on: Callable[[], bool] = lambda: True,
    hand_on: Callable[[list[int]], None] | None = None,
    write_behind: bool = False,
) -> Iterator[Read]:
    """Read the plan's judgments this reader can claim, in the plan's order, one Read each;
    go_on() is asked before each read, and what is claimed and unread when the reading stops
    (go_on false, the consumer closing the generator) is given back."""
    claims = Claims(ids, workers=workers, hand_on=hand_on, write_behind=write_behind)
    with claims.kept():
        while batch := claims.claim():
            for judgment in batch:
                claims.raise_write_failed()
                if not go_on():
                    return
                if claims.begin(judgment):
                    yield read_claimed(claims, judgment)


def judgment_read(judgment_id: int) -> str:
    """Read one document for one criterion; returns the state it ended in, or held_elsewhere
    when another reader holds it or it is read."""
    with closing(plan_read([judgment_id])) as reads:
        for read in reads:
            return read.state
    return "held_elsewhere"


def read_claimed(claims: Claims, judgment: Judgment) -> Read:
    """Ask the reader and write the judgment once: its outcome or its failure."""
    request_id = f"judgment:{judgment.pk}:{judgment.attempts}"
    context = door.CallContext(
        workspace_id=judgment.criterion.workspace_id, api_key_id=None, request_id=request_id
    )
    with door.calls_tallied() as tally:
        try:
            outcome = _read(judgment.criterion, judgment.document, context)
        except (*CALL_FAILED, door.CeilingReached) as failed:
            failure = failure_name(failed)
            written = partial(
                _finish, claims, judgment, tally, state=Judgment.State.FAILED, failure=failure
            )
            return Read(
                judgment.pk, Judgment.State.FAILED, claims.write(judgment, written), failure
            )
    written = partial(_finish, claims, judgment, tally, state=Judgment.State.DONE, outcome=outcome)
    return Read(judgment.pk, Judgment.State.DONE, claims.write(judgment, written))


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
    claims: Claims,
    judgment: Judgment,
    tally: door.Tally,
    *,
    state: str,
    failure: str = "",
    outcome: dict | None = None,
) -> Decimal:
    """The judgment's one write, with what its calls cost (the ledger rows of its claim, as
    the door tallied them while it wrote them); returns what it has cost in all."""
    usd = judgment.usd + tally.usd
    claims.finish(
        judgment,
        state=state,
        failure=failure,
        outcome=outcome,
        calls=judgment.calls + tally.calls,
        usd=usd,
        adjudicated=tally.roles.get("second_call", 0) > 0,
        typed=tally.roles.get("typing_call", 0) > 0,
    )
    return usd
