"""Names a caller accepts for a condition (a facet's `also`): when stated words ARE a name, and
what a stated name becomes by its own sentence — settled, a vote, or refused (spec: "Saying what
else counts").

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
    - a word of denial anywhere in the sentence outside the name (DENIALS, "n't");
    - an exclusion or a contrast right before the name (EXCLUSIONS: "excluded", "with the
      exception of", "unlike", "lost", ...), a determiner or possessive between them aside;
    - the name as the complement of another thing: <noun> <preposition> <name> ("packaging for
      infant milks", "suppliers of infant milks"), unless that noun is a word of work
      (WORK_WORDS), a term the vocabulary holds, another condition's words or what the profile
      states for another condition ("sales for infant milks") — and unless a verb of the
      closed frame (FRAME_VERBS) stands within four words before the noun: that noun is then
      the "word between the verb and the name" the spec makes a vote ("served customers of …",
      "sold products for …", "ran the business in …"). A participle or an adverb ("-ed",
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
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from criteria.types import CONDITION, Facet
from limma.vocabulary import Vocabulary

SETTLED, VOTE, REFUSED = "settled", "vote", "refused"
FATES = (SETTLED, VOTE, REFUSED)
ACCEPTED_NAME_AND_SECOND_CALL = "accepted_name+second_call"
SECOND_CALL = "second_call"
MAX_NAME_WORDS = 6  # the 422 rule of criteria/facets.py: six words a name

# Why, in one closed word each. Settled:
PERSON_THEN_VERB = "person_then_verb"
WORK_AS_A_THING = "work_as_a_thing"
OWN_WORK_AS_SUBJECT = "own_work_as_subject"
# Refused:
DENIED_IN_ITS_SENTENCE = "denied_in_its_sentence"
EXCLUDED_RIGHT_BEFORE = "excluded_right_before"
COMPLEMENT_OF_ANOTHER_THING = "complement_of_another_thing"
# A vote:
NOT_LED_BY_THE_PERSON = "not_led_by_the_person"
VERB_NOT_LISTED = "verb_not_listed"
WORD_BETWEEN_NOT_WORK = "word_between_not_work"
PREPOSITION_STATES_NO_WORK = "preposition_states_no_work"
BEHIND_THE_NAME_NOT_PLACED = "behind_the_name_not_placed"
MEANS_NOT_PLACED = "means_not_placed"
OR_NOT_AND = "or_not_and"


def _closed(words: str) -> frozenset[str]:
    return frozenset(words.split())


DETERMINERS = _closed("the a an")
# Words that may stand before the stated words of a name and are set aside ("across the …").
PREPOSITIONS_ASIDE = _closed(
    "in across throughout within on of for at to into from with by around among over inside "
    "through via"
)
SUBJECT_PRONOUNS = _closed("she he they i")
POSSESSIVES = _closed("her his their my")
AUXILIARIES = _closed(
    "has have had was were is are been be also personally directly successfully previously "
    "subsequently later then"
)
COPULAS_AND_HAVE = _closed("has have had was were is are been be")
VERBS_OF_DOING = _closed(
    "sell sells sold selling lead leads led leading run runs ran running manage manages managed "
    "managing market markets marketed marketing handle handles handled handling oversee "
    "oversees oversaw overseen overseeing head heads headed heading work works worked working "
    "do does did done doing direct directs directed directing"
)
# Verbs that name the work only through the thing behind them ("took charge of", "spent … on").
THING_VERBS = _closed(
    "take takes took taken taking hold holds held holding spend spends spent spending assume "
    "assumes assumed assuming carry carries carried carrying bear bears bore borne gain gains "
    "gained gaining bring brings brought bringing own owns owned owning"
)
# A noun right behind one of these is the spec's "word between the verb and the name" (a vote),
# never the head of a complement (refused).
FRAME_VERBS = VERBS_OF_DOING | THING_VERBS | _closed("serve serves served serving")
VERB_PREPS = _closed("on in across throughout within")
WORK_PREPS = _closed("of for on in with across throughout within")
WORK_WORDS = _closed(
    "charge responsibility responsibilities responsible launch launches relaunch relaunches "
    "portfolio portfolios experience remit range ranges work oversight ownership leadership "
    "management category categories account accounts brief mandate focus expertise specialism "
    "specialty speciality development"
)
WORK_SUBJECTS = _closed(
    "portfolio portfolios remit range ranges role responsibility responsibilities brief focus "
    "mandate work job territory category categories specialism specialty speciality expertise "
    "experience accounts"
)
SUBJECT_VERBS = _closed(
    "centred centered centres centers focused focussed focuses covered covers included includes "
    "spanned spans comprised comprises encompassed encompasses consisted consists was is were "
    "are been"
)
SUBJECT_PREPS = _closed("on around of in")
DENIALS = _closed("not no never nor neither none nobody nothing without cannot")
EXCLUSIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(phrase.split())
    for phrase in (
        "excluded", "excluding", "excludes", "exclude", "except", "except for", "excepting",
        "with the exception of", "apart from", "aside from", "other than", "rather than",
        "instead of", "as opposed to", "unlike", "versus", "vs", "lost", "outside", "outside of",
    )
)  # fmt: skip
# Between an exclusion and the name: "excluded all infant milks", "lost its infant milks".
EXCLUSION_GAP = DETERMINERS | _closed("all any its her his their")
COMPLEMENT_PREPS = _closed("of for to from in on at with about")
# After the name.
PLACE_PREPS = _closed("in across throughout within")
TIME_PREPS = _closed("since from until till in during between before after")
LENGTH_PREPS = _closed("for over")
MEANS_PREPS = _closed("through via")
TIME_JOINS = _closed("and to until till through the early mid late present today now date")
MONTHS = _closed(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
RANK_WORDS = _closed(
    "head director manager lead leader chief officer vice president vp svp evp ceo cmo cfo coo "
    "cto cco md managing general senior junior associate assistant deputy executive global "
    "regional country area national key account brand category product partner principal "
    "consultant specialist coordinator supervisor owner"
)
TITLE_JOINS = _closed("of and &")
LENGTH_MODIFIERS = _closed(
    "more than over nearly almost about around some at least the past last well roughly "
    "approximately just"
)
LENGTH_COUNTS = _closed("a an several many few couple")
LENGTH_UNITS = _closed("year years month months decade decades week weeks")
NUMBER_WORDS = _closed(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty"
)
OTHER_PREPOSITIONS = _closed(
    "into onto towards toward through via over under about after before since until during "
    "among between against upon per as like"
)
LIST_STOP = (
    SUBJECT_PRONOUNS
    | POSSESSIVES
    | AUXILIARIES
    | VERBS_OF_DOING
    | THING_VERBS
    | PREPOSITIONS_ASIDE
    | OTHER_PREPOSITIONS
    | DENIALS
    | _closed("the a an this that these those it its we our you your them him us me or but so")
    | _closed("which who whom that where when while then also to not lost tried")
)
IRREGULAR_PLURALS = {
    "child": "children", "person": "people", "man": "men", "woman": "women", "foot": "feet",
    "tooth": "teeth", "mouse": "mice", "goose": "geese", "leaf": "leaves", "knife": "knives",
    "shelf": "shelves", "life": "lives", "wife": "wives", "half": "halves", "calf": "calves",
    "loaf": "loaves",
}  # fmt: skip


@dataclass(frozen=True)
class NameFate:
    """What a stated name becomes by its own sentence: fate (settled / vote / refused), and
    why, in one closed word."""

    fate: str
    why: str


# -- words -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"\w+(?:'\w+)*|[^\w\s]")
_HYPHENATED = re.compile(r"\w+(?:[-'\u2019]\w+)*")
_SEPARATORS = str.maketrans(
    {
        "-": " ", "\u2010": " ", "\u2011": " ", "\u2012": " ", "\u2013": " ", "\u2014": " ",
        "\u2212": " ", "\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'",
    }
)  # fmt: skip
_ENDS = frozenset(".!")
_STRAY = frozenset(".,;:!?\"'()[]\u201c\u201d")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _plain(text: str) -> str:
    """Accents off, hyphens and dashes as spaces, curly apostrophes straight; case kept."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_SEPARATORS))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@dataclass(frozen=True)
class _Words:
    """Tokens of some text: `cased` as written (accents aside), `folded` case aside too."""

    cased: tuple[str, ...]
    folded: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.folded)


def _words(text: str) -> _Words:
    cased = tuple(_TOKEN.findall(_plain(text)))
    return _Words(cased, tuple(token.casefold() for token in cased))


def _folded(text: str) -> tuple[str, ...]:
    return _words(text).folded


def _trimmed(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Without stray punctuation at either end ("infant milks." is "infant milks")."""
    first, last = 0, len(tokens)
    while first < last and tokens[first] in _STRAY:
        first += 1
    while last > first and tokens[last - 1] in _STRAY:
        last -= 1
    return tokens[first:last]


def _is_plural_of(plural: str, singular: str) -> bool:
    if len(singular) < 2 or not singular.isalpha():
        return False
    if plural == singular + "s" and not singular.endswith("s"):
        return True
    if plural == singular + "es" and singular.endswith(("s", "x", "z", "ch", "sh", "o")):
        return True
    if (
        plural == singular[:-1] + "ies"
        and singular.endswith("y")
        and len(singular) > 2
        and singular[-2] not in "aeiou"
    ):
        return True
    return IRREGULAR_PLURALS.get(singular) == plural


def _same_word(one: str, two: str) -> bool:
    """The same word, its plural aside."""
    return one == two or _is_plural_of(one, two) or _is_plural_of(two, one)


def _same_tokens(one: tuple[str, ...], two: tuple[str, ...]) -> bool:
    """Word for word, only the last word's plural aside."""
    return (
        bool(one) and len(one) == len(two) and one[:-1] == two[:-1] and _same_word(one[-1], two[-1])
    )


def _without_determiner(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tokens[1:] if len(tokens) > 1 and tokens[0] in DETERMINERS else tokens


def _without_lead(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Without every leading determiner and preposition ("across the Alpine cluster")."""
    at = 0
    while at < len(tokens) - 1 and tokens[at] in DETERMINERS | PREPOSITIONS_ASIDE:
        at += 1
    return tokens[at:]


# -- 1. the stated words ARE the name --------------------------------------------------------


def name_matches(states: str, name: str) -> bool:
    """Whether the words a profile states for a condition ARE the caller's name, whole.

    A leading determiner or preposition of the stated words aside, the last word's plural
    aside, case, accents and hyphens aside; nothing taken off the name (its own leading
    "the"/"a"/"an" aside), no spelling tolerance, and a longer phrase or a list is another name.
    """
    stated = _trimmed(_folded(states))
    named = _without_determiner(_trimmed(_folded(name)))
    if not stated or all(token in DETERMINERS | PREPOSITIONS_ASIDE for token in named):
        return False  # a name of no word but "the" or "in" names nothing (a 422 besides)
    for at in range(len(stated)):
        if _same_tokens(stated[at:], named):
            return True
        if stated[at] not in DETERMINERS | PREPOSITIONS_ASIDE:
            return False
    return False


def same_name(first: str, second: str) -> bool:
    """Two stated words that are one name: each without its leading determiners and
    prepositions, the last word's plural aside (how stated_instead counts people)."""
    one = _without_lead(_trimmed(_folded(first)))
    two = _without_lead(_trimmed(_folded(second)))
    return _same_tokens(one, two)


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


# -- what the criterion and the vocabulary hold ---------------------------------------------


@dataclass(frozen=True)
class _Phrase:
    folded: tuple[str, ...]
    cased: tuple[str, ...] | None  # set for a short surface, matched with its case as written


@functools.lru_cache(maxsize=16)
def _phrase_index(surfaces: frozenset[str]) -> dict[str, tuple[_Phrase, ...]]:
    """Surfaces by their first folded token; a short one ("IT", "PR") keeps its case."""
    index: dict[str, list[_Phrase]] = {}
    for surface in surfaces:
        words = _words(surface)
        folded, cased = _trimmed(words.folded), _trimmed(words.cased)
        if len(folded) > 1 and folded[0] == "the":
            folded, cased = folded[1:], cased[1:]
        if not folded:
            continue
        short = len("".join(folded)) < 3
        index.setdefault(folded[0], []).append(_Phrase(folded, cased if short else None))
    return {first: tuple(phrases) for first, phrases in index.items()}


def _phrase_ends(
    index: Mapping[str, tuple[_Phrase, ...]], words: _Words, at: int, *, plural: bool = True
) -> set[int]:
    """Where a phrase of the index that starts at `at` ends (the last word's plural aside)."""
    if at >= len(words):
        return set()
    ends = set()
    for phrase in index.get(words.folded[at], ()):
        end = at + len(phrase.folded)
        if end > len(words):
            continue
        here = words.folded[at:end]
        same = _same_tokens(here, phrase.folded) if plural else here == phrase.folded
        if not same:
            continue
        if phrase.cased is not None and words.cased[at:end] != phrase.cased:
            continue
        ends.add(end)
    return ends


def _first_word_index(phrases: Iterable[str]) -> dict[str, tuple[_Phrase, ...]]:
    return _phrase_index(frozenset(phrase for phrase in phrases if phrase and phrase.strip()))


def _stripped_index(phrases: Iterable[str], lead: frozenset[str]) -> dict[str, tuple[_Phrase, ...]]:
    """The phrases, each also without its leading words of `lead` ("through distributors")."""
    kept = set()
    for phrase in phrases:
        if not phrase or not phrase.strip():
            continue
        kept.add(phrase)
        tokens = phrase.split()
        while len(tokens) > 1 and tokens[0].casefold() in lead:
            tokens = tokens[1:]
            kept.add(" ".join(tokens))
    return _phrase_index(frozenset(kept))


@dataclass(frozen=True)
class _Context:
    person: tuple[str, ...]
    own: dict[str, tuple[_Phrase, ...]]  # other conditions' own words and axis terms
    own_bare: dict[str, tuple[_Phrase, ...]]  # the same, leading preposition/determiner aside
    stated: dict[str, tuple[_Phrase, ...]]  # what the profile states for other conditions
    terms: dict[str, tuple[_Phrase, ...]]  # every vocabulary term

    def thing_ends(self, words: _Words, at: int) -> set[int]:
        """A thing the reader knows is the person's work, starting at `at`."""
        ends = set()
        if at < len(words) and words.folded[at] in WORK_WORDS:
            ends.add(at + 1)
        ends |= _length_ends(words, at)
        ends |= _phrase_ends(self.own, words, at) | _phrase_ends(self.own_bare, words, at)
        ends |= _phrase_ends(self.stated, words, at)
        return ends


def _context(
    person: str | None,
    other_conditions: Mapping[str, Iterable[str]],
    stated_for_others: Mapping[str, Iterable[str]] | None,
    vocabulary_terms: Collection[str],
) -> _Context:
    own = [words for values in other_conditions.values() for words in values if words]
    stated = [words for values in (stated_for_others or {}).values() for words in values if words]
    named = _trimmed(_folded(person or ""))
    return _Context(
        person=tuple(token for token in named if token not in _STRAY),
        own=_first_word_index(own),
        own_bare=_stripped_index(own, DETERMINERS | PREPOSITIONS_ASIDE),
        stated=_first_word_index(stated),
        terms=_phrase_index(frozenset(vocabulary_terms)),
    )


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
    context = _context(person, other_conditions, stated_for_others, vocabulary_terms)
    before, _ = _lead_into_prefix(_words(sentence[:start]), _words(sentence[start:end]))
    after = _without_end(_words(sentence[end:]))

    if _denies(sentence[:start]) or _denies(sentence[end:]):
        return NameFate(REFUSED, DENIED_IN_ITS_SENTENCE)
    if _excluded_right_before(before.folded):
        return NameFate(REFUSED, EXCLUDED_RIGHT_BEFORE)
    form, why_not = _prefix_form(before, context)
    if form is not None:
        placed, behind = _suffix_placed(after, context)
        if placed:
            return NameFate(SETTLED, form)
        why_not = behind
    if _complement_of_another_thing(before, context):
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


def _lead_into_prefix(before: _Words, name: _Words) -> tuple[_Words, _Words]:
    """A determiner or preposition the span opens with stands before the name."""
    at = 0
    while at < len(name) - 1 and name.folded[at] in DETERMINERS | PREPOSITIONS_ASIDE:
        at += 1
    if not at:
        return before, name
    moved = _Words(before.cased + name.cased[:at], before.folded + name.folded[:at])
    return moved, _Words(name.cased[at:], name.folded[at:])


def _without_end(after: _Words) -> _Words:
    """Without the full stop (or "!") that ends the sentence."""
    last = len(after)
    while last and after.folded[last - 1] in _ENDS:
        last -= 1
    return _Words(after.cased[:last], after.folded[:last])


def _denies(text: str) -> bool:
    """A word of denial, a hyphenated word kept whole ("no-code" is no "no")."""
    tokens = [token.casefold() for token in _HYPHENATED.findall(_plain_keep_hyphens(text))]
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


# -- the settled forms: what stands before the name -----------------------------------------


def _prefix_form(before: _Words, context: _Context) -> tuple[str | None, str]:
    """(the settled form's word, "") or (None, why the words before the name are no form)."""
    why_not = NOT_LED_BY_THE_PERSON
    for start in sorted(_lead_starts(before, context)):
        form, why = _from_subject(before, start, context)
        if form is not None:
            return form, ""
        if why != NOT_LED_BY_THE_PERSON:
            why_not = why
    return None, why_not


def _lead_starts(words: _Words, context: _Context) -> set[int]:
    """Where the subject may start: at 0, or behind a leading place or time ("In 2019, she …")."""
    starts, todo = {0}, [0]
    while todo:
        at = todo.pop()
        for end in _place_ends(words, at, context) | _time_ends(words, at):
            after = end + 1 if end < len(words) and words.folded[end] == "," else end
            if after not in starts:
                starts.add(after)
                todo.append(after)
    return starts


def _from_subject(words: _Words, at: int, context: _Context) -> tuple[str | None, str]:
    folded = words.folded
    if at >= len(folded):
        return None, NOT_LED_BY_THE_PERSON
    person = context.person
    for size in range(len(person), 0, -1):
        if folded[at : at + size] == person[:size]:
            return _doing(words, at + size, context)
        if (
            folded[at : at + size - 1] == person[: size - 1]
            and at + size - 1 < len(folded)
            and folded[at + size - 1] == person[size - 1] + "'s"
        ):
            return _own_work(words, at + size, context)
    if folded[at] in SUBJECT_PRONOUNS:
        return _doing(words, at + 1, context)
    if folded[at] in POSSESSIVES or folded[at] == "the":
        return _own_work(words, at + 1, context)
    return None, NOT_LED_BY_THE_PERSON


def _own_work(words: _Words, at: int, context: _Context) -> tuple[str | None, str]:
    """Form C: "her portfolio centred on", "their remit covered", "The range in question was"."""
    folded, size = words.folded, len(words)
    if at >= size or folded[at] not in WORK_SUBJECTS:
        return None, NOT_LED_BY_THE_PERSON
    at += 1
    if folded[at : at + 2] == ("in", "question"):
        at += 2
    while at < size and folded[at] in _closed("has have had also"):
        at += 1
    if at >= size or folded[at] not in SUBJECT_VERBS:
        return None, VERB_NOT_LISTED
    at += 1
    if at < size and folded[at] in SUBJECT_PREPS:
        at += 1
    if at < size and folded[at] in DETERMINERS:
        at += 1
    if at == size:
        return OWN_WORK_AS_SUBJECT, ""
    return None, _why_between(folded, at)


def _doing(words: _Words, at: int, context: _Context) -> tuple[str | None, str]:
    """Forms A and B: the person, [auxiliaries,] then a verb of doing or a thing and its
    preposition ("she sold", "has led", "took charge of sales for", "was responsible for")."""
    folded, size = words.folded, len(words)
    auxiliary = False
    while at < size and folded[at] in AUXILIARIES:
        auxiliary = auxiliary or folded[at] in COPULAS_AND_HAVE
        at += 1
    if at >= size:
        return None, VERB_NOT_LISTED
    verb = folded[at]
    if verb in VERBS_OF_DOING:
        things, failed = _chain(words, at + 1, context, direct=True)
    elif verb in THING_VERBS:
        things, failed = _chain(words, at + 1, context, direct=False)
        things = things if things else -1
    elif auxiliary:
        things, failed = _chain(words, at, context, direct=False)
        things = things if things else -1
        if things < 0 and failed == at:
            return None, VERB_NOT_LISTED
    else:
        return None, VERB_NOT_LISTED
    if things < 0:
        return None, _why_between(folded, failed)
    return (WORK_AS_A_THING if things else PERSON_THEN_VERB), ""


def _chain(words: _Words, at: int, context: _Context, *, direct: bool) -> tuple[int, int]:
    """(how many things stand between the verb and the name, or -1; the furthest token read).

    What may stand there: nothing; [det] right before the name; directly behind a verb of
    doing one of VERB_PREPS ("worked on"); or things, each ["in"] [det] <thing> <WORK_PREPS>.
    """
    folded, size = words.folded, len(words)
    best, furthest = -1, at

    def walk(position: int, count: int, first: bool) -> None:
        nonlocal best, furthest
        furthest = max(furthest, position)
        rest = folded[position:]
        if not rest or (len(rest) == 1 and rest[0] in DETERMINERS):
            best = max(best, count)
            return
        if first and direct and rest[0] in VERB_PREPS:
            after = folded[position + 1 :]
            if not after or (len(after) == 1 and after[0] in DETERMINERS):
                best = max(best, count)
                return
        thing = position
        if folded[thing] == "in":
            thing += 1
        ends = context.thing_ends(words, thing)  # "a decade" is a length, not "a" "decade"
        if thing < size and folded[thing] in DETERMINERS:
            ends |= context.thing_ends(words, thing + 1)
        for end in sorted(ends):
            if end < size and folded[end] in WORK_PREPS:
                walk(end + 1, count + 1, False)

    walk(at, 0, True)
    return best, furthest


def _why_between(folded: tuple[str, ...], failed: int) -> str:
    """A preposition that ends the words before the name states no work ("sold into", "worked
    towards"); anything else there is a word between the verb and the name that is no work."""
    rest = folded[failed:]
    if len(rest) == 1 and rest[0] in PREPOSITIONS_ASIDE | OTHER_PREPOSITIONS:
        return PREPOSITION_STATES_NO_WORK
    return WORD_BETWEEN_NOT_WORK


# -- the settled forms: what stands behind the name -----------------------------------------


def _suffix_placed(after: _Words, context: _Context) -> tuple[bool, str]:
    """Whether every word behind the name is a segment the reader can place; else why not."""
    size = len(after)
    reached: set[int] = set()

    @functools.cache
    def rest(at: int) -> bool:
        reached.add(at)
        if at == size:
            return True
        if after.folded[at] == "," and rest(at + 1):
            return True
        previous = after.folded[at - 1] if at else ""
        if any(rest(end) for end in sorted(_segment_ends(after, at, previous, context))):
            return True
        # More of a list stands right behind the name; a means ends the sentence: behind it
        # everything is a longer channel ("through distributors and pet shops").
        if at == 0 and any(rest(end) for end in sorted(_list_ends(after, at))):
            return True
        return size in _means_ends(after, at, context)

    if rest(0):
        return True, ""
    stuck = max(reached)
    word = after.folded[stuck] if stuck < size else ""
    if word in MEANS_PREPS:
        return False, MEANS_NOT_PLACED
    if word == "or" or (word == "," and stuck + 1 < size and after.folded[stuck + 1] == "or"):
        return False, OR_NOT_AND
    return False, BEHIND_THE_NAME_NOT_PLACED


def _segment_ends(after: _Words, at: int, previous: str, context: _Context) -> set[int]:
    ends = _title_ends(after, at, context, bare=previous == ",")
    ends |= _place_ends(after, at, context)
    return ends | _time_ends(after, at)


def _item_ends(words: _Words, at: int) -> set[int]:
    """One item of a list: [det] one to five words, none of LIST_STOP."""
    folded = words.folded
    if at < len(folded) and folded[at] in DETERMINERS:
        at += 1
    ends = set()
    for end in range(at + 1, min(at + 5, len(folded)) + 1):
        token = folded[end - 1]
        if not token[0].isalnum() or token in LIST_STOP:
            break
        ends.add(end)
    return ends


def _list_ends(words: _Words, at: int) -> set[int]:
    """More of a list, "and" only: [, item]* [,] and item."""
    folded = words.folded
    ends: set[int] = set()
    todo, seen = [at], {at}
    while todo:
        position = todo.pop()
        if position < len(folded) and folded[position] == "and":
            ends |= _item_ends(words, position + 1)
        if position < len(folded) and folded[position] == ",":
            if position + 1 < len(folded) and folded[position + 1] == "and":
                ends |= _item_ends(words, position + 2)
            for end in _item_ends(words, position + 1):
                if end not in seen:
                    seen.add(end)
                    todo.append(end)
    return ends


def _title_ends(words: _Words, at: int, context: _Context, *, bare: bool) -> set[int]:
    """A title: "as" [det] a run of rank words, vocabulary terms, another condition's words and
    of/and — at least one rank word, none of of/and last. Behind a comma "as" may be left out."""
    folded = words.folded
    if at < len(folded) and folded[at] == "as":
        at += 1
    elif not bare:
        return set()
    if at < len(folded) and folded[at] in DETERMINERS:
        at += 1
    ends: set[int] = set()
    todo: list[tuple[int, bool]] = [(at, False)]
    seen = set(todo)
    while todo:
        position, ranked = todo.pop()
        steps: list[tuple[int, bool, bool]] = []  # (end, has a rank word, ends on a join)
        if position < len(folded):
            word = folded[position]
            if word in RANK_WORDS:
                steps.append((position + 1, True, False))
            if word in TITLE_JOINS and position > at:
                steps.append((position + 1, ranked, True))
            for end in _phrase_ends(context.terms, words, position) | _phrase_ends(
                context.own_bare, words, position
            ):
                steps.append((end, ranked, False))
        for end, has_rank, joined in steps:
            if has_rank and not joined:
                ends.add(end)
            if (end, has_rank) not in seen:
                seen.add((end, has_rank))
                todo.append((end, has_rank))
    return ends


def _place_ends(words: _Words, at: int, context: _Context) -> set[int]:
    """in / across / throughout / within + places the reader can place, joined by and / ","."""
    folded, size = words.folded, len(words)
    if at >= size or folded[at] not in PLACE_PREPS:
        return set()
    ends: set[int] = set()
    todo, seen = [at + 1], {at + 1}
    while todo:
        position = todo.pop()
        if position < size and folded[position] in DETERMINERS:
            position += 1
        found = _phrase_ends(context.terms, words, position) | _phrase_ends(
            context.own_bare, words, position
        )
        for end in found:
            ends.add(end)
            following = end
            if following < size and folded[following] == ",":
                following += 1
            if following < size and folded[following] in ("and", "&"):
                following += 1
            if following > end and following not in seen:
                seen.add(following)
                todo.append(following)
    return ends


def _is_year(token: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d(?:s)?", token))


def _time_ends(words: _Words, at: int) -> set[int]:
    """since 2019, from 2001 to 2015, in May 2015, between 2001 and 2015, for 22 years."""
    folded = words.folded
    if at >= len(folded):
        return set()
    ends: set[int] = set()
    if folded[at] in TIME_PREPS:
        position, dated = at + 1, False
        while position < len(folded):
            token = folded[position]
            if _is_year(token):
                dated = True
            elif not (token in MONTHS or token in TIME_JOINS or re.fullmatch(r"\d{1,2}", token)):
                break
            position += 1
            if dated and (_is_year(token) or token in MONTHS or token in _closed("present now")):
                ends.add(position)
    if folded[at] in LENGTH_PREPS:
        ends |= _length_ends(words, at + 1)
    return ends


def _length_ends(words: _Words, at: int) -> set[int]:
    """A length of time: [modifiers] a count [+] [of] a unit ("ten years", "more than 20 years",
    "a decade", "a couple of years")."""
    folded = words.folded
    position = at
    while position < len(folded) and folded[position] in LENGTH_MODIFIERS:
        position += 1
    if position >= len(folded):
        return set()
    count = folded[position]
    if not (_NUMBER.fullmatch(count) or count in NUMBER_WORDS or count in LENGTH_COUNTS):
        return set()
    position += 1
    if position < len(folded) and folded[position] == "+":
        position += 1
    if position < len(folded) and folded[position] == "of":
        position += 1
    if position < len(folded) and folded[position] in LENGTH_UNITS:
        return {position + 1}
    return set()


def _means_ends(words: _Words, at: int, context: _Context) -> set[int]:
    """through / via + a means placed by what the reader KNOWS: every word of it a vocabulary
    term, a number or a date — or the means word for word another condition as written."""
    folded = words.folded
    if at >= len(folded) or folded[at] not in MEANS_PREPS:
        return set()
    start = at + 1
    ends = _phrase_ends(context.own_bare, words, start, plural=False)
    known: set[int] = set()
    todo = [start + 1] if start < len(folded) and folded[start] in DETERMINERS else []
    todo.append(start)
    seen = set(todo)
    while todo:
        position = todo.pop()
        steps = _phrase_ends(context.terms, words, position, plural=False)
        if position < len(folded):
            token = folded[position]
            if _NUMBER.fullmatch(token) or _is_year(token) or token in MONTHS:
                steps.add(position + 1)
        for end in steps:
            known.add(end)
            if end not in seen:
                seen.add(end)
                todo.append(end)
    return ends | known


# -- refused: the name as the complement of another thing ------------------------------------


def _complement_of_another_thing(before: _Words, context: _Context) -> bool:
    """<noun> <preposition> [det] <name>, the noun no work, no term, no condition's words, and
    no verb of the frame right before the noun ("designed packaging for infant milks")."""
    folded = before.folded
    end = len(folded)
    while end and folded[end - 1] in DETERMINERS:
        end -= 1
    if end < 2 or folded[end - 1] not in COMPLEMENT_PREPS:
        return False
    head = end - 1  # the noun ends here (exclusive)
    noun = folded[head - 1]
    if not _is_a_thing(folded, head - 1):
        return False
    for index in (context.terms, context.own, context.own_bare, context.stated):
        for start in range(max(0, head - MAX_NAME_WORDS), head):
            if head in _phrase_ends(index, before, start):
                return False
    if noun in WORK_WORDS:
        return False
    for position in range(head - 2, max(-1, head - 6), -1):
        word = folded[position]
        if not word[0].isalnum():
            break
        if word in FRAME_VERBS:
            return False
    return True


def _is_a_thing(folded: tuple[str, ...], at: int) -> bool:
    """Whether the word may be the noun a complement hangs on: a word, no pronoun, determiner,
    preposition, auxiliary or verb of the lists, no "-ed" participle, no number, and no "-ing"
    word behind its subject ("she specialising in")."""
    word = folded[at]
    if not word[0].isalpha():
        return False
    closed = (
        SUBJECT_PRONOUNS
        | POSSESSIVES
        | DETERMINERS
        | PREPOSITIONS_ASIDE
        | OTHER_PREPOSITIONS
        | AUXILIARIES
        | FRAME_VERBS
        | SUBJECT_VERBS
    )
    if word in closed or word.endswith(("ed", "ly")):
        return False  # a participle or an adverb: "specialised in", "centred mainly on"
    return not (
        word.endswith("ing")
        and at
        and folded[at - 1] in SUBJECT_PRONOUNS | AUXILIARIES | _closed("it we you")
    )


# -- what the caller wires in ---------------------------------------------------------------


def other_conditions_of(
    facets: Iterable[Facet], key: str, vocabulary: Vocabulary
) -> dict[str, tuple[str, ...]]:
    """For the condition `key`, the words every OTHER condition of the criterion holds: its
    text, core, value, accepted names and, where typed, every term (name and aliases) of its
    axis — name_fate's other_conditions."""
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
