"""Per-key access: every read of the store goes through these functions.

A document a key may not open is never counted, named, quoted or shown to a model on that
key's call; the querysets here are the one place that rule is written.
"""

from __future__ import annotations

import re

from django.db.models import Exists, OuterRef, Q, QuerySet

from limma.errors import NotFound
from limma.models import (
    ApiKey,
    CoverageGap,
    Document,
    Entity,
    ExternalId,
    RelationRow,
    Workspace,
)

# What an access group may be called, by ingest and connect alike.
ACCESS_GROUP = r"^[A-Za-z0-9_.-]{1,100}$"
WORKSPACE_UNKNOWN = "No workspace this key may read has this id."
DOCUMENT_UNKNOWN = "No document this key may read has this source id."
ENTITY_UNKNOWN = "No entity of this workspace has this id."


def access_workspace(key: ApiKey, workspace_id: str) -> Workspace:
    """The key's workspace; another's is as unknown as none, so no reply tells ids apart."""
    workspace = Workspace.objects.filter(id=workspace_id, pk=key.workspace_id).first()
    if workspace is None:
        raise NotFound("workspace_unknown", workspace_id=workspace_id, reason=WORKSPACE_UNKNOWN)
    return workspace


def is_access_group(value: str) -> bool:
    return re.fullmatch(ACCESS_GROUP, value) is not None


def readable_documents(key: ApiKey) -> QuerySet[Document]:
    """The documents of the key's workspace in the access groups it may read, not superseded."""
    documents = Document.objects.filter(workspace_id=key.workspace_id).exclude(
        state=Document.State.SUPERSEDED
    )
    if not key.reads_every_group:
        documents = documents.filter(access_group__in=key.access_groups)
    return documents


def readable_rows(key: ApiKey) -> QuerySet[RelationRow]:
    """Declared rows of the workspace, and extracted rows whose receipt the key may read."""
    return RelationRow.objects.filter(workspace_id=key.workspace_id).filter(
        Q(origin=RelationRow.Origin.DECLARED) | Q(document__in=readable_documents(key).values("pk"))
    )


def readable_gaps(key: ApiKey) -> QuerySet[CoverageGap]:
    return CoverageGap.objects.filter(workspace_id=key.workspace_id).filter(
        Q(part__isnull=True) | Q(part__document__in=readable_documents(key).values("pk"))
    )


def access_document(key: ApiKey, source_id: str) -> Document:
    """A document the key may read; one it may not is as unknown as one that does not exist."""
    document = readable_documents(key).filter(source_id=source_id).first()
    if document is None:
        raise NotFound("document_unknown", source_id=source_id, reason=DOCUMENT_UNKNOWN)
    return document


def entity_resolve(workspace: Workspace, entity_id: str) -> Entity | None:
    """The person behind an id: their own key, or the id of a record merged into them."""
    entity = Entity.objects.filter(workspace=workspace, key=entity_id).first()
    if entity is None:
        entity = Entity.objects.filter(workspace=workspace, external_ids__value=entity_id).first()
    while entity is not None and entity.merged_into_id is not None:
        entity = entity.merged_into
    return entity


def visible_entities(key: ApiKey, workspace: Workspace) -> QuerySet[Entity]:
    """The workspace's entities the key may know of: one with a record every key reads (an
    external id, a declared row) or a document this key may read. A key that reads every
    group knows them all. The search's scope is drawn from the same record."""
    entities = Entity.objects.filter(workspace=workspace)
    if key.reads_every_group:
        return entities
    return entities.filter(
        Q(Exists(ExternalId.objects.filter(entity=OuterRef("pk"))))
        | Q(Exists(readable_documents(key).filter(entity=OuterRef("pk"))))
        | Q(
            Exists(
                RelationRow.objects.filter(
                    entity=OuterRef("pk"), origin=RelationRow.Origin.DECLARED
                )
            )
        )
    )


def entity_visible(key: ApiKey, entity: Entity) -> bool:
    return visible_entities(key, entity.workspace).filter(pk=entity.pk).exists()


def access_entity(key: ApiKey, workspace: Workspace, entity_id: str) -> Entity:
    """The entity an id names, if the key may know of it; one it may not is as unknown as one
    nobody carries (the same 404, the same body), so no reply tells the two apart."""
    entity = entity_resolve(workspace, entity_id)
    if entity is None or not entity_visible(key, entity):
        raise NotFound("entity_unknown", entity_id=entity_id, reason=ENTITY_UNKNOWN)
    return entity
