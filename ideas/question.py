"""An idea question: the documents in scope, their labels sorted for the idea, the parts filed.

The answer is a lookup: matches are the parts filed under a label that means it, possibly the
parts under a label that may; complete says every part in scope was labelled, every sentence got
a topic and every label was sorted, and incomplete_because counts what is missing otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Sum

from ideas.budget import IdeaBudget, budget_check
from ideas.grouping import (
    MEANS_IT,
    POSSIBLY,
    Grouping,
    labels_group,
    stored_verdicts,
    to_sort,
)
from ideas.handoff import documents_hand_on
from ideas.scope import IdeaScope, idea_scope, scope_documents, sentence_texts
from ideas.words import content_stems, normalised
from limma import door
from limma.errors import Forbidden, InvalidRequest
from limma.ids import new_request_id
from limma.models import ApiKey, LedgerEntry, Workspace

SORT_NEEDS_WRITE = (
    "Sorting labels new to an idea costs model calls and stores verdicts: it needs a key with "
    'write permission. A read-only key sends idea_budget: {"max_calls": 0} and is served the '
    "verdicts already stored."
)
IDEA_HAS_NO_WORDS = "The idea holds no word a label could be sorted by."


@dataclass(frozen=True)
class Filed:
    """One part in an answer: the labels it is filed under and the sentence behind it."""

    part_id: int
    sentence_id: int
    labels: list[tuple[str, str]]  # (label, broader), in the part's order


@dataclass
class IdeaOutcome:
    idea: str
    idea_key: str
    budget: IdeaBudget
    scope: IdeaScope
    grouping: Grouping
    matches: list[Filed]
    possibly: list[Filed]
    incomplete_because: dict[str, int]
    handed_on: int
    request_id: str

    @property
    def complete(self) -> bool:
        return not self.incomplete_because

    def spent(self) -> dict[str, Any] | None:
        """What this question's grouping calls cost, from the ledger; None when it made none."""
        if not self.grouping.calls:
            return None
        spent = LedgerEntry.objects.filter(
            role="idea_grouper", request_id=self.request_id
        ).aggregate(calls=Count("id"), usd=Sum("usd"), seconds=Sum("seconds"))
        return {
            "calls": spent["calls"],
            "usd": float(spent["usd"] or Decimal(0)),
            "seconds": round(spent["seconds"] or 0.0, 3),
        }


def idea_checked(idea: str) -> str:
    if not content_stems(idea):
        raise InvalidRequest("idea_has_no_words", idea=idea, reason=IDEA_HAS_NO_WORDS)
    return idea.strip()


def idea_ask(
    *,
    key: ApiKey,
    workspace: Workspace,
    idea: str,
    budget_raw: dict[str, Any] | None = None,
    entity_pks: list[int] | None = None,
    entity_scope_incomplete: int = 0,
    request_id: str = "",
) -> IdeaOutcome:
    """Answer an idea over the key's documents (those about `entity_pks` when given)."""
    idea = idea_checked(idea)
    idea_key = normalised(idea)
    budget = budget_check(budget_raw)
    request_id = request_id or new_request_id()
    handed = documents_hand_on(scope_documents(key, entity_pks)) if key.may_write else 0
    scope = idea_scope(key, entity_pks)
    if budget.max_calls and not key.may_write:
        stored = stored_verdicts(workspace, idea_key, list(scope.labels))
        if to_sort(scope.labels, stored):
            raise Forbidden("idea_sort_needs_write", reason=SORT_NEEDS_WRITE)
    grouping = labels_group(
        workspace=workspace,
        idea=idea,
        idea_key=idea_key,
        labels=scope.labels,
        budget=budget,
        read_sentences=lambda ids: sentence_texts(key, ids),
        context=door.CallContext(
            workspace_id=workspace.id, api_key_id=key.pk, request_id=request_id
        ),
    )
    matches, possibly, not_grouped = filed(scope, grouping)
    return IdeaOutcome(
        idea=idea,
        idea_key=idea_key,
        budget=budget,
        scope=scope,
        grouping=grouping,
        matches=matches,
        possibly=possibly,
        incomplete_because=incomplete_because(scope, not_grouped, entity_scope_incomplete),
        handed_on=handed,
        request_id=request_id,
    )


def filed(scope: IdeaScope, grouping: Grouping) -> tuple[list[Filed], list[Filed], int]:
    """The parts under a means-it label, those under a possibly label only, and how many parts
    carry a label not sorted for the idea; parts in document order."""
    matches, possibly, not_grouped = [], [], 0
    for part_id in sorted(scope.part_labels, key=scope.part_order.__getitem__):
        rows = scope.part_labels[part_id]
        by_verdict: dict[str, list[tuple[int, str, str]]] = {MEANS_IT: [], POSSIBLY: []}
        unsorted = False
        for sentence_id, label_key, label, broader in rows:
            found = scope.labels[label_key]
            if not grouping.settled(found):
                unsorted = True
            verdict = grouping.verdict(found)
            if verdict in by_verdict:
                by_verdict[verdict].append((sentence_id, label, broader))
        not_grouped += unsorted
        for verdict, into in ((MEANS_IT, matches), (POSSIBLY, possibly)):
            if by_verdict[verdict]:
                under = by_verdict[verdict]
                into.append(
                    Filed(
                        part_id,
                        under[0][0],
                        list(dict.fromkeys((label, broader) for _, label, broader in under)),
                    )
                )
                break
    return matches, possibly, not_grouped


def incomplete_because(
    scope: IdeaScope, not_grouped: int, entity_scope_incomplete: int
) -> dict[str, int]:
    """What is missing, in parts unless the reason names documents or sentences."""
    reasons = {f"not_labelled:{cause}": n for cause, n in scope.parts_not_labelled.items()}
    reasons.update(
        {
            "sentences_not_labelled": scope.sentences_not_labelled,
            "documents_being_read": scope.being_read,
            "documents_unreadable": scope.unreadable,
            "documents_not_labelled": scope.not_labelled_documents,
            "labels_not_grouped": not_grouped,
            "entity_scope_incomplete": entity_scope_incomplete,
        }
    )
    return {reason: n for reason, n in sorted(reasons.items()) if n}
