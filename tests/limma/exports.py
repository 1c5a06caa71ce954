"""A small document-store export and its mapping, shared by the connect, facts and access tests."""

from __future__ import annotations

import copy
from typing import Any

EXPORT: dict[str, Any] = {
    "tables": {
        "experts": [
            {
                "_id": "414faa227dc946d35295d3e1",
                "name": "Greta Ostrander",
                "country": "Deutschland",
                "email": "greta@example.org",
                "bio": "Greta Ostrander leads marketing for baby formula.\n\nShe lives in Hamburg.",
            },
            {
                "_id": "5a0c1e2f3b4d5e6f7a8b9c0d",
                "name": "Dario Benavente",
                "country": "Spain",
                "email": "dario@example.org",
                "bio": "Dario Benavente has never worked on baby formula.",
            },
            {
                "_id": "6b1d2f3a4c5e6f7a8b9c0d1e",
                "name": "Nikolai Wierzbicki",
                "country": "Vietnam",
                "email": "nikolai@example.org",
                "bio": None,
            },
            # A second record of Greta, from another import: the same email, one person.
            {
                "_id": "7c2e3a4b5d6f7a8b9c0d1e2f",
                "name": "Greta Ostrander",
                "country": "Germany",
                "email": "greta@example.org",
                "bio": "",
            },
            {
                "_id": "8d3f4b5c6e7a8b9c0d1e2f3a",
                "name": "Xenia Bergstrom",
                "country": "Atlantis",
                "email": "xenia@example.org",
                "country_withheld": True,
            },
        ],
        "roles": [
            {
                "id": "r1",
                "expert_id": "414faa227dc946d35295d3e1",
                "company": "Quellmark Foods",
                "title": "Marketing Director",
                "function": "Marketing",
                "start": "2001-03",
                "end": "",
            },
            {
                "id": "r2",
                "expert_id": "5a0c1e2f3b4d5e6f7a8b9c0d",
                "company": "Halden Foods",
                "title": "Sales Lead",
                "function": "Sales",
                "start": "2010",
                "end": "2015-05",
            },
        ],
        "calls": [
            {
                "call_id": "c1",
                "expert_id": "414faa227dc946d35295d3e1",
                "date": "2024-06-01",
                "transcript": "[00:00:05] Interviewer: How long?\n"
                "[00:00:09] Greta: More than 20 years.",
                "group": "calls",
            },
        ],
    },
    "mapping": {
        "entities": [{"table": "experts", "id": "_id", "name": "name", "same_as": "email"}],
        "relations": [
            {
                "relation": "based_in",
                "table": "experts",
                "entity": "_id",
                "slots": {"place": "country"},
                "withheld": "country_withheld",
            },
            {
                "relation": "held_role",
                "table": "roles",
                "entity": "expert_id",
                "id": "id",
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
            {"table": "experts", "entity": "_id", "kind": "profile", "text": "bio"},
            {
                "table": "calls",
                "entity": "expert_id",
                "kind": "transcript",
                "text": "transcript",
                "id": "call_id",
                "date": "date",
                "access_group": "group",
            },
        ],
    },
}


def export(**changes: Any) -> dict[str, Any]:
    """A deep copy of the export, so a test may change it freely."""
    copied = copy.deepcopy(EXPORT)
    copied.update(changes)
    return copied


def connect(api, workspace, body: dict[str, Any] | None = None):
    return api.post(
        "/v1/public/connect", {"workspace_id": workspace.id, **(body or export())}, format="json"
    )
