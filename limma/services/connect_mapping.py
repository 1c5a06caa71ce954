"""Checking a document-store export and its mapping before anything is written.

Every fault is collected and named (`mapping.relations[0].relation:unknown_relation`,
`tables.roles[3].expert_id:entity_unknown`), so a refused connect writes nothing and says
everything that is wrong at once.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from limma.pack import Pack

MAX_FAULTS = 50
PARTIAL_DATE = re.compile(r"^\d{4}(-(0[1-9]|1[0-2])(-\d{2})?)?$")


@dataclass(frozen=True)
class EntityMap:
    table: str
    id: str
    name: str
    kind: str
    same_as: str = ""


@dataclass(frozen=True)
class RelationMap:
    relation: str
    table: str
    entity: str
    entity_table: str
    slots: dict[str, str]
    id: str = ""
    withheld: str = ""


@dataclass(frozen=True)
class DocumentMap:
    table: str
    entity: str
    entity_table: str
    kind: str
    text: str
    id: str = ""
    file_name: str = ""
    date: str = ""
    access_group: str = ""


@dataclass
class Mapping:
    entities: list[EntityMap] = field(default_factory=list)
    relations: list[RelationMap] = field(default_factory=list)
    documents: list[DocumentMap] = field(default_factory=list)


def cell(row: dict[str, Any], column: str) -> str:
    """A cell as text; a missing or null cell is empty (a document store omits fields)."""
    value = row.get(column)
    if value is None:
        return ""
    return str(value).strip()


def is_date(value: str) -> bool:
    if not PARTIAL_DATE.match(value):
        return False
    if len(value) == 10:
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            return False
    return True


class MappingChecker:
    """Reads the raw mapping into dataclasses, collecting faults instead of stopping at one."""

    def __init__(self, tables: dict[str, list[dict[str, Any]]], raw: dict[str, Any], pack: Pack):
        self.tables = tables
        self.raw = raw
        self.pack = pack
        self.faults: list[str] = []

    def fault(self, text: str) -> None:
        self.faults.append(text)

    def check(self) -> Mapping:
        mapping = Mapping()
        entity_tables: list[str] = []
        for index, raw in enumerate(self._list("entities")):
            where = f"mapping.entities[{index}]"
            found = self._entity(where, raw)
            if found:
                mapping.entities.append(found)
                entity_tables.append(found.table)
        if not mapping.entities and not any(f.startswith("mapping.entities") for f in self.faults):
            self.fault("mapping.entities:required")
        for index, raw in enumerate(self._list("relations")):
            found = self._relation(f"mapping.relations[{index}]", raw, entity_tables)
            if found:
                mapping.relations.append(found)
        for index, raw in enumerate(self._list("documents")):
            found = self._document(f"mapping.documents[{index}]", raw, entity_tables)
            if found:
                mapping.documents.append(found)
        return mapping

    def _list(self, key: str) -> list[dict[str, Any]]:
        value = self.raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            self.fault(f"mapping.{key}:not_a_list_of_objects")
            return []
        return value

    def _string(self, where: str, raw: dict[str, Any], key: str, *, required: bool) -> str:
        value = raw.get(key, "")
        if not isinstance(value, str) or (required and not value):
            self.fault(f"{where}.{key}:required" if required else f"{where}.{key}:not_a_string")
            return ""
        return value

    def _table(self, where: str, raw: dict[str, Any]) -> str:
        table = self._string(where, raw, "table", required=True)
        if table and table not in self.tables:
            self.fault(f"{where}.table:unknown_table")
            return ""
        return table

    def _entity_table(self, where: str, raw: dict[str, Any], entity_tables: list[str]) -> str:
        named = raw.get("entity_table")
        if named is None:
            if len(entity_tables) == 1:
                return entity_tables[0]
            self.fault(f"{where}.entity_table:required")
            return ""
        if named not in entity_tables:
            self.fault(f"{where}.entity_table:not_an_entity_table")
            return ""
        return named

    def _entity(self, where: str, raw: dict[str, Any]) -> EntityMap | None:
        table = self._table(where, raw)
        column_id = self._string(where, raw, "id", required=True)
        name = self._string(where, raw, "name", required=True)
        kind = raw.get("kind") or self.pack.entity_kinds[0]
        if kind not in self.pack.entity_kinds:
            self.fault(f"{where}.kind:unknown_entity_kind")
        same_as = self._string(where, raw, "same_as", required=False)
        if not (table and column_id and name) or kind not in self.pack.entity_kinds:
            return None
        return EntityMap(table=table, id=column_id, name=name, kind=kind, same_as=same_as)

    def _relation(
        self, where: str, raw: dict[str, Any], entity_tables: list[str]
    ) -> RelationMap | None:
        table = self._table(where, raw)
        name = self._string(where, raw, "relation", required=True)
        relation = self.pack.relation(name) if name else None
        if name and relation is None:
            self.fault(f"{where}.relation:unknown_relation")
        entity = self._string(where, raw, "entity", required=True)
        entity_table = self._entity_table(where, raw, entity_tables)
        slots = raw.get("slots")
        if not isinstance(slots, dict) or not slots:
            self.fault(f"{where}.slots:required")
            slots = {}
        if relation is not None:
            for slot, column in slots.items():
                if slot not in relation.slots:
                    self.fault(f"{where}.slots.{slot}:unknown_slot")
                elif not isinstance(column, str) or not column:
                    self.fault(f"{where}.slots.{slot}:not_a_column")
        if not (table and relation and entity and entity_table and slots):
            return None
        return RelationMap(
            relation=name,
            table=table,
            entity=entity,
            entity_table=entity_table,
            slots=dict(slots),
            id=self._string(where, raw, "id", required=False),
            withheld=self._string(where, raw, "withheld", required=False),
        )

    def _document(
        self, where: str, raw: dict[str, Any], entity_tables: list[str]
    ) -> DocumentMap | None:
        table = self._table(where, raw)
        kind = self._string(where, raw, "kind", required=True)
        if kind and kind not in self.pack.document_kinds:
            self.fault(f"{where}.kind:document_kind_unknown")
        text = self._string(where, raw, "text", required=True)
        entity = self._string(where, raw, "entity", required=True)
        entity_table = self._entity_table(where, raw, entity_tables)
        optional = {
            key: self._string(where, raw, key, required=False)
            for key in ("id", "file_name", "date", "access_group")
        }
        if not (table and kind in self.pack.document_kinds and text and entity and entity_table):
            return None
        return DocumentMap(
            table=table, entity=entity, entity_table=entity_table, kind=kind, text=text, **optional
        )
