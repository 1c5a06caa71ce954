"""A duration facet in one experience, read by the length rule (criteria/rules/lengths/rule.py).

The reported sentence, and every sentence of the experience that points at its work and writes
a time (the reader finds those itself), is judged: the one closed form passing all six checks
grants the length; every other is handed on as a doubt with its closed words of why; what is
another person's or another organisation's is not handed on at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from django.utils import timezone

from criteria.criterion.address import START_FROM_PROSE, switched_on
from criteria.rules.lengths.rule import (
    LengthContext,
    handed_on,
    length_verdict,
    pointing_sentences,
    sentences_of,
)
from criteria.rules.lengths.start import StartUsed, start_used
from criteria.types import (
    DURATION_BELOW_THRESHOLD,
    DURATION_UNKNOWN,
    LENGTH_NOT_PROVED,
    Facet,
    Quote,
)
from limma.names import name_key

Span = tuple[int, int]
NAME = re.compile(r"\b[A-Z][^\W\d_]+(?:[ -](?:[A-Z]\.|[A-Z][^\W\d_'\u2019]+))+\b")
# The count's own words in a sentence of the closed form: what a granted length quotes (the
# sentence's own stop aside; a dot inside it, "for 22.5 years", "since Jan. 2001", is no stop).
# The count ends the form, so its preposition is the sentence's LAST "for", "since" or "from":
# the employer's slot before it ("for Halden Foods AS for 22 years") is no part of the count.
COUNT = re.compile(
    r"\b(?:for|since|from)\b(?!.*\b(?:for|since|from)\b).*?(?=[.!?]?\s*$)",
    re.IGNORECASE | re.DOTALL,
)


@dataclass(frozen=True)
class LengthRead:
    established: Quote | None = None
    missing_because: str | None = None
    not_proved: tuple[dict[str, Any], ...] = field(default_factory=tuple)


def length_in_experience(
    facet: Facet,
    *,
    source_id: str,
    text: str,
    reported: Span | None,
    experience: tuple[Span, ...],
    anchors: tuple[Span, ...],
    start: str | None,
    document_date: date | None,
    person: str | None,
    establishes_a_condition: bool,
    employer: str | None = None,
    record_end: str | None = None,
) -> LengthRead:
    """The length of one experience. record_end ("YYYY-MM", a record_check's closure) counts an
    open period no further than the record's end, and closes check 6 there; None at read time —
    the record is applied when the lists are built (criteria/rules/recency/timing.py)."""
    spans, speakers = sentences_of(text)
    begun = (
        start_used(text, experience, start)
        if switched_on(START_FROM_PROSE)
        else StartUsed(start, None, start, None)
    )
    index_of = {span: index for index, span in enumerate(spans)}
    context = LengthContext(
        text=text,
        sentences=spans,
        speakers=speakers,
        experience=_indices(spans, experience),
        anchors=_indices(spans, anchors),
        employer=employer,
        start=begun.used,
        document_date=document_date,
        today=timezone.localdate(),
        person=person,
        other_names=other_names(text, person),
        first_person_proved=False,
        min_years=facet.min_years or 0.0,
        record_end=record_end,
    )
    candidates = sorted(
        set(_pointing_near(context))
        | ({index_of.get(reported, _containing(spans, reported))} - {None} if reported else set())
    )
    granted, handed, below = None, [], False
    for index in candidates:
        verdict = length_verdict(index, context)
        if verdict.granted:
            granted = granted or _granted_quote(facet, source_id, text, spans[index])
        elif verdict.below_threshold:
            below = True
        elif verdict.handed_on and handed_on(index, context) and establishes_a_condition:
            start_, end = spans[index]
            handed.append(
                {
                    "facet": facet.key,
                    "source_id": source_id,
                    "text": text[start_:end],
                    "char_start": start_,
                    "char_end": end,
                    "years": verdict.years,
                    "bound": verdict.bound,
                    "kept_as": "doubt",
                    "why": list(verdict.why),
                }
                | ({"start": said} if (said := begun.said()) else {})
            )
    if granted is not None:
        said = begun.said()
        return LengthRead(established=replace(granted, start=said) if said else granted)
    if handed:
        return LengthRead(missing_because=LENGTH_NOT_PROVED, not_proved=tuple(handed))
    return LengthRead(missing_because=DURATION_BELOW_THRESHOLD if below else DURATION_UNKNOWN)


def other_names(text: str, person: str | None) -> tuple[str, ...]:
    """Every other capitalised name of two or more words the document writes (namesakes and
    other people; an organisation's name shares no part of the person's and does no harm)."""
    own = name_key(person or "")
    found = (match.group() for match in NAME.finditer(text))
    return tuple(dict.fromkeys(name for name in found if name_key(name) != own))


def _indices(spans: tuple[Span, ...], wanted: tuple[Span, ...]) -> tuple[int, ...]:
    found = {_containing(spans, span) for span in wanted}
    return tuple(sorted(index for index in found if index is not None))


def _containing(spans: tuple[Span, ...], span: Span | None) -> int | None:
    """The sentence that holds the span (or starts inside it)."""
    if span is None:
        return None
    for index, (start, end) in enumerate(spans):
        if start <= span[0] < end or span[0] <= start < span[1]:
            return index
    return None


def _pointing_near(context: LengthContext) -> list[int]:
    """Pointing sentences among the experience's own, or right behind one of them."""
    near = set(context.experience) | {index + 1 for index in context.experience}
    return [index for index in pointing_sentences(context) if index in near]


def _granted_quote(facet: Facet, source_id: str, text: str, sentence: Span) -> Quote:
    words = text[sentence[0] : sentence[1]]
    found = COUNT.search(words)
    start, end = (sentence[0] + found.start(), sentence[0] + found.end()) if found else sentence
    return Quote(
        facet=facet.key, text=text[start:end], source_id=source_id, char_start=start, char_end=end
    )
