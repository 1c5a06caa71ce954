"""The reader's own denial sweep: the sentences of a document that may deny a condition,
found by rule, whether or not the reading model listed them.

The spec's denial rule judges only the sentences a model lists ("What it cannot see"); a
profile that takes the niche back in a sentence the model passed over would be a match. So
before anything is judged, every sentence of the document is swept: a sentence holding a
NEGATION (the closed list below) and the words of a condition — its own text or core, its
typed term or one of the term's aliases, or a name the caller accepted for it — is handed to
the denial rule (criteria/rules/denials/rule.py) exactly as if the model had listed it under that
condition, and is kept with found_by: "reader". A harmless "never" ("She has never missed a
launch") is then a doubt, as the spec already accepts for the model's list: the price of
never delivering a match beside a denial.

A question that holds the condition's words and is answered by a sentence holding a negation
("Have you ever worked on baby formula?" / "No, never.") is swept as the pair.

Where it is a choice: a negation inside the condition's own words ("non-dairy") does not count;
"outside" counts only with a word of scope behind it in the sentence ("outside her remit",
"outside his experience"); a duration or recency facet is not swept (a length is the length
rule's, and no facet of those kinds is denied in words).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from criteria.rules.denials.words import condition_phrase, phrase_holds
from criteria.types import CONDITION, Facet
from limma.segment import segment
from limma.text import fold
from limma.vocabulary import Vocabulary

FOUND_BY_READER = "reader"
# A word that negates what stands near it; "n't" is read on its own (hasn't, didn't, never'd).
NEGATIONS = frozenset(
    ("never", "not", "no", "neither", "nor", "without", "none", "nothing", "nobody", "cannot")
)
NEGATING_PHRASES = (("yet", "to"), ("other", "than"), ("except",), ("excluding",))
OUTSIDE = "outside"
SCOPE_WORDS = frozenset(
    (
        *("experience", "experiences", "remit", "scope", "expertise", "background", "brief"),
        *("portfolio", "area", "areas", "responsibility", "responsibilities"),
    )
)
_TOKEN = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?")


@dataclass(frozen=True)
class Swept:
    """A sentence (or a question with its answer) the sweep hands to the denial rule."""

    quote: str  # the document's own words: the sentence, or both sentences of a pair
    facet: str  # the condition whose words it holds


@functools.lru_cache(maxsize=64)
def condition_words(facet: Facet, vocabulary: Vocabulary | None) -> tuple[tuple[str, ...], ...]:
    """The phrases a denial of the condition is looked for by: its text, its core, its typed
    term and that term's aliases, and the names the caller accepted for it. Kept by the facet
    and the vocabulary (a workspace's, the same object for as long as it is kept): the same for
    every document a criterion reads."""
    words: list[str] = [facet.text, *(w for w in (facet.core,) if w), *facet.also]
    if facet.typed and facet.value:
        words.append(facet.value)
        term = vocabulary.lookup(facet.value, axis=facet.axis) if vocabulary else None
        if term is not None:
            words += [term.name, *term.aliases]
    phrases = (condition_phrase(each) for each in dict.fromkeys(words))
    return tuple(dict.fromkeys(phrase for phrase in phrases if phrase))


def negates(sentence: str, outside_of: Iterable[tuple[int, int]] = ()) -> bool:
    """A negation of the closed list stands in the sentence, outside the given character spans
    (the condition's own words)."""
    held = tuple(outside_of)
    tokens = [
        (match.group().casefold().replace("\u2019", "'"), match.start())
        for match in _TOKEN.finditer(sentence)
        if not any(start <= match.start() < end for start, end in held)
    ]
    words = [token for token, _ in tokens]
    for at, word in enumerate(words):
        if word in NEGATIONS or word.endswith("n't"):
            return True
        if word == OUTSIDE and SCOPE_WORDS & set(words[at + 1 :]):
            return True
        if any(tuple(words[at : at + len(phrase)]) == phrase for phrase in NEGATING_PHRASES):
            return True
    return False


def _condition_spans(sentence: str, phrases: tuple[tuple[str, ...], ...]) -> list[tuple[int, int]]:
    """Where the condition's words stand in the sentence (character spans), for negates()."""
    tokens = list(_TOKEN.finditer(sentence))
    # each word folded alone (not condition_phrase, which drops a leading preposition or
    # article and so would lose the "with" of "snacks with no added sugar")
    flat = tuple(fold(token.group()) for token in tokens)
    spans = []
    for phrase in phrases:
        size = len(phrase)
        for at in range(len(flat) - size + 1):
            if phrase_holds(flat[at : at + size], phrase):
                spans.append((tokens[at].start(), tokens[at + size - 1].end()))
    return spans


def swept_denials(
    text: str, facets: tuple[Facet, ...], vocabulary: Vocabulary | None
) -> tuple[Swept, ...]:
    """Every sentence of the document that holds a negation and a condition's words, each
    under the first condition (in the criterion's order) whose words it holds."""
    phrases = {
        facet.key: condition_words(facet, vocabulary) for facet in facets if facet.kind == CONDITION
    }
    if not phrases:
        return ()
    spans = [
        (sentence.start, sentence.end) for part in segment(text) for sentence in part.sentences
    ]
    found: list[Swept] = []
    for index, (start, end) in enumerate(spans):
        sentence = text[start:end]
        words = condition_phrase(sentence)
        for key, held in phrases.items():
            if not any(phrase_holds(words, phrase) for phrase in held):
                continue
            if negates(sentence, _condition_spans(sentence, held)):
                found.append(Swept(sentence, key))
            elif sentence.rstrip().endswith("?") and index + 1 < len(spans):
                answer_start, answer_end = spans[index + 1]
                if negates(text[answer_start:answer_end]):
                    found.append(Swept(text[start:answer_end], key))
            break
    return tuple(found)
