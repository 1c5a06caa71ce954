"""django-q2 entry points of ideas: thin, by id, safe to run twice."""

from __future__ import annotations

from ideas.labelling import document_label as label


def document_label(document_id: int) -> int:
    """Label a document's queued parts; a second run finds none queued and writes nothing."""
    return label(document_id=document_id)
