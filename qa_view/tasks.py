"""django-q2 entry points of the Q&A page: thin, by id, safe to run twice."""

from __future__ import annotations

from qa_view.page.answering import run_execute


def run(run_id: int) -> None:
    """Answer one visitor's question (qa_view.page.answering.run_execute claims it first)."""
    run_execute(run_id=run_id)
