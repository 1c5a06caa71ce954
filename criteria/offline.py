"""The offline rules of the four criteria roles: split, read, second call and typing call.

The `offline` provider is the embedded default: these handlers answer with no key and no
network, by rules and the shipped vocabulary, the same way for the same request. Their quality
is measured by the benchmarks and stated as measured, never claimed. Each handler is a thin
wrapper over a pure function (testable without the door):

- criteria_splitter: criteria.offline_split.split_criterion;
- reader: criteria.offline_reader.read_document;
- second_call: second_call_answer, below;
- typing_call: typed_by_rules, below.

Where these rules are generous, the product's own later rules check again. The reader offers
every experience's quotes without asking whose work they state, and second_call says "yes" to
a sentence that "She"/"He" opens right after a sentence the person's name leads: what that
licenses is settled by the product's own checks, which never take a length or a denial from a
pronoun (how a length is counted; a firm denial must name the person), and a match is only
delivered on quotes found in the stored document.
"""

from __future__ import annotations

from typing import Any

from criteria.offline_reader import read_document
from criteria.offline_split import split_criterion
from criteria.offline_words import WORD, lead_of, led_by_another_name, led_by_person, titles_in
from limma.door import offline_handler
from limma.vocabulary import Vocabulary
from limma.vocabulary.folding import fold

UNSURE: dict[str, Any] = {"answer": "unsure", "role": None}
PRONOUNS = frozenset(("she", "he"))


def second_call_answer(*, quote: str, sentences: list[str], person: str | None) -> dict[str, Any]:
    """Whose work the sentence holding `quote` states, by who leads it.

    yes / own_work: the person's full or given name leads it; or "I" in a turn labelled with
    their name; or "She"/"He" right after a sentence the person's name leads.
    no / not_the_person: another capitalised full name leads it. unsure otherwise.
    """
    at = next((index for index, sentence in enumerate(sentences) if quote in sentence), None)
    if at is None or not person:
        return dict(UNSURE)
    lead = lead_of(sentences[at])
    if not lead.words:
        return dict(UNSURE)
    first = fold(lead.words[0])
    own = {"answer": "yes", "role": "own_work"}
    if led_by_person(lead.words, person):
        return own
    if first == "i" and lead.label and led_by_person(tuple(WORD.findall(lead.label)), person):
        return own
    if first in PRONOUNS and at > 0 and led_by_person(lead_of(sentences[at - 1]).words, person):
        return own
    if led_by_another_name(lead.words, person):
        return {"answer": "no", "role": "not_the_person"}
    return dict(UNSURE)


def typed_by_rules(
    *, sentences: list[str], axis: str, terms: list[str], vocabulary: Vocabulary | None = None
) -> dict[str, str | None]:
    """The term of `terms` the sentences state: by the vocabulary, else by a title word."""
    vocabulary = vocabulary or Vocabulary.shipped()
    offered = {fold(term): term for term in terms}
    for sentence in sentences:
        for start, end, term in vocabulary.find_in(sentence, axis=axis):
            if fold(term.name) in offered:
                return {"term": offered[fold(term.name)], "words": sentence[start:end]}
    if axis != "function":
        return {"term": None, "words": None}
    for sentence in sentences:
        found = [title for title in titles_in(sentence) if fold(title[2]) in offered]
        if found:
            start, end, term = found[0]
            return {"term": offered[fold(term)], "words": sentence[start:end]}
    return {"term": None, "words": None}


@offline_handler("criteria_splitter")
def criteria_splitter(request: Any) -> dict[str, Any]:
    return split_criterion(request.text)


@offline_handler("reader")
def reader(request: Any) -> dict[str, Any]:
    return read_document(
        text=request.document.text,
        facets=[facet.model_dump() for facet in request.facets],
        person=request.person,
    )


@offline_handler("second_call")
def second_call(request: Any) -> dict[str, Any]:
    return second_call_answer(
        quote=request.quote, sentences=request.sentences, person=request.person
    )


@offline_handler("typing_call")
def typing_call(request: Any) -> dict[str, Any]:
    return typed_by_rules(sentences=request.sentences, axis=request.axis, terms=request.terms)
