"""A workspace's pack: the kinds of entity and document it holds, and its relations' slots.

The pack is checked here, once, as a pure function, so every verb can trust it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# What a slot holds. place and function are read through the vocabulary's axis of that name.
SLOT_TYPES = ("text", "place", "function", "date", "number")
NAME = re.compile(r"^[a-z][a-z0-9_]{0,62}$")

DEFAULT_PACK: dict[str, Any] = {
    "entity_kinds": ["person"],
    "document_kinds": ["profile", "transcript", "reference", "screening_note", "note", "contract"],
    "relations": {
        "based_in": {"subject": "person", "slots": {"place": "place"}},
        "held_role": {
            "subject": "person",
            "slots": {
                "company": "text",
                "title": "text",
                "function": "function",
                "start": "date",
                "end": "date",
            },
        },
    },
}


@dataclass(frozen=True)
class Relation:
    name: str
    subject: str
    slots: dict[str, str]


@dataclass(frozen=True)
class Pack:
    entity_kinds: tuple[str, ...]
    document_kinds: tuple[str, ...]
    relations: dict[str, Relation]

    def relation(self, name: str) -> Relation | None:
        return self.relations.get(name)


def pack_faults(raw: Any) -> list[str]:
    """Every way a pack is malformed, as stable codes; an empty list is a valid pack."""
    if not isinstance(raw, dict):
        return ["pack:not_an_object"]
    faults: list[str] = []
    for key in ("entity_kinds", "document_kinds"):
        kinds = raw.get(key)
        if not isinstance(kinds, list) or not kinds:
            faults.append(f"{key}:missing")
        elif not all(isinstance(kind, str) and NAME.match(kind) for kind in kinds):
            faults.append(f"{key}:bad_name")
    relations = raw.get("relations", {})
    if not isinstance(relations, dict):
        return [*faults, "relations:not_an_object"]
    entity_kinds = raw.get("entity_kinds") or []
    for name, relation in relations.items():
        if not NAME.match(str(name)):
            faults.append(f"relations.{name}:bad_name")
            continue
        if not isinstance(relation, dict) or not isinstance(relation.get("slots"), dict):
            faults.append(f"relations.{name}:slots_missing")
            continue
        if relation.get("subject") not in entity_kinds:
            faults.append(f"relations.{name}:unknown_subject")
        for slot, slot_type in relation["slots"].items():
            if not NAME.match(str(slot)):
                faults.append(f"relations.{name}.{slot}:bad_name")
            elif slot_type not in SLOT_TYPES:
                faults.append(f"relations.{name}.{slot}:unknown_type")
    return faults


def pack_from_json(raw: dict[str, Any]) -> Pack:
    """Build a Pack from stored JSON that pack_faults has accepted."""
    relations = {
        name: Relation(name=name, subject=value["subject"], slots=dict(value["slots"]))
        for name, value in raw.get("relations", {}).items()
    }
    return Pack(
        entity_kinds=tuple(raw["entity_kinds"]),
        document_kinds=tuple(raw["document_kinds"]),
        relations=relations,
    )
