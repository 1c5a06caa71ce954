"""Errors in the page's own style: one sentence of what happened and what the visitor can do.

Under /qa/ a 404, a refused CSRF token or a fault of ours is never Django's bare page: an HTMX
request gets the sentence as a fragment, retargeted to the page's failure line (HX-Retarget), so
the page htmx is configured to swap it in; any other request gets the same sentence in the page's
layout. Every other path keeps Django's own handling (the verbs answer in their JSON shape).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults
from django.views.csrf import csrf_failure as django_csrf_failure

from qa_view.answer.codes import AGENT_FAILED, sentence_for
from qa_view.page.examples import configured_examples

PAGE_PREFIX = "/qa/"
FAILURE_TARGET = "#failure"
NOT_FOUND = "That is not on this page; go back to the question box and ask again."
STALE_FORM = "This page was open too long to send that; reload it and ask again."


def _on_page(request: HttpRequest) -> bool:
    return request.path.startswith(PAGE_PREFIX)


def page_failure(request: HttpRequest, sentence: str, *, status: int) -> HttpResponse:
    """The sentence, as the page draws a failure: a fragment for HTMX, else a page."""
    if request.headers.get("HX-Request") == "true":
        html = render_to_string("qa_view/failure.html#sentence", {"sentence": sentence})
        response = HttpResponse(html, status=status)
        response["HX-Retarget"] = FAILURE_TARGET
        response["HX-Reswap"] = "innerHTML"
        return response
    try:
        examples = configured_examples()
    except Exception:  # a failure page must never fail on the examples file
        examples = None
    html = render_to_string(
        "qa_view/failure.html", {"sentence": sentence, "examples": examples}, request=request
    )
    return HttpResponse(html, status=status)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _on_page(request):
        return page_failure(request, NOT_FOUND, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if _on_page(request):
        return page_failure(request, sentence_for(AGENT_FAILED), status=500)
    return defaults.server_error(request)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if _on_page(request):
        return page_failure(request, STALE_FORM, status=403)
    return django_csrf_failure(request, reason=reason)
