"""The Q&A page's views: thin; the services are in qa_view/page/visitors.py, what the page
draws of a run in qa_view/answer/ (run_answer, [source], "Show more").

One template (qa_view/page.html) with partials: an HTMX request gets the partial it swaps in,
any other request the whole page, so every link and form also works without JavaScript.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, push_url

from limma.errors import ApplicationError
from qa_view.answer.draw import run_answer
from qa_view.answer.origin import Search
from qa_view.answer.paging import LISTS, more_people, paged_person
from qa_view.answer.source import person_source, segments
from qa_view.models import Run
from qa_view.page import visitors
from qa_view.page.examples import Examples, configured_examples
from qa_view.page.polling import poll_every

PAGE = "qa_view/page.html"
SOURCE_UNAVAILABLE = "The source of this answer cannot be shown any more; ask the question again."

View = Callable[..., HttpResponse]


def visitor_required(view: View) -> View:
    """The signed-in, unrevoked visitor on request.visitor; else the sign-in page."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        visitor = visitors.visitor_of_session(request.session)
        if visitor is None:
            url = reverse("qa:sign_in")
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
        request.visitor = visitor
        return view(request, *args, **kwargs)

    return wrapped


def _client_ip(request: HttpRequest) -> str:
    # REMOTE_ADDR only: a forwarded header is whatever the client wrote, unless a proxy that
    # the deployment trusts rewrites it (and then REMOTE_ADDR is set by that proxy's config).
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _access_run(request: HttpRequest, run_id: int) -> Run:
    try:
        return visitors.access_run(request.visitor, run_id)
    except Run.DoesNotExist:
        raise Http404("No such question.") from None


def _run_id(posted: str) -> int:
    try:
        return int(posted)
    except ValueError:
        raise Http404("No such question.") from None


def _item(run: Run, *, last: bool) -> dict[str, Any]:
    answer = run_answer(run)
    pending = answer.kind == "pending"
    reading = visitors.run_reading(run) if pending else None
    poll = poll_every(run.created_at) if pending else ""
    instead = (run.evidence or {}).get("instead") if answer.kind == "list" else None
    return {
        "run": run, "answer": answer, "reading": reading, "last": last, "poll": poll,
        "instead": instead,
    }  # fmt: skip


def _context(
    request: HttpRequest, *, examples: Examples | None = None, **more: Any
) -> dict[str, Any]:
    """What every template of the page reads; `examples` when the view has read them already."""
    examples = configured_examples() if examples is None else examples
    limit = visitors.QUESTION_LIMIT_WORDS
    return {"visitor": request.visitor, "examples": examples, "question_limit": limit, **more}


def _conversation(request: HttpRequest, runs: list[Run], **more: Any) -> dict[str, Any]:
    items = [_item(run, last=n == len(runs) - 1) for n, run in enumerate(runs)]
    return _context(request, items=items, **more)


# --- signing in and out ------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        if visitors.visitor_of_session(request.session) is not None:
            return redirect("qa:page")
        return render(request, "qa_view/sign_in.html", {"name": ""})
    name = request.POST.get("name", "")[:120]
    code = request.POST.get("code", "")[:64]
    known_as = request.get_signed_cookie(
        visitors.KNOWN_COOKIE, default="", salt=visitors.KNOWN_SALT, max_age=visitors.KNOWN_MAX_AGE
    )
    try:
        visitor = visitors.visitor_sign_in(
            name=name, code=code, ip=_client_ip(request), known_as=known_as
        )
    except visitors.SignInRefused as refused:
        status = {visitors.LIMITED: 429, visitors.REVOKED: 403}.get(refused.reason, 200)
        context = {"name": name, "refusal": refused.sentence}
        response = render(request, "qa_view/sign_in.html", context, status=status)
        if status == 429:
            response["Retry-After"] = str(math.ceil(refused.wait_seconds))
        return response
    request.session.cycle_key()  # a new session id on sign-in: no fixation
    request.session[visitors.SESSION_KEY] = visitor.pk
    response = redirect("qa:page")
    # This browser signed in as this visitor: others' wrong codes for the name never hold it.
    response.set_signed_cookie(
        visitors.KNOWN_COOKIE,
        visitors.name_key(visitor.name),
        salt=visitors.KNOWN_SALT,
        max_age=visitors.KNOWN_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    request.session.flush()
    url = reverse("qa:sign_in")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# --- the page ----------------------------------------------------------------------------------


@require_GET
@never_cache
@visitor_required
def page(request: HttpRequest) -> HttpResponse:
    earlier = visitors.conversations_of(request.visitor)
    return render(request, PAGE, _conversation(request, [], earlier=earlier))


@require_POST
@visitor_required
@vary_on_headers("HX-Request")
def ask(request: HttpRequest) -> HttpResponse:
    """A question (typed, an example, or a follow-up under an answer): a run, or one sentence."""
    parent = None
    if request.POST.get("parent"):
        parent = _access_run(request, _run_id(request.POST["parent"]))
    question, example = request.POST.get("question", ""), None
    chosen = request.POST.get("example", "")
    examples = configured_examples()
    if request.POST.get("instead_of"):
        # "Ask in these words": the answer's question again, its documents' words accepted.
        parent = _access_run(request, _run_id(request.POST["instead_of"]))
        accepted = request.POST.get("accept", "")
        example = visitors.instead_example(parent, int(accepted)) if accepted.isdigit() else None
        if example is None:
            raise Http404("No such words to ask in.")
        question = visitors.in_these_words(parent, int(accepted))
    elif chosen:
        if not chosen.isdigit() or int(chosen) >= len(examples.examples):
            raise Http404("No such example.")
        example = examples.examples[int(chosen)]
        question = example.question
    else:
        # A prepared example typed out is answered as that example, from its stored judgments.
        example = examples.find(question)
    earlier = visitors.conversation(parent) if parent is not None else []
    try:
        run = visitors.run_ask(
            visitor=request.visitor, question=question, parent=parent, example=example
        )
    except visitors.QuestionRefused as refused:
        context = _conversation(
            request, earlier, examples=examples, notice=refused.sentence, asked=question
        )
        return render(request, f"{PAGE}#conversation" if request.htmx else PAGE, context)
    if not request.htmx:
        return redirect("qa:run", run_id=run.pk)
    run.refresh_from_db()
    context = _conversation(request, [*earlier, run], examples=examples)
    response = render(request, f"{PAGE}#conversation", context)
    # The conversation's own URL, pushed as the page goes: reload, Back and Forward show it.
    return push_url(response, reverse("qa:run", args=[run.pk]))


@require_GET
@never_cache
@visitor_required
@vary_on_headers("HX-Request")
def run_view(request: HttpRequest, run_id: int) -> HttpResponse:
    """HTMX: one run, polled while it is being answered. Otherwise: the conversation to it."""
    run = _access_run(request, run_id)
    if request.htmx and not request.htmx.history_restore_request:
        last = not run.follow_ups.exists()
        return render(request, f"{PAGE}#run", _context(request, item=_item(run, last=last)))
    return render(request, PAGE, _conversation(request, visitors.conversation(run)))


@require_GET
@visitor_required
@vary_on_headers("HX-Request")
def source_view(request: HttpRequest, run_id: int, n: int) -> HttpResponse:
    """[source] of the n-th person of an answer: opened in place, or on a page of its own."""
    run = _access_run(request, run_id)
    answer = run_answer(run)
    if answer.search is None or n >= len(answer.sourced):
        raise Http404("No such person in this answer.")
    return _source(request, run, answer.search, answer.sourced[n])


@require_GET
@visitor_required
@vary_on_headers("HX-Request")
def instead_source_view(request: HttpRequest, run_id: int, n: int) -> HttpResponse:
    """[source] of the person behind the n-th of the words their documents use instead."""
    run = _access_run(request, run_id)
    search = run_answer(run).search
    words = ((run.evidence or {}).get("instead") or {}).get("words") or []
    if search is None or n >= len(words):
        raise Http404("No such person in this answer.")
    said = words[n]
    person = SimpleNamespace(
        name=said.get("name") or "", entity_id=said["entity_id"], lacks="", because=""
    )
    return _source(request, run, search, person)


@require_GET
@visitor_required
@vary_on_headers("HX-Request")
def paged_source_view(
    request: HttpRequest, run_id: int, listed: str, position: int
) -> HttpResponse:
    """[source] of a person shown by "Show more": found again at their place in the list."""
    run = _access_run(request, run_id)
    search = run_answer(run).search
    if search is None or listed not in LISTS:
        raise Http404("No such person in this answer.")
    visitor = request.visitor
    person = paged_person(
        key=visitor.api_key, workspace=visitor.workspace, search=search, listed=listed,
        position=position,
    )  # fmt: skip
    if person is None:
        raise Http404("No such person in this answer.")
    return _source(request, run, search, person)


def _source(request: HttpRequest, run: Run, search: Search, person: Any) -> HttpResponse:
    try:
        found = person_source(
            key=request.visitor.api_key,
            workspace=request.visitor.workspace,
            search=search,
            entity_id=person.entity_id,
        )
    except ApplicationError:
        found = None
    passages = [{**p, "pieces": segments(p)} for p in (found or {}).get("passages", [])]
    fields = [
        {**f, "label": f["relation"].replace("_", " ")} for f in (found or {}).get("fields", [])
    ]
    context = _context(
        request,
        run=run,
        person=person,
        passages=passages,
        fields=[field for field in fields if field["in_line"]],
        also=[field for field in fields if not field["in_line"]],
        unavailable=SOURCE_UNAVAILABLE if found is None else "",
    )
    if request.htmx:
        return render(request, f"{PAGE}#source", context)
    return render(request, "qa_view/source_page.html", context)


@require_GET
@visitor_required
@vary_on_headers("HX-Request")
def more_view(request: HttpRequest, run_id: int, listed: str, offset: int) -> HttpResponse:
    """ "Show more": the next page of who fits or who is close, appended in place, or on a page
    of its own without JavaScript."""
    run = _access_run(request, run_id)
    answer = run_answer(run)
    if answer.search is None or answer.kind != "list" or listed not in LISTS:
        raise Http404("No such list in this answer.")
    visitor = request.visitor
    paged = more_people(
        key=visitor.api_key, workspace=visitor.workspace, search=answer.search, listed=listed,
        offset=offset,
    )  # fmt: skip
    if not paged.people and offset:
        raise Http404("No more people in this list.")
    context = _context(request, run=run, answer=answer, paged=paged)
    if request.htmx:
        return render(request, f"{PAGE}#more", context)
    return render(request, "qa_view/more_page.html", context)
