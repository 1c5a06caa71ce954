"""A recency and the record's closure, decided when the lists are built — not when a document
is read.

A judgment is stored per criterion and document and serves every later search, while the day a
search asks about (its as_of) and the record as it stands are the request's. So the read stores,
per experience, what those are decided from (Timing: the experience's located sentences, the
period the model reported, the sentences a claim may stand in, its employer, the document's
date), and each request decides them again: a recency by recency_verdict at its as_of, and the
closure from the person's DECLARED rows as they are now. A row removed or added changes the
answer on the next search, and no stored judgment goes stale for it.

Pure functions over stored judgments; criteria/rules/recency/judged_at.py loads what they are given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from django.utils import timezone

from criteria.rules.lengths.read import LengthRead, length_in_experience
from criteria.rules.recency.record import Closure, RecordCheck, closure, length_closure
from criteria.rules.recency.rule import (
    RECENCY_NOT_PROVED,
    RecencyVerdict,
    recency_may_be_granted,
    recency_verdict,
)
from criteria.types import (
    DURATION,
    RECENCY,
    SILENT,
    DocumentJudgment,
    ExperienceJudgment,
    Facet,
)

Span = tuple[int, int]
# What a read stores for a recency SOME as_of grants: never a reply's word — the lists always
# decide it again — and in criteria.reading.read's GRANTABLE_LATER, so the experience is asked its
# second call while it may be a match.
RECENCY_TO_DECIDE = "recency_to_decide"


@dataclass(frozen=True)
class Timing:
    """What an experience's recency and closure are decided from, stored with its judgment."""

    sentences: tuple[Span, ...] = ()  # the experience's sentences, located in the document
    words: tuple[str, ...] = ()  # their words, so a recency needs no document
    anchors: tuple[Span, ...] = ()  # the opening sentence and every quoted condition
    period_start: str | None = None  # the period the reading model reported
    period_end: str | None = None
    employer: str | None = None
    document_date: str | None = None  # ISO; the document's own date
    establishes: bool = False  # the experience establishes a condition (the length rule asks)
    reported: dict[str, Span | None] = field(default_factory=dict)  # per duration facet

    def to_json(self) -> dict[str, Any]:
        return {
            "sentences": [list(span) for span in self.sentences],
            "words": list(self.words),
            "anchors": [list(span) for span in self.anchors],
            "period_start": self.period_start,
            "period_end": self.period_end,
            "employer": self.employer,
            "document_date": self.document_date,
            "establishes": self.establishes,
            "reported": {key: list(span) if span else None for key, span in self.reported.items()},
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> Timing | None:
        if not raw:
            return None
        reported = raw.get("reported") or {}
        return cls(
            sentences=tuple(_span(span) for span in raw.get("sentences") or ()),
            words=tuple(raw.get("words") or ()),
            anchors=tuple(_span(span) for span in raw.get("anchors") or ()),
            period_start=raw.get("period_start"),
            period_end=raw.get("period_end"),
            employer=raw.get("employer"),
            document_date=raw.get("document_date"),
            establishes=bool(raw.get("establishes")),
            reported={key: _span(span) if span else None for key, span in reported.items()},
        )

    @property
    def dated(self) -> date | None:
        return date.fromisoformat(self.document_date) if self.document_date else None

    @property
    def anchored(self) -> tuple[int, ...]:
        """The experience's sentences (by index) an open claim may stand in."""
        return anchor_indices(self.sentences, self.anchors)


def _span(raw: Any) -> Span:
    start, end = raw
    return int(start), int(end)


def anchor_indices(sentences: Iterable[Span], anchors: Iterable[Span]) -> tuple[int, ...]:
    """Indices of the sentences that hold the start of an anchor."""
    starts = [start for start, _ in anchors]
    return tuple(
        index
        for index, (low, high) in enumerate(sentences)
        if any(low <= start < high for start in starts)
    )


def recency_as_read(facet: Facet, timing: Timing) -> str:
    """What a read stores for a recency facet: to be decided where some as_of grants it;
    otherwise the reason as of the read, which no as_of turns into a grant."""
    if not (facet.current or facet.within_years):
        return SILENT
    said: dict[str, Any] = {
        "sentences_of_experience": timing.words,
        "period_start": timing.period_start,
        "period_end": timing.period_end,
        "document_date": timing.dated,
        "anchors": timing.anchored,
    }
    if recency_may_be_granted(facet, **said):
        return RECENCY_TO_DECIDE
    verdict = recency_verdict(facet, as_of=timing.dated or timezone.localdate(), **said)
    return verdict.missing_because or RECENCY_NOT_PROVED


def timing_json(timings: Iterable[Timing | None]) -> dict[str, Any] | None:
    """One experience's Timing, from what each of its lengths and recencies was read with."""
    found = [timing for timing in timings if timing is not None]
    if not found:
        return None
    reported: dict[str, Span | None] = {}
    for timing in found:
        reported |= timing.reported
    return replace(found[0], reported=reported).to_json()


@dataclass(frozen=True)
class PersonRecord:
    """A person's rows of the record check's relation, and whether the loader withheld one."""

    rows: tuple[Mapping[str, Any], ...] = ()  # {"relation", "values", "origin", "source_table", …}
    withheld: bool = False


@dataclass(frozen=True)
class Source:
    """A judged document as a length is re-read from: its words and whose they are."""

    text: str
    person: str | None = None


@dataclass(frozen=True)
class AsOf:
    """What a request decides stored judgments against."""

    facets: tuple[Facet, ...]
    as_of: date
    check: RecordCheck | None = None


def judgment_at(
    judgment: DocumentJudgment,
    at: AsOf,
    *,
    record: PersonRecord | None = None,
    source: Source | None = None,
) -> DocumentJudgment:
    """The judgment as of the request: each experience's recency and closure decided."""
    if judgment.failed or not judgment.experiences:
        return judgment
    experiences = tuple(
        experience_at(experience, at, judgment.source_id, record=record, source=source)
        for experience in judgment.experiences
    )
    return replace(judgment, experiences=experiences)


def experience_at(
    experience: ExperienceJudgment,
    at: AsOf,
    source_id: str,
    *,
    record: PersonRecord | None = None,
    source: Source | None = None,
) -> ExperienceJudgment:
    """One experience as of the request. Without a stored Timing (a judgment stored before
    one was kept) it is as stored: a recency then stays open, never granted."""
    timing = Timing.from_json(experience.timing)
    if timing is None:
        return experience
    found = None
    if at.check is not None and record is not None:
        found = closure(
            check=at.check, employer=timing.employer, rows=record.rows, withheld=record.withheld
        )
    established = dict(experience.established)
    missing = dict(experience.missing_because)
    lengths = list(experience.lengths_not_proved)
    closed: dict[str, Any] | None = None
    for facet in at.facets:
        if facet.kind == RECENCY and (facet.current or facet.within_years):
            verdict = _recency(facet, timing, at, found)
            if verdict.granted:
                quote = verdict.quote(facet.key, source_id, timing.sentences)
                established[facet.key] = quote
                missing.pop(facet.key, None)
                continue
            established.pop(facet.key, None)
            missing[facet.key] = verdict.missing_because or ""
            closed = closed or verdict.closed_by_record
        elif facet.kind == DURATION and found is not None:
            mine = [item for item in lengths if item.get("facet", facet.key) == facet.key]
            without = LengthRead(
                established=established.get(facet.key),
                missing_because=missing.get(facet.key),
                not_proved=tuple(mine),
            )
            with_record = None
            if without.established is not None:
                with_record = _reread(facet, timing, found, source_id, source)
                if with_record is None:
                    continue  # the document is not at hand: the length stands as read
            length = length_closure(without, with_record, closure=found, document_date=timing.dated)
            lengths = [item for item in lengths if item not in mine] + list(length.not_proved)
            if length.established is not None:
                established[facet.key] = length.established
                missing.pop(facet.key, None)
            else:
                established.pop(facet.key, None)
                missing[facet.key] = length.missing_because or ""
            closed = closed or length.closed_by_record
    return replace(
        experience,
        established=established,
        missing_because=missing,
        lengths_not_proved=tuple(lengths),
        closed_by_record=closed,
    )


def _recency(facet: Facet, timing: Timing, at: AsOf, found: Closure | None) -> RecencyVerdict:
    return recency_verdict(
        facet,
        sentences_of_experience=timing.words,
        period_start=timing.period_start,
        period_end=timing.period_end,
        document_date=timing.dated,
        as_of=at.as_of,
        closure=found,
        record_checked=at.check is not None,
        anchors=timing.anchored,
    )


def _reread(
    facet: Facet, timing: Timing, found: Closure, source_id: str, source: Source | None
) -> LengthRead | None:
    """The granted length read again with the record's end (an open period counted to it, and
    check 6 closed there); None where the document's words are not at hand."""
    if source is None:
        return None
    return length_in_experience(
        facet,
        source_id=source_id,
        text=source.text,
        reported=timing.reported.get(facet.key),
        experience=timing.sentences,
        anchors=timing.anchors,
        start=timing.period_start,
        document_date=timing.dated,
        person=source.person,
        establishes_a_condition=timing.establishes,
        employer=timing.employer,
        record_end=found.end,
    )
