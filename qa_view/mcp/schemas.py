"""The MCP tools' input and output schemas, taken from the verbs' own reference.

The verb reference (drf-spectacular's OpenAPI, the one /v1/reference shows) says what each verb
accepts and replies. An MCP client reads JSON Schema, so each tool gets:

- an input schema as strict as the verb: the tool's own properties (their words for the model)
  with the verb's limits laid over them (maximum, maxLength, maxItems, pattern, minimum), the
  verb's other fields, and no field beyond these (`additionalProperties: false`). The server
  checks each call against it before the verb runs, so `"limit": 10000`, an integer where a
  string is asked or an unknown field is a 422 `invalid_request` naming the field, not a value
  the verb would quietly coerce or ignore;
- an output schema, the verb's reply (OpenAPI's `nullable` spelled as JSON Schema's null type,
  its components as `$defs`), which a client may check `structuredContent` against.
"""

from __future__ import annotations

import copy
import json
from functools import cache, lru_cache
from typing import Any

import jsonschema

from qa_view.agent.tools import REGISTRY

COMPONENTS = "#/components/schemas/"
# What the verb's field says of its bounds, laid over the tool's own property.
LIMITS = ("maximum", "minimum", "maxLength", "minLength", "maxItems", "pattern", "enum")
# A facts call names its relation flat (relation, where, entity_ids), as the tool describes it.
FLATTENED = {"limma_facts": ("relation_query",)}
WORKSPACE_ID = {
    "type": "string",
    "maxLength": 32,
    "description": "The workspace; default: the key's own.",
}


@lru_cache(maxsize=1)
def verb_reference() -> dict[str, Any]:
    """The verbs' OpenAPI document, generated once."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def verb_operation(name: str) -> dict[str, Any]:
    paths = verb_reference().get("paths", {})
    operations = paths.get(REGISTRY[name].path, {})
    return next(iter(operations.values()), {})


def verb_fields(name: str) -> dict[str, dict[str, Any]]:
    """The verb's request fields: its body's properties, or its query parameters."""
    operation = verb_operation(name)
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    ref = body.get("schema", {}).get("$ref", "")
    if ref.startswith(COMPONENTS):
        component = verb_reference()["components"]["schemas"][ref.removeprefix(COMPONENTS)]
        return dict(component.get("properties", {}))
    return {param["name"]: param["schema"] for param in operation.get("parameters", [])}


def json_schema(node: Any) -> Any:
    """An OpenAPI 3.0 schema node as JSON Schema: `nullable` as a null type, refs to `$defs`."""
    if isinstance(node, list):
        return [json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: json_schema(value) for key, value in node.items() if key != "nullable"}
    if isinstance(out.get("$ref"), str):
        out["$ref"] = "#/$defs/" + out["$ref"].removeprefix(COMPONENTS)
    if node.get("nullable"):
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"], "null"]
            if "enum" in out:
                out["enum"] = [*out["enum"], None]
        else:
            out = {"anyOf": [out, {"type": "null"}]}
    return out


@cache
def input_schema_text(name: str) -> str:
    tool = REGISTRY[name]
    schema = copy.deepcopy(tool.input_schema)
    properties: dict[str, Any] = schema.setdefault("properties", {})
    for field, verb_field in verb_fields(name).items():
        if field in FLATTENED.get(name, ()):
            continue
        if field not in properties:
            properties[field] = json_schema(verb_field)
            continue
        for limit in LIMITS:
            if limit in verb_field and limit not in properties[field]:
                properties[field][limit] = verb_field[limit]
    properties["workspace_id"] = dict(WORKSPACE_ID)
    schema["additionalProperties"] = False
    return json.dumps(schema)


def input_schema(name: str) -> dict[str, Any]:
    """The tool's input schema: its own words, the verb's limits, no unknown field."""
    return json.loads(input_schema_text(name))


@cache
def output_schema_text(name: str) -> str:
    replies = verb_operation(name).get("responses", {})
    # Every reply that is not a refusal: connect's load (200) or its job (202).
    oks = [
        replies[status].get("content", {}).get("application/json", {}).get("schema")
        for status in sorted(replies)
        if status.startswith("2")
    ]
    oks = [reply for reply in oks if reply is not None]
    if not oks:
        return ""
    reply = oks[0] if len(oks) == 1 else {"anyOf": oks}
    components = verb_reference().get("components", {}).get("schemas", {})
    defs = {name: json_schema(components[name]) for name in reached(reply, components)}
    return json.dumps({"type": "object", "allOf": [json_schema(reply)], "$defs": defs})


def reached(node: Any, components: dict[str, Any]) -> list[str]:
    """The components `node` refers to, and those they refer to, each once."""
    seen: list[str] = []
    waiting = [node]
    while waiting:
        current = waiting.pop()
        if isinstance(current, list):
            waiting += current
        elif isinstance(current, dict):
            ref = current.get("$ref")
            if isinstance(ref, str) and ref.startswith(COMPONENTS):
                name = ref.removeprefix(COMPONENTS)
                if name not in seen and name in components:
                    seen.append(name)
                    waiting.append(components[name])
            waiting += list(current.values())
    return seen


def output_schema(name: str) -> dict[str, Any] | None:
    """The verb's reply schema, as JSON Schema (None when the reference has no reply for it)."""
    text = output_schema_text(name)
    return json.loads(text) if text else None


def input_faults(name: str, arguments: dict[str, Any]) -> list[str]:
    """Where the arguments leave the tool's input schema, as the verbs name faults
    (`field:code`); an unknown field is `field:unknown_field`."""
    validator = jsonschema.Draft202012Validator(input_schema(name))
    faults: list[str] = []
    for error in sorted(validator.iter_errors(arguments), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(part) for part in error.absolute_path)
        if error.validator == "additionalProperties" and not where:
            known = input_schema(name)["properties"]
            faults += [f"{field}:unknown_field" for field in arguments if field not in known]
            continue
        if error.validator == "required" and isinstance(error.instance, dict):
            prefix = f"{where}." if where else ""
            missing = [f for f in error.validator_value if f not in error.instance]
            faults += [f"{prefix}{field}:required" for field in missing]
            continue
        faults.append(f"{where or 'request'}:{error.validator}")
    return list(dict.fromkeys(faults))
