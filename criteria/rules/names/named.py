"""A name the caller accepted for a condition (a facet's `also`), read where the profile states it.

The reading model reports, per condition, what the profile STATES for it. Where those words are
a name the caller accepted (criteria.rules.names.rule.name_stated), the name's own sentence decides
what they become (criteria.rules.names.rule.name_fate), never the model's choice of words:

* settled: the condition rests on the caller's statement; the second call is asked only whose
  work the name's words describe (the name itself is the condition it is asked about), and a
  yes makes checked_by accepted_name+second_call, the quote carrying accepted_name;
* a vote: the second call is asked the ordinary question about the condition, and decides;
  a yes makes checked_by second_call, with no accepted_name;
* refused: the condition stays open by the first reading's own answer.

The quote a name rests on is the clause of its sentence that states it: from after the
sentence's leading subject (a pronoun or the person's name) — or from after the last comma
before the name — to the end of the sentence, its stop aside. Pure functions over the text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from criteria.reading.quotes import Span
from criteria.rules.names.rule import (
    REFUSED,
    SETTLED,
    find_stated,
    name_fate,
    name_stated,
    other_conditions_of,
    stated_for_others_of,
    vocabulary_terms_of,
)
from criteria.types import Facet, Quote
from limma.text import SUBJECT_PRONOUNS
from limma.vocabulary import Vocabulary

ACCEPTED_NAME = "accepted_name"  # a settled quote's checked_by before its second call
_STOP = ".!?;:"


@dataclass(frozen=True)
class Naming:
    """What reading a stated name needs beyond the condition itself."""

    person: str | None
    facets: tuple[Facet, ...]
    states: Mapping[str, str | None]  # per facet key, what the reply says the profile states
    vocabulary: Vocabulary


@dataclass(frozen=True)
class NameRead:
    """A stated name as its sentence leaves it: a quote to confirm, or refused."""

    fate: str
    quote: Quote | None = None  # None when refused


def name_read(
    *,
    source_id: str,
    text: str,
    facet: Facet,
    states: str | None,
    spans: tuple[Span, ...],
    naming: Naming,
) -> NameRead | None:
    """What the stated words become where they are a name the caller accepted; None where they
    are no accepted name, or do not stand in the experience's sentences."""
    name = name_stated(states, facet.also)
    if name is None or states is None:
        return None
    found = _in_sentence(text, states, spans)
    if found is None:
        return None
    (sentence_start, sentence_end), (start, end) = found
    sentence = text[sentence_start:sentence_end]
    fate = name_fate(
        sentence=sentence,
        name_span=(start, end),
        person=naming.person,
        other_conditions=other_conditions_of(naming.facets, facet.key, naming.vocabulary),
        vocabulary_terms=vocabulary_terms_of(naming.vocabulary),
        stated_for_others=stated_for_others_of(naming.facets, facet.key, naming.states),
    )
    if fate.fate == REFUSED:
        return NameRead(REFUSED)
    clause_start, clause_end = name_clause(sentence, (start, end), naming.person)
    settled = fate.fate == SETTLED
    quote = Quote(
        facet=facet.key,
        text=sentence[clause_start:clause_end],
        source_id=source_id,
        char_start=sentence_start + clause_start,
        char_end=sentence_start + clause_end,
        checked_by=ACCEPTED_NAME if settled else None,
        value=facet.value if settled and facet.typed else None,
        accepted_name=name if settled else None,
        states=states,
    )
    return NameRead(fate.fate, quote)


def _in_sentence(
    text: str, states: str, spans: tuple[Span, ...]
) -> tuple[Span, tuple[int, int]] | None:
    """The first of the experience's sentences holding the stated words, and where in it."""
    for start, end in spans:
        found = find_stated(text[start:end], states)
        if found is not None:
            return (start, end), found
    return None


def name_clause(sentence: str, name_span: tuple[int, int], person: str | None) -> tuple[int, int]:
    """The clause that states the name: its leading subject and its stop aside."""
    start = sentence.rfind(",", 0, name_span[0]) + 1
    start = _after_subject(sentence, start, person)
    end = len(sentence.rstrip())
    while end > name_span[1] and sentence[end - 1] in _STOP:
        end -= 1
    return start, max(end, name_span[1])


def _after_subject(sentence: str, at: int, person: str | None) -> int:
    """The first word after a leading pronoun or the person's name (as many of its words as
    lead), else the first word at `at`."""
    words = [match for match in re.finditer(r"\S+", sentence) if match.start() >= at]
    if not words:
        return at
    led = 0
    if words[0].group().casefold() in SUBJECT_PRONOUNS:
        led = 1
    elif person:
        for word, named in zip(words, person.split(), strict=False):
            if word.group().strip(",").casefold() != named.casefold():
                break
            led += 1
    if led < len(words):
        return words[led].start()
    return words[0].start()
