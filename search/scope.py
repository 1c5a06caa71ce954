"""Who a search is over, and the rows it reads: a handful of queries whatever the size.

The scope is the key's view of the workspace: every unmerged entity of the pack's first kind
that the record holds (a connect loaded it) or that a document the key may read is about. A
person only hidden documents mention is never in scope, so never counted.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q

from limma.access import entity_resolve, readable_documents, readable_gaps, readable_rows
from limma.errors import InvalidRequest
from limma.models import ApiKey, Entity, ExternalId, RelationRow, Workspace
from search.partition import Row

ENTITY_UNKNOWN = "entity_ids names ids no entity of this workspace carries."


def scope_entity_ids(
    *, key: ApiKey, workspace: Workspace, entity_ids: list[str] | None
) -> list[int]:
    """Entity primary keys in scope, in the order answers list them (name, then id)."""
    entities = Entity.objects.filter(
        workspace=workspace, merged_into__isnull=True, kind=workspace.parsed_pack.entity_kinds[0]
    ).filter(
        Q(Exists(ExternalId.objects.filter(entity=OuterRef("pk"))))
        | Q(Exists(readable_documents(key).filter(entity=OuterRef("pk"))))
        | Q(Exists(RelationRow.objects.filter(entity=OuterRef("pk"), origin="declared")))
    )
    if entity_ids is not None:
        # An id of a person outside the key's view is as unknown as one nobody carries.
        resolved = {entity_id: entity_resolve(workspace, entity_id) for entity_id in entity_ids}
        visible = set(
            entities.filter(
                pk__in=[entity.pk for entity in resolved.values() if entity is not None]
            ).values_list("pk", flat=True)
        )
        unknown = [
            entity_id
            for entity_id, entity in resolved.items()
            if entity is None or entity.pk not in visible
        ]
        if unknown:
            raise InvalidRequest("entity_unknown", entity_ids=unknown, reason=ENTITY_UNKNOWN)
        entities = entities.filter(pk__in=visible)
    return list(entities.order_by("name_key", "key").values_list("pk", flat=True))


def scope_rows(*, key: ApiKey, relations: set[str], entity_pks: list[int] | None) -> list[Row]:
    rows = readable_rows(key).filter(relation__in=relations)
    if entity_pks is not None:
        rows = rows.filter(entity_id__in=entity_pks)
    return [
        Row(
            id=pk,
            entity_id=entity_id,
            relation=relation,
            values=values,
            declared=origin == "declared",
        )
        for pk, entity_id, relation, values, origin in rows.values_list(
            "pk", "entity_id", "relation", "values", "origin"
        ).iterator(chunk_size=5000)
    ]


def scope_withheld(
    *, key: ApiKey, relations: set[str], entity_pks: list[int] | None
) -> set[tuple[int, str]]:
    gaps = readable_gaps(key).filter(
        relation__in=relations, reason="withheld", entity__isnull=False
    )
    if entity_pks is not None:
        gaps = gaps.filter(entity_id__in=entity_pks)
    return set(gaps.values_list("entity_id", "relation"))
