"""The embedded model's vectors of stored sentences and parts: made once, read by every question.

Written where the text is written (a task after ingest and after each batch connect registers),
in batches, and filled on first use for documents loaded before (or while) that ran; so a
question embeds only its own words. Safe to run twice, and in two workers at once.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from limma.embeddings import DIMENSIONS, MODEL_ID, texts_embed
from limma.models import Document, Part, PartVector, Sentence, SentenceVector, Workspace

# Documents embedded together: their sentences go to the model in one list (it batches).
DOCUMENTS_AT_ONCE = 200


@dataclass(frozen=True)
class Embedded:
    sentences: int  # sentences embedded now (not those that had a vector)
    parts: int
    seconds: float


@dataclass(frozen=True)
class Vectors:
    """Stored vectors, one row per sentence (or part), in document order."""

    ids: list[int]
    documents: list[int]
    matrix: Any  # numpy float32, shape (len(ids), 384), unit rows


def documents_embed(*, document_ids: Iterable[int]) -> Embedded:
    """Embed every sentence of these documents that has no vector of the model yet, and write
    each part's vector from its sentences'."""
    started = time.perf_counter()
    wanted = sorted(set(document_ids))
    sentences = parts = 0
    for at in range(0, len(wanted), DOCUMENTS_AT_ONCE):
        chunk = wanted[at : at + DOCUMENTS_AT_ONCE]
        sentences += _sentences_embed(chunk)
        parts += _parts_embed(chunk)
    return Embedded(sentences, parts, time.perf_counter() - started)


def workspace_embed(*, workspace: Workspace) -> Embedded:
    """Every document of the workspace that is not embedded yet."""
    ids = Document.objects.filter(workspace=workspace).values_list("pk", flat=True)
    return documents_embed(document_ids=list(ids))


def sentence_vectors(*, document_ids: Iterable[int]) -> Vectors:
    """The vectors of these documents' sentences, those missing embedded and stored first.

    The caller chooses the documents (readable_documents for a key): a vector says nothing of
    a document the caller may not open, because it is never read for one."""
    wanted = sorted(set(document_ids))
    documents_embed(document_ids=wanted)
    rows = SentenceVector.objects.filter(document_id__in=wanted, model=MODEL_ID).order_by(
        "document_id", "sentence__ordinal"
    )
    return _vectors(rows.values_list("sentence_id", "document_id", "vector"))


def vectors_by_start(*, source_id: str) -> dict[int, Any]:
    """One document's sentence vectors by where each sentence starts in its text (embedded
    first where missing); empty for a document that is not stored."""
    document = Document.objects.filter(source_id=source_id).values_list("pk", flat=True).first()
    if document is None:
        return {}
    stored = sentence_vectors(document_ids=[document])
    starts = dict(Sentence.objects.filter(pk__in=stored.ids).values_list("pk", "char_start"))
    return {starts[pk]: row for pk, row in zip(stored.ids, stored.matrix, strict=True)}


def part_vectors(*, document_ids: Iterable[int]) -> Vectors:
    """The vectors of these documents' parts, those missing embedded and stored first."""
    wanted = sorted(set(document_ids))
    documents_embed(document_ids=wanted)
    rows = PartVector.objects.filter(document_id__in=wanted, model=MODEL_ID).order_by(
        "document_id", "part__ordinal"
    )
    return _vectors(rows.values_list("part_id", "document_id", "vector"))


def _vectors(rows: Iterable[tuple[int, int, bytes]]) -> Vectors:
    import numpy as np

    ids, documents, blobs = [], [], []
    for row_id, document_id, blob in rows:
        ids.append(row_id)
        documents.append(document_id)
        blobs.append(bytes(blob))
    matrix = np.frombuffer(b"".join(blobs), dtype="<f2").astype(np.float32)
    return Vectors(ids, documents, matrix.reshape(len(ids), DIMENSIONS))


def _sentences_embed(document_ids: Sequence[int]) -> int:
    SentenceVector.objects.filter(document_id__in=document_ids).exclude(model=MODEL_ID).delete()
    missing = list(
        Sentence.objects.filter(document_id__in=document_ids, vector__isnull=True)
        .order_by("document_id", "ordinal")
        .values_list("pk", "document_id", "char_start", "char_end")
    )
    if not missing:
        return 0
    texts = dict(
        Document.objects.filter(pk__in={row[1] for row in missing}).values_list("pk", "text")
    )
    vectors = texts_embed([texts[document][start:end] for _, document, start, end in missing])
    SentenceVector.objects.bulk_create(
        (
            SentenceVector(
                sentence_id=pk, document_id=document, model=MODEL_ID, vector=_blob(vector)
            )
            for (pk, document, _, _), vector in zip(missing, vectors, strict=True)
        ),
        ignore_conflicts=True,  # another worker embedded it meanwhile: the same vector
    )
    return len(missing)


def _parts_embed(document_ids: Sequence[int]) -> int:
    import numpy as np

    PartVector.objects.filter(document_id__in=document_ids).exclude(model=MODEL_ID).delete()
    missing = set(
        Part.objects.filter(document_id__in=document_ids, vector__isnull=True).values_list(
            "pk", flat=True
        )
    )
    if not missing:
        return 0
    sums: dict[int, tuple[int, Any]] = {}
    rows = SentenceVector.objects.filter(
        document_id__in=document_ids, model=MODEL_ID, sentence__part_id__in=missing
    ).values_list("sentence__part_id", "document_id", "vector")
    for part, document, blob in rows:
        vector = np.frombuffer(bytes(blob), dtype="<f2").astype(np.float32)
        _, total = sums.get(part, (document, 0))
        sums[part] = (document, total + vector)
    written = []
    for part, (document, total) in sums.items():
        norm = float(np.linalg.norm(total))
        if norm > 0:
            written.append(
                PartVector(
                    part_id=part, document_id=document, model=MODEL_ID, vector=_blob(total / norm)
                )
            )
    PartVector.objects.bulk_create(written, ignore_conflicts=True)
    return len(written)


def _blob(vector: Any) -> bytes:
    return vector.astype("<f2").tobytes()
