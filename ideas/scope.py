"""Which documents, parts and labels an idea question is over, read under the key's access.

A handful of queries whatever the number of parts: the documents in scope, their parts' states,
the sentences left without a topic, and every label with the part and sentence it was given for,
in document order. A document the key may not open is never read here, so never counted, named,
quoted or shown to the grouping model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import F, QuerySet
from django.db.models.functions import Substr

from ideas.models import PartLabel
from ideas.words import normalised
from limma.access import readable_documents
from limma.models import ApiKey, Document, Part, Sentence
from limma.services.labelling_state import CAUSES


@dataclass
class LabelInScope:
    """One distinct label (its normalised words) over the documents in scope."""

    key: str
    label: str  # the words as first given, in document order
    broader: str
    # Ordered sets (dicts of None): in document order, each once.
    parts: dict[int, None] = field(default_factory=dict)
    sentences: dict[int, None] = field(default_factory=dict)


@dataclass
class IdeaScope:
    documents: QuerySet[Document]
    document_count: int
    being_read: int
    unreadable: int
    not_labelled_documents: int
    parts: int
    labelled_parts: int
    parts_not_labelled: dict[str, int]  # cause -> parts
    sentences_not_labelled: int
    labels: dict[str, LabelInScope]
    # part -> [(sentence, label key, label, broader)]
    part_labels: dict[int, list[tuple[int, str, str, str]]]
    part_order: dict[int, int]


def scope_documents(key: ApiKey, entity_pks: list[int] | None) -> QuerySet[Document]:
    """The documents a question is over: every one the key may read, or those about the entities."""
    documents = readable_documents(key)
    if entity_pks is not None:
        documents = documents.filter(entity_id__in=entity_pks)
    return documents


def idea_scope(key: ApiKey, entity_pks: list[int] | None) -> IdeaScope:
    documents = scope_documents(key, entity_pks)
    states = Counter(documents.values_list("state", flat=True))
    read = documents.filter(state=Document.State.READ)
    part_rows = list(
        Part.objects.filter(document__in=read.values("pk"))
        .order_by("document_id", "ordinal")
        .values_list("pk", "document_id", "label_state")
    )
    deferred_documents = {d for _, d, state in part_rows if state == Part.LabelState.DEFERRED}
    not_labelled: Counter[str] = Counter(
        CAUSES[state]
        for _, _, state in part_rows
        if state in CAUSES and state != Part.LabelState.DEFERRED
    )
    labels: dict[str, LabelInScope] = {}
    part_labels: dict[int, list[tuple[int, str, str, str]]] = {}
    rows = (
        PartLabel.objects.filter(part__document__in=read.values("pk"))
        .order_by("part__document_id", "sentence__ordinal", "id")
        .values_list("part_id", "sentence_id", "label", "broader")
    )
    for part_id, sentence_id, label, broader in rows.iterator(chunk_size=5000):
        key_words = normalised(label)
        found = labels.get(key_words)
        if found is None:
            found = labels[key_words] = LabelInScope(key_words, label, broader)
        found.parts[part_id] = None
        found.sentences[sentence_id] = None
        part_labels.setdefault(part_id, []).append((sentence_id, key_words, label, broader))
    return IdeaScope(
        documents=documents,
        document_count=sum(states.values()),
        being_read=states.get(Document.State.BEING_READ, 0),
        unreadable=states.get(Document.State.UNREADABLE, 0),
        not_labelled_documents=len(deferred_documents),
        parts=len(part_rows),
        labelled_parts=sum(1 for _, _, state in part_rows if state == Part.LabelState.LABELLED),
        parts_not_labelled=dict(sorted(not_labelled.items())),
        sentences_not_labelled=Sentence.objects.filter(
            document__in=read.values("pk"), unlabelled=True
        ).count(),
        labels=labels,
        part_labels=part_labels,
        part_order={pk: index for index, (pk, _, _) in enumerate(part_rows)},
    )


def sentence_texts(key: ApiKey, sentence_ids: list[int]) -> dict[int, tuple[str, int, int]]:
    """Each sentence's text and span, read under the key's access, in one query."""
    rows = (
        Sentence.objects.filter(pk__in=sentence_ids, document__in=readable_documents(key))
        .annotate(
            quote=Substr("document__text", F("char_start") + 1, F("char_end") - F("char_start"))
        )
        .values_list("pk", "quote", "char_start", "char_end")
    )
    return {pk: (quote, start, end) for pk, quote, start, end in rows}
