"""POST /v1/public/connect: load a document-store export through a mapping; no model is called.

Entities (two records of one person merged by a same_as column), declared relation rows with
the table and columns they came from, withheld rows as coverage gaps, and prose fields as
documents. The whole export is checked first; a refused connect writes nothing. Connecting
the same export again changes nothing; connecting a changed one replaces what it declared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from limma.access import is_access_group
from limma.errors import InvalidRequest
from limma.models import Workspace
from limma.services.connect_load import ExportLoader, Loaded, Record
from limma.services.connect_mapping import MAX_FAULTS, Mapping, MappingChecker, cell, is_date

EXPORT_INVALID = "The export or its mapping does not hold: nothing was loaded."


def export_connect(
    *,
    workspace: Workspace,
    tables: Any,
    mapping: Any,
    checked: Callable[[int], None] | None = None,
) -> Loaded:
    """checked: told the rows checked once the whole export holds, before it is written (a
    connect job's progress)."""
    checker = _checked_tables(tables)
    if not isinstance(mapping, dict):
        raise InvalidRequest(
            "export_invalid", faults=["mapping:not_an_object"], reason=EXPORT_INVALID
        )
    mapping_checker = MappingChecker(tables, mapping, workspace.parsed_pack)
    parsed = mapping_checker.check()
    faults = checker + mapping_checker.faults
    records = _records(tables, parsed, faults) if not faults else {}
    if not faults:
        _check_rows(tables, parsed, records, workspace, faults)
    if faults:
        raise InvalidRequest(
            "export_invalid",
            faults=faults[:MAX_FAULTS],
            fault_count=len(faults),
            reason=EXPORT_INVALID,
        )
    if checked is not None:
        checked(sum(len(rows) for rows in tables.values()))
    with transaction.atomic():
        return ExportLoader(workspace=workspace, tables=tables).load(parsed, records)


def connect_summary(loaded: Loaded) -> dict[str, Any]:
    """What a connect wrote, as its reply says it (and a connect job's status at its end)."""
    return {
        "entities": {
            "created": loaded.entities_created,
            "merged": loaded.entities_merged,
            "total": len(loaded.entity_keys),
        },
        "rows": {
            "created": loaded.rows_created,
            "kept": loaded.rows_kept,
            "removed": loaded.rows_removed,
            "withheld": loaded.gaps,
        },
        "documents": {
            "registered": loaded.documents_registered,
            "kept": loaded.documents_kept,
            "superseded": loaded.documents_superseded,
        },
        "model_calls": 0,
    }


def _checked_tables(tables: Any) -> list[str]:
    if not isinstance(tables, dict):
        return ["tables:not_an_object"]
    return [
        f"tables.{name}:not_a_list_of_objects"
        for name, rows in tables.items()
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows)
    ]


def _records(tables: dict, mapping: Mapping, faults: list[str]) -> dict[tuple[str, str], Record]:
    records: dict[tuple[str, str], Record] = {}
    first_of_same: dict[str, tuple[str, str]] = {}
    for entity_map in mapping.entities:
        for index, row in enumerate(tables[entity_map.table]):
            value = cell(row, entity_map.id)
            if not value:
                faults.append(f"tables.{entity_map.table}[{index}].{entity_map.id}:missing")
                continue
            if (entity_map.table, value) in records:
                faults.append(f"tables.{entity_map.table}[{index}].{entity_map.id}:duplicate_id")
                continue
            same_as = cell(row, entity_map.same_as) if entity_map.same_as else ""
            group = (
                first_of_same.setdefault(same_as, (entity_map.table, value))
                if same_as
                else (entity_map.table, value)
            )
            records[(entity_map.table, value)] = Record(
                table=entity_map.table,
                value=value,
                name=cell(row, entity_map.name),
                same_as=same_as,
                group=group,
            )
    return records


def _check_rows(
    tables: dict, mapping: Mapping, records: dict, workspace: Workspace, faults: list[str]
) -> None:
    pack = workspace.parsed_pack
    for relation_map in mapping.relations:
        slot_types = pack.relations[relation_map.relation].slots
        for index, row in enumerate(tables[relation_map.table]):
            where = f"tables.{relation_map.table}[{index}]"
            if (relation_map.entity_table, cell(row, relation_map.entity)) not in records:
                faults.append(f"{where}.{relation_map.entity}:entity_unknown")
            for slot, column in relation_map.slots.items():
                value = cell(row, column)
                if value and slot_types[slot] == "date" and not is_date(value):
                    faults.append(f"{where}.{column}:not_a_date")
                elif value and slot_types[slot] == "number" and not _is_number(value):
                    faults.append(f"{where}.{column}:not_a_number")
    for document_map in mapping.documents:
        for index, row in enumerate(tables[document_map.table]):
            where = f"tables.{document_map.table}[{index}]"
            if (document_map.entity_table, cell(row, document_map.entity)) not in records:
                faults.append(f"{where}.{document_map.entity}:entity_unknown")
            group = cell(row, document_map.access_group) if document_map.access_group else ""
            if group and not is_access_group(group):
                faults.append(f"{where}.{document_map.access_group}:not_an_access_group")
            date = cell(row, document_map.date) if document_map.date else ""
            if date and not _is_full_date(date):
                faults.append(f"{where}.{document_map.date}:not_a_date")


def _is_number(value: str) -> bool:
    try:
        float(value)
    except ValueError:
        return False
    return True


def _is_full_date(value: str) -> bool:
    return len(value) == 10 and is_date(value)
