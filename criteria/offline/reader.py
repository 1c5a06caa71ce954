"""The offline reader: one document read against a criterion's facets by rules, no model.

What it does, and nothing more (its quality is measured by the benchmarks, never claimed):
- sentences are limma.segment's (a transcript turn is one sentence, label included; headings
  are skipped);
- an experience is a run of consecutive sentences; a sentence that names an employer other
  than the current one ("joined X", "at X", "moved to X", "worked for X", X capitalised and
  no place) opens a new one, and so does a sentence that turns to earlier work ("Earlier, ...",
  "Previously, ...", "Before that, ..."); the first employer named is adopted by the sentences
  before it;
- a condition with a vocabulary term (its value, or its own words naming one): the phrase of
  the experience holding a term of that axis, preferring a term under the value; a place word
  that opens an organisation's name ("for Helvetia Surgical": a capitalised word or a word of
  ORGANISATION_WORDS follows it, not the person's own name) is no market. A place is
  quoted from the preposition before it through the last term of a list ("across Germany and
  Poland"), a function from the verb before it through its object ("led marketing for baby
  formula"); `states` is that phrase, also when it names another term ("across Southeast
  Asia"), so the product's own check can say `different`; a function the vocabulary does not
  name is offered as a bare title from a small table ("ran the brand team"), for the product's
  typing call to name (and a verb of selling, "sold surgical staplers", for Sales);
- a condition without a term: the facet's words, else its core (the words without their
  lead-in), found whole without case; the quote is the document's characters. Where neither is
  found, nothing is quoted, and `states` is what the embedded model proposes the experience
  states instead (criteria/offline/nearest.py: "baby formula" for "infant formula"), so the
  product lists the condition `different` with those words and a caller can accept them
  (`also`); a likeness never establishes a condition;
- a duration: the experience's first sentence writing a count of years (else a "since <year>"
  or "from <year> to <year>"), whole; `states` the length's words;
- a recency: the first sentence with "currently", "since", "to present", "to date", "now";
- the period: "from Y to Y", "between Y and Y", "Y-Y", "since Y" or "in Y" in the first
  sentence of the experience that writes one (YYYY or YYYY-MM), the end else by "until Y";
- the employer: the organisation the run is at — the first one its sentences name ("joined X",
  "at X", as above), as the document writes it; None where none is named;
- denials: every sentence holding "never", "not", "no longer" or a "-n't" with a condition's
  words; such a sentence is never quoted for a condition;
- subject: the person when given, else a capitalised name of two or three words opening the
  document.
An experience where no facet has a quote is not listed. Every quote and sentence is a slice of
the document's text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from criteria.offline.nearest import Proposer
from criteria.offline.words import (
    NUM,
    SENTENCE_OPENERS,
    WORD,
    capitalised,
    date_of,
    name_parts,
    opens_an_organisation,
    opens_earlier_work,
    titles_in,
)
from limma.names import fold_name
from limma.segment import segment
from limma.text import MONTH_YEAR, TITLES_WITH_DOTS, closed
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold

_I = re.IGNORECASE
EMPLOYER = re.compile(
    r"\b(?i:joined|joins|joining|rejoined|at|moved to|moving to|switched to|worked for|works for"
    r"|working for)\s+(?:the\s+)?"
    r"(?P<name>[A-Z][\w&'\u2019.-]*(?:\s+(?:&\s+)?[A-Z][\w&'\u2019.-]*)*)"
)
NOT_EMPLOYERS = closed(
    """i she he they we you it the a an this that january february march april may june july
    august september october november december monday tuesday wednesday thursday friday
    saturday sunday"""
)
PLACE_LEADS = closed("in across throughout within over for into to from covering spanning")
PLACE_NOUNS = re.compile(r"\s+(?:markets?|regions?|countries|area|territories)\b", _I)
PLACE_JOIN = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|&|/)\s*(?:the\s+)?", _I)
FUNCTION_VERBS = closed(
    """led leads leading lead ran runs running run headed heads heading head managed manages
    managing manage directed directs directing oversaw oversees overseeing built builds
    building owned owns owning drove drives driving handled handles handling did does doing
    do coordinated coordinates coordinating established set"""
)
WORK_VERBS = closed("worked works working work served serves serving spent career moved switched")
OBJECT_LEADS = closed("for of on")
OBJECT_STOPS = closed(
    """in at on to into from for with across throughout within over under by during between
    since until till through via and or but while who which where that as"""
)
ROLE_WORDS = closed("director manager head lead leader executive officer vp team assistant")
LEAD_INS = re.compile(
    r"^(?:in|across|throughout|within|for|of|on|at|with|through|via|by|to|into)\s+(?:the\s+)?",
    _I,
)
YEARS = re.compile(
    rf"\b(?:(?:more than|over|at least|nearly|almost|about|around|some|close to)\s+)?"
    rf"(?:{NUM}\s*\+?\s*(?:years?|decades?)|a decade|decades)\b",
    _I,
)
SPAN_OF_DATES = re.compile(
    rf"\bsince\s+(?:(?:early|late|mid)[- ])?{MONTH_YEAR}"
    rf"|\bfrom\s+{MONTH_YEAR}\s+(?:to|until|till)\s+{MONTH_YEAR}",
    _I,
)
RECENT = re.compile(r"\b(?:currently|since|to (?:the )?present|to date|now|presently|today)\b", _I)
PERIOD_FORMS = (
    re.compile(
        rf"\bfrom\s+(?P<start>{MONTH_YEAR})\s+(?:to|until|till|through)\s+"
        rf"(?P<end>{MONTH_YEAR}|(?:the )?present|today|date|now)",
        _I,
    ),
    re.compile(rf"\bbetween\s+(?P<start>{MONTH_YEAR})\s+and\s+(?P<end>{MONTH_YEAR})", _I),
    re.compile(rf"(?P<start>{MONTH_YEAR})\s*[-\u2013]\s*(?P<end>{MONTH_YEAR}|present|today)", _I),
    re.compile(rf"\bsince\s+(?P<start>{MONTH_YEAR})", _I),
    re.compile(rf"\bin\s+(?P<start>{MONTH_YEAR})", _I),
)
UNTIL = re.compile(rf"\b(?:until|till|through)\s+(?P<end>{MONTH_YEAR})", _I)
_NOTHING: dict[str, str | None] = {"quote": None, "states": None}
NEGATOR = re.compile(r"\b(?:never|not|no longer|cannot)\b|\b\w+n['\u2019]t\b", _I)


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


def read_document(
    *,
    text: str,
    facets: list[dict[str, Any]],
    person: str | None,
    vocabulary: Vocabulary | None = None,
    propose: Proposer | None = None,
) -> dict[str, Any]:
    """The ReadReply for one document, as a dict (module docstring).

    propose: what the embedded model proposes the profile states for an untyped condition its
    own words are not found for (criteria/offline/nearest.py); reported as `states` with no
    quote, so it is never established by it."""
    vocabulary = vocabulary or Vocabulary.shipped()
    sentences = sentences_of(text)
    conditions = [facet for facet in facets if facet["kind"] == "condition"]
    denials: list[dict[str, Any]] = []
    denying: set[int] = set()
    for index, sentence in enumerate(sentences):
        if NEGATOR.search(sentence.text):
            facet = next((f for f in conditions if _words_in(sentence.text, f) is not None), None)
            if facet is not None:
                denials.append({"quote": sentence.text, "facet": facet["key"]})
                denying.add(index)
    experiences = []
    subject = person or subject_of(text)
    for run in experiences_of(sentences, person, vocabulary):
        readable = [sentences[index] for index in run if index not in denying]
        evidence = {
            facet["key"]: _evidence(facet, readable, vocabulary, propose, subject)
            for facet in facets
        }
        if any(found["quote"] is not None for found in evidence.values()):
            experiences.append(
                {
                    "conditions": evidence,
                    "period": period_of([sentences[index] for index in run]),
                    "sentences": [sentences[index].text for index in run],
                    "employer": employer_of(
                        [sentences[index] for index in run], person, vocabulary
                    ),
                }
            )
    return {"subject": subject, "experiences": experiences, "denials": denials}


def sentences_of(text: str) -> list[Sentence]:
    return [
        Sentence(span.start, span.end, text[span.start : span.end])
        for part in segment(text)
        for span in part.sentences
        if not span.is_heading
    ]


def employers_in(sentence: str, person: str | None, vocabulary: Vocabulary) -> list[str]:
    """The organisations a sentence says the person worked for ("joined Quellmark Foods")."""
    own = {fold_name(part) for part in name_parts(person)}
    found = []
    for match in EMPLOYER.finditer(sentence):
        name = match["name"].rstrip(".")
        first = fold_name(WORD.findall(name)[0]) if WORD.findall(name) else ""
        if (
            first in NOT_EMPLOYERS
            or first in own
            or vocabulary.lookup(name, axis="place") is not None
            or vocabulary.lookup(name, axis="function") is not None
            or re.fullmatch(MONTH_YEAR, name, _I)
        ):
            continue
        found.append(name)
    return found


def experiences_of(
    sentences: list[Sentence], person: str | None, vocabulary: Vocabulary
) -> list[list[int]]:
    """Runs of sentence indexes: a new run opens where another employer is named, or where a
    sentence turns to earlier work ("Earlier, Chiara spent 4 years in consulting ...")."""
    runs: list[list[int]] = []
    employer: str | None = None
    for index, sentence in enumerate(sentences):
        named = [fold(name) for name in employers_in(sentence.text, person, vocabulary)]
        if (
            not runs
            or opens_earlier_work(sentence.text)
            or (named and employer is not None and employer not in named)
        ):
            runs.append([index])
            employer = named[0] if named else None
        else:
            runs[-1].append(index)
            employer = employer or (named[0] if named else None)
    return runs


def employer_of(
    sentences: list[Sentence], person: str | None, vocabulary: Vocabulary
) -> str | None:
    """The run's employer as written: the first organisation its sentences name, the one
    experiences_of holds the run to ("joined Quellmark Foods", "at Halden Foods AS")."""
    for sentence in sentences:
        named = employers_in(sentence.text, person, vocabulary)
        if named:
            return named[0]
    return None


def _evidence(
    facet: dict[str, Any],
    sentences: list[Sentence],
    vocabulary: Vocabulary,
    propose: Proposer | None = None,
    person: str | None = None,
) -> dict[str, str | None]:
    kind = facet["kind"]
    if kind == "duration":
        return _sentence_with(sentences, (YEARS, SPAN_OF_DATES))
    if kind == "recency":
        return _sentence_with(sentences, (RECENT,))
    term = typed_term(facet, vocabulary)
    if term is not None:
        return _typed(term, sentences, vocabulary, person)
    for sentence in sentences:
        span = _words_in(sentence.text, facet)
        if span is not None:
            quote = sentence.text[span[0] : span[1]]
            return {"quote": quote, "states": quote}
    proposed = propose(LEAD_INS.sub("", facet["text"]).strip(), sentences) if propose else None
    return {"quote": None, "states": proposed}


def typed_term(facet: dict[str, Any], vocabulary: Vocabulary) -> Term | None:
    """The term a condition is held to: its value, else the term its own words name."""
    if facet.get("value"):
        return vocabulary.lookup(facet["value"])
    text = facet["text"]
    return vocabulary.lookup(text) or vocabulary.lookup(LEAD_INS.sub("", text))


def _sentence_with(
    sentences: list[Sentence], patterns: tuple[re.Pattern[str], ...]
) -> dict[str, str | None]:
    for pattern in patterns:
        for sentence in sentences:
            match = pattern.search(sentence.text)
            if match:
                return {"quote": sentence.text, "states": match.group()}
    return {"quote": None, "states": None}


def _words_in(sentence: str, facet: dict[str, Any]) -> tuple[int, int] | None:
    """Where the facet's words (else their core) stand whole in the sentence, without case."""
    for pattern in _patterns_of(facet["text"].strip()):
        match = pattern.search(sentence)
        if match:
            return match.span()
    return None


@functools.lru_cache(maxsize=1024)
def _patterns_of(text: str) -> tuple[re.Pattern[str], ...]:
    """The patterns _words_in tries, in order, built once per facet's words."""
    core = LEAD_INS.sub("", text)
    patterns = []
    for words in dict.fromkeys((text, core)):
        tokens = words.split()
        if tokens:
            joined = r"\s+".join(map(re.escape, tokens))
            patterns.append(re.compile(r"(?<!\w)" + joined + r"(?!\w)", _I))
    return tuple(patterns)


def _typed(
    term: Term, sentences: list[Sentence], vocabulary: Vocabulary, person: str | None = None
) -> dict[str, str | None]:
    """The phrase stating a term of the condition's axis: under the value first, else any; a
    place word opening an organisation's name ("for Helvetia Surgical") is no market."""
    found: list[tuple[int, Sentence, int, int, Term]] = []
    for order, sentence in enumerate(sentences):
        for start, end, mention in vocabulary.find_in(sentence.text, axis=term.axis):
            if term.axis == "place" and opens_an_organisation(sentence.text, end, person):
                continue
            fits = vocabulary.is_under(mention, term)
            led = term.axis != "place" and _verb_before(sentence.text, start) is not None
            rank = (0 if fits else 2) + (0 if led else 1)
            found.append((rank * 100000 + order, sentence, start, end, mention))
    if not found:
        return _bare_title(sentences) if term.axis == "function" else _NOTHING
    _, sentence, start, end, _ = min(found, key=lambda item: (item[0], item[2]))
    if term.axis == "place":
        low, high = _place_phrase(sentence.text, start, end, vocabulary)
    else:
        low, high = _function_phrase(sentence.text, start, end)
    quote = sentence.text[low:high]
    return {"quote": quote, "states": quote}


def _bare_title(sentences: list[Sentence]) -> dict[str, str | None]:
    """Words of a title the vocabulary has no name for ("ran the brand team"): offered so that
    the product's typing call, shown the experience's sentences, can name the function."""
    for sentence in sentences:
        titles = titles_in(sentence.text)
        if titles:
            quote = sentence.text[titles[0][0] : titles[0][1]]
            return {"quote": quote, "states": quote}
    return _NOTHING


def _place_phrase(text: str, start: int, end: int, vocabulary: Vocabulary) -> tuple[int, int]:
    """From the preposition before a place through the last place of its list."""
    base = end
    for mention_start, mention_end, _ in vocabulary.find_in(text[base:], axis="place"):
        if not PLACE_JOIN.fullmatch(text[end : base + mention_start]):
            break
        end = base + mention_end
    noun = PLACE_NOUNS.match(text, end)
    end = noun.end() if noun else end
    before = list(WORD.finditer(text, 0, start))
    if before and fold(before[-1].group()) == "the" and len(before) > 1:
        before = before[:-1]
    if before and fold(before[-1].group()) in PLACE_LEADS:
        return before[-1].start(), end
    return start, end


def _verb_before(text: str, start: int) -> int | None:
    """Where the verb leading a function word starts ("led marketing", "worked in sales")."""
    before = list(WORD.finditer(text, 0, start))
    if before and fold(before[-1].group()) in FUNCTION_VERBS:
        return before[-1].start()
    if (
        len(before) > 1
        and fold(before[-1].group()) in ("in", "into")
        and fold(before[-2].group()) in WORK_VERBS
    ):
        return before[-2].start()
    return None


def _function_phrase(text: str, start: int, end: int) -> tuple[int, int]:
    """From the verb before a function word through its object, or the word and its title."""
    verb = _verb_before(text, start)
    after = list(WORD.finditer(text, end))
    if verb is None:
        if (
            after
            and fold(after[0].group()) in ROLE_WORDS
            and not text[end : after[0].start()].strip()
        ):
            return start, after[0].end()
        return start, end
    high = end
    if after and fold(after[0].group()) in OBJECT_LEADS:
        for word in after[1:7]:
            between = text[high : word.start()]
            if fold(word.group()) in OBJECT_STOPS or re.search(r"[^\s\w'\u2019-]", between):
                break
            high = word.end()
    return verb, high


def period_of(sentences: list[Sentence]) -> dict[str, str | None] | None:
    """Start and end from the first sentence of the run that dates it (the opening one, as a
    rule; a transcript's first turn is often a question); the end else from an "until Y"."""
    start = end = None
    match = next(
        (m for sentence in sentences for form in PERIOD_FORMS if (m := form.search(sentence.text))),
        None,
    )
    if match:
        start = date_of(match["start"])
        written = match.groupdict().get("end")
        end = date_of(written) if written and re.search(r"\d{4}", written) else None
    if end is None:
        until = next((m for s in sentences if (m := UNTIL.search(s.text))), None)
        end = date_of(until["end"]) if until else None
    if start is None and end is None:
        return None
    return {"start": start, "end": end}


def subject_of(text: str) -> str | None:
    """A capitalised name of two or three words opening the document ("Greta Ostrander")."""
    first_line = text.lstrip().split("\n", 1)[0].lstrip("# ")
    labelled = re.match(r"[^\W\d_]+:\s+", first_line)  # "Profile: Greta Ostrander ..."
    first_line = first_line[labelled.end() :] if labelled else first_line
    words = [w.group() for w in re.finditer(r"\S+", first_line)][:5]
    words = [w for w in words if fold(w) not in TITLES_WITH_DOTS]
    if not words or fold(words[0].rstrip(",.;:")) in SENTENCE_OPENERS:
        return None
    name = []
    for word in words:
        bare = word.rstrip(",.;:")
        if not (capitalised(bare) and bare.replace("-", "").replace("'", "").isalpha()):
            break
        name.append(bare)
        if bare != word or len(name) == 3:
            break
    return " ".join(name) if len(name) >= 2 else None
