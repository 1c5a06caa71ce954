"""Storing documents' parts and sentences, cut by the segmenter, by exact offsets.

A batch of documents is stored with one bulk insert of parts and one of sentences, whatever
its size: connect registers thousands of profiles at once. Their vectors are made by one
background task per batch once the batch is committed (limma/services/vectors.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django_q.tasks import async_task

from limma.models import Document, Part, Sentence
from limma.segment import SEGMENTER_VERSION, segment
from limma.services.bulk_write import rows_created


def document_segment(*, document: Document, label_state: str) -> list[Part]:
    """Cut the stored text into parts and sentences; the text itself is never touched."""
    (rows,) = documents_segment([document], label_state=label_state)
    parts = [
        Part(
            document=document,
            **{name: value for name, value in row.items() if name != "document_id"},
        )
        for row in rows
    ]
    for part in parts:
        part._state.adding, part._state.db = False, document._state.db
    return parts


def documents_segment(
    documents: Sequence[Document], *, label_state: str
) -> list[list[dict[str, Any]]]:
    """Each stored document cut and its spans written in bulk; each one's parts, in order, as
    the rows written ({field: value}, with its id). No Part instance is made: a large connect
    writes thousands of parts, and making them took longer than copying them in."""
    cut = [
        segment(document.text, transcript=document.kind == "transcript" or None)
        for document in documents
    ]
    parts = [
        {
            "document_id": document.pk,
            "ordinal": ordinal,
            "kind": span.kind,
            "char_start": span.start,
            "char_end": span.end,
            "label_state": label_state,
        }
        for document, spans in zip(documents, cut, strict=True)
        for ordinal, span in enumerate(spans)
    ]
    keys = rows_created(Part, parts, keyed=True)
    sentences: list[dict[str, object]] = []
    by_document: list[list[dict[str, Any]]] = []
    at = 0
    for document, spans in zip(documents, cut, strict=True):
        own = parts[at : at + len(spans)]
        own_keys = keys[at : at + len(spans)]
        at += len(spans)
        by_document.append(own)
        ordinal = 0
        for part, pk, span in zip(own, own_keys, spans, strict=True):
            part["id"] = pk
            for sentence in span.sentences:
                sentences.append(
                    {
                        "document_id": document.pk,
                        "part_id": pk,
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
    # A document registered already cut by this segmenter says so from its first write (a
    # connect's): an UPDATE of thousands of rows just written is saved.
    stale = [doc for doc in documents if doc.segmenter_version != SEGMENTER_VERSION]
    if stale:
        Document.objects.filter(pk__in=[document.pk for document in stale]).update(
            segmenter_version=SEGMENTER_VERSION
        )
    for document in stale:
        document.segmenter_version = SEGMENTER_VERSION
    if sentences:
        embedded = sorted({sentence["document_id"] for sentence in sentences})
        transaction.on_commit(lambda: async_task("limma.tasks.documents_embed", embedded))
    return by_document
