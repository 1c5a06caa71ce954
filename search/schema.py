"""What the search verb checks beyond its fields' own bounds, said in its request schema: a
drf-spectacular postprocessing hook after limma.schema's."""

from __future__ import annotations

from typing import Any

from criteria.plan import LIMITS
from ideas.budget import MAX_MAX_CALLS, MAX_MAX_SECONDS
from limma.match import OPS
from limma.schema import NOT_BLANK, STORABLE, value_faults_document

SCALAR = {"oneOf": [{"type": "string", "minLength": 1, "pattern": STORABLE}, {"type": "number"}]}
NAME = {"type": "string", "minLength": 1, "pattern": STORABLE}
CONSTRAINT = {
    "type": "object",
    "required": ["relation", "slot", "op", "value"],
    "additionalProperties": False,
    "properties": {"relation": NAME, "slot": NAME, "op": {"type": "string", "enum": list(OPS)}},
    "oneOf": [
        {
            "properties": {
                "op": {"enum": ["in"]},
                "value": {"type": "array", "minItems": 1, "items": SCALAR},
            }
        },
        {"properties": {"op": {"enum": [op for op in OPS if op != "in"]}, "value": SCALAR}},
    ],
}
CRITERION = {
    "oneOf": [
        {
            "type": "object",
            "required": ["text"],
            "additionalProperties": False,
            "properties": {
                "text": {"type": "string", "pattern": NOT_BLANK},
                "facets": {"type": "object"},
                "record_check": {"type": "object"},
            },
        },
        {
            "type": "object",
            "required": ["address"],
            "additionalProperties": False,
            "properties": {"address": NAME},
        },
    ]
}
CRITERIA_BUDGET = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "max_reads": {"type": "integer", "minimum": 0, "maximum": LIMITS["max_reads"]},
        "max_usd": {"type": "number", "minimum": 0, "maximum": float(LIMITS["max_usd"])},
        "max_seconds": {"type": "number", "minimum": 0, "maximum": LIMITS["max_seconds"]},
        "max_read_seconds": {
            "type": "number",
            "minimum": 0,
            "maximum": LIMITS["max_read_seconds"],
        },
        "retry_failed": {"type": "boolean"},
    },
}
IDEA_BUDGET = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "max_calls": {"type": "integer", "minimum": 0, "maximum": MAX_MAX_CALLS},
        "max_seconds": {"type": "number", "minimum": 0, "maximum": MAX_MAX_SECONDS},
    },
}
# The fields' combinations the verb refuses: an idea_budget needs an idea, and an idea does not
# stand beside a criterion.
COMBINATIONS = [
    {
        "anyOf": [
            {"not": {"required": ["idea_budget"]}},
            {"required": ["idea"], "properties": {"idea": {"minLength": 1}}},
        ]
    },
    {
        "anyOf": [
            {"not": {"required": ["idea"]}},
            {"properties": {"idea": {"maxLength": 0}}},
            {"not": {"required": ["criteria"]}},
            {"properties": {"criteria": {"maxItems": 0}}},
        ]
    },
]
# Values the schema cannot judge: an entity or a criterion's address the workspace does not
# hold, facets or a record check its vocabulary and pack refuse, an idea of no word, an as_of
# its pattern allows that the calendar does not hold (0000, 2023-02-30).
SEARCH_FAULTS: dict[str, list[str]] = {
    "invalid_request": ["as_of:not_a_date"],
    "entity_unknown": [],
    "criterion_unknown": [],
    "criterion_stale_reader_version": [],
    "criterion_facets_invalid": [],
    "criterion_invalid": ["record_check:"],
    "idea_has_no_words": [],
}


def search_request(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """The search request as strict as the verb, and its 422 naming the values it cannot judge."""
    search = result["components"]["schemas"]["SearchInputRequest"]
    search["additionalProperties"] = False
    fields = search["properties"]
    fields["constraints"]["items"] = CONSTRAINT
    fields["criteria"] = {**fields["criteria"], "items": CRITERION, "maxItems": 1}
    fields["criteria_budget"] = {**fields["criteria_budget"], **CRITERIA_BUDGET}
    fields["idea_budget"] = {**fields["idea_budget"], **IDEA_BUDGET}
    search["allOf"] = COMBINATIONS
    value_faults_document(result["paths"]["/v1/public/search"]["post"], SEARCH_FAULTS)
    return result
