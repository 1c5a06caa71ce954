"""The denial tests' shared context: the niche's facet keys and words, Dario as the person, the
sentences cut by the product's splitter and each one's turn, and a verdict checked for its
closed words."""

from __future__ import annotations

import re

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.rule import DenialVerdict, denial_verdict
from criteria.rules.denials.words import (
    DOUBT,
    FIRM,
    SET_ASIDE,
    WHY_WORDS,
)
from limma.segment_sentences import sentence_spans

KEYS = ("duration", "function", "product", "market")
WORDS = {
    "duration": ("20+ years",),
    "function": ("marketing",),
    "product": ("baby formula",),
    "market": ("in European markets", "European markets", "Europe"),
}
DARIO = "Dario Benavente"
_TURN = re.compile(
    r"(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?\s*)?"  # a time stamp
    r"([A-Z][\w'.-]*(?: [A-Za-z][\w'.-]*){0,3}):(?:\s|$)"  # the label
)


def turns(text: str, sentences: tuple[tuple[int, int], ...]) -> tuple[str | None, ...]:
    """Each sentence's turn: the label of the last line that opened one ("Cornelia: …")."""
    labels: list[str | None] = []
    for start, _ in sentences:
        label = None
        for line in [*text[:start].split("\n"), text[start:].split("\n", maxsplit=1)[0]]:
            opened = _TURN.match(line.strip())
            label = opened.group(1) if opened else label
        labels.append(label)
    return tuple(labels)


def context(
    text: str,
    person: str | None = DARIO,
    *,
    other_names: tuple[str, ...] = (),
    transcript: bool = False,
    words: dict[str, tuple[str, ...]] | None = None,
    organisations: tuple[str, ...] = (),
) -> DenialContext:
    sentences = sentence_spans(text)
    speakers = turns(text, sentences) if transcript else (None,) * len(sentences)
    return DenialContext(
        text=text,
        sentences=sentences,
        speakers=speakers,
        person=person,
        other_names=other_names,
        facet_keys=KEYS,
        facet_words=words or WORDS,
        organisations=organisations,
    )


def verdict(
    text: str,
    quote: str | None = None,
    facet: str | None = "product",
    *,
    stated: dict[str, tuple[str, ...]] | None = None,
    **kwargs,
) -> DenialVerdict:
    found = denial_verdict(
        text if quote is None else quote, facet, context(text, **kwargs), stated_elsewhere=stated
    )
    assert found is not None
    assert found.kind in (FIRM, DOUBT, SET_ASIDE)
    if found.kind == DOUBT:
        assert found.why == found.reasons[0]
        assert set(found.reasons) <= set(WHY_WORDS)
    else:
        assert found.why is None
    return found


def kept(text: str, found: DenialVerdict) -> str:
    return text[found.start : found.end]
