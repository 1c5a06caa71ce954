"""django-q2 entry points of ideas: thin, by id, safe to run twice."""

from __future__ import annotations

from ideas.labelling import documents_label as label_documents
from limma.database import survives_lost_database


@survives_lost_database
def document_label(document_id: int) -> int:
    """Label a document's queued parts; a second run finds none queued and writes nothing."""
    return label_documents(document_ids=[document_id])


@survives_lost_database
def documents_label(document_ids: list[int]) -> int:
    """Label several documents' queued parts, batched together across them."""
    return label_documents(document_ids=document_ids)
