"""The page's host serves the page alone (LIMMA_PAGE_ONLY, for the hosted Q&A service).

Its URLconf is limma.page_urls (the page's routes, nothing else), and this middleware, in front
of the static files, answers 404 for any static file that is not the page's own: the admin's and
the reference's files are not served there. Off (the default, `make run`) it does nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound

# The static files the page loads: its stylesheet and script, and htmx.
PAGE_STATIC = ("qa_view/", "django_htmx/")


def page_only() -> bool:
    return bool(getattr(settings, "LIMMA_PAGE_ONLY", False))


class PageOnlyStaticMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        static = "/" + settings.STATIC_URL.lstrip("/")
        asked = request.path[len(static) :] if request.path.startswith(static) else None
        if page_only() and asked is not None and not asked.startswith(PAGE_STATIC):
            return HttpResponseNotFound()
        return self.get_response(request)
