"""How the page says how much of a list it shows (kept apart: qa_view.answer.draw and the paging
service both say it, and the service imports the answer's people)."""

from __future__ import annotations


def showing(shown: int, total: int) -> str:
    """ "Showing 50 of 109": said only where the page does not hold everyone."""
    return f"Showing {shown} of {total}" if 0 < shown < total else ""
