"""Judging ONE document against a criterion's facets: the reading model's reply, checked.

"Models read, code checks": the reader's reply is a claim, and this module keeps of it only what
the product's own code can check. Every quote is found in the document byte for byte and within
one sentence of the experience it is given to; a typed condition is placed by the vocabulary (or,
for a bare title, by a typing call shown only the experience's sentences); a would-be match is
asked, in ONE second call, whose work the words of each of its conditions describe. Pure
functions, no database: the two narrower model calls are injected (Asks), so every step is
testable and a stored judgment is a function of the reply alone.

The steps, in order, each a function below: locate the experience's sentences; place each
condition (criteria.reading.experiences.place, an accepted name read by criteria.rules.names.named);
read the lengths (length_of: the one closed form, criteria.rules.lengths.read) and store what a
recency is decided from (recency_of: decided per request, at its as_of and against the record, when
the lists are built — criteria.rules.recency.timing); type the bare titles of a could-be match;
confirm a would-be match by the second call; keep the denials (criteria.rules.denials.read: firm, a
doubt, or set aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from criteria.criterion.address import DENIAL_SWEEP, switched_on
from criteria.reading.experiences import (
    Document,
    Located,
    Outcome,
    SecondCall,
    TypingCall,
    confirm,
    evidence_by_key,
    place,
    type_words,
)
from criteria.reading.quotes import (
    containing,
    locate,
    locate_sentences,
    sentence_around,
)
from criteria.reading.subjects import person_of
from criteria.rules.denials.read import denials_kept
from criteria.rules.denials.swept import swept_denials
from criteria.rules.lengths.read import length_in_experience
from criteria.rules.names.named import Naming
from criteria.rules.recency.timing import RECENCY_TO_DECIDE, Timing, recency_as_read, timing_json
from criteria.types import (
    CONDITION,
    DURATION,
    QUOTE_NOT_IN_DOCUMENT,
    RECENCY,
    DocumentJudgment,
    ExperienceJudgment,
    Facet,
    Quote,
)
from limma.door.shapes import ConditionEvidence, Experience, Period, ReadReply
from limma.vocabulary import Vocabulary

RECENCY_NOT_PROVED = "recency_not_proved"
DOUBT = "doubt"
NOT_IN_THE_CLOSED_FORM = "not_in_the_closed_form"
# A recency some as_of grants is stored as to be decided (criteria/rules/recency/timing.py): an
# experience open only for that is a would-be match and gets its second call. A length handed on is
# never granted later, so its experience is no would-be match and is asked nothing more.
GRANTABLE_LATER = frozenset({RECENCY_TO_DECIDE})


@dataclass(frozen=True)
class Asks:
    """The two narrower model calls, injected so the checks stay pure and testable.

    second_call(SecondCallRequest: the person, the experience's sentences and, per condition,
    its key, words and quote) -> the reply answering per key, None when the call failed.
    typing_call(experience sentences, axis, terms) -> a TypingReply (the term and
    the words that state it), a bare term (taken as pointing at the quote's words), or None when
    the call failed.
    """

    second_call: SecondCall
    typing_call: TypingCall


@dataclass(frozen=True)
class Length:
    """What a duration or recency facet comes to in one experience."""

    established: Quote | None = None
    missing_because: str | None = None
    not_proved: tuple[dict[str, Any], ...] = ()
    timing: Timing | None = None  # what the lists decide the recency and the closure from


def judge_document(
    *,
    source_id: str,
    text: str,
    facets: tuple[Facet, ...],
    reply: ReadReply,
    vocabulary: Vocabulary,
    person: str | None,
    asks: Asks,
    as_of: date | None = None,
) -> DocumentJudgment:
    """The reply checked against the document: each experience judged, the denials kept.

    as_of is the document's own date, counting an open period ("since 2001") in a handed-on
    length; without it such a period bounds nothing. person is the name a load recorded; where
    there is none, the reply's subject serves only where it is a name
    (criteria/reading/subjects.py).
    """
    document = Document(source_id, text, vocabulary)
    stated = [each.states for one in reply.experiences for each in one.conditions.values()]
    person = person_of(person, reply.subject, text=text, stated=stated)
    experiences = tuple(
        judge_experience(
            document=document,
            facets=facets,
            experience=experience,
            person=person,
            asks=asks,
            as_of=as_of,
        )
        for experience in reply.experiences
    )
    denials = denials_kept(
        reply.denials,
        source_id=source_id,
        text=text,
        facets=facets,
        person=person,
        experiences=experiences,
        swept=swept_denials(text, facets, vocabulary) if switched_on(DENIAL_SWEEP) else (),
    )
    return DocumentJudgment(
        source_id=source_id, experiences=experiences, denials=denials, subject=reply.subject
    )


def judge_experience(
    *,
    document: Document,
    facets: tuple[Facet, ...],
    experience: Experience,
    person: str | None,
    asks: Asks,
    as_of: date | None,
) -> ExperienceJudgment:
    """One experience: placed, its lengths read, its bare titles typed, a would-be match asked."""
    where = located(document.text, experience.sentences)
    evidence = evidence_by_key(facets, experience.conditions)
    naming = Naming(
        person=person,
        facets=facets,
        states={key: each.states for key, each in evidence.items()},
        vocabulary=document.vocabulary,
    )
    conditions = {
        facet.key: place(document, facet, evidence.get(facet.key), where, naming)
        for facet in facets
        if facet.kind == CONDITION
    }
    placed = frozenset(key for key, outcome in conditions.items() if outcome.established)
    quoted = tuple(
        (quote.char_start, quote.char_end)
        for outcome in conditions.values()
        for quote in (outcome.established, outcome.different)
        if quote is not None
    )
    timed = {
        facet.key: time_of(
            facet,
            evidence=evidence.get(facet.key),
            document=document,
            where=where,
            period=experience.period,
            as_of=as_of,
            established=placed,
            anchors=where.spans[:1] + quoted,
            person=person,
            employer=experience.employer,
        )
        for facet in facets
        if facet.kind in (DURATION, RECENCY)
    }
    conditions = type_bare_titles(
        document=document,
        facets=facets,
        conditions=conditions,
        timed=timed,
        where=where,
        typing_call=asks.typing_call,
    )
    if would_be_match(conditions, timed):
        conditions = second_calls(facets, conditions, where, person, asks.second_call)
    return assemble(facets, conditions, timed)


def located(text: str, sentences: list[str]) -> Located:
    """The experience's sentences the text holds; the others are dropped."""
    found = locate_sentences(text, sentences)
    return Located(tuple(words for words, _ in found), tuple(span for _, span in found))


def time_of(
    facet: Facet,
    *,
    evidence: ConditionEvidence | None,
    document: Document,
    where: Located,
    period: Period | None,
    as_of: date | None,
    established: frozenset[str],
    anchors: tuple[tuple[int, int], ...],
    person: str | None,
    employer: str | None = None,
) -> Length:
    """A duration or a recency facet in one experience, with what the lists decide it from.

    as_of is the document's own date. The request's as_of and the record are not known here:
    the Timing the Length carries lets the lists decide the recency and the closure per request.
    """
    timing = Timing(
        sentences=where.spans,
        words=where.sentences,
        anchors=anchors,
        period_start=period.start if period else None,
        period_end=period.end if period else None,
        employer=employer,
        document_date=as_of.isoformat() if as_of else None,
        establishes=bool(established),
    )
    if facet.kind == RECENCY:
        return replace(recency_of(facet, timing), timing=timing)
    return length_of(
        facet,
        evidence,
        document=document,
        where=where,
        period=period,
        as_of=as_of,
        established=established,
        anchors=anchors,
        person=person,
        employer=employer,
        timing=timing,
    )


def length_of(
    facet: Facet,
    evidence: ConditionEvidence | None,
    *,
    document: Document,
    where: Located,
    period: Period | None,
    as_of: date | None,
    established: frozenset[str],
    anchors: tuple[tuple[int, int], ...],
    person: str | None,
    employer: str | None = None,
    timing: Timing | None = None,
) -> Length:
    """A duration facet in one experience, by the length rule: granted by the one closed form
    only; every other length of an experience that establishes a condition is handed on. No
    record end here: a record_check's closure is applied when the lists are built."""
    reported = None
    if evidence is not None and evidence.quote and evidence.quote.strip():
        found = locate(document.text, evidence.quote, where.spans)
        if found is None and not established:
            return Length(missing_because=QUOTE_NOT_IN_DOCUMENT)
        if found is not None:
            reported = containing(where.spans, found.start, found.end) or sentence_around(
                document.text, found.start, found.end
            )
    read = length_in_experience(
        facet,
        source_id=document.source_id,
        text=document.text,
        reported=reported,
        experience=where.spans,
        anchors=anchors,
        start=period.start if period else None,
        document_date=as_of,
        person=person,
        establishes_a_condition=bool(established),
        employer=employer,
    )
    return Length(
        established=read.established,
        missing_because=read.missing_because,
        not_proved=read.not_proved,
        timing=replace(timing, reported={facet.key: reported}) if timing else None,
    )


def recency_of(facet: Facet, timing: Timing) -> Length:
    """A recency facet, never granted here: the lists decide it at the request's as_of and
    against the record (criteria/rules/recency/timing.py); the model's quote for it is not read."""
    return Length(missing_because=recency_as_read(facet, timing))


# -- typing and the second call: only for what could still be a match --------------------------


def type_bare_titles(
    *,
    document: Document,
    facets: tuple[Facet, ...],
    conditions: dict[str, Outcome],
    timed: Mapping[str, Length],
    where: Located,
    typing_call: TypingCall,
) -> dict[str, Outcome]:
    """One typing call per bare title, while the experience could still be a would-be match.

    Typing is paid only where its answer could make a match: once a condition is open for any
    other reason, the titles still untyped stay open as typing_call:not_made.
    """
    conditions = dict(conditions)
    for facet in facets:
        outcome = conditions.get(facet.key)
        if outcome is None or outcome.untyped is None:
            continue
        if not could_be_match(conditions, timed):
            break
        conditions[facet.key] = type_words(document, facet, outcome.untyped, where, typing_call)
    return conditions


def could_be_match(conditions: Mapping[str, Outcome], timed: Mapping[str, Length]) -> bool:
    return all(each.established or each.untyped for each in conditions.values()) and _may_hold(
        timed
    )


def would_be_match(conditions: Mapping[str, Outcome], timed: Mapping[str, Length]) -> bool:
    """Every condition established, and every length and recency granted or grantable later."""
    return (
        bool(conditions)
        and all(each.established for each in conditions.values())
        and _may_hold(timed)
    )


def _may_hold(timed: Mapping[str, Length]) -> bool:
    return all(
        each.established or each.missing_because in GRANTABLE_LATER for each in timed.values()
    )


def second_calls(
    facets: tuple[Facet, ...],
    conditions: dict[str, Outcome],
    where: Located,
    person: str | None,
    second_call: SecondCall,
) -> dict[str, Outcome]:
    """ONE second call for a would-be match, answering each of its established conditions."""
    asked = [
        (facet, outcome.established)
        for facet in facets
        if (outcome := conditions.get(facet.key)) is not None and outcome.established is not None
    ]
    confirmed = dict(conditions)
    for key, answered in confirm(asked, where, person, second_call).items():
        confirmed[key] = replace(answered, typing=conditions[key].typing)
    return confirmed


def assemble(
    facets: tuple[Facet, ...], conditions: Mapping[str, Outcome], timed: Mapping[str, Length]
) -> ExperienceJudgment:
    """The experience's judgment, its entries in the criterion's facet order."""
    established: dict[str, Quote] = {}
    missing: dict[str, str] = {}
    for facet in facets:
        outcome = conditions.get(facet.key) or timed.get(facet.key)
        if outcome is None:
            continue
        if outcome.established is not None:
            established[facet.key] = outcome.established
        elif outcome.missing_because is not None:
            missing[facet.key] = outcome.missing_because
    return ExperienceJudgment(
        established=established,
        missing_because=missing,
        different=tuple(each.different for each in conditions.values() if each.different),
        lengths_not_proved=tuple(item for each in timed.values() for item in each.not_proved),
        typing=tuple(each.typing for each in conditions.values() if each.typing),
        timing=timing_json(each.timing for each in timed.values()),
    )
