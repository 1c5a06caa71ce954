"""The forms that take a name out, applied to the reading model's own quote for any condition.

The spec refuses a name the caller accepted, with nobody asked, in the few forms the reader
KNOWS take it out ("Saying what else counts"): a denial in its own sentence, an exclusion or a
contrast right before it, and the name as the complement of another thing ("packaging for
infant milks", "suppliers of infant milks" — unless the word before the preposition is a word
of work, a vocabulary term or another condition's; for a quote a rank too, "director of
marketing", and for a place a place preposition, "hospitals in Germany"). The model's own
quote was held to none of them, so an over-claiming model quoting "infant milks" out of
"packaging for infant milks" was asked a second call that may say yes. Here every quote is
held to the same forms (criteria.rules.names.rule.name_fate, the rule the accepted names are held
to), and to one more the spec names for a name — inside what somebody else does: "sold yoghurt to
teams that also bought infant milks" (a relative clause behind a noun that is not a word of
work, with no comma between it and the quote). Such a quote establishes nothing; the
condition stays open with a closed word of its own (TAKEN_OUT_WORDS).

The quote is read at its start and, where it runs on past a preposition of a complement
("packaging for infant milks" quoted whole), at each word behind such a preposition: a quote
that holds the form is the form. The sentence is the document's own (criteria.reading.quotes
.sentence_around), never the model's listing of it.
"""

from __future__ import annotations

import itertools
import re

from criteria.reading.quotes import sentence_around
from criteria.rules.names.lists import (
    ARTICLES,
    COMPLEMENT_OF_ANOTHER_THING,
    COMPLEMENT_PREPS,
    DENIED_IN_ITS_SENTENCE,
    EXCLUDED_RIGHT_BEFORE,
    PERSONAL_POSSESSIVES,
    PLACE_PREPS,
    RANK_WORDS,
    REFUSED,
    SUBJECT_PRONOUNS,
    WORK_WORDS,
)
from criteria.rules.names.named import Naming
from criteria.rules.names.rule import (
    name_fate,
    other_conditions_of,
    stated_for_others_of,
    vocabulary_terms_of,
)
from criteria.types import Facet, Quote

INSIDE_ANOTHER_S_WORK = "inside_another_s_work"
PREFIX = "quote_"
QUOTE_DENIED_IN_ITS_SENTENCE = PREFIX + DENIED_IN_ITS_SENTENCE
QUOTE_EXCLUDED_RIGHT_BEFORE = PREFIX + EXCLUDED_RIGHT_BEFORE
QUOTE_COMPLEMENT_OF_ANOTHER_THING = PREFIX + COMPLEMENT_OF_ANOTHER_THING
QUOTE_INSIDE_ANOTHER_S_WORK = PREFIX + INSIDE_ANOTHER_S_WORK
TAKEN_OUT_WORDS = (
    QUOTE_DENIED_IN_ITS_SENTENCE,
    QUOTE_EXCLUDED_RIGHT_BEFORE,
    QUOTE_COMPLEMENT_OF_ANOTHER_THING,
    QUOTE_INSIDE_ANOTHER_S_WORK,
)
PLACE = "place"
RELATIVES = frozenset(("that", "who", "whom", "which", "whose"))
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?|[,;:()]")


def taken_out(text: str, quote: Quote, facet: Facet, naming: Naming) -> str | None:
    """The closed word of the form that takes the quote out, or None where none does."""
    start, end = sentence_around(text, quote.char_start, quote.char_end)
    sentence = text[start:end]
    low, high = quote.char_start - start, quote.char_end - start
    if not 0 <= low < high <= len(sentence):
        return None
    for at in _name_starts(sentence, low, high):
        why = _refused(sentence, (at, high), facet, naming) or _inside_another_s_work(
            sentence[:at], naming.person
        )
        if why is not None:
            return why
    return None


def _name_starts(sentence: str, low: int, high: int) -> list[int]:
    """The quote's start, and the start of every word behind a complement's preposition in it."""
    starts = [low]
    words = list(_WORD.finditer(sentence, low, high))
    for before, after in itertools.pairwise(words):
        if before.group().casefold() in COMPLEMENT_PREPS:
            starts.append(after.start())
    return starts


def _refused(sentence: str, span: tuple[int, int], facet: Facet, naming: Naming) -> str | None:
    fate = name_fate(
        sentence=sentence,
        name_span=span,
        person=naming.person,
        other_conditions=other_conditions_of(naming.facets, facet.key, naming.vocabulary),
        vocabulary_terms=vocabulary_terms_of(naming.vocabulary),
        stated_for_others=stated_for_others_of(naming.facets, facet.key, naming.states),
    )
    if fate.fate != REFUSED or not fate.why:
        return None
    if fate.why == COMPLEMENT_OF_ANOTHER_THING and _a_place_or_a_rank(
        sentence[: span[0]], sentence[span[0] : span[1]], facet
    ):
        return None
    return PREFIX + fate.why


def _a_place_or_a_rank(before: str, quote: str, facet: Facet) -> bool:
    """The two complements a quote is read through: a rank before the preposition ("director
    of marketing") names the person's own post, and a place preposition before a place
    ("hospitals in Germany") places the work — the name rule's "a place the reader can place".
    A quote that opens with its own preposition or article ("in France" out of "Halden Care in
    France") is read with them before it, as the name rule reads it."""
    words = [word.casefold() for word in _WORD.findall(before) if word[0].isalnum()]
    opening = [word.casefold() for word in _WORD.findall(quote) if word[0].isalnum()]
    for word in opening[:-1]:
        if word not in ARTICLES | COMPLEMENT_PREPS | PLACE_PREPS:
            break
        words.append(word)
    while words and words[-1] in ARTICLES:
        words.pop()
    if len(words) < 2:
        return False
    preposition, noun = words[-1], words[-2]
    if noun in RANK_WORDS:
        return True
    return facet.axis == PLACE and preposition in PLACE_PREPS | {"at"}


def _inside_another_s_work(before: str, person: str | None) -> str | None:
    """A relative clause opened behind a noun that is not a word of work, and running on, with
    no comma or stop, to the quote: "… teams that also bought <quote>"."""
    words = [match.group().casefold() for match in _WORD.finditer(before)]
    own = {word.casefold() for word in (person or "").split()}
    for at in range(len(words) - 1, 0, -1):
        word = words[at]
        if word in (",", ";", ":", "(", ")"):
            return None
        if word not in RELATIVES:
            continue
        antecedent = words[at - 1]
        if antecedent == "," and at > 1:
            antecedent = words[at - 2]
        if (
            antecedent.isalpha()
            and antecedent not in WORK_WORDS | ARTICLES | PERSONAL_POSSESSIVES | SUBJECT_PRONOUNS
            and antecedent not in own
            and not antecedent.endswith("ed")
        ):
            return QUOTE_INSIDE_ANOTHER_S_WORK
        return None
    return None
