"""search_scale.py's bulk loader: the rows connect writes for a synthetic directory, written
with bulk_create.

Kept apart from the benchmark because it stands in for the connect service
(limma.services.connect) and measures nothing; the benchmark proves the two loads give the
same searches before it times one.
"""

from __future__ import annotations

import hashlib
from typing import Any

BATCH = 5000


def bulk_load(workspace: Any, export: dict[str, Any]) -> dict[str, int]:
    """What connect writes for this export (the people's facts included), written with
    bulk_create (no model is called)."""
    from limma.models import CoverageGap, Document, Entity, ExternalId, RelationRow
    from limma.names import name_key
    from limma.placement import row_placed, workspace_facts_rebuild
    from limma.services.connect_load import TRUTHY, row_id
    from limma.services.connect_mapping import cell

    tables = export["tables"]
    entities = Entity.objects.bulk_create(
        (
            Entity(
                workspace=workspace,
                key=person["_id"],
                kind="person",
                display_name=person["name"],
                name_key=name_key(person["name"]),
            )
            for person in tables["people"]
        ),
        batch_size=BATCH,
    )
    by_id = {entity.key: entity for entity in entities}
    ExternalId.objects.bulk_create(
        (
            ExternalId(workspace=workspace, entity=entity, table="people", value=entity.key)
            for entity in entities
        ),
        batch_size=BATCH,
    )
    slots = {name: r.slots for name, r in workspace.parsed_pack.relations.items()}
    rows: list[RelationRow] = []
    gaps: list[CoverageGap] = []
    for relation_map in export["mapping"]["relations"]:
        for row in tables[relation_map["table"]]:
            entity = by_id[cell(row, relation_map["entity"])]
            values = {
                slot: cell(row, column)
                for slot, column in relation_map["slots"].items()
                if cell(row, column)
            }
            record_id = row_id(row, relation_map.get("id", ""), {"entity": entity.key, **values})
            withheld = relation_map.get("withheld")
            if withheld and cell(row, withheld).lower() in TRUTHY:
                gaps.append(
                    CoverageGap(
                        workspace=workspace,
                        entity=entity,
                        relation=relation_map["relation"],
                        reason="withheld",
                        source_table=relation_map["table"],
                        record_id=record_id,
                    )
                )
            elif values:
                rows.append(
                    RelationRow(
                        workspace=workspace,
                        entity=entity,
                        relation=relation_map["relation"],
                        values=values,
                        placed=row_placed(
                            values, slots[relation_map["relation"]], workspace.vocabulary
                        ),
                        origin="declared",
                        source_table=relation_map["table"],
                        columns={s: c for s, c in relation_map["slots"].items() if s in values},
                        record_id=record_id,
                    )
                )
    RelationRow.objects.bulk_create(rows, batch_size=BATCH)
    CoverageGap.objects.bulk_create(gaps, batch_size=BATCH)
    (document_map,) = export["mapping"]["documents"]
    documents = [
        Document(
            workspace=workspace,
            entity=by_id[person["_id"]],
            kind=document_map["kind"],
            text=person[document_map["text"]],
            text_sha256=hashlib.sha256(person[document_map["text"]].encode()).hexdigest(),
            access_group=person.get("bio_group") or "general",
            origin="connect",
            source_table="people",
            source_column=document_map["text"],
            record_id=person["_id"],
        )
        for person in tables["people"]
        if person.get(document_map["text"])
    ]
    Document.objects.bulk_create(documents, batch_size=BATCH)
    workspace_facts_rebuild(workspace)  # what connect writes for the people it loads
    return {
        "entities": len(entities),
        "rows": len(rows),
        "gaps": len(gaps),
        "documents": len(documents),
    }


def workspace_with_key(name: str) -> tuple[Any, Any]:
    from limma.models import Workspace
    from limma.services.keys import api_key_create

    workspace = Workspace.objects.create(name=name)
    key, _ = api_key_create(workspace=workspace, name="bench", role="admin")
    return workspace, key
