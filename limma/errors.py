"""One hierarchy of refusals and the one JSON shape every refusal is rendered in.

{"status": N, "path": "...", "detail": {"type": "...", ...}} — the spec's type names are the
stable codes; messages are constants so tests can assert on them.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions as drf_exceptions
from rest_framework.response import Response


class ApplicationError(Exception):
    """A refusal with a stable type, an HTTP status and the fields the caller needs to act."""

    status = 400
    type = "bad_request"

    def __init__(self, type: str | None = None, *, status: int | None = None, **fields: Any):
        self.type = type or self.type
        self.status = status or self.status
        self.fields = fields
        super().__init__(f"{self.type}: {fields}" if fields else self.type)

    def detail(self) -> dict[str, Any]:
        return {"type": self.type, **self.fields}


class InvalidRequest(ApplicationError):
    """The request is well-formed JSON that the verb cannot accept (422, with named faults)."""

    status = 422
    type = "invalid_request"


class NotFound(ApplicationError):
    status = 404
    type = "not_found"


class Forbidden(ApplicationError):
    status = 403
    type = "forbidden"


class Conflict(ApplicationError):
    status = 409
    type = "conflict"


class ServiceUnavailable(ApplicationError):
    status = 503
    type = "unavailable"


DATABASE_UNAVAILABLE = "The database is not answering; try again in a few seconds."
# What a refusal for a lost database asks the caller to wait (Retry-After), in seconds.
RETRY_AFTER_SECONDS = 5


def database_unavailable() -> ServiceUnavailable:
    """The refusal for a lost or refused database connection (limma/database.py)."""
    return ServiceUnavailable(
        "database_unavailable", reason=DATABASE_UNAVAILABLE, retry_after_s=RETRY_AFTER_SECONDS
    )


def validation_faults(errors: Any, prefix: str = "") -> list[str]:
    """Flatten DRF's nested serializer errors into `field:code` faults."""
    faults: list[str] = []
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = key if key != "non_field_errors" else "request"
            faults += validation_faults(value, f"{prefix}.{name}" if prefix else str(name))
    elif isinstance(errors, list):
        for index, value in enumerate(errors):
            if isinstance(value, (dict, list)):
                faults += validation_faults(value, f"{prefix}[{index}]" if prefix else str(index))
            else:
                faults += validation_faults(value, prefix)
    else:
        code = getattr(errors, "code", None) or "invalid"
        faults.append(f"{prefix or 'request'}:{code}")
    return faults


def _detail_for(exc: Exception) -> tuple[int, dict[str, Any]] | None:
    if isinstance(exc, ApplicationError):
        return exc.status, exc.detail()
    if isinstance(exc, OperationalError | InterfaceError):  # the database is lost
        refusal = database_unavailable()
        return refusal.status, refusal.detail()
    if isinstance(exc, drf_exceptions.ValidationError):
        return 422, {"type": "invalid_request", "faults": validation_faults(exc.detail)}
    if isinstance(exc, drf_exceptions.ParseError):
        return 400, {"type": "malformed_json", "reason": str(exc.detail)}
    if isinstance(exc, drf_exceptions.UnsupportedMediaType):
        return 415, {"type": "unsupported_media_type", "reason": str(exc.detail)}
    if isinstance(exc, drf_exceptions.NotAuthenticated | drf_exceptions.AuthenticationFailed):
        return 401, {"type": "api_key_required", "reason": str(exc.detail)}
    if isinstance(exc, drf_exceptions.PermissionDenied | PermissionDenied):
        reason = str(getattr(exc, "detail", "")) or "forbidden"
        return 403, {"type": getattr(exc, "type", "forbidden"), "reason": reason}
    if isinstance(exc, drf_exceptions.NotFound | Http404):
        return 404, {"type": "not_found"}
    if isinstance(exc, drf_exceptions.MethodNotAllowed):
        return 405, {"type": "method_not_allowed"}
    if isinstance(exc, drf_exceptions.Throttled):
        return 429, {"type": "throttled", "wait": exc.wait}
    if isinstance(exc, drf_exceptions.APIException):
        return exc.status_code, {"type": exc.default_code, "reason": str(exc.detail)}
    return None


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler, rendering every refusal in the one shape."""
    found = _detail_for(exc)
    if found is None:
        # Imported here: DRF's views read the parser classes, and limma.parsers imports this.
        from rest_framework.views import exception_handler as drf_exception_handler

        return drf_exception_handler(exc, context)
    status, detail = found
    request = context.get("request")
    path = request.path if request is not None else ""
    response = Response({"status": status, "path": path, "detail": detail}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="limma"'
    if detail["type"] == "database_unavailable":
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
