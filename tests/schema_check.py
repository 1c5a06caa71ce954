"""Does a reply say exactly what the generated OpenAPI schema promises? A strict conformance check.

The schema is OpenAPI 3.0 (drf-spectacular), so before validating with jsonschema it is made
strict and translated:

- every object schema with `properties` and no `additionalProperties` gets
  `additionalProperties: false`, so a reply carrying a field the schema does not name fails;
- `nullable: true` becomes `anyOf: [<the schema>, {"type": "null"}]`;
- `$ref`s into `#/components/...` resolve against the schema's own (translated) components.
"""

from __future__ import annotations

import copy
from typing import Any

from jsonschema import Draft202012Validator

# Keywords whose value is a schema, a list of schemas, or a map of name -> schema.
_ONE_SCHEMA = ("items", "not", "additionalProperties", "contains", "propertyNames")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_MAPS = ("properties", "patternProperties")


def strict(schema: Any) -> Any:
    """A copy of an OpenAPI 3.0 schema as a strict JSON Schema (see the module's docstring)."""
    if not isinstance(schema, dict):
        return schema
    out = {key: value for key, value in schema.items() if key != "nullable"}
    for key in _ONE_SCHEMA:
        if isinstance(out.get(key), dict):
            out[key] = strict(out[key])
    for key in _SCHEMA_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [strict(item) for item in out[key]]
    for key in _SCHEMA_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {name: strict(item) for name, item in out[key].items()}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    if schema.get("nullable") is True:
        return {"anyOf": [out, {"type": "null"}]}
    return out


def strict_components(schema: dict[str, Any]) -> dict[str, Any]:
    components = copy.deepcopy(schema.get("components", {}))
    components["schemas"] = {
        name: strict(item) for name, item in components.get("schemas", {}).items()
    }
    return components


def response_schema(schema: dict[str, Any], path: str, method: str, status: int) -> dict[str, Any]:
    """The JSON body schema the operation promises for a status (or its `default` reply)."""
    try:
        operation = schema["paths"][path][method.lower()]
    except KeyError as missing:
        raise AssertionError(f"the schema has no operation {method.upper()} {path}") from missing
    responses = operation.get("responses", {})
    response = responses.get(str(status)) or responses.get("default")
    if response is None:
        raise AssertionError(
            f"{method.upper()} {path} documents no {status} reply (it documents {list(responses)})"
        )
    if "$ref" in response:
        response = _resolve(schema, response["$ref"])
    try:
        return response["content"]["application/json"]["schema"]
    except KeyError as missing:
        raise AssertionError(
            f"{method.upper()} {path} {status}: the reply has no application/json schema"
        ) from missing


def _resolve(schema: dict[str, Any], ref: str) -> dict[str, Any]:
    if not ref.startswith("#/"):
        raise AssertionError(f"only local $refs are followed, not {ref}")
    node: Any = schema
    for step in ref[2:].split("/"):
        node = node[step.replace("~1", "/").replace("~0", "~")]
    return node


def reply_validator(
    schema: dict[str, Any], path: str, method: str, status: int
) -> Draft202012Validator:
    root = strict(response_schema(schema, path, method, status))
    if not isinstance(root, dict) or "components" in root:
        root = {"allOf": [root]}
    # Local $refs (#/components/schemas/X) resolve against the root document: put the
    # translated components there.
    root = {**root, "components": strict_components(schema)}
    Draft202012Validator.check_schema(root)
    return Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER)


def reply_errors(
    schema: dict[str, Any], path: str, method: str, status: int, body: Any
) -> list[str]:
    validator = reply_validator(schema, path, method, status)
    return [
        f"at {'/'.join(str(step) for step in error.absolute_path) or '(top)'}: {error.message}"
        for error in sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    ]


def assert_reply_matches_schema(
    schema: dict[str, Any], path: str, method: str, status: int, body: Any
) -> None:
    """Raise AssertionError naming every place the body departs from the promised reply."""
    errors = reply_errors(schema, path, method, status, body)
    if errors:
        raise AssertionError(
            f"{method.upper()} {path} {status} does not match its schema:\n  " + "\n  ".join(errors)
        )
