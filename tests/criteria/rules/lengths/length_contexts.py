"""The length tests' shared context: Anneke Voss at Halden Foods AS in a document dated March
2024, the document's sentences as the product cuts them, and the verdict of one sentence
written behind the experience's opening."""

from __future__ import annotations

from datetime import date

from criteria.rules.lengths.rule import (
    LengthContext,
    LengthVerdict,
    length_verdict,
    sentences_of,
)

DATED = date(2024, 3, 1)
TODAY = date(2024, 6, 1)
ANNEKE = "Anneke Voss"
HALDEN = "Halden Foods AS"
OPENS = "Anneke Voss leads marketing for baby formula at Halden Foods AS."
FORM = "Anneke has done this work for more than 20 years."


def context(
    text: str,
    *,
    person: str | None = ANNEKE,
    employer: str | None = HALDEN,
    experience: tuple[int, ...] | None = None,
    anchors: tuple[int, ...] = (0,),
    other_names: tuple[str, ...] = (),
    start: str | None = None,
    document_date: date | None = DATED,
    first_person_proved: bool = False,
    min_years: float = 20,
    record_end: str | None = None,
    voice_label: str | None = None,
) -> LengthContext:
    spans, speakers = sentences_of(text)
    return LengthContext(
        text=text,
        sentences=spans,
        speakers=speakers,
        experience=tuple(range(len(spans))) if experience is None else experience,
        anchors=anchors,
        employer=employer,
        start=start,
        document_date=document_date,
        today=TODAY,
        person=person,
        other_names=other_names,
        first_person_proved=first_person_proved,
        min_years=min_years,
        record_end=record_end,
        voice_label=voice_label,
    )


def index_of(built: LengthContext, sentence: str) -> int:
    """The sentence's index; fails where the segmenter does not cut it out whole."""
    found = [i for i, (a, b) in enumerate(built.sentences) if built.text[a:b].endswith(sentence)]
    assert found, [built.text[a:b] for a, b in built.sentences]
    return found[-1]


def judge(sentence: str, *, before: str = OPENS, after: str = "", **given) -> LengthVerdict:
    """The verdict of `sentence` written right behind `before` (one line, unless it says)."""
    joined = before + ("" if before.endswith("\n") or not before else " ")
    text = joined + sentence + (" " + after if after else "")
    built = context(text, **given)
    return length_verdict(index_of(built, sentence), built)


def shown(verdict: LengthVerdict) -> tuple:
    return verdict.granted, verdict.why, verdict.bound, verdict.years
