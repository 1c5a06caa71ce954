"""django-q2 entry points of criteria: thin, by id, safe to run twice."""

from __future__ import annotations

from criteria.reading.claim import judgment_read as read
from limma import door


def judgment_read(judgment_id: int, visitor: str = "") -> str:
    """Read one planned document; a second run finds the judgment held or done and does nothing.

    `visitor`: the ledger name of the visitor whose question asked for the read ("" for none),
    so its calls are theirs in the ledger and held under their ceilings."""
    with door.calls_for_visitor(visitor):
        return read(judgment_id)
