"""The console's views: thin; the run, record and replay are in qa_view/console/runs.py.

Staff only, through Django's own auth (the admin's sign-in): a visitor's session is not a
sign-in here. The agent acts under the configured key (LIMMA_CONSOLE_API_KEY). A run and a
replay are streamed as NDJSON, one step a line as it happens, then the record.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.db import connections
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
    StreamingHttpResponse,
)
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST
from rest_framework.exceptions import AuthenticationFailed

from limma.auth import key_for_token
from limma.errors import ApplicationError
from limma.models import ApiKey
from limma.services.region import region_read
from qa_view.console import runs
from qa_view.console.export import side_by_side, standalone_html
from qa_view.console.hints import configured_hints
from qa_view.console.modes import LABELS, MODES
from qa_view.page.examples import configured_examples

logger = logging.getLogger(__name__)
NO_KEY = "The console has no API key: set LIMMA_CONSOLE_API_KEY to a key of the workspace."
MAX_K = 50
SIGN_IN = "Sign in as staff first, at /admin/login/."
CSRF_FAILED = (
    "The request carries no valid CSRF token: send the csrftoken cookie's value as X-CSRFToken."
)


def refused(request: HttpRequest, status: int, kind: str, **detail: Any) -> JsonResponse:
    """The API's one refusal shape."""
    body = {"status": status, "path": request.path, "detail": {"type": kind, **detail}}
    return JsonResponse(body, status=status)


def staff_api(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The console's JSON API, refused in JSON: a request not signed in as staff is a 403
    `staff_sign_in_required` (not the sign-in page), and a POST that fails Django's CSRF check
    after signing in is a 403 `csrf_failed` (not Django's HTML page). The CSRF check itself is
    Django's own, run here after the sign-in is known so the refusal names the real reason."""

    @csrf_exempt
    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if not (user.is_authenticated and user.is_active and user.is_staff):
            return refused(request, 403, "staff_sign_in_required", reason=SIGN_IN)
        failed = CsrfViewMiddleware(lambda _: HttpResponse()).process_view(request, None, (), {})
        if failed is not None:
            return refused(request, 403, "csrf_failed", reason=CSRF_FAILED)
        return view(request, *args, **kwargs)

    return guarded


def console_key() -> ApiKey | None:
    token = (getattr(settings, "LIMMA_CONSOLE_API_KEY", "") or "").strip()
    if not token:
        return None
    try:
        return key_for_token(token)
    except AuthenticationFailed:
        return None


def _examples() -> list[dict[str, Any]]:
    try:
        shipped = configured_examples().examples
    except (OSError, ValueError):  # a missing or broken examples file: run without them
        return []
    return [{"n": n, "question": e.question, "prepared": e.prepared} for n, e in enumerate(shipped)]


@require_GET
@staff_member_required
def page(request: HttpRequest) -> HttpResponse:
    key = console_key()
    context = {
        "modes": [{"name": mode, "label": LABELS[mode]} for mode in MODES],
        "hints": configured_hints(),
        "examples": _examples(),
        "recording": runs.recording(),
        "key_missing": NO_KEY if key is None else "",
        "workspace": key.workspace if key else None,
    }
    return render(request, "console/console.html", context)


def _streamed(
    produce: Callable[[Callable[[dict[str, Any]], None]], dict[str, Any]],
) -> Iterator[str]:
    """Run `produce` on a thread of its own and yield each step it hands on as one line."""
    lines: queue.Queue[tuple[str, Any]] = queue.Queue()

    def work() -> None:
        try:
            record = produce(lambda step: lines.put(("step", step)))
            lines.put(("record", record))
        except Exception as error:  # a fault of ours: logged whole; the page is told in the stream
            logger.exception("a console run failed")
            lines.put(("failed", f"{type(error).__name__}: {error}"))
        finally:
            connections.close_all()

    threading.Thread(target=work, daemon=True).start()
    while True:
        kind, value = lines.get()
        if kind == "step":
            yield json.dumps(value, ensure_ascii=False, default=str) + "\n"
            continue
        if kind == "record":
            yield (
                json.dumps({"kind": "record", "data": value}, ensure_ascii=False, default=str)
                + "\n"
            )
        else:
            yield json.dumps({"kind": "error", "data": {"message": value}}) + "\n"
        return


def _stream(
    produce: Callable[[Callable[[dict[str, Any]], None]], dict[str, Any]],
) -> StreamingHttpResponse:
    response = StreamingHttpResponse(_streamed(produce), content_type="application/x-ndjson")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"
    return response


@require_POST
@staff_api
def api_run(request: HttpRequest) -> HttpResponse:
    """POST {question, mode, compare, k} (or example: the n-th "Try:" example): a streamed run."""
    key = console_key()
    if key is None:
        return refused(request, 503, "console_key_missing", reason=NO_KEY)
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        return refused(request, 400, "invalid_json", reason="The body is one JSON object.")
    if not isinstance(body, dict):
        return refused(request, 400, "invalid_json", reason="The body is one JSON object.")
    mode = body.get("mode", "answer")
    if mode not in MODES:
        return refused(
            request, 422, "invalid_request", faults=[{"field": "mode", "allowed": list(MODES)}]
        )
    k = body.get("k", runs.DEFAULT_K)
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
        return refused(
            request, 422, "invalid_request", faults=[{"field": "k", "min": 1, "max": MAX_K}]
        )
    example = None
    question = body.get("question", "")
    if body.get("example") is not None:
        shipped = [] if not _examples() else configured_examples().examples
        n = body["example"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(shipped):
            return refused(request, 422, "invalid_request", faults=[{"field": "example"}])
        example = shipped[n]
        question = example.question
    if not isinstance(question, str) or not question.strip():
        return refused(
            request, 422, "invalid_request", faults=[{"field": "question", "reason": "required"}]
        )
    staff = f"staff:{request.user.get_username()}"[:64]

    def produce(on_step: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        return runs.console_run(
            key=key,
            question=question,
            mode=mode,
            compare=bool(body.get("compare")),
            k=k,
            example=asdict(example) if example is not None else None,
            staff=staff,
            on_step=on_step,
        )

    return _stream(produce)


@require_GET
@staff_api
def api_runs(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"runs": runs.recorded_runs(), "recording": runs.recording()})


def _record(run_id: str) -> dict[str, Any]:
    record = runs.load(run_id) if runs.recording() else None
    if record is None:
        raise Http404("No such recorded run.")
    return record


@require_GET
@staff_api
def api_record(request: HttpRequest, run_id: str) -> JsonResponse:
    return JsonResponse(_record(run_id))


@require_GET
@staff_api
def api_replay(request: HttpRequest, run_id: str) -> StreamingHttpResponse:
    """The recorded run again, step by step, from its record: no model, no verb, no spend."""
    record = _record(run_id)

    def produce(on_step: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        steps = runs.replay(record, on_step=on_step)
        return {**record, "steps": steps, "replayed": True}

    return _stream(produce)


@require_GET
@staff_member_required
def export(request: HttpRequest, run_id: str) -> HttpResponse:
    record = _record(run_id)
    response = HttpResponse(standalone_html(record), content_type="text/html; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{record["id"]}.html"'
    return response


@require_GET
@staff_member_required
def diff(request: HttpRequest) -> HttpResponse:
    left, right = _record(request.GET.get("a", "")), _record(request.GET.get("b", ""))
    rows = side_by_side(left, right)
    context = {
        "left": left,
        "right": right,
        "rows": rows,
        "differ": sum(not r["same"] for r in rows),
    }
    return render(request, "console/diff.html", context)


@require_GET
@staff_member_required
def region(request: HttpRequest) -> HttpResponse:
    """A receipt opened: its document, read under the console's key, with the bytes marked."""
    key = console_key()
    if key is None:
        return refused(request, 503, "console_key_missing", reason=NO_KEY)
    try:
        start, end = int(request.GET.get("start", "")), int(request.GET.get("end", ""))
        whole = region_read(
            key=key, source_id=request.GET.get("source_id", "")[:64], start=None, end=None
        )
        marked = region_read(key=key, source_id=whole.document.source_id, start=start, end=end)
    except ValueError:
        return refused(request, 422, "invalid_request", faults=[{"field": "start/end"}])
    except ApplicationError as error:
        body = {"status": error.status, "path": request.path, "detail": error.detail()}
        return JsonResponse(body, status=error.status)
    text = whole.text
    context = {
        "document": whole.document,
        "before": text[: marked.start],
        "marked": marked.text,
        "after": text[marked.end :],
        "start": marked.start,
        "end": marked.end,
    }
    return render(request, "console/region.html", context)
