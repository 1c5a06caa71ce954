"""Storing documents' parts and sentences, cut by the segmenter, by exact offsets.

A batch of documents is stored with one bulk insert of parts and one of sentences, whatever
its size: connect registers thousands of profiles at once. Their vectors are made by one
background task per batch once the batch is committed (limma/services/vectors.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django_q.tasks import async_task

from limma.models import Document, Part, Sentence
from limma.segment import SEGMENTER_VERSION, segment
from limma.services.bulk_write import created, rows_created


def document_segment(*, document: Document, label_state: str) -> list[Part]:
    """Cut the stored text into parts and sentences; the text itself is never touched."""
    return documents_segment([document], label_state=label_state)[0]


def documents_segment(documents: Sequence[Document], *, label_state: str) -> list[list[Part]]:
    """Each stored document cut and its spans written in bulk; each one's parts, in order."""
    cut = [
        segment(document.text, transcript=document.kind == "transcript" or None)
        for document in documents
    ]
    parts = created(
        Part,
        (
            Part(
                document=document,
                ordinal=ordinal,
                kind=span.kind,
                char_start=span.start,
                char_end=span.end,
                label_state=label_state,
            )
            for document, spans in zip(documents, cut, strict=True)
            for ordinal, span in enumerate(spans)
        ),
    )
    sentences: list[dict[str, object]] = []
    by_document: list[list[Part]] = []
    at = 0
    for document, spans in zip(documents, cut, strict=True):
        own = parts[at : at + len(spans)]
        at += len(spans)
        by_document.append(own)
        ordinal = 0
        for part, span in zip(own, spans, strict=True):
            for sentence in span.sentences:
                sentences.append(
                    {
                        "document_id": document.pk,
                        "part_id": part.pk,
                        "ordinal": ordinal,
                        "char_start": sentence.start,
                        "char_end": sentence.end,
                        "speaker": sentence.speaker or "",
                        "timestamp": sentence.timestamp or "",
                        "is_heading": sentence.is_heading,
                    }
                )
                ordinal += 1
    rows_created(Sentence, sentences)
    Document.objects.filter(pk__in=[document.pk for document in documents]).update(
        segmenter_version=SEGMENTER_VERSION
    )
    for document in documents:
        document.segmenter_version = SEGMENTER_VERSION
    if sentences:
        embedded = sorted({sentence["document_id"] for sentence in sentences})
        transaction.on_commit(lambda: async_task("limma.tasks.documents_embed", embedded))
    return by_document
