"""The write half of connect: an export already checked whole is loaded in one transaction.

Loading the same export again changes nothing; a changed one replaces what it declared, and a
changed prose field registers a new document beside the old one, which is kept, superseded.
The new rows are written many at once: with COPY on PostgreSQL, as multi-row inserts on SQLite
(limma/services/bulk_write.py), the same rows either way.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from limma.models import CoverageGap, Document, Entity, ExternalId, Part, RelationRow, Workspace
from limma.names import name_key
from limma.segment import SEGMENTER_VERSION
from limma.services.bulk_write import created, rows_created
from limma.services.connect_mapping import DocumentMap, Mapping, RelationMap, cell
from limma.services.rows import RowsWrite
from limma.services.segmentation import documents_segment

TRUTHY = {"1", "true", "yes", "y", "withheld"}
BATCH = 500  # documents segmented and written together
Address = tuple[str, str]  # (table, record id)


@dataclass
class Loaded:
    entities_created: int = 0
    entities_merged: int = 0
    rows_created: int = 0
    rows_removed: int = 0
    rows_kept: int = 0
    gaps: int = 0
    documents_registered: int = 0
    documents_kept: int = 0
    documents_superseded: int = 0
    entity_keys: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Record:
    """One entity record of the export: the person it belongs to is its group's first record."""

    table: str
    value: str
    name: str
    same_as: str
    group: Address


def row_id(row: dict[str, Any], id_column: str, values: dict[str, str]) -> str:
    """The row's own id, or a digest of what it says (stable across connects of one export)."""
    if id_column and cell(row, id_column):
        return cell(row, id_column)
    digest = hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()
    return f"h:{digest[:20]}"


class ExportLoader:
    def __init__(self, *, workspace: Workspace, tables: dict[str, list[dict[str, Any]]]) -> None:
        self.workspace = workspace
        self.tables = tables
        self.loaded = Loaded()
        self.entities: dict[Address, Entity] = {}
        # The rows and gaps written: the facts of the people loaded, and of those whose rows
        # or gaps go, are written once when it closes.
        self.write = RowsWrite(workspace)

    def load(self, mapping: Mapping, records: dict[Address, Record]) -> Loaded:
        with self.write:
            self.load_entities(records)
            self.write.people_mark(entity.pk for entity in self.entities.values())
            for relation_map in mapping.relations:
                self.load_relation(relation_map)
        for document_map in mapping.documents:
            self.load_documents(document_map)
        return self.loaded

    def load_entities(self, records: dict[Address, Record]) -> None:
        """Each group of records becomes one entity; a record loaded before keeps its entity."""
        externals = list(
            ExternalId.objects.filter(workspace=self.workspace).select_related("entity")
        )
        known = {(external.table, external.value): external.entity for external in externals}
        known_same = {e.same_as: e.entity for e in externals if e.same_as}
        taken = set(Entity.objects.filter(workspace=self.workspace).values_list("key", flat=True))
        by_group: dict[Address, Entity] = {}
        new_ids: list[tuple[Entity, Record]] = []
        new: list[Entity] = []
        for address, record in records.items():
            entity = (
                by_group.get(record.group) or known.get(address) or known_same.get(record.same_as)
            )
            if entity is None:
                entity = self._entity_new(record, taken)
                new.append(entity)
            elif record.group in by_group and address not in known:
                self.loaded.entities_merged += 1
            by_group.setdefault(record.group, entity)
            if address not in known:
                new_ids.append((entity, record))
            renamed = record.name and entity.display_name != record.name
            if entity.pk and renamed and record.group == address:
                entity.display_name, entity.name_key = record.name, name_key(record.name)
                Entity.objects.filter(pk=entity.pk).update(
                    display_name=entity.display_name, name_key=entity.name_key
                )
        created(Entity, new)
        rows_created(
            ExternalId,
            (
                {
                    "workspace_id": self.workspace.pk,
                    "entity_id": entity.pk,
                    "table": record.table,
                    "value": record.value,
                    "same_as": record.same_as,
                }
                for entity, record in new_ids
            ),
        )
        self.write.people_new(entity.pk for entity in new)
        self.entities = {address: by_group[record.group] for address, record in records.items()}
        self.loaded.entity_keys = sorted({entity.key for entity in self.entities.values()})

    def _entity_new(self, record: Record, taken: set[str]) -> Entity:
        """An entity for a group seen for the first time, written with the others in bulk."""
        entity = Entity(
            workspace=self.workspace,
            display_name=record.name,
            name_key=name_key(record.name),
            kind=self.workspace.parsed_pack.entity_kinds[0],
        )
        if record.value not in taken and len(record.value) <= 64:
            entity.key = record.value  # the export's own id is the public id
        taken.add(entity.key)
        self.loaded.entities_created += 1
        return entity

    def load_relation(self, relation_map: RelationMap) -> None:
        wanted, gaps = self._wanted_rows(relation_map)
        existing = {
            (row.record_id, row.entity_id): row
            for row in RelationRow.objects.filter(
                workspace=self.workspace,
                relation=relation_map.relation,
                source_table=relation_map.table,
                origin=RelationRow.Origin.DECLARED,
            )
        }
        stale = [row for address, row in existing.items() if address not in wanted]
        fresh = []
        for address, (entity, values) in wanted.items():
            columns = {slot: col for slot, col in relation_map.slots.items() if slot in values}
            row = existing.get(address)
            if row is not None and row.values == values and row.columns == columns:
                self.loaded.rows_kept += 1
                continue
            if row is not None:
                stale.append(row)
            fresh.append(
                {
                    "workspace_id": self.workspace.pk,
                    "entity_id": entity.pk,
                    "relation": relation_map.relation,
                    "values": values,
                    "origin": RelationRow.Origin.DECLARED,
                    "source_table": relation_map.table,
                    "columns": columns,
                    "record_id": address[0],
                }
            )
        self.write.rows_remove(
            RelationRow.objects.filter(pk__in=[row.pk for row in stale]),
            declared_of=[row.entity_id for row in stale],
        )
        self.write.rows_insert(fresh)
        self.loaded.rows_removed += len(stale)
        self.loaded.rows_created += len(fresh)
        self._replace_gaps(relation_map, gaps)

    def _replace_gaps(self, relation_map: RelationMap, gaps: list[tuple[str, Entity]]) -> None:
        replaced = CoverageGap.objects.filter(
            workspace=self.workspace,
            relation=relation_map.relation,
            source_table=relation_map.table,
            reason="withheld",
        )
        self.write.gaps_remove(replaced)
        self.write.gaps_insert(
            [
                {
                    "workspace_id": self.workspace.pk,
                    "entity_id": entity.pk,
                    "relation": relation_map.relation,
                    "reason": "withheld",
                    "source_table": relation_map.table,
                    "record_id": record_id,
                }
                for record_id, entity in gaps
            ]
        )
        self.loaded.gaps += len(gaps)

    def _wanted_rows(self, relation_map: RelationMap):
        wanted: dict[tuple[str, int], tuple[Entity, dict[str, str]]] = {}
        gaps: list[tuple[str, Entity]] = []
        for row in self.tables[relation_map.table]:
            entity = self.entities[(relation_map.entity_table, cell(row, relation_map.entity))]
            cells = {slot: cell(row, col) for slot, col in relation_map.slots.items()}
            values = {slot: value for slot, value in cells.items() if value}
            record_id = row_id(row, relation_map.id, {"entity": entity.key, **values})
            if relation_map.withheld and cell(row, relation_map.withheld).lower() in TRUTHY:
                gaps.append((record_id, entity))
            elif values:
                wanted[(record_id, entity.pk)] = (entity, values)
        return wanted, gaps

    def load_documents(self, document_map: DocumentMap) -> None:
        """The prose fields of one table: what changed superseded, the new texts registered
        and segmented in bulk (a few inserts for the whole table)."""
        existing = {
            document.record_id: document
            for document in Document.objects.filter(
                workspace=self.workspace,
                origin=Document.Origin.CONNECT,
                source_table=document_map.table,
                source_column=document_map.text,
            ).exclude(state=Document.State.SUPERSEDED)
        }
        fresh: dict[str, Document] = {}
        superseded: list[Document] = []
        for row in self.tables[document_map.table]:
            document = self._document_wanted(row, document_map, existing, fresh)
            if document is None:
                continue
            previous = existing.get(document.record_id)
            if previous is not None and previous not in superseded:
                # Nothing rewrites a stored text: the old one stays, superseded, with its receipts.
                previous.state = Document.State.SUPERSEDED
                previous.record_id = f"{previous.record_id}@{previous.pk}"
                superseded.append(previous)
            fresh[document.record_id] = document
        Document.objects.bulk_update(superseded, ["state", "record_id"], batch_size=BATCH)
        registered = created(Document, fresh.values())
        for start in range(0, len(registered), BATCH):
            documents_segment(
                registered[start : start + BATCH], label_state=Part.LabelState.DEFERRED
            )
        self.loaded.documents_superseded += len(superseded)
        self.loaded.documents_registered += len(registered)

    def _document_wanted(
        self, row: dict[str, Any], document_map: DocumentMap, existing: dict, fresh: dict
    ) -> Document | None:
        """The document a row's prose field holds, unsaved; None when it holds none or the
        same text is stored already."""
        text = row.get(document_map.text)
        if not isinstance(text, str) or not text.strip():
            return None  # a missing or empty field holds no document
        record_id = self._document_record_id(row, document_map, text)
        digest = hashlib.sha256(text.encode()).hexdigest()
        previous = fresh.get(record_id) or existing.get(record_id)
        if previous is not None and previous.text_sha256 == digest:
            if record_id not in fresh:
                self.loaded.documents_kept += 1
            return None
        date = cell(row, document_map.date) if document_map.date else ""
        group = cell(row, document_map.access_group) if document_map.access_group else ""
        entity = self.entities[(document_map.entity_table, cell(row, document_map.entity))]
        return Document(
            workspace_id=self.workspace.pk,
            entity_id=entity.pk,
            kind=document_map.kind,
            text=text,
            text_sha256=digest,
            file_name=cell(row, document_map.file_name) if document_map.file_name else "",
            document_date=dt.date.fromisoformat(date) if date else None,
            access_group=group or "general",
            origin=Document.Origin.CONNECT,
            source_table=document_map.table,
            source_column=document_map.text,
            record_id=record_id,
            # Cut in the same load, before it commits (documents_segment).
            segmenter_version=SEGMENTER_VERSION,
        )

    @staticmethod
    def _document_record_id(row: dict[str, Any], document_map: DocumentMap, text: str) -> str:
        if document_map.id and cell(row, document_map.id):
            return cell(row, document_map.id)
        if document_map.table == document_map.entity_table:
            return cell(row, document_map.entity)
        return "h:" + hashlib.sha256(text.encode()).hexdigest()[:20]
