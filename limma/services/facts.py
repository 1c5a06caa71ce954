"""POST /v1/public/facts: enumerate one relation's rows, each with its receipt, and its gaps.

`where` is applied after enumerating, through the vocabulary for places and functions; a row
whose value the vocabulary cannot place is counted, never silently dropped or kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from limma.access import entity_resolve, readable_gaps, readable_rows
from limma.errors import InvalidRequest
from limma.match import OPS, ORDERED_OPS, Unplaced, value_meets
from limma.models import ApiKey, CoverageGap, Entity, RelationRow, Workspace

RELATION_UNKNOWN = "The workspace's pack declares no such relation."
SLOT_UNKNOWN = "The relation has no such slot."
OP_UNKNOWN = "op must be one of eq, ne, in, lt, le, gt, ge."
OP_NOT_FOR_SLOT = "Only date and number slots can be compared with lt, le, gt or ge."
IN_NEEDS_LIST = "op in needs a list of values."

# A relation an app above the store derives rather than the pack declares (ideas' part_label):
# the rows the key may read that meet `where` ([slot, op, value] triples), for the given entity
# pks or all. The app fills this in its AppConfig.ready, so the store imports no app above it.
DerivedRows = Callable[[ApiKey, list[tuple[Any, Any, Any]], list[int] | None], list[RelationRow]]
DERIVED_RELATIONS: dict[str, DerivedRows] = {}


def derived_relation_register(relation: str, rows: DerivedRows) -> None:
    """Serve `relation` from `rows` instead of the pack's relation rows."""
    DERIVED_RELATIONS[relation] = rows


@dataclass(frozen=True)
class Condition:
    slot: str
    op: str
    value: Any


@dataclass(frozen=True)
class Facts:
    relation: str
    rows: list[RelationRow]
    total: int
    not_placed: list[RelationRow]
    gaps: list[CoverageGap]


def conditions_checked(workspace: Workspace, relation: str, where: list[Any]) -> list[Condition]:
    """Read `where` ([[slot, op, value]] or [{slot, op, value}]) against the pack, naming faults."""
    spec = workspace.parsed_pack.relation(relation)
    if spec is None:
        raise InvalidRequest(
            "relation_unknown",
            relation=relation,
            relations=sorted(workspace.parsed_pack.relations),
            reason=RELATION_UNKNOWN,
        )
    conditions = []
    for index, raw in enumerate(where):
        slot, op, value = (
            (raw.get("slot"), raw.get("op"), raw.get("value"))
            if isinstance(raw, dict)
            else (tuple(raw) if isinstance(raw, list) and len(raw) == 3 else (None, None, None))
        )
        fault = _fault(spec.slots, slot, op, value)
        if fault:
            raise InvalidRequest(fault[0], at=f"where[{index}]", slot=slot, op=op, reason=fault[1])
        conditions.append(Condition(slot=slot, op=op, value=value))
    return conditions


def _fault(slots: dict[str, str], slot: Any, op: Any, value: Any) -> tuple[str, str] | None:
    if slot not in slots:
        return "slot_unknown", SLOT_UNKNOWN
    if op not in OPS:
        return "op_unknown", OP_UNKNOWN
    if op in ORDERED_OPS and slots[slot] not in {"date", "number"}:
        return "op_not_for_slot", OP_NOT_FOR_SLOT
    if op == "in" and not (isinstance(value, list) and value):
        return "in_needs_a_list", IN_NEEDS_LIST
    return None


def facts_enumerate(
    *,
    key: ApiKey,
    workspace: Workspace,
    relation: str,
    where: list[Any],
    entity_ids: list[str] | None,
) -> Facts:
    if relation in DERIVED_RELATIONS:
        return _derived(relation, key=key, workspace=workspace, where=where, entity_ids=entity_ids)
    conditions = conditions_checked(workspace, relation, where)
    slots = workspace.parsed_pack.relations[relation].slots
    rows = readable_rows(key).filter(relation=relation).select_related("entity", "document")
    gaps = readable_gaps(key).filter(relation=relation).select_related("entity")
    if entity_ids is not None:
        entities = [entity_resolve(workspace, entity_id) for entity_id in entity_ids]
        pks = [entity.pk for entity in entities if isinstance(entity, Entity)]
        rows, gaps = rows.filter(entity_id__in=pks), gaps.filter(entity_id__in=pks)
    kept, not_placed = [], []
    for row in rows:
        try:
            if all(_meets(row, condition, slots, workspace) for condition in conditions):
                kept.append(row)
        except Unplaced:
            not_placed.append(row)
    return Facts(
        relation=relation, rows=kept, total=len(kept), not_placed=not_placed, gaps=list(gaps)
    )


def _derived(
    relation: str,
    *,
    key: ApiKey,
    workspace: Workspace,
    where: list[Any],
    entity_ids: list[str] | None,
) -> Facts:
    """A derived relation's rows (part_label: the labels ideas gave sentences at load)."""
    conditions = [
        tuple(raw) if isinstance(raw, list) and len(raw) == 3 else (None, None, None)
        for raw in where
    ]
    gaps = readable_gaps(key).filter(relation=relation).select_related("entity")
    pks = None
    if entity_ids is not None:
        entities = [entity_resolve(workspace, entity_id) for entity_id in entity_ids]
        pks = [entity.pk for entity in entities if isinstance(entity, Entity)]
        gaps = gaps.filter(entity_id__in=pks)
    rows = DERIVED_RELATIONS[relation](key, conditions, pks)
    return Facts(relation=relation, rows=rows, total=len(rows), not_placed=[], gaps=list(gaps))


def _meets(
    row: RelationRow, condition: Condition, slots: dict[str, str], workspace: Workspace
) -> bool:
    stored = row.values.get(condition.slot)
    if stored is None:
        return condition.op == "ne"
    return value_meets(
        slot_type=slots[condition.slot],
        stored=str(stored),
        op=condition.op,
        wanted=condition.value,
        vocabulary=workspace.vocabulary,
    )


def receipt(row: RelationRow) -> dict[str, Any]:
    """Where a row is from: the export's table and columns, or the span a read took it from."""
    if row.origin == RelationRow.Origin.DECLARED:
        return {
            "origin": "declared",
            "table": row.source_table,
            "columns": row.columns,
            "record_id": row.record_id,
        }
    return {
        "origin": "extracted",
        "source_id": row.document.source_id,
        "char_start": row.char_start,
        "char_end": row.char_end,
        "text": row.document.text[row.char_start : row.char_end],
        "made_by": row.made_by,
    }
