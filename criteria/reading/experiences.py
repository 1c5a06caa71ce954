"""Judging the conditions of one experience: placed in the text, typed, then confirmed.

Each step is a pure function of what it is given; the two model calls it may make (the typing
call and the second call) arrive as plain callables, so a test scripts them and counts them. The
second call is ONE call per would-be-match experience, answering each condition it is asked.
A condition ends in one Outcome: established with a Quote whose checked_by says who confirmed
it, or open with the reason the spec's closed words give (missing_because).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from criteria.criterion.address import QUOTE_TAKEN_OUT, switched_on
from criteria.reading.quotes import Span, locate
from criteria.rules.names.named import Naming, name_read
from criteria.rules.names.quotes_taken_out import taken_out
from criteria.types import (
    DIFFERENT,
    QUOTE_NOT_IN_DOCUMENT,
    QUOTE_OUTSIDE_EXPERIENCE,
    SILENT,
    TYPER_AND_VOCABULARY_DISAGREE,
    Facet,
    Quote,
)
from limma.door.shapes import (
    ConditionEvidence,
    SecondCallAnswer,
    SecondCallCondition,
    SecondCallReply,
    SecondCallRequest,
    TypingReply,
)
from limma.vocabulary import Term, Vocabulary

# The request names the person, the experience's sentences and, per condition, its key, its words
# and its quote; the reply answers per key; None is a call that failed.
SecondCall = Callable[[SecondCallRequest], SecondCallReply | None]
# The role replies a TypingReply (the term and the words that state it); a bare term is taken
# as pointing at the quote's own words; None is a call that failed.
TypingCall = Callable[[list[str], str, list[str]], TypingReply | str | None]

# A typed condition whose words the vocabulary cannot place, left untyped because the
# experience could not have been a would-be match: no typing call was paid for it.
TYPING_NOT_MADE = "typing_call:not_made"
TYPING_FAILED = "typing_call:failed"
TYPING_NO_TERM = "typing_call:no_term"
SECOND_CALL = "second_call"
VOCABULARY = "vocabulary"
TYPED = "typing_call"


@dataclass(frozen=True)
class Located:
    """One reply experience as the document holds it: the sentences found, and their spans."""

    sentences: tuple[str, ...]
    spans: tuple[Span, ...]


@dataclass(frozen=True)
class Outcome:
    """What became of one condition in one experience."""

    established: Quote | None = None
    missing_because: str | None = None
    different: Quote | None = None
    typing: dict[str, Any] | None = None
    untyped: Quote | None = None  # words in place that only a typing call can type


@dataclass(frozen=True)
class Document:
    """The document a reply is checked against, and the vocabulary it is placed by."""

    source_id: str
    text: str
    vocabulary: Vocabulary


def find_words(
    document: Document, facet: Facet, words: str, where: Located, states: str | None
) -> Quote | str:
    """The words as a Quote of the document inside the experience, else why they are not one."""
    found = locate(document.text, words, where.spans)
    if found is None:
        return QUOTE_NOT_IN_DOCUMENT
    if not found.inside:
        return QUOTE_OUTSIDE_EXPERIENCE
    return Quote(facet.key, words, document.source_id, found.start, found.end, states=states)


def place(
    document: Document,
    facet: Facet,
    evidence: ConditionEvidence | None,
    where: Located,
    naming: Naming | None = None,
) -> Outcome:
    """A condition's quote found in the experience and, when typed, held to the vocabulary.

    A reply that quotes nothing for the condition and says what the profile states instead
    leaves it `different`, with those words. Where the words the profile states are a name the
    caller accepted, and the first reading established nothing, the name's sentence decides
    (criteria/rules/names/named.py): a quote to confirm, or the first reading's own answer.
    """
    if evidence is None:
        return Outcome(missing_because=SILENT)
    if evidence.quote is None or not evidence.quote.strip():
        if evidence.states is None or not evidence.states.strip():
            return Outcome(missing_because=SILENT)
        first = stated_otherwise(document, facet, evidence.states, where)
    else:
        first = placed(document, facet, evidence, where, naming)
    if first.established is not None or naming is None or not facet.also:
        return first
    read = name_read(
        source_id=document.source_id,
        text=document.text,
        facet=facet,
        states=evidence.states,
        spans=where.spans,
        naming=naming,
    )
    if read is None or read.quote is None:
        return first
    return Outcome(established=read.quote)


def placed(
    document: Document,
    facet: Facet,
    evidence: ConditionEvidence,
    where: Located,
    naming: Naming | None = None,
) -> Outcome:
    """A quoted condition: found in the experience, not in a form that takes it out
    (criteria/rules/names/quotes_taken_out.py), and held to the vocabulary when typed."""
    quote = find_words(document, facet, evidence.quote or "", where, evidence.states)
    if isinstance(quote, str):
        return Outcome(missing_because=quote)
    if naming is not None and switched_on(QUOTE_TAKEN_OUT):
        why = taken_out(document.text, quote, facet, naming)
        if why is not None:
            return Outcome(missing_because=why)
    axis = axis_of(document.vocabulary, facet)
    if axis is None:
        return Outcome(established=quote)  # untyped: it rests on the second call
    terms = mentioned(document.vocabulary, quote.text, axis)
    if any(under(document.vocabulary, term, facet) for term in terms):
        return Outcome(established=replace(quote, checked_by=VOCABULARY, value=facet.value))
    if terms:
        other = replace(quote, checked_by=VOCABULARY, value=terms[0].name)
        return Outcome(missing_because=DIFFERENT, different=other)
    return Outcome(missing_because=TYPING_NOT_MADE, untyped=quote)


def stated_otherwise(document: Document, facet: Facet, states: str, where: Located) -> Outcome:
    """What the profile states for the condition in place of it: `different`, with its words.

    Nothing is established from them, whatever the vocabulary reads in them: the first reading
    said they do not state the condition. A typed condition's words carry the term the
    vocabulary places them under, so nobody is offered them as another name for the value.
    """
    quote = find_words(document, facet, states, where, states)
    if isinstance(quote, str):
        return Outcome(missing_because=quote)
    axis = axis_of(document.vocabulary, facet)
    terms = mentioned(document.vocabulary, quote.text, axis) if axis else []
    if terms:
        quote = replace(quote, checked_by=VOCABULARY, value=terms[0].name)
    return Outcome(missing_because=DIFFERENT, different=quote)


def axis_of(vocabulary: Vocabulary, facet: Facet) -> str | None:
    """The axis a typed condition is held to; None for a condition the vocabulary does not type."""
    if not facet.typed or not facet.value:
        return None
    if facet.axis:
        return facet.axis
    term = vocabulary.lookup(facet.value)
    return None if term is None else term.axis


def mentioned(vocabulary: Vocabulary, words: str, axis: str) -> list[Term]:
    return [term for _, _, term in vocabulary.find_in(words, axis=axis)]


def under(vocabulary: Vocabulary, term: Term, facet: Facet) -> bool:
    return facet.value is not None and vocabulary.is_under(term, facet.value)


def type_words(
    document: Document, facet: Facet, quote: Quote, where: Located, typing_call: TypingCall
) -> Outcome:
    """A bare title typed by the typing call, shown the experience's sentences and the terms.

    The term is always the one the call named, on the words it pointed at: where the vocabulary
    reads another term in those words the two disagree and nothing is established.
    """
    vocabulary = document.vocabulary
    axis = axis_of(vocabulary, facet) or ""
    names = [term.name for term in vocabulary.terms(axis)]
    reply = typing_call(list(where.sentences), axis, names)
    if reply is None:
        return Outcome(missing_because=TYPING_FAILED, typing=_typing(None, None, axis))
    named, words = (reply, None) if isinstance(reply, str) else (reply.term, reply.words)
    words = words if words and words.strip() else quote.text
    entry = _typing(words, named, axis)
    term = vocabulary.lookup(named, axis=axis) if named else None
    if term is None:
        return Outcome(missing_because=TYPING_NO_TERM, typing=entry)
    pointed = find_words(document, facet, words, where, quote.states)
    if isinstance(pointed, str):
        return Outcome(missing_because=pointed, typing=entry)
    read = mentioned(vocabulary, pointed.text, axis)
    if any(each.name != term.name for each in read):
        return Outcome(missing_because=TYPER_AND_VOCABULARY_DISAGREE, typing=entry)
    if not under(vocabulary, term, facet):
        other = replace(pointed, checked_by=TYPED, value=term.name)
        return Outcome(missing_because=DIFFERENT, different=other, typing=entry)
    checked_by = f"{VOCABULARY}+{TYPED}" if read else TYPED
    return Outcome(
        established=replace(pointed, checked_by=checked_by, value=term.name), typing=entry
    )


def _typing(words: str | None, term: str | None, axis: str) -> dict[str, Any]:
    return {"words": words, "term": term, "axis": axis}


def confirm(
    asked: Sequence[tuple[Facet, Quote]],
    where: Located,
    person: str | None,
    second_call: SecondCall,
) -> dict[str, Outcome]:
    """The second call, ONE for the experience: for each condition asked, does its quote state
    the condition of the person's own work?

    A quote resting on a settled name is asked about the name itself: what the words name is the
    caller's statement, and only whose work they describe is the call's to say.

    Each condition is settled by the answer given for its own key alone. A key the reply does
    not answer (or answers twice, two ways), like a call that failed, leaves its condition open
    as second_call:failed; an answer for a key that was not asked is ignored.
    """
    if not asked:
        return {}
    request = SecondCallRequest(
        person=person,
        sentences=list(where.sentences),
        conditions=[
            SecondCallCondition(
                key=facet.key, condition=quote.accepted_name or facet.text, quote=quote.text
            )
            for facet, quote in asked
        ],
    )
    reply = second_call(request)
    answers = {} if reply is None else answers_by_key([facet.key for facet, _ in asked], reply)
    return {facet.key: confirmed(quote, answers.get(facet.key)) for facet, quote in asked}


def confirmed(quote: Quote, answer: SecondCallAnswer | None) -> Outcome:
    """One condition as its answer leaves it: established on a yes for the person's own work."""
    if answer is None:
        return Outcome(missing_because=f"{SECOND_CALL}:failed")
    if answer.answer == "yes" and answer.role in (None, "own_work"):
        checked_by = f"{quote.checked_by}+{SECOND_CALL}" if quote.checked_by else SECOND_CALL
        return Outcome(established=replace(quote, checked_by=checked_by))
    said = answer.role if answer.role not in (None, "own_work") else answer.answer
    return Outcome(missing_because=f"{SECOND_CALL}:{said}")


def answers_by_key(keys: Sequence[str], reply: SecondCallReply) -> dict[str, SecondCallAnswer]:
    """The reply's one answer per asked key: the key as written, else the key with case ignored
    (where no other asked key folds to the same).

    A key answered more than once, not all alike, has no answer: the reply contradicts itself.
    """
    exact: dict[str, list[SecondCallAnswer]] = {}
    folded: dict[str, list[SecondCallAnswer]] = {}
    for answer in reply.answers:
        exact.setdefault(answer.key, []).append(answer)
        folded.setdefault(answer.key.casefold(), []).append(answer)
    alike = [key.casefold() for key in keys]
    found: dict[str, SecondCallAnswer] = {}
    for key in keys:
        said = exact.get(key)
        if not said and alike.count(key.casefold()) == 1:
            said = folded.get(key.casefold())
        if said and len({(each.answer, each.role) for each in said}) == 1:
            found[key] = said[0]
    return found


def evidence_by_key(
    facets: tuple[Facet, ...], conditions: Mapping[str, ConditionEvidence]
) -> dict[str, ConditionEvidence]:
    """The reply's evidence per facet key: the key as written, else the key with case ignored."""
    folded: dict[str, ConditionEvidence] = {}
    for key, evidence in conditions.items():
        folded.setdefault(key.casefold(), evidence)
    found = {}
    for facet in facets:
        evidence = conditions.get(facet.key) or folded.get(facet.key.casefold())
        if evidence is not None:
            found[facet.key] = evidence
    return found
