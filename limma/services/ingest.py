"""POST /v1/public/ingest: register one document about an entity, cut into parts and sentences."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from django.db import transaction
from django_q.tasks import async_task

from limma import door
from limma.access import ENTITY_UNKNOWN, access_entity, entity_resolve, visible_entities
from limma.errors import Conflict, InvalidRequest, NotFound
from limma.models import ApiKey, Document, Entity, Part, Workspace
from limma.services.entities import entity_by_name, entity_create
from limma.services.segmentation import document_segment

DOCUMENT_KIND_UNKNOWN = "The workspace's pack declares no such document kind."
NAME_AMBIGUOUS = "Several entities carry this name: send entity_id instead."


@dataclass(frozen=True)
class Ingested:
    document: Document
    parts: list[Part]


def document_ingest(
    *,
    key: ApiKey | None = None,
    workspace: Workspace,
    kind: str,
    text: str,
    entity_name: str = "",
    entity_id: str = "",
    file_name: str = "",
    document_date: dt.date | None = None,
    access_group: str = "general",
) -> Ingested:
    """Register the text as it was sent; labelling is handed to the background after commit.

    Under a `key`, the person is found among the entities the key may know of (limma.access):
    one it may not is as unknown by id, and is not matched by name, as one nobody carries."""
    pack = workspace.parsed_pack
    if kind not in pack.document_kinds:
        raise InvalidRequest(
            "document_kind_unknown",
            kind=kind,
            kinds=list(pack.document_kinds),
            reason=DOCUMENT_KIND_UNKNOWN,
        )
    labeller = door.available("part_labeller")
    with transaction.atomic():
        entity = _entity_for(key, workspace, entity_name=entity_name, entity_id=entity_id)
        document = Document.objects.create(
            workspace=workspace,
            entity=entity,
            kind=kind,
            text=text,
            text_sha256=hashlib.sha256(text.encode()).hexdigest(),
            file_name=file_name,
            document_date=document_date,
            access_group=access_group,
            origin=Document.Origin.INGEST,
            state=Document.State.READ if text.strip() else Document.State.UNREADABLE,
        )
        state = Part.LabelState.QUEUED if labeller else Part.LabelState.MODEL_UNAVAILABLE
        parts = document_segment(document=document, label_state=state)
        if labeller and parts:
            transaction.on_commit(lambda: async_task("ideas.tasks.document_label", document.pk))
    return Ingested(document=document, parts=parts)


def _entity_for(
    key: ApiKey | None, workspace: Workspace, *, entity_name: str, entity_id: str
) -> Entity:
    if entity_id:
        if key is None:
            entity = entity_resolve(workspace, entity_id)
            if entity is None:
                raise NotFound("entity_unknown", entity_id=entity_id, reason=ENTITY_UNKNOWN)
            return entity
        return access_entity(key, workspace, entity_id)
    found = entity_by_name(workspace, entity_name)
    if key is not None and found:
        visible = set(
            visible_entities(key, workspace)
            .filter(pk__in=[entity.pk for entity in found])
            .values_list("pk", flat=True)
        )
        found = [entity for entity in found if entity.pk in visible]
    if len(found) > 1:
        raise Conflict(
            "entity_name_ambiguous", entity_ids=[e.key for e in found], reason=NAME_AMBIGUOUS
        )
    if found:
        return found[0]
    return entity_create(workspace=workspace, display_name=entity_name)
