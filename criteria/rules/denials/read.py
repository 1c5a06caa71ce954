"""The denials a reading model lists, judged by the denial rule (criteria/rules/denials/rule.py).

Each becomes a firm denial (the named person's own outright one), a doubt (kept, quoted whole)
or is set aside (another person's full name, or words that are not the document's). What this
document's experiences state for a condition is what a denial of those very words is held
against.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.rule import DenialVerdict, denial_verdict
from criteria.rules.denials.swept import FOUND_BY_READER, Swept
from criteria.rules.lengths.read import other_names
from criteria.types import ExperienceJudgment, Facet, Quote
from limma.door.shapes import Denial
from limma.segment import segment

FIRM, SET_ASIDE, DOUBT = "firm", "set_aside", "doubt"


def denial_context(text: str, facets: tuple[Facet, ...], person: str | None) -> DenialContext:
    spans, speakers = [], []
    for part in segment(text):
        for sentence in part.sentences:
            spans.append((sentence.start, sentence.end))
            speakers.append(sentence.speaker)
    words = {
        facet.key: tuple(
            dict.fromkeys(w for w in (facet.text, facet.core, facet.value, *facet.also) if w)
        )
        for facet in facets
    }
    return DenialContext(
        text=text,
        sentences=tuple(spans),
        speakers=tuple(speakers),
        person=person,
        other_names=other_names(text, person),
        facet_keys=tuple(facet.key for facet in facets),
        facet_words=words,
    )


def stated_in(experiences: Iterable[ExperienceJudgment]) -> dict[str, tuple[str, ...]]:
    """Per condition, the words this document's experiences state for it."""
    stated: dict[str, list[str]] = {}
    for experience in experiences:
        for key, quote in experience.established.items():
            stated.setdefault(key, []).extend(w for w in (quote.text, quote.states) if w)
        for quote in experience.different:
            stated.setdefault(quote.facet, []).extend(w for w in (quote.text, quote.states) if w)
    return {key: tuple(dict.fromkeys(words)) for key, words in stated.items()}


def denials_kept(
    denials: Iterable[Denial],
    *,
    source_id: str,
    text: str,
    facets: tuple[Facet, ...],
    person: str | None,
    experiences: tuple[ExperienceJudgment, ...],
    swept: Iterable[Swept] = (),
) -> tuple[Quote, ...]:
    """The model's denials judged, then the reader's own sweep (criteria/rules/denials/swept.py):
    each swept sentence no listed denial already stands in is judged by the same rule, as if
    the model had listed it under that condition, and is kept with found_by: "reader"."""
    if not facets:
        return ()
    context = denial_context(text, facets, person)
    stated = stated_in(experiences)
    kept: list[Quote] = []
    judged: list[tuple[int, int]] = []
    for denial in denials:
        verdict = denial_verdict(denial.quote, denial.facet, context, stated_elsewhere=stated)
        if verdict is None:
            continue
        judged.append((verdict.start, verdict.end))
        if verdict.kind != SET_ASIDE:
            kept.append(_kept(verdict, denial.quote, text, source_id))
    for found in swept:
        verdict = denial_verdict(found.quote, found.facet, context, stated_elsewhere=stated)
        if verdict is None or any(
            verdict.start < end and start < verdict.end for start, end in judged
        ):
            continue
        judged.append((verdict.start, verdict.end))
        if verdict.kind != SET_ASIDE:
            kept.append(
                replace(_kept(verdict, found.quote, text, source_id), found_by=FOUND_BY_READER)
            )
    return tuple(kept)


def _kept(verdict: DenialVerdict, quote: str, text: str, source_id: str) -> Quote:
    firm = verdict.kind == FIRM
    start, end = verdict.start, verdict.end
    if firm:
        # A firm denial is quoted in the model's own words, found inside its sentence.
        inner = text.find(quote.strip(), start, end)
        if inner >= 0:
            start, end = inner, inner + len(quote.strip())
    return Quote(
        facet=verdict.facet,
        text=text[start:end],
        source_id=source_id,
        char_start=start,
        char_end=end,
        denies=firm,
        kept_as=None if firm else DOUBT,
    )
