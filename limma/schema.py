"""How the generated verb reference describes Limma's API keys."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class ApiKeyScheme(OpenApiAuthenticationExtension):
    target_class = "limma.auth.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "lk_<prefix>.<secret>",
            "description": "An API key of the workspace: viewer, analyst or admin.",
        }


# Every refusal a verb can answer with, in the one shape limma.errors renders.
REFUSALS = {
    "400": "The body is not JSON.",
    "401": "No API key, or one that is unknown or revoked.",
    "403": "The key's role may not do this (a read-only key asked to write or to read).",
    "404": "No workspace, document or entity this key may read has this id.",
    "409": "The request conflicts with what the workspace holds.",
    "413": "The body is larger than the deployment accepts (body_too_large).",
    "415": "The body is not application/json.",
    "422": "The request is JSON the verb cannot accept: detail.type and detail.faults say why.",
    "502": "A model call failed or its reply did not validate.",
    "503": "No model can answer in this deployment, or the spend switch is on.",
}
ERROR_SCHEMA = {
    "type": "object",
    "required": ["status", "path", "detail"],
    "properties": {
        "status": {"type": "integer"},
        "path": {"type": "string"},
        "detail": {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"type": "string"}},
            "additionalProperties": True,
        },
    },
}


# The 422s a request the schema allows may still earn: it names something only the workspace
# (its pack, its entities) or the request's own export can hold. By operation: each refusal's
# type, and the faults it may name (`<where>:<what>` beginning or ending so); an empty list:
# any fault of the type.
VALUE_FAULTS = "x-value-faults"
WORKSPACE_FAULTS: dict[str, dict[str, list[str]]] = {
    "ingest": {"document_kind_unknown": []},
    "connect": {
        "export_invalid": [
            ":unknown_table",
            ".entity_table:required",
            ":not_an_entity_table",
            ":unknown_entity_kind",
            ":unknown_relation",
            ":unknown_slot",
            ":document_kind_unknown",
            ":missing",
            ":duplicate_id",
            ":entity_unknown",
            ":not_a_date",
            ":not_a_number",
            ":not_an_access_group",
        ]
    },
    "facts": {"relation_unknown": [], "slot_unknown": [], "op_not_for_slot": []},
    "verify": {"invalid_request": ["relation:unknown"]},
}
VALUE_422 = (
    "The request is JSON the verb cannot accept: detail.type and detail.faults say why. "
    "Besides faults of form, it may name a value only the workspace, the export or the "
    "language can judge (x-value-faults: each type, and how the faults it names begin or end)."
)
# What every database stores: no string of a request may hold a NUL (limma.parsers). A field
# that may not be blank is read trimmed (DRF's CharField, Python's str.strip), so it holds a
# character str.strip keeps: spelled out, as a JSON Schema reader's \s is another set.
STORABLE = "^[^\\x00]*$"
WHITE_SPACE = (
    "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
)
NOT_BLANK = f"^[^\\x00]*[^\\x00{WHITE_SPACE}][^\\x00]*$"
UNTRIMMED = {("IngestInputRequest", "text")}  # stored exactly as sent


def storable_strings(schema: Any) -> None:
    """Every free string of a request says it carries no NUL, as the verbs refuse one, and one
    that may not be blank says it holds more than white space."""
    if isinstance(schema, list):
        for item in schema:
            storable_strings(item)
        return
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "string" and not {"pattern", "format", "enum"} & set(schema):
        schema["pattern"] = NOT_BLANK if schema.get("minLength", 0) > 0 else STORABLE
    for value in schema.values():
        storable_strings(value)


def request_schemas(components: dict[str, Any]) -> None:
    """What the verbs check beyond their fields' own bounds, said in their request bodies."""
    for name, schema in components.items():
        if name.endswith("Request"):
            storable_strings(schema)
    for name, field in UNTRIMMED:
        components[name]["properties"][field]["pattern"] = STORABLE
    components["IngestInputRequest"]["anyOf"] = [
        {"required": ["entity_name"], "properties": {"entity_name": {"pattern": NOT_BLANK}}},
        {"required": ["entity_id"], "properties": {"entity_id": {"minLength": 1}}},
    ]
    components["ComputedInputRequest"]["oneOf"] = [
        {"properties": {"kind": {"enum": ["count"]}}},
        {"properties": {"kind": {"enum": ["sum"]}}, "required": ["slot"]},
        {"properties": {"kind": {"enum": ["share"]}}, "required": ["where"]},
        {"properties": {"kind": {"enum": ["years"]}}},
    ]


def error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: each verb documents its refusals (one shape), and
    its request holds what the verb checks."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = ERROR_SCHEMA
    request_schemas(components)
    reference = {"$ref": "#/components/schemas/Error"}
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/v1/public/"):
            continue
        for operation in operations.values():
            storable_strings(operation.get("parameters", []))
            responses = operation.setdefault("responses", {})
            for status, description in REFUSALS.items():
                responses.setdefault(
                    status,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    },
                )
            faults = WORKSPACE_FAULTS.get(operation.get("operationId", ""))
            if faults:
                value_faults_document(operation, faults)
    return result


def value_faults_document(operation: dict[str, Any], faults: dict[str, list[str]]) -> None:
    """The operation's 422 lists the faults of values the schema cannot judge."""
    refusal = operation["responses"]["422"]
    operation["responses"]["422"] = {
        **refusal,
        "description": VALUE_422,
        VALUE_FAULTS: {**refusal.get(VALUE_FAULTS, {}), **faults},
    }
