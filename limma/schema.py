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


def error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: each verb documents its refusals (one shape)."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components["Error"] = ERROR_SCHEMA
    reference = {"$ref": "#/components/schemas/Error"}
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/v1/public/"):
            continue
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for status, description in REFUSALS.items():
                responses.setdefault(
                    status,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    },
                )
    return result
