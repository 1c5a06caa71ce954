"""The offline rules of the four criteria roles: split, read, second call and typing call.

The `offline` provider is the embedded default: these handlers answer with no key and no
network, by rules and the shipped vocabulary, the same way for the same request. Their quality
is measured by the benchmarks and stated as measured, never claimed. Each handler is a thin
wrapper over a pure function (testable without the door):

- criteria_splitter: criteria.offline.split.split_criterion;
- reader: criteria.offline.reader.read_document;
- second_call: second_call_answers, below (each condition by second_call_answer);
- typing_call: typed_by_rules, below.

second_call is the product's guard for this reader, and stricter than a model: where its rules
cannot tell, it answers "unsure". A "yes" is narrowed by closed forms read around the quote in
its own sentence: the forms criteria.rules.names.rule refuses (a denial in the sentence, an
exclusion right before the quote, the complement of another thing), and the complement form again
where criteria.rules.names.rule leaves it to this call ("leads marketing for packaging for infant
formula": a verb of doing before the noun makes it a vote there) — answered "no"; and a function
that is another team's ("works closely with the marketing team", "supports the sales team") —
answered beside_the_work.

Where these rules are generous, the product's own later rules check again. The reader offers
every experience's quotes without asking whose work they state, and second_call says "yes" to
a sentence that "She"/"He" opens right after a sentence the person's name leads: what that
licenses is settled by the product's own checks, which never take a length or a denial from a
pronoun (how a length is counted; a firm denial must name the person), and a match is only
delivered on quotes found in the stored document.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from criteria.offline.nearest import proposer_for
from criteria.offline.reader import read_document
from criteria.offline.split import split_criterion
from criteria.offline.words import (
    BESIDE,
    FIRST_PERSON,
    LEADING,
    PUNCTUATION,
    TEAM_NOUNS,
    WORD,
    clause_at,
    governor_of,
    lead_of,
    led_by_another_name,
    led_by_person,
    titles_in,
)
from criteria.rules.names.rule import (
    ARTICLES,
    AUXILIARIES,
    COMPLEMENT_OF_ANOTHER_THING,
    COMPLEMENT_PREPS,
    LENGTH_UNITS,
    OTHER_PREPOSITIONS,
    PERSONAL_POSSESSIVES,
    PREPOSITIONS_ASIDE,
    RANK_WORDS,
    REFUSED,
    SUBJECT_PRONOUNS,
    THING_VERBS,
    VERBS_OF_DOING,
    WORK_WORDS,
    name_fate,
    vocabulary_terms_of,
)
from limma.door import offline_handler
from limma.services.vectors import vectors_by_start
from limma.text import SHE_OR_HE, closed
from limma.vocabulary import Vocabulary
from limma.vocabulary.folding import fold

UNSURE: dict[str, Any] = {"answer": "unsure", "role": None}
OWN: dict[str, Any] = {"answer": "yes", "role": "own_work"}
TAKEN_OUT: dict[str, Any] = {"answer": "no", "role": None}
BESIDE_THE_WORK: dict[str, Any] = {"answer": "no", "role": "beside_the_work"}
# Words that are never the noun a complement hangs on, and nouns of the person's own work.
NOT_THINGS = (
    ARTICLES
    | PERSONAL_POSSESSIVES
    | SUBJECT_PRONOUNS
    | AUXILIARIES
    | VERBS_OF_DOING
    | THING_VERBS
    | PREPOSITIONS_ASIDE
    | OTHER_PREPOSITIONS
    | closed("and or but it we you this that these those who which")
)
WORK_NOUNS = (
    WORK_WORDS
    | RANK_WORDS
    | LENGTH_UNITS
    | closed("career careers job jobs role roles position positions post posts")
)


def second_call_answer(
    *,
    quote: str,
    sentences: list[str],
    person: str | None,
    others: Sequence[str] = (),
    vocabulary: Vocabulary | None = None,
) -> dict[str, Any]:
    """Whose work the sentence holding `quote` states, by who leads it; a yes then narrowed.

    yes / own_work: the person's full or given name leads it; or, in a turn labelled with their
    name, the clause holding the quote opens with "I" ("Sure. I lead ...", "I'm a sales
    manager ..."); or "She"/"He" right after a sentence the person's name leads.
    no / not_the_person: another capitalised full name leads it. unsure otherwise.
    A yes is then narrowed by the quote's own sentence (`others`: the other conditions' words):
    no: the quote is taken out of the person's work — a denial in its sentence, an exclusion
    before it (criteria.rules.names.rule.name_fate, refused) or the complement of another thing
    (complement_of_another_thing, for a quote that names no vocabulary term);
    no / beside_the_work: a function of the quote is another team's ("with"/"alongside"/
    "supports" before it, or a team, department, colleagues or agency behind it that the
    person does not lead); unsure: such a team the rule cannot tell the person leads.
    """
    at = next((index for index, sentence in enumerate(sentences) if quote in sentence), None)
    if at is None or not person or not quote.strip():
        return dict(UNSURE)
    whose = _whose(sentences, at, sentences[at].index(quote), person)
    if whose != OWN:
        return dict(whose)
    sentence = sentences[at]
    start = sentence.index(quote)
    span = (start, start + len(quote))
    vocabulary = vocabulary or Vocabulary.shipped()
    narrowed = _taken_out(sentence, span, person, others, vocabulary) or _beside_the_work(
        sentence, span, vocabulary
    )
    return dict(narrowed or OWN)


def _whose(sentences: list[str], at: int, position: int, person: str) -> dict[str, Any]:
    """own, not the person, or unsure: by who leads the sentence (module docstring)."""
    lead = lead_of(sentences[at])
    if lead.label and led_by_person(tuple(WORD.findall(lead.label)), person):
        # The person's own turn: the clause holding the quote speaks for them in the first
        # person, or names them; anything else in it ("My colleague ...") is not proved theirs.
        clause = lead_of(clause_at(sentences[at], position)).words
        if clause and (fold(clause[0]) in FIRST_PERSON or led_by_person(clause, person)):
            return OWN
        return UNSURE
    if not lead.words:
        return UNSURE
    first = fold(lead.words[0])
    if led_by_person(lead.words, person):
        return OWN
    if first in SHE_OR_HE and at > 0 and led_by_person(lead_of(sentences[at - 1]).words, person):
        return OWN
    if led_by_another_name(lead.words, person):
        return {"answer": "no", "role": "not_the_person"}
    return UNSURE


def _taken_out(
    sentence: str,
    span: tuple[int, int],
    person: str,
    others: Sequence[str],
    vocabulary: Vocabulary,
) -> dict[str, Any] | None:
    """No where the sentence takes the quote out of the person's work: the forms
    criteria.rules.names.rule refuses, and complement_of_another_thing.

    The complement form ("packaging for infant formula") is read only for a quote that names
    no term of the vocabulary: a place behind a noun ("hospitals in Germany") is where the
    work was, not what another thing is for. A term the vocabulary holds, and the other
    conditions' own words, are never the other thing (criteria.rules.names.rule); what the reader
    stated for them is not heard here: its phrase may swallow the very noun ("leads marketing for
    packaging").
    """
    fate = name_fate(
        sentence=sentence,
        name_span=span,
        person=person,
        other_conditions={f"other_{index}": (words,) for index, words in enumerate(others)},
        vocabulary_terms=vocabulary_terms_of(vocabulary),
    )
    typed = bool(vocabulary.find_in(sentence[span[0] : span[1]]))
    if fate.fate == REFUSED and not (typed and fate.why == COMPLEMENT_OF_ANOTHER_THING):
        return TAKEN_OUT
    if not typed and complement_of_another_thing(sentence, span, others, vocabulary):
        return TAKEN_OUT
    return None


def complement_of_another_thing(
    sentence: str, span: tuple[int, int], others: Sequence[str], vocabulary: Vocabulary
) -> bool:
    """<noun> <preposition> [det] <quote>: the quote is what another thing is of or for
    ("leads marketing for packaging for infant formula", "suppliers of infant formula").

    Not criteria.rules.names.forms.complement_of_another_thing, on purpose: stricter than the rule,
    whose form leaves a noun behind a verb of doing to the second call ("leads marketing for
    packaging for ..." is a vote there), and read over a sentence and a span, where the rule reads
    words already folded in a name's context: this IS that second call,
    and a noun there is another thing unless it is a word of work, a rank or a length
    (criteria.rules.names.rule' lists, and career/job/role/position), a term of the vocabulary
    ending there ("marketing for", "brand management for", "sales of"), or ends another condition's
    own words ("public tenders for ..." under "through public tenders"). A word of the closed lists
    (a verb of doing, an auxiliary, a pronoun, a preposition), a participle or adverb ("-ed",
    "-ly"), and an "-ing" word right behind a subject, an auxiliary or a comma ("she is working
    on", "specialising in") is no noun.
    """
    start, end = span
    before = list(WORD.finditer(sentence, 0, start))
    inside = list(WORD.finditer(sentence, start, end))
    while len(inside) > 1 and fold(inside[0].group()) in ARTICLES | COMPLEMENT_PREPS:
        before.append(inside.pop(0))  # "for the infant formula": its lead stands before it
    at = len(before)
    while at and fold(before[at - 1].group()) in ARTICLES:
        at -= 1
    if at < 2 or fold(before[at - 1].group()) not in COMPLEMENT_PREPS:
        return False
    noun = before[at - 2]
    if PUNCTUATION.search(sentence, noun.end(), inside[0].start() if inside else start):
        return False
    word = fold(noun.group())
    if not word.replace("-", "").isalpha() or word in NOT_THINGS | WORK_NOUNS:
        return False
    if word.endswith(("ed", "ly")):
        return False
    if word.endswith("ing"):
        previous = before[at - 3] if at >= 3 else None
        if (
            previous is None
            or fold(previous.group()) in SUBJECT_PRONOUNS | AUXILIARIES
            or PUNCTUATION.search(sentence, previous.end(), noun.start())
        ):
            return False
    if any(high == noun.end() for _, high, _ in vocabulary.find_in(sentence[: noun.end()])):
        return False
    held = tuple(fold(each.group()) for each in before[: at - 1])
    for other in others:
        words = [fold(each) for each in WORD.findall(other)]
        while words and words[0] in ARTICLES | PREPOSITIONS_ASIDE:
            words = words[1:]
        if words and _ends_with(held, tuple(words)):
            return False
    return True


def _ends_with(held: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """The held words end with `words`, the last word's plural aside ("tender" / "tenders")."""
    if len(held) < len(words) or held[len(held) - len(words) : -1] != words[:-1]:
        return False
    last, wanted = held[-1], words[-1]
    return last == wanted or last.rstrip("s") == wanted.rstrip("s")


def _beside_the_work(
    sentence: str, span: tuple[int, int], vocabulary: Vocabulary
) -> dict[str, Any] | None:
    """beside_the_work where a function of the quote, or a team the quote names, is another
    team's; unsure where a team stands there whose leader the rule cannot tell."""
    start, end = span
    teams: list[int] = []  # where a team noun the quote names (or ends on) starts
    for word in WORD.finditer(sentence, start, end):
        if fold(word.group()) in TEAM_NOUNS:
            teams.append(word.start())
    behind = WORD.match(sentence, end + 1) if sentence[end : end + 1] == " " else None
    if behind and fold(behind.group()) in TEAM_NOUNS:
        teams.append(behind.start())
    for low, high, _ in vocabulary.find_in(sentence, axis="function"):
        if high <= start or end <= low:
            continue
        if governor_of(sentence, low) == BESIDE:
            return BESIDE_THE_WORK  # "works closely with marketing", "supports sales"
        after = WORD.match(sentence, high + 1) if sentence[high : high + 1] == " " else None
        if after and fold(after.group()) in TEAM_NOUNS:
            teams.append(after.start())
    governors = {governor_of(sentence, team) for team in teams}
    if BESIDE in governors:
        return BESIDE_THE_WORK
    if governors - {LEADING}:
        return UNSURE
    return None


def second_call_answers(
    *, conditions: list[dict[str, str]], sentences: list[str], person: str | None
) -> dict[str, Any]:
    """The second call's reply: one answer per condition asked, each by its own quote, read
    beside the other conditions' words (never the other conditions' answers)."""
    vocabulary = Vocabulary.shipped()
    return {
        "answers": [
            {
                "key": condition["key"],
                **second_call_answer(
                    quote=condition["quote"],
                    sentences=sentences,
                    person=person,
                    others=[
                        other["condition"]
                        for other in conditions
                        if other["key"] != condition["key"] and other.get("condition")
                    ],
                    vocabulary=vocabulary,
                ),
            }
            for condition in conditions
        ]
    }


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
    """The rules' reading, with what the embedded model proposes a profile states for a
    condition not found in its own words (criteria/offline/nearest.py: never a quote)."""
    source_id = request.document.source_id
    return read_document(
        text=request.document.text,
        facets=[facet.model_dump() for facet in request.facets],
        person=request.person,
        propose=proposer_for(lambda: vectors_by_start(source_id=source_id)),
    )


@offline_handler("second_call")
def second_call(request: Any) -> dict[str, Any]:
    return second_call_answers(
        conditions=[condition.model_dump() for condition in request.conditions],
        sentences=request.sentences,
        person=request.person,
    )


@offline_handler("typing_call")
def typing_call(request: Any) -> dict[str, Any]:
    return typed_by_rules(sentences=request.sentences, axis=request.axis, terms=request.terms)
