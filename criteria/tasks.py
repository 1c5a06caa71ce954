"""django-q2 entry points of criteria: thin, by id, safe to run twice."""

from __future__ import annotations

from criteria.reading import judgment_read as read


def judgment_read(judgment_id: int) -> str:
    """Read one planned document; a second run finds the judgment held or done and does nothing."""
    return read(judgment_id)
