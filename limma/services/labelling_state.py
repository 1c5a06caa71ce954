"""A document's labelling state, as the ingest reply and the inventory say it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Count, Q

from limma.models import Document, Part

# A part's state, in the words idea questions count it by (ideas' incomplete_because).
CAUSES = {
    Part.LabelState.QUEUED: "being_labelled",
    Part.LabelState.FAILED: "failed",
    Part.LabelState.MODEL_UNAVAILABLE: "model_unavailable",
    Part.LabelState.DEFERRED: "deferred",
}


def labelling_states(documents: list[Document]) -> dict[int, dict[str, Any]]:
    """The labelling block of each document, in two queries whatever the number of documents."""
    ids = [document.pk for document in documents]
    parts: dict[int, Counter[str]] = {pk: Counter() for pk in ids}
    for row in (
        Part.objects.filter(document_id__in=ids)
        .values("document_id", "label_state")
        .annotate(n=Count("id"))
    ):
        parts[row["document_id"]][row["label_state"]] = row["n"]
    unlabelled = dict(
        Document.objects.filter(pk__in=ids)
        .annotate(n=Count("sentences", filter=Q(sentences__unlabelled=True)))
        .values_list("pk", "n")
    )
    return {pk: _block(parts[pk], unlabelled.get(pk, 0)) for pk in ids}


def _block(states: Counter[str], sentences_not_labelled: int) -> dict[str, Any]:
    total = sum(states.values())
    labelled = states.get(Part.LabelState.LABELLED, 0)
    not_labelled = {
        CAUSES[state]: n for state, n in sorted(states.items()) if state in CAUSES and n
    }
    if labelled == total:
        state = "labelled"
    elif states.get(Part.LabelState.QUEUED):
        state = "being_labelled"
    elif labelled:
        state = "partly_labelled"
    else:
        state = "not_labelled"
    return {
        "state": state,
        "parts": total,
        "labelled": labelled,
        "not_labelled": not_labelled,
        "sentences_not_labelled": sentences_not_labelled,
    }
