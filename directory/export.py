"""The directory as a document-store export: tables of records and the mapping connect reads.

experts (one record a person: id, name, country as written, email, the profile as `bio` and the
date it was last updated), roles (employer, title, function, start, end), calls (transcripts),
references (with their author) and notes (screening notes). A field a person lacks is absent
or null, as a document store writes it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from directory.people import Person
from directory.places import BY_NAME
from limma.names import fold_accents

MAPPING: dict[str, Any] = {
    "entities": [{"table": "experts", "id": "_id", "name": "name"}],
    "relations": [
        {
            "relation": "based_in",
            "table": "experts",
            "entity": "_id",
            "slots": {"place": "country"},
        },
        {
            "relation": "held_role",
            "table": "roles",
            "entity": "expert_id",
            "id": "role_id",
            "slots": {
                "company": "company",
                "title": "title",
                "function": "function",
                "start": "start",
                "end": "end",
            },
        },
    ],
    "documents": [
        {"table": "experts", "entity": "_id", "kind": "profile", "text": "bio", "date": "bio_date"},
        {
            "table": "calls",
            "entity": "expert_id",
            "kind": "transcript",
            "text": "transcript",
            "id": "call_id",
            "date": "date",
        },
        {
            "table": "references",
            "entity": "expert_id",
            "kind": "reference",
            "text": "text",
            "id": "reference_id",
            "date": "date",
        },
        {
            "table": "notes",
            "entity": "expert_id",
            "kind": "screening_note",
            "text": "text",
            "id": "note_id",
            "date": "date",
        },
    ],
}
TABLE_OF = {"transcript": "calls", "reference": "references", "screening_note": "notes"}
TEXT_OF = {"transcript": "transcript", "reference": "text", "screening_note": "text"}
ID_OF = {"transcript": "call_id", "reference": "reference_id", "screening_note": "note_id"}


def email(person: Person) -> str:
    local = fold_accents(f"{person.given}.{person.family}").lower()
    local = "".join(char for char in local if char.isalnum() or char == ".")
    return f"{local}@example.{BY_NAME[person.country].pool[:2]}.org"


def export_of(people: list[Person]) -> dict[str, Any]:
    """{"tables": ..., "mapping": ...}: what POST /v1/public/connect and export_connect take."""
    tables: dict[str, list[dict[str, Any]]] = {
        "experts": [],
        "roles": [],
        "calls": [],
        "references": [],
        "notes": [],
    }
    for person in people:
        record: dict[str, Any] = {
            "_id": person.id,
            "name": person.name,
            "country": person.country_label,
            "email": email(person),
        }
        profile = next((doc for doc in person.docs if doc.kind == "profile"), None)
        if profile is not None:
            record["bio"] = profile.text
            record["bio_date"] = profile.date or None
        tables["experts"].append(record)
        for index, role in enumerate(person.roles):
            tables["roles"].append(
                {
                    "role_id": f"{person.id}-r{index}",
                    "expert_id": person.id,
                    "company": role.company,
                    "title": role.title,
                    "function": role.function,
                    "start": role.start,
                    "end": role.end or None,
                }
            )
        for index, doc in enumerate(d for d in person.docs if d.kind != "profile"):
            row: dict[str, Any] = {
                ID_OF[doc.kind]: f"{person.id}-d{index}",
                "expert_id": person.id,
                TEXT_OF[doc.kind]: doc.text,
                "date": doc.date or None,
            }
            if doc.author:
                row["author"] = doc.author
            tables[TABLE_OF[doc.kind]].append(row)
    return {"tables": tables, "mapping": MAPPING}


def export_write(export: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(export, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
