"""Storing a document's parts and sentences, cut by the segmenter, by exact offsets."""

from __future__ import annotations

from limma.models import Document, Part, Sentence
from limma.segment import SEGMENTER_VERSION, segment


def document_segment(*, document: Document, label_state: str) -> list[Part]:
    """Cut the stored text into parts and sentences; the text itself is never touched."""
    spans = segment(document.text, transcript=document.kind == "transcript" or None)
    parts = Part.objects.bulk_create(
        Part(
            document=document,
            ordinal=ordinal,
            kind=span.kind,
            char_start=span.start,
            char_end=span.end,
            label_state=label_state,
        )
        for ordinal, span in enumerate(spans)
    )
    sentences = []
    for part, span in zip(parts, spans, strict=True):
        for sentence in span.sentences:
            sentences.append(
                Sentence(
                    document=document,
                    part=part,
                    ordinal=len(sentences),
                    char_start=sentence.start,
                    char_end=sentence.end,
                    speaker=sentence.speaker or "",
                    timestamp=sentence.timestamp or "",
                    is_heading=sentence.is_heading,
                )
            )
    Sentence.objects.bulk_create(sentences)
    document.segmenter_version = SEGMENTER_VERSION
    document.save(update_fields=["segmenter_version"])
    return parts
