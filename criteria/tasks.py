"""django-q2 entry points of criteria: thin, by id, safe to run twice."""

from __future__ import annotations

from criteria import service
from criteria.reading.claim import judgment_read as read
from limma import door
from limma.database import survives_lost_database


@survives_lost_database
def plan_read(judgment_ids: list[int], visitor: str = "") -> dict[str, int]:
    """A worker's share of a plan: it claims and reads from it with the others until it is
    read; a run after the end finds nothing to claim and does nothing.

    `visitor`: the ledger name of the visitor whose question asked for the read ("" for none),
    so its calls are theirs in the ledger and held under their ceilings."""
    return service.workers_read(judgment_ids, visitor)


@survives_lost_database
def judgment_read(judgment_id: int, visitor: str = "") -> str:
    """Read one planned document; a second run finds the judgment held or done and does nothing.

    Plans are handed out as plan_read now; this reads a task of one document (one a broker
    still held from before)."""
    with door.calls_for_visitor(visitor):
        return read(judgment_id)
