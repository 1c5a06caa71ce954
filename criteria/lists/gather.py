"""A read's lists built from what is stored: a pure function, no query and no write.

criteria/service.py loads what a run's reply is built from (Stored: the judgments of the plan's
documents, the candidates' entities, the splitter's calls), calls run_gather() and then makes the
writes itself, each explicit: the match rows, and the judgments marked reported. So the lists,
the verdicts, the reads and the usage can be tested on rows made in memory.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from criteria.lists.four import FAILED, NOT_READ, Candidate, Lists, four_lists
from criteria.models import Judgment
from criteria.plan import READ_BY_ANOTHER_READER, Plan
from criteria.reading.claim import SPEND_CAP, failure_kind
from criteria.rules.recency.judged_at import JudgedAt
from criteria.status import COMPLETE
from criteria.types import DocumentJudgment, Facet
from limma.models import Entity
from limma.vocabulary import Vocabulary

SETTLED = (Judgment.State.DONE, Judgment.State.FAILED)
# What a reply reads of a judgment and of a candidate, loaded alone: a plan's thousand rows
# without their claims' times or their entities' other columns.
JUDGMENT_FIELDS = (
    *("id", "document_id", "state", "outcome", "failure", "adjudicated", "typed"),
    *("calls", "usd", "reported", "reported_calls", "reported_usd"),
)
ENTITY_FIELDS = ("id", "key", "display_name")
BEING_READ = "being_read"  # a read queued or in flight
# Why one document of a candidate is unread (a not_recorded entry's causes); besides these, the
# status_reason of a read that stopped before it.
UNREAD_CAUSES = (BEING_READ, READ_BY_ANOTHER_READER, NOT_READ, FAILED, SPEND_CAP)


@dataclass(frozen=True)
class Stored:
    """What a run's reply is built from, as loaded: the plan's judgments by document pk, the
    candidates' entities by pk, and the criteria splitter's calls and spend for the request."""

    judgments: dict[int, Judgment]
    entities: dict[int, Entity]
    split_calls: int = 0
    split_usd: Decimal = Decimal("0")


@dataclass(frozen=True)
class RunState:
    """What the run itself says of its reading: why it stopped, and what is still in the
    background."""

    status: str
    status_reason: str | None
    background: dict[str, Any]


@dataclass(frozen=True)
class Gathered:
    """The reply's lists and tallies, and what the service writes from them."""

    candidates: list[Candidate]
    lists: Lists
    verdicts: dict[int, Any]  # per entity pk
    matched: dict[int, dict[str, Any]]  # per entity pk, its entry on the matched list
    fresh: list[Judgment]  # settled judgments not yet reported: marked reported by the service
    reads: dict[str, Any]
    usage: dict[str, Any]


def refused_at_spend_cap(judgment: Judgment | None) -> bool:
    """A read refused at a spend ceiling before anything was sent: not read, not judged."""
    return (
        judgment is not None
        and judgment.state == Judgment.State.FAILED
        and failure_kind(judgment.failure) == SPEND_CAP
    )


def candidates_of(
    stored: Stored, *, plan: Plan, entity_pks: list[int], at: JudgedAt, run: RunState
) -> list[Candidate]:
    """Each candidate with its documents' judgments, and why each unjudged one is unread."""
    by_entity: dict[int, list] = {pk: [] for pk in entity_pks}
    for document in plan.documents:
        by_entity.setdefault(document.entity_id, []).append(document)
    candidates = []
    for pk in entity_pks:
        documents = by_entity.get(pk, [])
        judged, unread = [], []
        for document in documents:
            judgment = stored.judgments.get(document.pk)
            if judgment is not None and judgment.state == Judgment.State.DONE:
                judged.append(at.judged(pk, DocumentJudgment.from_json(judgment.outcome)))
            elif refused_at_spend_cap(judgment):
                unread.append(SPEND_CAP)  # refused at a ceiling before it was sent: not read
            elif judgment is not None and judgment.state == Judgment.State.FAILED:
                judged.append(
                    DocumentJudgment(source_id=document.source_id, failed=judgment.failure)
                )
            else:
                unread.append(
                    READ_BY_ANOTHER_READER
                    if document.pk in plan.read_by_another
                    else (BEING_READ if judgment is not None else run.status_reason or NOT_READ)
                )
        entity = stored.entities[pk]
        candidates.append(
            Candidate(
                entity_id=entity.key,
                name=entity.display_name,
                judgments=tuple(judged),
                unread=tuple(unread),
                documents=len(documents),
            )
        )
    return candidates


def reads_of(fresh: list[Judgment], *, plan: Plan, run: RunState) -> dict[str, Any]:
    """What the reads did for this reply: each settled judgment counted once, when first
    reported."""
    to_read = {document.pk for document in plan.to_read}
    failures = Counter(j.failure for j in fresh if j.state == Judgment.State.FAILED)
    return {
        "needed": plan.needed,
        "done": sum(
            1 for j in fresh if j.document_id in to_read and j.state == Judgment.State.DONE
        ),
        "reused": len(plan.reused),
        "adjudicated": sum(1 for j in fresh if j.adjudicated),
        "typed": sum(1 for j in fresh if j.typed),
        "in_flight_at_return": run.background.get("in_flight", 0),
        "not_submitted": run.background.get("queued", 0),
        "stored_not_served": dict(plan.stored_not_served) if run.status != COMPLETE else {},
        # Reads that judged nothing, by fault and cause: never counted as a judgment.
        "failed": sum(failures.values()),
        "failures": dict(sorted(failures.items())),
    }


def usage_of(fresh: list[Judgment], stored: Stored) -> dict[str, Any]:
    """The calls and spend not reported before, with the splitter's for this request."""
    return {
        "calls": sum(j.calls - j.reported_calls for j in fresh) + stored.split_calls,
        "cost_usd": float(
            sum((j.usd - j.reported_usd for j in fresh), Decimal("0")) + stored.split_usd
        ),
    }


def run_gather(
    stored: Stored,
    *,
    plan: Plan,
    entity_pks: list[int],
    facets: list[Facet],
    vocabulary: Vocabulary,
    list_limit: int,
    at: JudgedAt,
    run: RunState,
) -> Gathered:
    """The lists, the verdicts, the reads and the usage of a run, from what is stored."""
    candidates = candidates_of(stored, plan=plan, entity_pks=entity_pks, at=at, run=run)
    lists = four_lists(candidates, facets, list_limit=list_limit, vocabulary=vocabulary)
    keys = {entity.key: pk for pk, entity in stored.entities.items()}
    fresh = [j for j in stored.judgments.values() if j.state in SETTLED and not j.reported]
    return Gathered(
        candidates=candidates,
        lists=lists,
        verdicts={keys[entity_key]: verdict for entity_key, verdict in lists.listed.items()},
        matched={keys[entry["entity_id"]]: entry for entry in lists.matched},
        fresh=fresh,
        reads=reads_of(fresh, plan=plan, run=run),
        usage=usage_of(fresh, stored),
    )
