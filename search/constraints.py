"""Constraints: checked for form (a 422 when malformed), then bound to the pack and vocabulary.

A well-formed constraint that names a relation, slot or value the workspace does not hold is not
dropped in silence: it is not bound, and the reply names it as a gap that was NOT searched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from limma.errors import InvalidRequest
from limma.match import OPS, ORDERED_OPS, VOCABULARY_TYPES
from limma.pack import Pack
from limma.vocabulary import Vocabulary

CONSTRAINT_INVALID = "A constraint is {relation, slot, op, value} with op one of " + ", ".join(OPS)


@dataclass(frozen=True)
class Constraint:
    relation: str
    slot: str
    op: str
    value: Any

    def as_json(self) -> dict[str, Any]:
        return {"relation": self.relation, "slot": self.slot, "op": self.op, "value": self.value}


@dataclass(frozen=True)
class Unbound:
    constraint: Constraint
    reason: str  # relation_unknown, slot_unknown, value_not_in_vocabulary, op_not_for_slot


def constraints_parsed(raw: list[Any]) -> list[Constraint]:
    """Read the request's constraints; anything malformed is one 422 naming every fault."""
    faults: list[str] = []
    parsed: list[Constraint] = []
    for index, item in enumerate(raw):
        where = f"constraints[{index}]"
        if not isinstance(item, dict):
            faults.append(f"{where}:not_an_object")
            continue
        for key in ("relation", "slot", "op"):
            if not isinstance(item.get(key), str) or not item.get(key):
                faults.append(f"{where}.{key}:required")
        if "value" not in item:
            faults.append(f"{where}.value:required")
        extra = set(item) - {"relation", "slot", "op", "value"}
        if extra:
            faults.append(f"{where}:unknown_keys:{','.join(sorted(extra))}")
        op, value = item.get("op"), item.get("value")
        if isinstance(op, str) and op not in OPS:
            faults.append(f"{where}.op:unknown")
        elif op == "in" and not (
            isinstance(value, list) and value and all(_scalar(v) for v in value)
        ):
            faults.append(f"{where}.value:in_needs_a_list")
        elif op in OPS and op != "in" and not _scalar(value):
            faults.append(f"{where}.value:not_a_value")
        if not any(fault.startswith(where) for fault in faults):
            parsed.append(Constraint(item["relation"], item["slot"], op, value))
    if faults:
        raise InvalidRequest("constraints_invalid", faults=faults, reason=CONSTRAINT_INVALID)
    return parsed


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool) and value != ""


# Why a constraint cannot be bound to the pack and vocabulary: every reason
# constraint_unbound_reason gives (a reply says not_bound:<reason>).
RELATION_UNKNOWN, SLOT_UNKNOWN = "relation_unknown", "slot_unknown"
OP_NOT_FOR_SLOT = "op_not_for_slot"
VALUE_NOT_IN_VOCABULARY, VALUE_NOT_A_NUMBER = "value_not_in_vocabulary", "value_not_a_number"
UNBOUND_REASONS = (
    RELATION_UNKNOWN,
    SLOT_UNKNOWN,
    OP_NOT_FOR_SLOT,
    VALUE_NOT_IN_VOCABULARY,
    VALUE_NOT_A_NUMBER,
)


def constraint_unbound_reason(
    constraint: Constraint, pack: Pack, vocabulary: Vocabulary
) -> str | None:
    relation = pack.relation(constraint.relation)
    if relation is None:
        return RELATION_UNKNOWN
    slot_type = relation.slots.get(constraint.slot)
    if slot_type is None:
        return SLOT_UNKNOWN
    if constraint.op in ORDERED_OPS and slot_type not in {"date", "number"}:
        return OP_NOT_FOR_SLOT
    values = constraint.value if isinstance(constraint.value, list) else [constraint.value]
    if slot_type in VOCABULARY_TYPES and any(
        vocabulary.lookup(str(value), axis=slot_type) is None for value in values
    ):
        return VALUE_NOT_IN_VOCABULARY
    if slot_type == "number" and not all(_is_number(value) for value in values):
        return VALUE_NOT_A_NUMBER
    return None


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def constraints_bound(
    constraints: list[Constraint], pack: Pack, vocabulary: Vocabulary
) -> tuple[list[Constraint], list[Unbound]]:
    bound, unbound = [], []
    for constraint in constraints:
        reason = constraint_unbound_reason(constraint, pack, vocabulary)
        if reason is None:
            bound.append(constraint)
        else:
            unbound.append(Unbound(constraint, reason))
    return bound, unbound
