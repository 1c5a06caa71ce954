"""GET /v1/public/documents: the inventory of the documents a key may read."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from limma.access import access_entity, readable_documents
from limma.models import ApiKey, Document, Workspace


def documents_list(
    *, key: ApiKey, workspace: Workspace, entity_id: str = "", kind: str = ""
) -> QuerySet[Document]:
    documents = readable_documents(key).select_related("entity").annotate(part_count=Count("parts"))
    if entity_id:
        documents = documents.filter(entity=access_entity(key, workspace, entity_id))
    if kind:
        documents = documents.filter(kind=kind)
    return documents.order_by("id")
