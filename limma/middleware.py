"""Every request gets an id (returned on every reply, written on every ledger row); a verb's
body too large for the deployment is refused before anything reads it; a request whose
database connection is lost is refused in JSON, never with an HTML error page."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from limma.database import DATABASE_LOST
from limma.errors import RETRY_AFTER_SECONDS, database_unavailable
from limma.ids import new_request_id
from limma.parsers import body_too_large, max_body_bytes


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.request_id = new_request_id()
        response = self.get_response(request)
        response["X-Request-Id"] = request.request_id
        return response


class BodyLimitMiddleware:
    """A verb's body over LIMMA_MAX_BODY_BYTES is refused before it is read: 413, one shape."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/v1/") and declared_length(request) > max_body_bytes():
            refusal = body_too_large()
            return JsonResponse(
                {"status": refusal.status, "path": request.path, "detail": refusal.detail()},
                status=refusal.status,
            )
        return self.get_response(request)


def declared_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class DatabaseUnavailableMiddleware:
    """A lost or refused database connection (limma/database.py) answers 503
    `database_unavailable` in the one JSON shape, on every path; the verbs' own exception
    handler says the same."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DATABASE_LOST):
            return None
        refusal = database_unavailable()
        response = JsonResponse(
            {"status": refusal.status, "path": request.path, "detail": refusal.detail()},
            status=refusal.status,
        )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
