"""A judgment laid out as an operator reads it: the verdict, each condition with its quote marked
in the document's text (or why it is open), the lengths handed on, the denials, what it cost.

The verdict is the lists' own (criteria/lists/four.py) for the one document, so the admin says what
a search would say of a person with this document alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from criteria.lists.four import (
    MATCHED,
    NONE,
    NOT_RECORDED,
    UNDETERMINED,
    Candidate,
    entity_verdicts,
)
from criteria.models import Judgment
from criteria.reading.claim import facets_of
from criteria.types import DocumentJudgment, Facet, Quote
from limma.models import LedgerEntry

NOT_READ_YET = "not_read_yet"  # a judgment still queued or in flight: no verdict yet
VERDICTS = {
    MATCHED: "matched",
    NONE: "none (denied)",
    UNDETERMINED: "undetermined",
    NOT_RECORDED: "not recorded (the read failed)",
    NOT_READ_YET: "not read yet",
}
# Why a condition is open in this document, as its missing_because says (docs/concepts.md).
OPEN_BECAUSE = {
    "silent": "the document does not state it",
    "different": "the document states another value (quoted under different)",
    "quote_not_in_document": "the model offered a quote that is not in the document: refused",
    "quote_outside_experience": "the quote comes from a sentence about another experience",
    "typer_and_vocabulary_disagree": "the typing call and the vocabulary place the words apart",
    "duration_unknown": "no length is stated for an experience that establishes a condition",
    "length_not_proved": (
        "a length is written, in a sentence the reader does not take a length from: handed on "
        "below for you to judge"
    ),
    "duration_below_threshold": "the length stated is under the one asked for",
    "record_says_ended": "the record says the period ended",
}
FIRM, DOUBT = "firm denial", "doubt (kept)"


def judgment_ledger(judgment: Judgment) -> QuerySet[LedgerEntry]:
    """The ledger rows of the judgment's reads (criteria/reading/claim.py names them
    judgment:<pk>:n)."""
    return LedgerEntry.objects.filter(request_id__startswith=f"judgment:{judgment.pk}:").order_by(
        "created_at", "id"
    )


def outcome_of(judgment: Judgment) -> DocumentJudgment | None:
    if judgment.state != Judgment.State.DONE or not judgment.outcome:
        if judgment.state == Judgment.State.FAILED:
            return DocumentJudgment(source_id="", failed=judgment.failure or "failed")
        return None
    return DocumentJudgment.from_json(judgment.outcome)


def verdict_of(state: str, outcome: dict | None, facets: list[dict], failure: str = "") -> str:
    """matched / none / undetermined / not_recorded for one judgment, by the lists' own rule;
    not_read_yet while it is queued or in flight. Takes the stored values (no query)."""
    if state == Judgment.State.FAILED:
        judged = DocumentJudgment(source_id="", failed=failure or "failed")
    elif state != Judgment.State.DONE or not outcome:
        return NOT_READ_YET
    else:
        judged = DocumentJudgment.from_json(outcome)
    facet_list = tuple(_facet(raw) for raw in facets)
    candidate = Candidate(entity_id="one", name="", judgments=(judged,), documents=1)
    return entity_verdicts([candidate], facet_list)["one"]


def judgment_verdict(judgment: Judgment) -> str:
    return verdict_of(judgment.state, judgment.outcome, judgment.criterion.facets, judgment.failure)


def _facet(raw: dict[str, Any]) -> Facet:
    return Facet(
        **{**raw, "carried": tuple(raw.get("carried") or ()), "also": tuple(raw.get("also") or ())}
    )


def open_because(code: str) -> str:
    return OPEN_BECAUSE.get(code.rsplit(":", maxsplit=1)[-1], code)


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    kind: str  # established / different / denial / handed_on
    label: str


def marked_text(text: str, marks: Iterable[Mark]) -> SafeString:
    """The document's text, escaped, with each span in a <mark>; a span inside one already
    marked is left to the outer one (a quote is never cut in two)."""
    pieces, at = [], 0
    for mark in sorted(marks, key=lambda m: (m.start, -m.end)):
        if mark.start < at or not 0 <= mark.start <= mark.end <= len(text):
            continue
        pieces.append(format_html("{}", text[at : mark.start]))
        pieces.append(
            format_html(
                '<mark class="{}" title="{}">{}</mark>',
                mark.kind,
                mark.label,
                text[mark.start : mark.end],
            )
        )
        at = mark.end
    pieces.append(format_html("{}", text[at:]))
    return format_html_join("", "{}", ((piece,) for piece in pieces))


@dataclass(frozen=True)
class ConditionLine:
    facet: Facet
    quote: Quote | None
    because: str  # the missing_because code, when open
    because_said: str


@dataclass(frozen=True)
class ExperienceLines:
    number: int
    conditions: list[ConditionLine]
    different: list[Quote]
    lengths_handed_on: list[dict[str, Any]]
    typing: list[dict[str, Any]]


def explanation(judgment: Judgment) -> dict[str, Any]:
    """Everything the judgment's page shows, in the order an operator reads it."""
    document = judgment.document
    facets = facets_of(judgment.criterion)
    outcome = outcome_of(judgment)
    verdict = judgment_verdict(judgment)
    experiences: list[ExperienceLines] = []
    marks: list[Mark] = []
    denials: list[tuple[str, Quote]] = []
    if outcome is not None:
        for number, experience in enumerate(outcome.experiences, start=1):
            lines = []
            for facet in facets:
                quote = experience.established.get(facet.key)
                because = "" if quote else experience.missing_because.get(facet.key, "silent")
                lines.append(ConditionLine(facet, quote, because, open_because(because)))
                if quote is not None:
                    marks.append(Mark(quote.char_start, quote.char_end, "established", facet.key))
            for quote in experience.different:
                marks.append(Mark(quote.char_start, quote.char_end, "different", quote.facet))
            for handed in experience.lengths_not_proved:
                marks.append(
                    Mark(handed["char_start"], handed["char_end"], "handed-on", handed["facet"])
                )
            experiences.append(
                ExperienceLines(
                    number,
                    lines,
                    list(experience.different),
                    [dict(item) for item in experience.lengths_not_proved],
                    [dict(item) for item in experience.typing],
                )
            )
        for quote in outcome.denials:
            denials.append((FIRM if quote.denies else DOUBT, quote))
            marks.append(Mark(quote.char_start, quote.char_end, "denial", quote.facet))
    ledger = list(judgment_ledger(judgment))
    return {
        "judgment": judgment,
        "person": document.entity,
        "document": document,
        "criterion": judgment.criterion,
        "verdict": verdict,
        "verdict_said": VERDICTS[verdict],
        "why": list(why_lines(verdict, facets, outcome)),
        "failed": outcome.failed if outcome is not None else None,
        "subject": outcome.subject if outcome is not None else None,
        "experiences": experiences,
        "denials": denials,
        "text": marked_text(document.text, marks),
        "ledger": ledger,
        "ledger_usd": sum((row.usd for row in ledger), Decimal(0)),
    }


def why_lines(
    verdict: str, facets: tuple[Facet, ...], outcome: DocumentJudgment | None
) -> Iterator[str]:
    """One line per reason, the answer to "why is this person (not) a match?" on this document."""
    if outcome is None:
        yield "The document has not been read yet."
        return
    if outcome.failed:
        yield f"The read failed ({outcome.failed}); nothing was judged."
        return
    firm = [q for q in outcome.denials if q.denies]
    doubts = [q for q in outcome.denials if not q.denies]
    for quote in firm:
        yield f"{quote.facet}: denied in the person's own words: “{quote.text}”"
    for quote in doubts:
        yield f"{quote.facet}: a denial kept on doubt: “{quote.text}”"
    if verdict == MATCHED:
        yield "Every condition is established in one experience, each by its quote."
        return
    best = max(
        outcome.experiences,
        key=lambda exp: len(exp.established.keys() & {f.key for f in facets}),
        default=None,
    )
    denied = {quote.facet for quote in outcome.denials}
    for facet in facets:
        if facet.key in denied:
            continue  # said above, with the words that deny it
        if best is None:
            yield f"{facet.key}: {open_because('silent')}"
        elif facet.key not in best.established:
            because = best.missing_because.get(facet.key, "silent")
            yield f"{facet.key}: {because} — {open_because(because)}"
