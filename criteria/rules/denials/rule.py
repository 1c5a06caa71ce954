"""Judging a sentence the reading model lists as a denial: firm, a doubt, or set aside.

The denial rules (docs/concepts.md#denial-rules), as a pure function over the document's text. A
denial takes much less than a match: the reader KEEPS one on doubt. So the two verdicts that
are not a doubt are WHITELISTS, each one closed form of sentence, and everything else the model
lists is kept as a doubt with a closed word of why:

* FIRM — the whole sentence is the person, an outright denial and the condition: the person
  NAMED as a length's must be (check 1, "who leads it": the given name alone, or followed by the
  rest of the name as the document writes it, or the full name behind a title; accents folded;
  never the family name alone, an initial, or a part of the name the document also writes in a
  name that is not the person's) — "Dario has never worked on baby formula." — or "I" in a turn
  labelled with the person's name — "Cornelia: I have never worked on baby formula myself.".
* SET ASIDE — the mirror form only: the whole sentence is ANOTHER person's full name, the
  outright denial and the condition ("Greta Holm has never worked on baby formula.").
  A quote whose words are not in the document is set aside too: denial_verdict returns None.
* A DOUBT — everything else; `why` names the first reason (`reasons` has every one found).

The form both whitelists read, and nothing more (one word more is a doubt):

    [turn label:]  <lead>  <denial>  [<verb> ]<condition>[ <reflexive>] .

* <lead> — FIRM: the person named (above), or "I" in their own turn; SET ASIDE: a full name
  (two or more name words, no initial at either end) sharing NO part with the person's name and
  no organisation word.
* <denial> — OUTRIGHT_DENIALS (closed): "has never", "has not", "hasn't", "has no experience"
  (with/in/of — the preposition is read as the condition's), "never"; in the first person "have
  never", "have not", "haven't", "have no experience", "never". The denials in LIMITED_DENIALS
  are read and kept as a doubt, states_a_limit: "had never/had not/hadn't/had no experience"
  (before a time the sentence does not state), "did not/didn't" (a past time it does not state),
  "does not/doesn't/do not/don't" (now, not ever). Any other wording has no rule.
* <verb> — VERBS (closed), in the form the denial takes (participle after "has never", past after
  "never", none after "no experience"): work, sell, market, handle, manage, lead, run, touch, do,
  "been", "been involved".
* <condition> — exactly one of the condition's OWN words (facet_words of the facet the denial is
  held against: its text, its core, its value, the names accepted for it), compared with case,
  accents and hyphens folded, leading prepositions/determiners (PREP_DET) aside and the last
  word's plural aside.
* <reflexive> — "himself", "herself", "themselves", "themself" after a name; "myself" after "I".
* the sentence stands as plain running text: no quote mark, no bracketed mark that is no time
  stamp, no label that is not the person's turn, no heading (a line ending in ":" or "#", or no
  closing full stop outside a turn), not an item under a line that ends in a colon, and not a
  sentence the next one in the same turn takes back (TAKE_BACK: "That …", "But …", "However …").

Decisions the spec leaves open, each on the side of keeping:

* One word more is a doubt: "Dario has never really worked on baby formula." (more_than_the_form).
* The condition must be in the sentence: "Dario has never worked in Spain." under a baby formula
  facet is a doubt (condition_not_in_sentence). Words a document of the person states in place
  of the condition's own ("has never worked in Germany or France" beside "across Germany and
  France") are a doubt: denies_what_the_documents_state.
* A name sharing ANY part with the person's (folded, particles aside) is never "another person":
  "Greta Holm" in Greta Ostrander's note, "Dan Kowalski" in Daniel Kowalski's, "Henrik Voss" in
  Anneke Voss's are doubts (name_not_proved), never set aside — a nickname or a married name may
  be the person, and a set-aside is the one step that can move a person toward a match.
* A named sentence in a turn that is not the person's is somebody else's report:
  "Interviewer: Dario has never worked on baby formula." is a doubt (reported_by_another).
* A firm answer stays firm: "Cornelia: I have never worked on baby formula myself." right after
  the interviewer's question is the whole form by itself. Only an answer that is not the form
  alone ("No, never.") is kept with its question.
* A quote that stands in the document more than once is judged at every occurrence; where the
  occurrences are judged differently it is a doubt (occurs_more_than_once).

What it cannot see (the spec's own limit): a name is taken on its word. "Nordic Dairy has never
worked on baby formula." is read as another person's full name and set aside, unless
`organisations` (the reply's employer names) holds it or a word of ORGANISATION_WORDS ends it.

Where it is written: the closed words and lists (WHY_WORDS, OUTRIGHT_DENIALS, VERBS, …) in
criteria/rules/denials/words.py; who leads a sentence in criteria/rules/denials/names.py; one
sentence held to the two forms in criteria/rules/denials/sentence.py. This module finds the quote's
sentences, the facet it is held against, and gives the verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from criteria.rules.denials.context import DenialContext
from criteria.rules.denials.names import Person, person_of
from criteria.rules.denials.sentence import Sentence, sentence_judge
from criteria.rules.denials.words import (
    A_QUESTION,
    CONJUNCTIONS,
    DOUBT,
    KEY_NOT_IN_CRITERION,
    OCCURS_MORE_THAN_ONCE,
    PREP_DET,
    QUESTION_AND_ANSWER,
    QUOTE_ACROSS_SENTENCES,
    fold,
    phrase_holds,
    phrase_of,
    same_phrase,
)
from limma.segment_sentences import sentence_spans

# What denial_verdict says of a quote it returns None for.
QUOTE_NOT_IN_DOCUMENT = "quote_not_in_document"

# -- the inputs and the verdict -------------------------------------------------------------


@dataclass(frozen=True)
class DenialVerdict:
    """What one listed denial is: firm, a doubt (with why) or set aside; the span it keeps."""

    kind: str  # FIRM | DOUBT | SET_ASIDE
    facet: str  # the facet it is held against
    start: int  # the span kept: the sentence, or both sentences of a Q&A pair / a quote across two
    end: int
    why: str | None  # a doubt's first reason (WHY_WORDS); None for firm and set aside
    reasons: tuple[str, ...] = field(default=())  # a doubt's every reason, `why` first


# -- which facet ------------------------------------------------------------------------------


def _facet(
    reply_facet: str | None,
    context: DenialContext,
    span_text: str,
    stated: Mapping[str, tuple[str, ...]],
) -> tuple[str, bool]:
    """The facet a denial is held against, and whether the reply named it exactly.

    The reply's key when the criterion has it; else the key it matches with case ignored; else
    the condition the key names (a key's plural, or a condition's words); else the condition the
    sentence names (the first, in the criterion's order, whose own words it holds; else whose
    stated words it shares a word with); else the first facet.
    """
    keys = context.facet_keys
    if reply_facet is not None and reply_facet in keys:
        return reply_facet, True
    if not keys:
        return reply_facet or "", False
    named = reply_facet or ""
    for key in keys:
        if fold(key) == fold(named):
            return key, False
    asked = phrase_of(named)
    for key in keys:
        words = (key, *context.facet_words.get(key, ()), *stated.get(key, ()))
        if asked and any(same_phrase(asked, phrase_of(each)) for each in words):
            return key, False
    sentence = phrase_of(span_text)
    for key in keys:
        own = context.facet_words.get(key, ())
        if any(phrase_holds(sentence, phrase) for each in own if (phrase := phrase_of(each))):
            return key, False
    content = set(sentence) - PREP_DET - CONJUNCTIONS
    for key in keys:
        if any(
            content & (set(phrase_of(each)) - PREP_DET - CONJUNCTIONS)
            for each in stated.get(key, ())
        ):
            return key, False
    return keys[0], False


# -- the verdict ------------------------------------------------------------------------------


def _sentences(context: DenialContext) -> list[Sentence]:
    spans = context.sentences or sentence_spans(context.text)
    speakers = context.speakers if context.sentences else ()
    return [
        Sentence(start, end, speakers[index] if index < len(speakers) else None)
        for index, (start, end) in enumerate(spans)
    ]


def _occurrences(text: str, words: str) -> list[tuple[int, int]]:
    found, at = [], text.find(words)
    while at != -1:
        found.append((at, at + len(words)))
        at = text.find(words, at + 1)
    return found


def _covered(sentences: list[Sentence], start: int, end: int) -> list[int]:
    return [
        index
        for index, sentence in enumerate(sentences)
        if sentence.start < end and start < sentence.end
    ]


def _asks(context: DenialContext, sentence: Sentence) -> bool:
    return context.text[sentence.start : sentence.end].rstrip().endswith("?")


def _one(
    context: DenialContext,
    *,
    sentences: list[Sentence],
    span: tuple[int, int],
    reply_facet: str | None,
    stated: Mapping[str, tuple[str, ...]],
    person: Person | None,
) -> DenialVerdict:
    covered = _covered(sentences, *span)
    if not covered:  # the words stand between the sentences given: judge them by the text's own
        sentences = [Sentence(start, end, None) for start, end in sentence_spans(context.text)]
        covered = _covered(sentences, *span)
    first, last = sentences[covered[0]], sentences[covered[-1]]
    facet, exact = _facet(reply_facet, context, context.text[first.start : last.end], stated)
    key = () if exact else (KEY_NOT_IN_CRITERION,)
    if len(covered) > 1:
        asks = any(_asks(context, sentences[index]) for index in covered[:-1])
        why = QUESTION_AND_ANSWER if asks else QUOTE_ACROSS_SENTENCES
        return _doubt(facet, first.start, last.end, (why, *key))
    at = covered[0]
    judged = sentence_judge(
        context,
        sentences=sentences,
        at=at,
        own=context.facet_words.get(facet, ()),
        stated=stated.get(facet, ()),
        person=person,
    )
    if judged.kind != DOUBT and exact:
        return DenialVerdict(judged.kind, facet, first.start, first.end, None)
    reasons = tuple(each for each in judged.reasons if each != A_QUESTION) + key
    if A_QUESTION in judged.reasons and at + 1 < len(sentences):
        return _doubt(facet, first.start, sentences[at + 1].end, (QUESTION_AND_ANSWER, *reasons))
    if A_QUESTION in judged.reasons:
        return _doubt(facet, first.start, first.end, (A_QUESTION, *reasons))
    if at > 0 and _asks(context, sentences[at - 1]):
        before = sentences[at - 1]
        return _doubt(facet, before.start, first.end, (QUESTION_AND_ANSWER, *reasons))
    return _doubt(facet, first.start, first.end, reasons or key)


def _doubt(facet: str, start: int, end: int, reasons: tuple[str, ...]) -> DenialVerdict:
    reasons = tuple(dict.fromkeys(reasons))
    return DenialVerdict(DOUBT, facet, start, end, reasons[0], reasons)


def denial_verdict(
    quote: str,
    reply_facet: str | None,
    context: DenialContext,
    *,
    stated_elsewhere: dict[str, tuple[str, ...]] | None = None,
) -> DenialVerdict | None:
    """What one denial the reading model listed is: FIRM, a DOUBT, or SET_ASIDE.

    Returns None when the quote's words (outer white space aside) are not in the document, byte
    for byte: the spec sets such a quote aside as "quote not in the document"
    (QUOTE_NOT_IN_DOCUMENT). Otherwise the verdict keeps a span of the document itself —
    text[start:end] is the sentence the quote stands in, or both sentences of a question and its
    answer, or every sentence a quote runs across.

    `stated_elsewhere[key]`: what the person's documents state for each condition (the quotes
    that establish it). A named denial of those words in place of the condition's own is a
    doubt, denies_what_the_documents_state.
    """
    words = quote.strip()
    spans = _occurrences(context.text, words) if words else []
    if not spans:
        return None
    stated = stated_elsewhere or {}
    person = person_of(context)
    sentences = _sentences(context)
    verdicts = [
        _one(
            context,
            sentences=sentences,
            span=span,
            reply_facet=reply_facet,
            stated=stated,
            person=person,
        )
        for span in spans
    ]
    if len({(verdict.kind, verdict.facet) for verdict in verdicts}) == 1:
        return verdicts[0]
    kept = next((verdict for verdict in verdicts if verdict.kind == DOUBT), verdicts[0])
    return _doubt(kept.facet, kept.start, kept.end, (OCCURS_MORE_THAN_ONCE, *kept.reasons))
