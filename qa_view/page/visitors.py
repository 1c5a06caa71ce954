"""The Q&A page's services: visitors (made, signed in, revoked) and the runs of their questions."""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import math
import secrets
from dataclasses import asdict
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django_q.tasks import async_task

from criteria.models import Judgment
from limma.ids import new_request_id
from limma.models import ApiKey, Workspace
from limma.services.keys import api_key_create
from qa_view import tasks
from qa_view.answer.codes import sentence_for
from qa_view.answer.draw import Answer, run_answer
from qa_view.answer.instead import facets_accepting
from qa_view.models import (
    PAGE_KEY_ROLE,
    PAGE_KEY_ROLES,
    Run,
    SignInAttempt,
    Visitor,
    visitor_name_normal,
)
from qa_view.page.ceilings import ceiling_reached
from qa_view.page.examples import Example
from qa_view.page.reference import refers_to_answer

SESSION_KEY = "qa_visitor"
# A browser that signed in as a visitor carries this signed cookie (the visitor's name_key):
# wrong codes others try for that name from elsewhere never hold it (the per-name limit).
KNOWN_COOKIE, KNOWN_SALT, KNOWN_MAX_AGE = "qa_known", "qa_view.known", 365 * 24 * 3600
# Wrong codes (OWASP ASVS V2.2.1), counted in the database: per name and address together in
# ten minutes (a visitor's own typos stay far under it); per address alone, whatever the
# names, a higher bound in the same window; per name from every address in an hour, except
# for a browser that signed in as that visitor before. See README (the code's strength).
NAME_IP_ATTEMPTS, WINDOW_SECONDS = 10, 600
IP_ATTEMPTS = 30
NAME_ATTEMPTS, NAME_WINDOW_SECONDS = 100, 3600
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud, typed by hand
QUESTION_LIMIT = 1_000
CONVERSATION_LIMIT = 12
EARLIER_LISTED = 20  # earlier conversations listed on the page
# What a follow-up is handed of the answer before it (compose_question bounds it again).
FOLLOW_UP_PEOPLE, FOLLOW_UP_CLOSE, FOLLOW_UP_ASKED = 40, 10, 6
WRONG, LIMITED, REVOKED = "wrong", "limited", "revoked"
SIGN_IN_SENTENCES = {
    WRONG: "That name and access code do not match; check both and try again.",
    LIMITED: "Too many wrong access codes were tried; please wait {wait} and try again.",
    REVOKED: "This access has been withdrawn; ask whoever sent you the link for a new one.",
}
EMPTY_QUESTION = "Type a question first, or pick one of the examples."
QUESTION_LIMIT_WORDS = f"{QUESTION_LIMIT:,}"
LONG_QUESTION = (
    "A question may be at most {limit} characters and this one has {length}: "
    "please shorten it and ask again."
)


class SignInRefused(Exception):
    def __init__(self, reason: str, *, wait_seconds: float = 0) -> None:
        self.reason = reason
        self.wait_seconds = wait_seconds
        self.sentence = SIGN_IN_SENTENCES[reason].format(wait=wait_words(wait_seconds))
        super().__init__(reason)


def wait_words(seconds: float) -> str:
    """The real wait, in whole minutes rounded up: "a minute", "7 minutes"."""
    minutes = max(math.ceil(seconds / 60), 1)
    return "a minute" if minutes == 1 else f"{minutes} minutes"


class QuestionRefused(Exception):
    def __init__(self, sentence: str) -> None:
        self.sentence = sentence
        super().__init__(sentence)


# --- visitors ----------------------------------------------------------------------------------


def access_code_new() -> str:
    """Three groups of four characters (about 59 bits), e.g. "k7qm-3xtp-9haw"."""
    return "-".join("".join(secrets.choice(CODE_ALPHABET) for _ in range(4)) for _ in range(3))


def visitor_code_set(*, visitor: Visitor) -> str:
    """A new access code for the visitor (unsaved): only its hash is kept; return it once."""
    code = access_code_new()
    visitor.code_hash = make_password(code)
    return code


def visitor_key_default(*, workspace: Workspace, name: str, role: str = PAGE_KEY_ROLE) -> ApiKey:
    """The page's key for a visitor: a key of their own workspace, a viewer's unless a command
    says analyst (a viewer key serves stored judgments only)."""
    if role not in PAGE_KEY_ROLES:
        raise ValidationError(f"A visitor's page never runs under an {role} key.")
    key, _token = api_key_create(workspace=workspace, name=f"Q&A page: {name}", role=role)
    return key


@transaction.atomic
def visitor_create(
    *,
    workspace: Workspace,
    name: str,
    ceiling_usd: Decimal | None = None,
    key_role: str = PAGE_KEY_ROLE,
) -> tuple[Visitor, str]:
    """Make a visitor and the key their page runs under; return it with its access code, which
    is never stored or shown again. ValidationError (and nothing written) on a bad name or
    ceiling, or a name another visitor signs in with."""
    visitor = Visitor(workspace=workspace, name=visitor_name_normal(name))
    if ceiling_usd is not None:
        visitor.ceiling_usd = ceiling_usd
    code = visitor_code_set(visitor=visitor)
    visitor.full_clean(exclude=["api_key"])  # refused before a key is made for nobody
    visitor.api_key = visitor_key_default(workspace=workspace, name=visitor.name, role=key_role)
    visitor.full_clean()
    visitor.save()
    return visitor, code


def visitor_code_reset(*, visitor: Visitor) -> str | None:
    """A new access code for an active visitor (the old one stops working); None, and nothing
    changed, for a revoked one: their access stays withdrawn."""
    if visitor.revoked:
        return None
    code = visitor_code_set(visitor=visitor)
    visitor.save(update_fields=["code_hash"])
    return code


@transaction.atomic
def visitor_revoke(*, visitor: Visitor) -> bool:
    """From now on the visitor cannot sign in, a signed-in page stops answering, and the key
    their page ran under is revoked. False when they were revoked already (nothing changed)."""
    if visitor.revoked_at is not None:
        return False
    now = timezone.now()
    visitor.revoked_at = now
    visitor.save(update_fields=["revoked_at"])
    ApiKey.objects.filter(pk=visitor.api_key_id, revoked_at__isnull=True).update(revoked_at=now)
    return True


def ip_key(ip: str) -> str:
    """The address a limit counts: an IPv6 client holds a whole /64, so the /64 is counted."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip[:64]
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def name_key(name: str) -> str:
    return hashlib.sha256(" ".join(name.split()).casefold().encode()).hexdigest()[:32]


@functools.cache
def unmatchable_hash() -> str:
    """A hash of a secret nobody holds: an unknown name and a limited reply are checked against
    it, so every reply takes one hash check and its time says nothing."""
    return make_password(secrets.token_urlsafe(32))


def _wait(attempts: QuerySet[SignInAttempt], bound: int, window: int, now: datetime) -> float:
    """Seconds until fewer than `bound` of these attempts are inside the window (0: already)."""
    since = now - timedelta(seconds=window)
    newest = attempts.filter(at__gte=since).order_by("-at", "-id").values_list("at", flat=True)
    held = list(newest[bound - 1 : bound])
    if not held:
        return 0
    return max((held[0] + timedelta(seconds=window) - now).total_seconds(), 1)


def attempt_begun(*, name: str, ip: str, known: bool = False) -> tuple[SignInAttempt | None, float]:
    """Count this attempt in the database before its code is checked: (attempt, 0), or (None,
    the seconds to wait) when a limit holds it.

    Each attempt counts those begun before it (a lower id) and not yet cleared, so processes
    checking at once never pass more than the limit between them. A browser `known` to have
    signed in under this name before is not held by the per-name limit.
    """
    now = timezone.now()
    SignInAttempt.objects.filter(at__lt=now - timedelta(seconds=NAME_WINDOW_SECONDS)).delete()
    attempt = SignInAttempt.objects.create(ip=ip, name_key=name_key(name), at=now)
    earlier = SignInAttempt.objects.filter(pk__lt=attempt.pk)
    limits = [
        (earlier.filter(ip=ip, name_key=attempt.name_key), NAME_IP_ATTEMPTS, WINDOW_SECONDS),
        (earlier.filter(ip=ip), IP_ATTEMPTS, WINDOW_SECONDS),
    ]
    if not known:
        limits.append(
            (earlier.filter(name_key=attempt.name_key), NAME_ATTEMPTS, NAME_WINDOW_SECONDS)
        )
    wait = max(_wait(attempts, bound, window, now) for attempts, bound, window in limits)
    if wait:
        attempt.delete()
        return None, wait
    return attempt, 0


def visitor_sign_in(*, name: str, code: str, ip: str, known_as: str = "") -> Visitor:
    """The visitor this name and code belong to; SignInRefused (wrong, limited, revoked).

    `known_as` is the name_key a browser's signed cookie says it signed in under before. A
    wrong code stays counted against its address and its name; a right one is cleared, and with
    it the wrong codes this address typed for this name (the visitor's own typos).
    """
    address = ip_key(ip)
    known = bool(known_as) and secrets.compare_digest(known_as, name_key(name))
    attempt, wait = attempt_begun(name=name, ip=address, known=known)
    visitor = None if wait else Visitor.objects.filter(name__iexact=" ".join(name.split())).first()
    matched = check_password(code.strip(), visitor.code_hash if visitor else unmatchable_hash())
    if wait:
        raise SignInRefused(LIMITED, wait_seconds=wait)
    if visitor is None or not matched:
        raise SignInRefused(WRONG)
    assert attempt is not None
    SignInAttempt.objects.filter(ip=address, name_key=attempt.name_key, pk__lte=attempt.pk).delete()
    if visitor.revoked:
        raise SignInRefused(REVOKED)
    return visitor


def visitor_of_session(session: SessionBase) -> Visitor | None:
    """The signed-in visitor, unless they were revoked since."""
    visitor_pk = session.get(SESSION_KEY)
    if visitor_pk is None:
        return None
    return (
        Visitor.objects.active()
        .select_related("workspace", "api_key")
        .filter(pk=visitor_pk)
        .first()
    )


# --- runs --------------------------------------------------------------------------------------


def access_run(visitor: Visitor, run_id: int) -> Run:
    """A run of this visitor's; another visitor's is as unknown as none (Run.DoesNotExist)."""
    return Run.objects.get(pk=run_id, visitor=visitor)


def conversation(run: Run) -> list[Run]:
    """The questions up to this one, oldest first (at most CONVERSATION_LIMIT)."""
    chain = [run]
    while chain[-1].parent_id is not None and len(chain) < CONVERSATION_LIMIT:
        parent = Run.objects.filter(pk=chain[-1].parent_id, visitor_id=run.visitor_id).first()
        if parent is None:
            break
        chain.append(parent)
    return chain[::-1]


def conversations_of(visitor: Visitor, *, limit: int = EARLIER_LISTED) -> list[dict[str, Any]]:
    """The visitor's earlier conversations, newest first: each by its first question, its last
    run (whose URL shows the whole conversation) and how many more questions it holds."""
    last_runs = Run.objects.filter(visitor=visitor, follow_ups__isnull=True).order_by(
        "-created_at", "-id"
    )[:limit]
    talks = []
    for last in last_runs:
        chain = conversation(last)
        talks.append({"first": chain[0].question, "last": last, "more": len(chain) - 1})
    return talks


def follow_up_from(answer: Answer, *, asked: list[str]) -> dict[str, Any]:
    """What a follow-up is handed of the answer before it (bounded; cleaned by the question
    handed to the agent, qa_view.agent.question)."""
    search = answer.search
    reply = search.last if search is not None else {}
    return {
        "asked": asked[-FOLLOW_UP_ASKED:],
        "constraints": search.constraints if search is not None else [],
        "criterion": search.criterion if search is not None else None,
        "total": int((reply.get("matched") or {}).get("total") or 0),
        "people": [{"id": p.entity_id, "name": p.name} for p in answer.people][:FOLLOW_UP_PEOPLE],
        "close": [{"id": c.entity_id, "name": c.name} for c in answer.close][:FOLLOW_UP_CLOSE],
    }


def _follow_up(parent: Run) -> dict[str, Any]:
    """What a follow-up is handed: the questions so far, and the last list answer's search."""
    chain = conversation(parent)
    asked = [run.question for run in chain]
    for run in reversed(chain):
        answer = run_answer(run)
        if answer.kind == "list":
            return follow_up_from(answer, asked=asked)
    return follow_up_from(Answer("empty"), asked=asked)


def follow_up_handed(parent: Run | None, question: str) -> dict[str, Any] | None:
    """What a question typed under an answer is handed of it: the answer, when the words
    refer to it; nothing, when they ask a question of their own (then it is answered exactly
    as if typed in the top box, and stays in the conversation under the answer before it)."""
    if parent is None:
        return None
    follow_up = _follow_up(parent)
    named = [p["name"] for p in (*follow_up["people"], *follow_up["close"])]
    return follow_up if refers_to_answer(question, people=named) else None


def run_ask(
    *, visitor: Visitor, question: str, parent: Run | None = None, example: Example | None = None
) -> Run:
    """Refuse a question at a ceiling before anything runs; else queue its run."""
    question = " ".join(question.split())
    if not question:
        raise QuestionRefused(EMPTY_QUESTION)
    if len(question) > QUESTION_LIMIT:
        raise QuestionRefused(
            LONG_QUESTION.format(limit=QUESTION_LIMIT_WORDS, length=f"{len(question):,}")
        )
    reached = ceiling_reached(visitor)
    if reached is not None:
        raise QuestionRefused(sentence_for(reached))
    run = Run.objects.create(
        visitor=visitor,
        parent=parent,
        question=question,
        example=asdict(example) if example is not None else None,
        follow_up=follow_up_handed(parent, question) if example is None else None,
        request_id=new_request_id(),
    )
    async_task(tasks.run, run.pk)
    return run


def instead_example(run: Run, n: int) -> Example | None:
    """The question of a run asked again with the n-th of the words its documents use instead
    accepted as a name of its condition (`also`); None when there is no such word."""
    instead = (run.evidence or {}).get("instead") or {}
    words = instead.get("words") or []
    search = run_answer(run).search
    if n >= len(words) or search is None:
        return None
    return Example(
        question=run.question,
        constraints=search.constraints,
        niche=instead["niche"],
        facets=facets_accepting(instead["facets"], [words[n]]),
    )


def in_these_words(run: Run, n: int) -> str:
    """How a question asked again in its documents' words is shown: the question, and them."""
    said = run.evidence["instead"]["words"][n]
    question = f"{run.question} (in the words of the documents: “{said['states']}”)"
    return question if len(question) <= QUESTION_LIMIT else run.question


def run_reading(run: Run) -> tuple[int, int] | None:
    """How far the read of a running question has got, in people: (people, done), or None.

    A person is done when every document of theirs the read holds is judged; a person has
    several documents, so counting judgments would count documents, not the people asked
    about. From the judgments of the criterion its search reads (the address of its last
    reply, else whichever criterion of the workspace has judgments planned since the run
    started)."""
    if run.finished or run.started_at is None:
        return None
    judgments = Judgment.objects.filter(
        criterion__workspace_id=run.visitor.workspace_id, updated_at__gte=run.started_at
    )
    addresses = [
        reply["criterion"].get("address")
        for event in run.page_events
        if isinstance(reply := (event.get("data") or {}).get("reply"), dict)
        and isinstance(reply.get("criterion"), dict)
    ]
    if addresses and addresses[-1]:
        judgments = judgments.filter(criterion__address=addresses[-1])
    else:
        latest = judgments.order_by("-updated_at").values_list("criterion_id", flat=True).first()
        if latest is None:
            return None
        judgments = judgments.filter(criterion_id=latest)
    finished = Q(state__in=[Judgment.State.DONE, Judgment.State.FAILED])
    people = judgments.values("document__entity_id").annotate(
        documents=Count("id"), judged=Count("id", filter=finished)
    )
    total = done = 0
    for person in people:
        total += 1
        done += person["documents"] == person["judged"]
    return (total, done) if total else None
