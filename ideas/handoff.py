"""Documents nothing has labelled yet, handed to the labeller by a write key's question.

Loaded before labelling existed, registered by a connect that deferred their read, or left by a
failed call or a missing model: a bounded number of documents a question, claimed by one UPDATE
so two questions at once never hand the same part twice.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django_q.tasks import async_task

from limma import door
from limma.models import Document, Part

DOCUMENTS_PER_QUESTION = 20
DOCUMENTS_PER_TASK = 5  # labelled together: their parts share calls
HANDED_STATES = (
    Part.LabelState.DEFERRED,
    Part.LabelState.FAILED,
    Part.LabelState.MODEL_UNAVAILABLE,
)


def documents_hand_on(documents: QuerySet[Document], *, limit: int | None = None) -> int:
    """Queue up to `limit` (DOCUMENTS_PER_QUESTION) documents' unlabelled parts for the
    labeller; how many were handed."""
    limit = DOCUMENTS_PER_QUESTION if limit is None else limit
    if limit <= 0 or not door.available("part_labeller"):
        return 0
    waiting = list(
        Part.objects.filter(
            document__in=documents.filter(state=Document.State.READ).values("pk"),
            label_state__in=HANDED_STATES,
        )
        .order_by("document_id")
        .values_list("document_id", flat=True)
        .distinct()[:limit]
    )
    handed = [
        document_id
        for document_id in waiting
        if Part.objects.filter(document_id=document_id, label_state__in=HANDED_STATES).update(
            label_state=Part.LabelState.QUEUED
        )
    ]
    for start in range(0, len(handed), DOCUMENTS_PER_TASK):
        ids = handed[start : start + DOCUMENTS_PER_TASK]
        transaction.on_commit(lambda ids=ids: async_task("ideas.tasks.documents_label", ids))
    return len(handed)
