"""Who a search is over, and the rows it reads: queries the partition joins, never lists.

The scope is the key's view of the workspace: every unmerged entity of the pack's first kind
that the record holds (a connect loaded it) or that a document the key may read is about. A
person only hidden documents mention is never in scope, so never counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, FilteredRelation, OuterRef, Q, QuerySet

from limma.access import entity_resolve, readable_documents, readable_gaps, readable_rows
from limma.errors import InvalidRequest
from limma.models import ApiKey, CoverageGap, Document, Entity, ExternalId, RelationRow, Workspace

ENTITY_UNKNOWN = "entity_ids names ids no entity of this workspace carries."
FACTS = "own_facts"  # the scope's alias of each person's facts


def scope_entities(
    *, key: ApiKey, workspace: Workspace, entity_ids: list[str] | None
) -> QuerySet[Entity]:
    """The entities in scope, as a query the partition joins (never listed whole)."""
    entities = with_facts(
        Entity.objects.filter(
            workspace=workspace,
            merged_into__isnull=True,
            kind=workspace.parsed_pack.entity_kinds[0],
        ),
        workspace.id,
    ).filter(
        # The person's facts say it first and cheaply (one narrow row beside the person, no
        # table of ids hashed); the other tests stand for whoever the facts do not name.
        Q(**{f"{FACTS}__in_record": True})
        | Q(Exists(ExternalId.objects.filter(entity=OuterRef("pk"))))
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
        # No ids scope nobody: `id IS NULL` is a query that compiles, where an empty IN is not.
        chosen = Q(pk__in=visible) if visible else Q(pk__isnull=True)
        entities = with_facts(Entity.objects.filter(chosen), workspace.id)
    return entities


@dataclass(frozen=True)
class WholeScope:
    """The scope of a search over the whole workspace, as the sets' stored counts read it:
    the people of the record (each set's count) less those merged or of another kind, and
    the people only an ingested document the key may read names (a connect's document names
    a person of the record, who is counted already)."""

    workspace_id: str
    kind: str
    ingested: QuerySet[Document]


def whole_scope(key: ApiKey, workspace: Workspace) -> WholeScope:
    return WholeScope(
        workspace_id=workspace.id,
        kind=workspace.parsed_pack.entity_kinds[0],
        ingested=readable_documents(key).filter(
            origin=Document.Origin.INGEST, entity__isnull=False
        ),
    )


def with_facts(entities: QuerySet[Entity], workspace_id: str) -> QuerySet[Entity]:
    """The entities with their facts (limma PersonFacts) beside them as FACTS: a join that reads
    only the workspace's facts, so a count never scans another workspace's (the workspace named
    as a value, so the join's one key is the person's)."""
    own = FilteredRelation("person_facts", condition=Q(person_facts__workspace_id=workspace_id))
    return entities.alias(**{FACTS: own})


def scope_rows(
    key: ApiKey, entity_ids: list[str] | None, entities: QuerySet[Entity]
) -> tuple[QuerySet[RelationRow], QuerySet[CoverageGap]]:
    """The rows and gaps the key may read, of the people asked for when ids were given."""
    rows, gaps = readable_rows(key), readable_gaps(key)
    if entity_ids is not None:
        rows = rows.filter(entity__in=entities)
        gaps = gaps.filter(entity__in=entities)
    return rows, gaps
