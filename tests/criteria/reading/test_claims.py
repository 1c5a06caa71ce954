"""Claiming a plan in batches: one write claims a batch, each judgment is claimed by one reader
however many walk the plan at once, a dead reader's batch is taken again once its lease runs
out (and its late write is refused), and what a reader did not read is given back."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from criteria.models import Judgment
from criteria.reading.claim import (
    CLAIM_MOST,
    Claims,
    claim_lease,
    claim_size,
    heartbeat_seconds,
)
from limma.models import Document
from limma.services.connect import export_connect
from tests.criteria.reading.same_niche import people
from tests.factories import make_criterion, make_workspace

pytestmark = pytest.mark.django_db


def plan_of(count: int) -> list[int]:
    """count queued judgments of one criterion, in the plan's order (here: newest first)."""
    workspace = make_workspace(f"{count} people")
    export_connect(workspace=workspace, **people(count))
    criterion = make_criterion(workspace)
    Judgment.objects.bulk_create(
        Judgment(criterion=criterion, document=document, reader_identity="test")
        for document in Document.objects.filter(workspace=workspace)
    )
    return list(
        Judgment.objects.filter(criterion=criterion).order_by("-pk").values_list("pk", flat=True)
    )


@pytest.mark.parametrize(
    ("remaining", "workers", "size"),
    [
        (1, 1, 1),
        (5, 1, 5),
        (CLAIM_MOST + 1, 1, CLAIM_MOST),
        (1, 8, 1),
        (16, 8, 1),  # the last 2 x workers: one each, so the workers finish together
        (17, 8, 2),
        (32, 8, 2),
        (33, 8, 3),
        (400, 8, CLAIM_MOST),
    ],
)
def test_a_claim_takes_a_share_of_what_is_left_and_one_at_the_end(remaining, workers, size):
    assert claim_size(remaining, workers) == size


def test_a_batch_is_claimed_with_one_write_in_the_plans_order():
    ids = plan_of(CLAIM_MOST + 4)
    claims = Claims(ids)

    writes = []
    with connection.execute_wrapper(
        lambda execute, sql, *rest: writes.append(sql) or execute(sql, *rest)
    ):
        batch = claims.claim()

    assert [judgment.pk for judgment in batch] == ids[:CLAIM_MOST]
    assert sum(1 for sql in writes if sql.startswith("UPDATE")) == 1
    assert {judgment.attempts for judgment in batch} == {1}
    assert Judgment.objects.filter(state=Judgment.State.IN_FLIGHT).count() == CLAIM_MOST


def test_a_reader_that_stops_gives_back_what_it_did_not_read():
    ids = plan_of(6)
    with Claims(ids).kept() as claims:
        first, *unread = claims.claim()
        claims.finish(first, state=Judgment.State.DONE, outcome={})

    judgments = Judgment.objects.in_bulk(ids)
    assert (judgments[first.pk].state, judgments[first.pk].attempts) == ("done", 1)
    assert {(judgments[j.pk].state, judgments[j.pk].attempts) for j in unread} == {("queued", 0)}
    assert Claims(ids).claim() == [judgments[pk] for pk in ids[1:]]


def test_a_dead_readers_batch_is_taken_again_after_its_lease_and_its_late_write_refused():
    ids = plan_of(4)
    dead = Claims(ids)
    left = dead.claim()  # never finished, never given back: its worker was killed
    assert Claims(ids).claim() == []  # held: within the lease nobody takes it
    Judgment.objects.filter(pk__in=ids).update(
        claimed_at=timezone.now() - claim_lease() - timedelta(seconds=1)
    )

    taken = Claims(ids).claim()

    assert [judgment.pk for judgment in taken] == ids
    assert {judgment.attempts for judgment in taken} == {2}
    dead.finish(left[0], state=Judgment.State.DONE, outcome={"late": True})
    assert Judgment.objects.get(pk=left[0].pk).state == Judgment.State.IN_FLIGHT


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="readers in threads claim at once on PostgreSQL (SQLite's test database is memory)",
)
def test_readers_walking_one_plan_at_once_claim_each_judgment_once():
    ids = plan_of(300)
    workers = 6
    claimed: list[list[int]] = [[] for _ in range(workers)]
    errors: list[BaseException] = []
    start = threading.Barrier(workers)

    def walk(mine: list[int]) -> None:
        try:
            start.wait()
            claims = Claims(ids, workers=workers)
            while batch := claims.claim():
                for judgment in batch:
                    mine.append(judgment.pk)
                    claims.finish(judgment, state=Judgment.State.DONE, outcome={})
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=walk, args=(mine,)) for mine in claimed]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert errors == []
    every = [pk for mine in claimed for pk in mine]
    assert sorted(every) == sorted(ids)  # each claimed by exactly one reader
    assert all(claimed)  # every reader had a share
    judgments = Judgment.objects.filter(pk__in=ids)
    assert set(judgments.values_list("state", "attempts")) == {("done", 1)}


def test_a_read_slower_than_a_heartbeat_hands_on_what_waits_behind_it():
    ids = plan_of(3)
    handed: list[list[int]] = []
    claims = Claims(ids, hand_on=handed.append)
    slow, *behind = claims.claim()
    assert claims.begin(slow)
    claims.beat()
    assert handed == []  # a read as long as any: nothing is handed on
    claims.reading = (slow.pk, time.monotonic() - heartbeat_seconds())  # a heartbeat long

    claims.beat()

    assert handed == [[judgment.pk for judgment in behind]]
    states = dict(Judgment.objects.filter(pk__in=ids).values_list("pk", "state"))
    assert states == {slow.pk: "in_flight"} | {judgment.pk: "queued" for judgment in behind}
    assert not claims.begin(behind[0])  # given back: this reader does not read it
    claims.finish(slow, state=Judgment.State.DONE, outcome={})
    assert Judgment.objects.get(pk=slow.pk).state == Judgment.State.DONE


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="writes are made behind the read on PostgreSQL (SQLite takes one writer at a time)",
)
def test_a_write_made_behind_the_read_is_made_before_the_reader_gives_back():
    ids = plan_of(3)
    with Claims(ids, write_behind=True).kept() as claims:
        first, *unread = claims.claim()
        assert claims.begin(first)
        written = claims.write(
            first, lambda: claims.finish(first, state=Judgment.State.DONE, outcome={})
        )
        assert written is None  # made by the writer thread

    states = dict(Judgment.objects.filter(pk__in=ids).values_list("pk", "state"))
    assert states == {first.pk: "done"} | {judgment.pk: "queued" for judgment in unread}
