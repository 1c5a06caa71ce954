"""Every request gets an id, returned on every reply and written on every ledger row."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from limma.ids import new_request_id


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.request_id = new_request_id()
        response = self.get_response(request)
        response["X-Request-Id"] = request.request_id
        return response
