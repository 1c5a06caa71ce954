"""Names a caller accepts for a condition (a facet's `also`): when stated words ARE a name, and
what a stated name becomes by its own sentence — settled, a vote, or refused
(docs/concepts.md#accepted-names-also).

Pure functions over text: no Django, no model. Three steps, each a function below:

* name_matches(states, name) — the words the reading model reported the profile STATES for the
  condition are the name, whole. Case, accents and hyphens aside (hyphens are spaces, as the
  vocabulary reads them); a leading determiner or preposition of the STATED words aside ("the
  infant milks", "across the Alpine cluster"); the last word's plural aside (s / es / ies and a
  few irregular plurals). Nothing else: no spelling tolerance, nothing taken off the caller's
  name (only its own leading "the"/"a"/"an"), and one word more is another name.
* name_fate(...) — by the name's OWN SENTENCE, never by the model's choice of words:

  REFUSED (nobody asked; the condition stays open by the first reading's own answer), the few
  forms the reader knows take the name out, tried first:
    - a word of denial anywhere in the sentence outside the name (DENIALS, "n't"), also where
      it denies something else ("she sold infant milks, never yoghurt"): the spec's "a denial
      in the name's own sentence", read as written, and the settled forms hold none;
    - an exclusion or a contrast right before the name (EXCLUSIONS: "excluded", "with the
      exception of", "unlike", "lost", ...), a determiner or possessive between them aside;
    - the name as the complement of another thing: <noun> <preposition> <name> ("packaging for
      infant milks", "suppliers of infant milks"), unless that noun is a word of work
      (WORK_WORDS), a term the vocabulary holds, another condition's words or what the profile
      states for another condition ("sales for infant milks") — and unless a verb of the
      closed frame (FRAME_VERBS) governs the noun itself, within four words before it: that
      noun is then the "word between the verb and the name" the spec makes a vote ("served
      customers of …", "sold products for …", "ran the business in …"). Wherever such a link
      stands in a chain before the name, it refuses: "led marketing for packaging for …"
      (the verb governs marketing, not packaging), "designed packaging for marketing of …"
      (a link of work leads on to the link before it). A participle or an adverb ("-ed",
      "-ly") is no noun. Tried after the settled forms.

  SETTLED — the sentence is, token for token, one of three closed forms (a leading place or
  time the reader can place, with or without a comma, aside):
    A  the person, then a verb of doing: <person> [aux]* <VERBS_OF_DOING> [<VERB_PREPS>] [det]
       <name> ("she sold infant milks", "Ottoline has led infant milks", "she worked on …");
    B  the same with the work named as a thing and a preposition saying what the work is of:
       <person> [aux]* [<VERBS_OF_DOING> | <THING_VERBS>] (["in"] [det] <thing> <WORK_PREPS>)+
       [det] <name> ("took charge of sales for …", "was responsible for …", "ran the marketing
       of …", "led the launch of …", "spent ten years on …") — without a verb only behind an
       auxiliary ("was responsible for", "has experience in");
    C  their own work as the subject: <possessive | the> <WORK_SUBJECTS> ["in question"] [aux]*
       <SUBJECT_VERBS> [<SUBJECT_PREPS>] [det] <name> ("her portfolio centred on …", "their
       remit covered …", "The range in question was …").
  <person> is a subject pronoun (she, he, they, I) or the person's name: the given name or the
  name's words from the given name on (never the family name alone, never behind a title);
  the possessive of form C is her / his / their / my or that name with "'s". A <thing> is a
  word of work (WORK_WORDS), a length of time ("ten years", "a decade"), or what ANOTHER
  condition is about: its own words, the words the profile states for it, a term of its axis.
  And behind the name, to the end of the sentence, nothing but segments the reader can place:
    - more of a list, "and" only, right behind the name: [, item]* [,] and item (an item: one
      to five words, none a preposition, pronoun, auxiliary, verb of the closed lists or "or");
    - a title: "as" [det] <rank words, vocabulary terms, another condition's words, of/and>,
      or the same behind a comma without "as";
    - a place: in / across / throughout / within + vocabulary terms or another condition's own
      words, joined by "and" or commas;
    - a time: since / from / until / till / in / during / between / before / after + a run of
      years and months holding a year ("since 2019", "from 2001 to 2015"), or for / over + a
      length ("for 22 years");
    - a means, last: through / via + words that are each a vocabulary term, a number or a
      date — or the means is, word for word, another condition as the caller wrote it (its
      own "through"/"via" aside: "through distributors" under a criterion with that condition).
      Nothing may follow a means: "through distributors of veterinary supplies", "… and pet
      shops", "… in Poland" are a longer channel, and not placed.

  VOTE — every other sentence: the second call is asked the ordinary question and decides.

* checked_by_for(fate) — what a confirmed quote's checked_by then says.

A refused name is held to the exclusion words only where they stand right before it; a word of
denial anywhere in its sentence refuses it (the spec's "a denial in the name's own sentence").
Both lists are a short cut, not the guard: the guard is that the settled forms hold no word of
denial and accept one word more nowhere.

This module keeps the entry points, what the caller wires in (other_conditions_of,
stated_for_others_of, vocabulary_terms_of) and the refusals by denial and exclusion. The rest:
the closed words in criteria/rules/names/lists.py (the ones callers read re-exported here), tokens
and matching in criteria/rules/names/words.py, the forms before the name (A/B/C and the refused
complement) in criteria/rules/names/forms.py, the segments behind it in
criteria/rules/names/behind.py.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping

from criteria.rules.names.behind import suffix_placed
from criteria.rules.names.forms import complement_of_another_thing, prefix_form
from criteria.rules.names.lists import (
    ACCEPTED_NAME_AND_SECOND_CALL,
    ARTICLES,
    AUXILIARIES,
    BEHIND_THE_NAME_NOT_PLACED,
    COMPLEMENT_OF_ANOTHER_THING,
    COMPLEMENT_PREPS,
    DENIALS,
    DENIED_IN_ITS_SENTENCE,
    EXCLUDED_RIGHT_BEFORE,
    EXCLUSION_GAP,
    EXCLUSIONS,
    FATES,
    LENGTH_UNITS,
    MAX_NAME_WORDS,
    MEANS_NOT_PLACED,
    NOT_LED_BY_THE_PERSON,
    OR_NOT_AND,
    OTHER_PREPOSITIONS,
    OWN_WORK_AS_SUBJECT,
    PERSON_THEN_VERB,
    PERSONAL_POSSESSIVES,
    PREPOSITION_STATES_NO_WORK,
    PREPOSITIONS_ASIDE,
    RANK_WORDS,
    REFUSED,
    SECOND_CALL,
    SETTLED,
    SUBJECT_PRONOUNS,
    THING_VERBS,
    VERB_NOT_LISTED,
    VERBS_OF_DOING,
    VOTE,
    WORD_BETWEEN_NOT_WORK,
    WORK_AS_A_THING,
    WORK_WORDS,
    NameFate,
)
from criteria.rules.names.words import (
    ENDS,
    HYPHENATED,
    Words,
    context_of,
    folded_tokens,
    same_tokens,
    trimmed,
    without_determiner,
    without_lead,
    words_of,
)
from criteria.types import CONDITION, Facet
from limma.vocabulary import Vocabulary

# The fates, the closed words for why and the word lists callers read, from
# criteria/rules/names/lists.py.
__all__ = [
    "ACCEPTED_NAME_AND_SECOND_CALL",
    "ARTICLES",
    "AUXILIARIES",
    "BEHIND_THE_NAME_NOT_PLACED",
    "COMPLEMENT_OF_ANOTHER_THING",
    "COMPLEMENT_PREPS",
    "DENIALS",
    "DENIED_IN_ITS_SENTENCE",
    "EXCLUDED_RIGHT_BEFORE",
    "FATES",
    "LENGTH_UNITS",
    "MAX_NAME_WORDS",
    "MEANS_NOT_PLACED",
    "NOT_LED_BY_THE_PERSON",
    "OR_NOT_AND",
    "OTHER_PREPOSITIONS",
    "OWN_WORK_AS_SUBJECT",
    "PERSONAL_POSSESSIVES",
    "PERSON_THEN_VERB",
    "PREPOSITIONS_ASIDE",
    "PREPOSITION_STATES_NO_WORK",
    "RANK_WORDS",
    "REFUSED",
    "SECOND_CALL",
    "SETTLED",
    "SUBJECT_PRONOUNS",
    "THING_VERBS",
    "VERBS_OF_DOING",
    "VERB_NOT_LISTED",
    "VOTE",
    "WORD_BETWEEN_NOT_WORK",
    "WORK_AS_A_THING",
    "WORK_WORDS",
    "NameFate",
    "checked_by_for",
    "find_stated",
    "name_fate",
    "name_matches",
    "name_stated",
    "other_conditions_of",
    "same_name",
    "stated_for_others_of",
    "vocabulary_terms_of",
]


# -- 1. the stated words ARE the name --------------------------------------------------------


def name_matches(states: str, name: str) -> bool:
    """Whether the words a profile states for a condition ARE the caller's name, whole.

    A leading determiner or preposition of the stated words aside, the last word's plural
    aside, case, accents and hyphens aside; nothing taken off the name (its own leading
    "the"/"a"/"an" aside), no spelling tolerance, and a longer phrase or a list is another name.
    """
    stated = trimmed(folded_tokens(states))
    named = without_determiner(trimmed(folded_tokens(name)))
    if not stated or all(token in ARTICLES | PREPOSITIONS_ASIDE for token in named):
        return False  # a name of no word but "the" or "in" names nothing (a 422 besides)
    for at in range(len(stated)):
        if same_tokens(stated[at:], named):
            return True
        if stated[at] not in ARTICLES | PREPOSITIONS_ASIDE:
            return False
    return False


def same_name(first: str, second: str) -> bool:
    """Two stated words that are one name: each without its leading determiners and
    prepositions, the last word's plural aside (how stated_instead counts people)."""
    one = without_lead(trimmed(folded_tokens(first)))
    two = without_lead(trimmed(folded_tokens(second)))
    return same_tokens(one, two)


def name_stated(states: str | None, names: Iterable[str]) -> str | None:
    """The first of the caller's names that the stated words are, else None."""
    if not states:
        return None
    return next((name for name in names if name_matches(states, name)), None)


def find_stated(sentence: str, states: str) -> tuple[int, int] | None:
    """Where the stated words stand in the sentence as whole words (case and spacing aside):
    the name_span name_fate takes. The first occurrence; None when they are not there."""
    chunks = states.split()
    if not chunks:
        return None
    pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, chunks)) + r"(?!\w)"
    found = re.search(pattern, sentence, flags=re.IGNORECASE)
    return (found.start(), found.end()) if found else None


# -- 2. the name's fate by its own sentence --------------------------------------------------


def name_fate(
    *,
    sentence: str,
    name_span: tuple[int, int],
    person: str | None,
    other_conditions: Mapping[str, Iterable[str]],
    vocabulary_terms: Collection[str],
    stated_for_others: Mapping[str, Iterable[str]] | None = None,
) -> NameFate:
    """Settled, a vote or refused — decided by the sentence the stated name stands in.

    sentence: the one sentence of the document that holds the stated words.
    name_span: where the stated words stand in it (find_stated); a leading determiner or
        preposition inside the span is read as part of what stands before the name.
    person: the person's name as the load recorded it (or the document's proved subject);
        None when no name is known — then only a pronoun leads form A/B.
    other_conditions: per OTHER condition of the criterion, the words the criterion holds for
        it: its text, its core, its value, its accepted names and every term (name and
        aliases) of the vocabulary axis it is typed on — other_conditions_of() builds it. The
        criterion's own words: a means is placed by them, and so is a thing between the verb
        and the name.
    vocabulary_terms: every name and alias of the workspace vocabulary, all axes
        (vocabulary_terms_of()); a surface shorter than three letters matches as written.
    stated_for_others: per OTHER condition, what the reading model reported the profile states
        for it (ConditionEvidence.states). Counts only as a thing between the verb and the name
        and as the noun before a preposition — it places no means and no place.
    """
    start, end = name_span
    if not 0 <= start < end <= len(sentence):
        raise ValueError(f"name_span {name_span!r} is not inside the sentence")
    context = context_of(person, other_conditions, stated_for_others, vocabulary_terms)
    before, _ = _lead_into_prefix(words_of(sentence[:start]), words_of(sentence[start:end]))
    after = _without_end(words_of(sentence[end:]))

    if _denies(sentence[:start]) or _denies(sentence[end:]):
        return NameFate(REFUSED, DENIED_IN_ITS_SENTENCE)
    if _excluded_right_before(before.folded):
        return NameFate(REFUSED, EXCLUDED_RIGHT_BEFORE)
    form, why_not = prefix_form(before, context)
    if form is not None:
        placed, behind = suffix_placed(after, context)
        if placed:
            return NameFate(SETTLED, form)
        why_not = behind
    if complement_of_another_thing(before, context):
        return NameFate(REFUSED, COMPLEMENT_OF_ANOTHER_THING)
    return NameFate(VOTE, why_not)


def checked_by_for(fate: NameFate | str) -> str | None:
    """What a confirmed quote's checked_by says: accepted_name+second_call for a settled name
    (the Quote then carries accepted_name), second_call for a vote (no accepted_name), and
    None for a refused name — the condition stays open by the first reading's own answer."""
    said = fate.fate if isinstance(fate, NameFate) else fate
    if said not in FATES:
        raise ValueError(f"not a name's fate: {said!r}")
    return {SETTLED: ACCEPTED_NAME_AND_SECOND_CALL, VOTE: SECOND_CALL, REFUSED: None}[said]


def _lead_into_prefix(before: Words, name: Words) -> tuple[Words, Words]:
    """A determiner or preposition the span opens with stands before the name."""
    at = 0
    while at < len(name) - 1 and name.folded[at] in ARTICLES | PREPOSITIONS_ASIDE:
        at += 1
    if not at:
        return before, name
    moved = Words(before.cased + name.cased[:at], before.folded + name.folded[:at])
    return moved, Words(name.cased[at:], name.folded[at:])


def _without_end(after: Words) -> Words:
    """Without the full stop (or "!") that ends the sentence."""
    last = len(after)
    while last and after.folded[last - 1] in ENDS:
        last -= 1
    return Words(after.cased[:last], after.folded[:last])


def _denies(text: str) -> bool:
    """A word of denial, a hyphenated word kept whole ("no-code" is no "no")."""
    tokens = [token.casefold() for token in HYPHENATED.findall(_plain_keep_hyphens(text))]
    return any(token in DENIALS or token.endswith(("n't", "n\u2019t")) for token in tokens)


def _plain_keep_hyphens(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _excluded_right_before(before: tuple[str, ...]) -> bool:
    end = len(before)
    while end and before[end - 1] in EXCLUSION_GAP:
        end -= 1
    while end and before[end - 1] == ",":
        end -= 1
    return any(
        end >= len(words) and before[end - len(words) : end] == words for words in EXCLUSIONS
    )


# -- what the caller wires in ---------------------------------------------------------------


def other_conditions_of(
    facets: Iterable[Facet], key: str, vocabulary: Vocabulary
) -> dict[str, tuple[str, ...]]:
    """For the condition `key`, the words every OTHER condition of the criterion holds: its
    text, core, value, accepted names and, where typed, every term (name and aliases) of its
    axis — name_fate's other_conditions."""
    return dict(_other_conditions_of(tuple(facets), key, vocabulary))


@functools.lru_cache(maxsize=64)
def _other_conditions_of(
    facets: tuple[Facet, ...], key: str, vocabulary: Vocabulary
) -> dict[str, tuple[str, ...]]:
    """Kept by the criterion's facets and the vocabulary (a workspace's, the same object for
    as long as it is kept): a typed condition's axis holds a thousand terms and more, the same
    for every document the criterion reads."""
    held: dict[str, tuple[str, ...]] = {}
    for facet in facets:
        if facet.key == key or facet.kind != CONDITION:
            continue
        words: list[str | None] = [facet.text, facet.core, facet.value, *facet.also]
        if facet.typed and facet.axis:
            for term in vocabulary.terms(facet.axis):
                words += [term.name, *term.aliases]
        held[facet.key] = tuple(dict.fromkeys(word for word in words if word))
    return held


def stated_for_others_of(
    facets: Iterable[Facet], key: str, states: Mapping[str, str | None]
) -> dict[str, tuple[str, ...]]:
    """For the condition `key`, what the reading model reported the profile states for every
    OTHER condition of the same experience (ConditionEvidence.states per facet key) —
    name_fate's stated_for_others."""
    return {
        facet.key: (words,)
        for facet in facets
        if facet.key != key and facet.kind == CONDITION and (words := states.get(facet.key))
    }


def vocabulary_terms_of(vocabulary: Vocabulary) -> frozenset[str]:
    """Every name and alias of the vocabulary, all axes — name_fate's vocabulary_terms."""
    return _terms_of(vocabulary)


@functools.lru_cache(maxsize=8)
def _terms_of(vocabulary: Vocabulary) -> frozenset[str]:
    return frozenset(
        surface
        for axis in vocabulary.axes()
        for term in vocabulary.terms(axis)
        for surface in (term.name, *term.aliases)
    )
