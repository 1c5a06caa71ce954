"""The plan of a niche read: the candidates' documents, what can be reused, and its price.

The price is an upper bound made BEFORE anything is read (a second call and a typing call for
every document), checked against the caller's budget and the deployment's limits; a plan above
the budget reads nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.conf import settings as django_settings

from criteria.many import among
from criteria.models import Criterion, Judgment
from criteria.reading.claim import SPEND_CAP, failure_kind
from criteria.types import CONDITION, Facet
from limma.access import readable_documents
from limma.conf import limma_settings
from limma.errors import InvalidRequest
from limma.models import ApiKey, Document

BUDGET_INVALID = "criteria_budget is outside what this deployment allows."
# Deployment limits on one call's budget.
LIMITS = {
    "max_reads": 5_000,
    "max_usd": Decimal("100"),
    "max_seconds": 300.0,
    "max_read_seconds": 3_600.0,
}
# Tokens a call spends beyond the document: the prompt, the facets, the reply.
PROMPT_TOKENS, REPLY_TOKENS, SMALL_CALL_TOKENS, SMALL_REPLY_TOKENS = 700, 450, 350, 40
CHARS_PER_TOKEN = 4
# How long one read is taken to last when a plan is priced in calls: a model's read with its
# second call, or the offline rules.
SECONDS_PER_READ, OFFLINE_SECONDS_PER_READ = 12.0, 0.1
# What a plan reads of its documents (each read loads its own whole): whose each is, its words
# (the order and the price are made from them) and the name its person is quoted by.
PLAN_DOCUMENT_FIELDS = (
    "id",
    "source_id",
    "entity_id",
    "text",
    "entity__id",
    "entity__display_name",
)


@dataclass(frozen=True)
class Budget:
    max_reads: int = 100
    max_usd: Decimal = Decimal("0.5")
    max_seconds: float = 40.0
    retry_failed: bool = False
    max_read_seconds: float = 900.0

    def echo(self) -> dict[str, Any]:
        return {
            "max_reads": self.max_reads,
            "max_usd": float(self.max_usd),
            "max_seconds": self.max_seconds,
            "retry_failed": self.retry_failed,
            "max_read_seconds": self.max_read_seconds,
        }


def budget_check(raw: dict[str, Any] | None) -> Budget:
    """The caller's budget over the defaults; anything outside the limits is a named 422."""
    raw = raw or {}
    faults = [f"{key}:unknown" for key in sorted(set(raw) - set(Budget.__dataclass_fields__))]
    values: dict[str, Any] = {}
    for key, kind in (
        ("max_reads", int),
        ("max_usd", Decimal),
        ("max_seconds", float),
        ("max_read_seconds", float),
    ):
        if key not in raw:
            continue
        value = raw[key]
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or (kind is int and not float(value).is_integer())
        ):
            faults.append(f"{key}:not_a_number")
        elif value < 0:
            faults.append(f"{key}:negative")
        elif value > LIMITS[key]:
            faults.append(f"{key}:above_the_deployment_limit")
        else:
            values[key] = kind(str(value)) if kind is Decimal else kind(value)
    if "retry_failed" in raw:
        if isinstance(raw["retry_failed"], bool):
            values["retry_failed"] = raw["retry_failed"]
        else:
            faults.append("retry_failed:not_a_boolean")
    if faults:
        raise InvalidRequest(
            "criteria_budget_invalid",
            faults=faults,
            limits={key: float(value) for key, value in LIMITS.items()},
            reason=BUDGET_INVALID,
        )
    return Budget(**values)


# A document another reader identity judged, not yet read by this one: stored, not served.
READ_BY_ANOTHER_READER = "read_by_another_reader"


@dataclass
class Plan:
    documents: list[Document]
    reused: dict[int, Judgment] = field(default_factory=dict)  # document pk -> this reader's
    to_read: list[Document] = field(default_factory=list)
    stored_not_served: Counter[str] = field(default_factory=Counter)
    read_by_another: set[int] = field(default_factory=set)  # documents another reader judged
    in_flight: list[Judgment] = field(default_factory=list)

    @property
    def needed(self) -> int:
        return len(self.documents)


def plan_build(
    *, key: ApiKey, criterion: Criterion, entity_pks: list[int], identity: str, retry_failed: bool
) -> Plan:
    documents = list(
        readable_documents(key)
        .filter(entity_id__in=among(entity_pks), state=Document.State.READ)
        .select_related("entity")
        .only(*PLAN_DOCUMENT_FIELDS)
        .order_by("id")
    )
    judgments: dict[int, list[Judgment]] = {}
    # Whose each judgment is and where it stands: its outcome is loaded by the reply alone.
    stored = Judgment.objects.filter(
        criterion=criterion, document__in=among(document.pk for document in documents)
    ).only("id", "document_id", "reader_identity", "state", "failure")
    for judgment in stored:
        judgments.setdefault(judgment.document_id, []).append(judgment)
    plan = Plan(documents=documents)
    for document in documents:
        mine = next(
            (j for j in judgments.get(document.pk, []) if j.reader_identity == identity), None
        )
        settled = (
            (Judgment.State.DONE,) if retry_failed else (Judgment.State.DONE, Judgment.State.FAILED)
        )
        refused_unread = mine is not None and failure_kind(mine.failure) == SPEND_CAP
        if mine is not None and mine.state in settled and not refused_unread:
            # A recorded failure is this reader's judgment too, until retry_failed asks again.
            plan.reused[document.pk] = mine
        elif mine is not None and mine.state in (Judgment.State.QUEUED, Judgment.State.IN_FLIGHT):
            plan.in_flight.append(mine)
        else:
            if any(j.reader_identity != identity for j in judgments.get(document.pk, [])):
                plan.stored_not_served[READ_BY_ANOTHER_READER] += 1
                plan.read_by_another.add(document.pk)
            plan.to_read.append(document)
    return plan


def calls_to_complete(reads: int, max_seconds: float, *, offline: bool) -> int:
    """How many calls of max_seconds each a read of this many documents needs, at most.

    A read is taken to last SECONDS_PER_READ (a model call, or a rule when offline) and the
    workers read that many at once when reading is in the background.
    """
    if reads == 0:
        return 0
    workers = (
        int(django_settings.Q_CLUSTER.get("workers", 1))
        if (limma_settings().criteria_background)
        else 1
    )
    seconds = reads * (OFFLINE_SECONDS_PER_READ if offline else SECONDS_PER_READ) / workers
    return max(1, math.ceil(seconds / max(max_seconds, 0.001)))


def estimate(
    documents: list[Document], facets: tuple[Facet, ...], *, max_seconds: float = 40.0
) -> dict[str, Any]:
    """An upper bound: every document read, second-called and (with a typed facet) typed once."""
    settings = limma_settings()
    reads = len(documents)
    typing = reads if any(f.kind == CONDITION and f.typed for f in facets) else 0
    calls = {
        "reader": (
            sum(len(doc.text) // CHARS_PER_TOKEN + PROMPT_TOKENS for doc in documents),
            reads * REPLY_TOKENS,
        ),
        "second_call": (reads * SMALL_CALL_TOKENS, reads * SMALL_REPLY_TOKENS),
        "typing_call": (typing * SMALL_CALL_TOKENS, typing * SMALL_REPLY_TOKENS),
    }
    if settings.provider == "offline":
        cost, basis = Decimal("0"), "offline"
    else:
        cost = sum(
            (
                settings.price_for(settings.model_for(role)).cost(tokens_in, tokens_out)
                for role, (tokens_in, tokens_out) in calls.items()
            ),
            Decimal("0"),
        )
        basis = "priced"
    return {
        "reads": reads,
        "adjudication": {"calls_at_most": reads},
        "typing": {"calls_at_most": typing},
        "tokens": sum(tokens_in + tokens_out for tokens_in, tokens_out in calls.values()),
        "cost_usd": float(cost),
        "cost_basis": basis,
        "calls_to_complete": calls_to_complete(reads, max_seconds, offline=basis == "offline"),
    }
