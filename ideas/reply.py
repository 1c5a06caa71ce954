"""An idea question's reply, compact (the MCP tool's default) and full (with the idea block).

matches and possibly are paged by the same limit and offset; every count is whole. Only the
page's parts are read in full: two queries whatever the number of parts in scope.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.db.models.functions import Substr

from ideas.grouping import Grouping
from ideas.question import Filed, IdeaOutcome
from limma.models import Part, Sentence
from limma.paging import page_of

VERDICTS = ("means_it", "possibly", "no")


def idea_reply(
    outcome: IdeaOutcome, *, detail: str, limit: int, offset: int, request_id: str
) -> dict[str, Any]:
    matches = page_of(outcome.matches, limit=limit, offset=offset)
    possibly = page_of(outcome.possibly, limit=limit, offset=offset)
    page = PageParts([*matches.items, *possibly.items])
    scope = outcome.scope
    reply: dict[str, Any] = {
        "request_id": request_id,
        "detail": detail,
        "idea": outcome.idea,
        "matched": matches.counts(),
        "complete": outcome.complete,
        "incomplete_because": outcome.incomplete_because,
        "matches": [page.item(filed) for filed in matches.items],
        "possibly": {**possibly.counts(), "matches": [page.item(f) for f in possibly.items]},
        "counts": {
            "documents": scope.document_count,
            "parts": scope.parts,
            "labelled": scope.labelled_parts,
        },
        "more": more(outcome),
    }
    if detail == "full":
        reply["idea_block"] = idea_block(outcome, page, [*matches.items, *possibly.items])
    return reply


def more(outcome: IdeaOutcome) -> dict[str, Any]:
    """The calls that check a match: its sentence byte for byte, a label's parts, the full reply."""
    return {
        "receipt": {
            "verb": "GET /v1/public/region",
            "with": {"source_id": "<source_id>", "start": "<quote_at[0]>", "end": "<quote_at[1]>"},
        },
        "labels": {
            "verb": "POST /v1/public/facts",
            "with": {
                "relation_query": {"relation": "part_label", "where": [["label", "eq", "<label>"]]}
            },
        },
        "full": {
            "verb": "POST /v1/public/search",
            "with": {"idea": outcome.idea, "idea_budget": {"max_calls": 0}, "detail": "full"},
        },
    }


def grouping_counts(outcome: IdeaOutcome) -> dict[str, Any]:
    grouping: Grouping = outcome.grouping
    labels = outcome.scope.labels.values()
    verdicts = dict.fromkeys(VERDICTS, 0)
    for label in labels:
        if grouping.settled(label):
            verdicts[grouping.stored[label.key].verdict] += 1
    counts: dict[str, Any] = {
        "labels": len(outcome.scope.labels),
        "reused": grouping.reused,
        "judged_now": grouping.judged_now,
        "judged_twice": grouping.judged_twice,
        "disagreed": grouping.disagreed,
        "not_grouped": sum(1 for label in labels if not grouping.settled(label)),
        "verdicts": verdicts,
    }
    spent = outcome.spent()
    if spent is not None:
        counts["spent"] = spent
    return counts


def idea_block(outcome: IdeaOutcome, page: PageParts, filed: list[Filed]) -> dict[str, Any]:
    """Each part of the page with every label it carries, its verdict and its sentence's span."""
    scope, grouping = outcome.scope, outcome.grouping
    spans = page.label_spans(filed, scope.part_labels)
    parts = []
    for one in filed:
        labels = []
        for sentence_id, key, label, broader in scope.part_labels[one.part_id]:
            found = scope.labels[key]
            stored = grouping.stored.get(key)
            labels.append(
                {
                    "label": label,
                    "broader": broader,
                    "verdict": grouping.verdict(found) if grouping.settled(found) else None,
                    "judgments": stored.judgments if stored else 0,
                    "sentence_at": spans[sentence_id],
                }
            )
        parts.append({"part_id": one.part_id, **page.where(one), "labels": labels})
    return {"idea": outcome.idea_key, "parts": parts, "grouping": grouping_counts(outcome)}


class PageParts:
    """The page's parts and the sentences behind them, read in two queries."""

    def __init__(self, filed: list[Filed]) -> None:
        self.parts = {
            pk: (source_id, file_name, start, end)
            for pk, source_id, file_name, start, end in Part.objects.filter(
                pk__in=[one.part_id for one in filed]
            ).values_list(
                "pk", "document__source_id", "document__file_name", "char_start", "char_end"
            )
        }
        self.quotes = {
            pk: (quote, start, end)
            for pk, quote, start, end in Sentence.objects.filter(
                pk__in=[one.sentence_id for one in filed]
            )
            .annotate(
                quote=Substr("document__text", F("char_start") + 1, F("char_end") - F("char_start"))
            )
            .values_list("pk", "quote", "char_start", "char_end")
        }

    def where(self, filed: Filed) -> dict[str, Any]:
        source_id, file_name, start, end = self.parts[filed.part_id]
        return {"source_id": source_id, "document": file_name, "location": [start, end]}

    def item(self, filed: Filed) -> dict[str, Any]:
        quote, start, end = self.quotes[filed.sentence_id]
        return {
            **self.where(filed),
            "quote": quote,
            "quote_at": [start, end],
            "labels": [f"{label} ({broader})" for label, broader in filed.labels],
        }

    @staticmethod
    def label_spans(
        filed: list[Filed], part_labels: dict[int, list[tuple[int, str, str, str]]]
    ) -> dict[int, list[int]]:
        ids = {row[0] for one in filed for row in part_labels[one.part_id]}
        return {
            pk: [start, end]
            for pk, start, end in Sentence.objects.filter(pk__in=ids).values_list(
                "pk", "char_start", "char_end"
            )
        }
