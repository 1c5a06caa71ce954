"""Labelling at load: every sentence that states something gets one to three short topics.

Several parts go to the part_labeller per call. A sentence left without a kept topic is asked
once more, alone; one still without a topic is recorded on its part (Sentence.unlabelled and a
`sentence_not_labelled` coverage gap on part_label) and counted by every idea question.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db import transaction

from ideas.models import PartLabel
from ideas.topics import topic_fault
from limma import door
from limma.door.errors import ModelCallFailed, ModelReplyInvalid, ModelUnavailable, SpendSwitchOff
from limma.models import CoverageGap, Part, Sentence
from limma.services.rows import RowsWrite

PARTS_PER_CALL = 8
CHARS_PER_CALL = 12_000
RELATION = "part_label"


def batches(parts: list[Part]) -> Iterable[list[Part]]:
    batch: list[Part] = []
    size = 0
    for part in parts:
        length = part.char_end - part.char_start
        if batch and (len(batch) == PARTS_PER_CALL or size + length > CHARS_PER_CALL):
            yield batch
            batch, size = [], 0
        batch.append(part)
        size += length
    if batch:
        yield batch


def document_label(*, document_id: int) -> int:
    """Label the document's queued parts; returns how many parts were labelled now."""
    return documents_label(document_ids=[document_id])


def documents_label(*, document_ids: list[int]) -> int:
    """Label the queued parts of several documents, their parts batched together across them
    (several parts a call, whichever document they are of); how many parts were labelled now."""
    parts = list(
        Part.objects.filter(document_id__in=document_ids, label_state=Part.LabelState.QUEUED)
        .select_related("document__workspace")
        .prefetch_related("sentences")
        .order_by("document__workspace_id", "document_id", "ordinal")
    )
    labelled = 0
    for workspace_id in dict.fromkeys(part.document.workspace_id for part in parts):
        context = door.CallContext(workspace_id=workspace_id, api_key_id=None)
        of_workspace = [part for part in parts if part.document.workspace_id == workspace_id]
        for batch in batches(of_workspace):
            labelled += _label_batch(batch, context)
    return labelled


def _label_batch(parts: list[Part], context: door.CallContext) -> int:
    request = {
        "parts": [
            {
                "part_id": part.pk,
                "sentences": [
                    {"sentence_id": s.pk, "text": part.document.text[s.char_start : s.char_end]}
                    for s in part.sentences.all()
                ],
            }
            for part in parts
        ]
    }
    try:
        reply = door.call("part_labeller", request, context=context)
    except (ModelUnavailable, SpendSwitchOff):
        _set_state(parts, Part.LabelState.MODEL_UNAVAILABLE)
        return 0
    except (ModelCallFailed, ModelReplyInvalid):
        _set_state(parts, Part.LabelState.FAILED)
        return 0
    offered = {
        sentence.sentence_id: sentence.topics for part in reply.parts for sentence in part.sentences
    }
    kept, refused = _kept_topics(parts, offered)
    failed: set[int] = set()
    for part in parts:
        for sentence in part.sentences.all():
            if not sentence.is_heading and not kept.get(sentence.pk):
                why = _why(refused.get(sentence.pk, []))
                again = _ask_alone(part, sentence, why, context)
                if again is None:
                    failed.add(part.pk)
                else:
                    kept[sentence.pk] = again
    _store([part for part in parts if part.pk not in failed], kept)
    # A part whose second call failed keeps what was kept and is labelled again later.
    _store_failed([part for part in parts if part.pk in failed], kept)
    return len(parts) - len(failed)


def _why(refused: list[tuple[str, str]]) -> str:
    """What the sentence is told when asked again alone."""
    if not refused:
        return "No topic was given for this sentence."
    faults = "; ".join(f"{topic!r}: {fault}" for topic, fault in refused)
    return (
        "Every topic given was refused (at most five words, at least one word of the sentence's "
        f"part, never the sentence restated): {faults}."
    )


def _kept_topics(
    parts: list[Part], offered: dict
) -> tuple[dict[int, list[tuple[str, str]]], dict[int, list[tuple[str, str]]]]:
    """The topics kept for each sentence, and those refused with the rule they broke."""
    kept: dict[int, list[tuple[str, str]]] = defaultdict(list)
    refused: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for part in parts:
        text = part.document.text
        part_text = text[part.char_start : part.char_end]
        for sentence in part.sentences.all():
            sentence_text = text[sentence.char_start : sentence.char_end]
            for topic in offered.get(sentence.pk, ()):
                fault = topic_fault(
                    topic.topic, topic.broader, sentence=sentence_text, part=part_text
                )
                if fault is None:
                    kept[sentence.pk].append((topic.topic.strip(), topic.broader.strip()))
                else:
                    refused[sentence.pk].append((topic.topic, fault))
    return kept, refused


def _ask_alone(
    part: Part, sentence: Sentence, why: str, context: door.CallContext
) -> list[tuple[str, str]] | None:
    """One more call for one sentence the first reply left without a kept topic, telling it
    why; the topics kept, or None when the call itself failed."""
    text = part.document.text
    request = {
        "parts": [
            {
                "part_id": part.pk,
                "sentences": [
                    {
                        "sentence_id": sentence.pk,
                        "text": text[sentence.char_start : sentence.char_end],
                        "why": why,
                    }
                ],
            }
        ]
    }
    try:
        reply = door.call("part_labeller", request, context=context)
    except (ModelUnavailable, SpendSwitchOff, ModelCallFailed, ModelReplyInvalid):
        return None
    offered = {s.sentence_id: s.topics for p in reply.parts for s in p.sentences}
    return _kept_topics([part], offered)[0].get(sentence.pk, [])


@transaction.atomic
def _store_failed(parts: list[Part], kept: dict[int, list[tuple[str, str]]]) -> None:
    PartLabel.objects.bulk_create(_labels(parts, kept), ignore_conflicts=True)
    _set_state(parts, Part.LabelState.FAILED)


def _labels(parts: list[Part], kept: dict[int, list[tuple[str, str]]]) -> list[PartLabel]:
    return [
        PartLabel(part=part, sentence=sentence, label=label, broader=broader)
        for part in parts
        for sentence in part.sentences.all()
        for label, broader in dict.fromkeys(kept.get(sentence.pk, []))
    ]


@transaction.atomic
def _store(parts: list[Part], kept: dict[int, list[tuple[str, str]]]) -> None:
    labels = _labels(parts, kept)
    for part in parts:
        with RowsWrite(part.document.workspace) as write:
            _gaps_store(write, part, kept)
    PartLabel.objects.bulk_create(labels, ignore_conflicts=True)
    _set_state(parts, Part.LabelState.LABELLED)


def _gaps_store(write: RowsWrite, part: Part, kept: dict[int, list[tuple[str, str]]]) -> None:
    """A gap for each sentence of the part no label was kept for; none for one labelled now."""
    for sentence in part.sentences.all():
        if kept.get(sentence.pk) and sentence.unlabelled:
            # Labelled now, on a later try: the gap it left is closed.
            Sentence.objects.filter(pk=sentence.pk).update(unlabelled=False)
            closed = CoverageGap.objects.filter(
                part=part, relation=RELATION, record_id=str(sentence.pk)
            )
            write.gaps_remove(closed, withheld_of=())  # a sentence's gap is none of its person's
        if not sentence.is_heading and not kept.get(sentence.pk):
            Sentence.objects.filter(pk=sentence.pk).update(unlabelled=True)
            write.gap_keep(
                workspace_id=part.document.workspace_id,
                part=part,
                relation=RELATION,
                reason="sentence_not_labelled",
                entity_id=part.document.entity_id,
                source_table="",
                record_id=str(sentence.pk),
            )


def _set_state(parts: list[Part], state: str) -> None:
    Part.objects.filter(pk__in=[part.pk for part in parts]).update(label_state=state)
