"""A caller's split of a criterion, checked against its text before anything is read or paid for.

A facet is the text's own words for ONE condition. The reader holds those words to rules, so it
refuses (422 criterion_facets_invalid, every fault named `<key>:<what>`) any facet it can tell is
wrong: words that are not the text's, a length that is no minimum in years, a count that
disagrees with its own words, a value the vocabulary does not hold, a name the vocabulary places
elsewhere. What it accepts it echoes with what it made of it: `value`/`typed` (held to the
vocabulary, only where the words name ONE term by themselves), `core` (without a lead-in),
`carried` (a plain verb of doing that leads into a facet, checked by nobody) and
`unchecked_words` (words no facet took). The word lists are closed on purpose: a word outside
them is reported, never silently absorbed. Framing and lead-ins match case aside only; the
words that refuse something (a denial, a preference) also match accents aside, so that an
accent can hide a word from the reader but never a refusal from the caller.

The same word rules serve a model's split (criteria/criterion/split.py). The word lists and the
readers built on them are in criteria/criterion/facet_words.py, the fault words in
criteria/criterion/facet_faults.py, and the faults of the names a condition accepts in
criteria/criterion/also_faults.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from criteria.criterion.address import DEMONYMS_TYPE, switched_on
from criteria.criterion.also_faults import also_faults
from criteria.criterion.facet_demonyms import TYPED_BY_DEMONYM, demonym_term
from criteria.criterion.facet_faults import (
    ALSO_NAME_TOO_LONG,
    ALSO_NAMES_NOTHING,
    ALSO_NOT_A_LIST,
    ALSO_TOO_MANY_NAMES,
    CONDITION_HOLDS_A_LENGTH,
    CONDITION_IS_A_PREFERENCE,
    CONDITION_IS_AN_ALTERNATIVE,
    CONDITION_NAMES_NOTHING,
    CONDITION_NEGATES,
    CURRENT_NOT_A_BOOLEAN,
    FACETS_EMPTY,
    FACETS_INVALID,
    FACETS_NOT_A_LIST,
    KEY_DUPLICATED,
    KEY_MISSING,
    KIND_UNKNOWN,
    LENGTH_AND_MORE,
    MIN_YEARS_DISAGREES,
    MIN_YEARS_IS_NO_MINIMUM,
    MIN_YEARS_MISSING,
    MIN_YEARS_NOT_A_NUMBER,
    MIN_YEARS_NOT_IN_YEARS,
    MIN_YEARS_NOT_STATED,
    NOT_A_FACET,
    NOT_OF_ITS_KIND,
    RECENCY_MISSING,
    TEXT_MISSING,
    TEXT_NOT_IN_CRITERION,
    TEXT_OVERLAPS,
    VALUE_NOT_IN_VOCABULARY,
    VALUE_NOT_THE_WORDS,
    WITHIN_YEARS_DISAGREES,
    WITHIN_YEARS_NOT_A_NUMBER,
)
from criteria.criterion.facet_words import (
    NAMING_NOTHING,
    NEGATING_PHRASES,
    NEGATORS,
    NO_COUNT,
    NO_MINIMUM,
    NOT_IN_YEARS,
    PREFERENCES,
    PREFERRING_PHRASES,
    Span,
    duration_years,
    find_words,
    holds_a_length,
    is_a_length,
    lead_in,
    names_nothing,
    negates,
    offers_alternatives,
    prefers,
    read_gaps,
    recency_years,
)
from criteria.types import CONDITION, DURATION, FACET_KINDS, RECENCY, Facet
from limma.errors import InvalidRequest
from limma.vocabulary import Term, Vocabulary

# The 422 word lists (criteria/criterion/facet_words.py) are read from here too.
__all__ = [
    "MAX_NAMES",
    "MAX_NAME_WORDS",
    "NAMING_NOTHING",
    "NEGATING_PHRASES",
    "NEGATORS",
    "PREFERENCES",
    "PREFERRING_PHRASES",
    "TERM_IS_NOT_THE_HEAD",
    "Typing",
    "facets_from_caller",
    "typed_condition",
]

TERM_IS_NOT_THE_HEAD = "term_is_not_the_head"
MAX_NAMES, MAX_NAME_WORDS = 12, 6


# -- typing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Typing:
    value: str | None
    axis: str | None
    typed: bool
    reason: str | None
    fault: str | None = None


def typed_condition(words: str, value: Any, vocabulary: Vocabulary) -> Typing:
    """The ONE vocabulary term a condition means: the value given, or the words' own term."""
    if value is not None:
        term = vocabulary.lookup(value) if isinstance(value, str) and value.strip() else None
        if term is None:
            return Typing(None, None, False, None, VALUE_NOT_IN_VOCABULARY)
        fault = None if _words_fit(words, term, vocabulary) else VALUE_NOT_THE_WORDS
        return Typing(term.name, term.axis, True, None, fault)
    term = vocabulary.lookup(words)
    if term is not None:
        return Typing(term.name, term.axis, True, None)
    term = demonym_term(words, vocabulary) if switched_on(DEMONYMS_TYPE) else None
    if term is not None:
        return Typing(term.name, term.axis, True, TYPED_BY_DEMONYM)
    if vocabulary.find_in(words):
        return Typing(None, None, False, TERM_IS_NOT_THE_HEAD)
    return Typing(None, None, False, None)


def _words_fit(words: str, term: Term, vocabulary: Vocabulary) -> bool:
    """Words that name a term by themselves name the value; terms among them are under it."""
    own = vocabulary.lookup(words, axis=term.axis)
    if own is None and switched_on(DEMONYMS_TYPE):
        own = demonym_term(words, vocabulary)
        own = own if own is not None and own.axis == term.axis else None
    if own is not None:
        return own.name == term.name
    held = vocabulary.find_in(words, axis=term.axis)
    return all(vocabulary.is_under(found, term) for _, _, found in held)


# -- a caller's facets -----------------------------------------------------------------------


def facets_from_caller(
    text: str, raw_facets: list[dict], vocabulary: Vocabulary
) -> tuple[tuple[Facet, ...], list[str]]:
    """The caller's facets as the reader holds them, and the words of the text none took.

    Raises InvalidRequest(criterion_facets_invalid, faults=[...]) naming every fault found.
    """
    if not isinstance(raw_facets, list):
        raise InvalidRequest(FACETS_INVALID, faults=[f"facets:{FACETS_NOT_A_LIST}"])
    if not raw_facets:
        raise InvalidRequest(FACETS_INVALID, faults=[f"facets:{FACETS_EMPTY}"])
    faults: list[str] = []
    built: list[tuple[Facet, Span | None]] = []
    placing = _Placing(text, vocabulary)
    for index, raw in enumerate(raw_facets):
        facet, span, found = _one_facet(index, raw, placing)
        faults += found
        if facet is not None:
            built.append((facet, span))
    for facet, _ in built:
        faults += [f"{facet.key}:{fault}" for fault in also_faults(facet, built, vocabulary)]
    if faults:
        raise InvalidRequest(FACETS_INVALID, faults=list(dict.fromkeys(faults)))
    gaps = read_gaps(text, [(span[0], span[1], facet.key) for facet, span in built if span])
    facets = tuple(_with_carried(facet, gaps.carried) for facet, _ in built)
    return facets, [piece.words for piece in gaps.pieces]


def _with_carried(facet: Facet, carried: dict[str, str]) -> Facet:
    words = carried.get(facet.key)
    if words is None:
        return facet
    return replace(facet, carried=(words,))


@dataclass
class _Placing:
    """The text the caller's facets are held to, and what earlier facets already took."""

    text: str
    vocabulary: Vocabulary
    seen: set[str] = field(default_factory=set)
    taken: list[Span] = field(default_factory=list)


def _one_facet(
    index: int, raw: Any, placing: _Placing
) -> tuple[Facet | None, Span | None, list[str]]:
    name = f"facets[{index}]"
    if not isinstance(raw, dict):
        return None, None, [f"{name}:{NOT_A_FACET}"]
    facet_key = raw.get("key")
    if not isinstance(facet_key, str) or not facet_key.strip():
        return None, None, [f"{name}:{KEY_MISSING}"]
    if facet_key in placing.seen:
        return None, None, [f"{facet_key}:{KEY_DUPLICATED}"]
    placing.seen.add(facet_key)
    text, vocabulary, taken = placing.text, placing.vocabulary, placing.taken
    words = raw.get("text")
    kind = raw.get("kind")
    found = [] if kind in FACET_KINDS else [KIND_UNKNOWN]
    if not isinstance(words, str) or not words.strip():
        return None, None, [f"{facet_key}:{fault}" for fault in [*found, TEXT_MISSING]]
    words = " ".join(words.split())
    span = find_words(text, words, taken)
    if span is None:
        found.append(TEXT_OVERLAPS if find_words(text, words) else TEXT_NOT_IN_CRITERION)
    else:
        taken.append(span)
    facet = None
    if kind in FACET_KINDS:
        facet, kind_faults = _BUILDERS[kind](facet_key, words, raw, vocabulary)
        found += kind_faults + _off_kind(raw, kind)
    return facet, span, [f"{facet_key}:{fault}" for fault in found]


_KIND_FIELDS = {
    CONDITION: ("value", "also"),
    DURATION: ("min_years",),
    RECENCY: ("current", "within_years"),
}


def _off_kind(raw: dict, kind: str) -> list[str]:
    """Fields of another kind given a value: a min_years on a condition, a value on a length."""
    others = [name for k, names in _KIND_FIELDS.items() if k != kind for name in names]
    return [
        NOT_OF_ITS_KIND.format(field=name) for name in others if raw.get(name) not in (None, [])
    ]


def _condition(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    _, core = lead_in(words)
    faults = [fault for test, fault in _CONDITION_TESTS if test(words)][:1]
    typing = typed_condition(core, raw.get("value"), vocabulary)
    faults += [typing.fault] if typing.fault else []
    names, name_faults = _names(raw.get("also"))
    facet = Facet(
        key=facet_key,
        kind=CONDITION,
        text=words,
        value=typing.value,
        axis=typing.axis,
        typed=typing.typed,
        typed_reason=typing.reason,
        core=core if core != words else None,
        also=names,
    )
    return facet, faults + name_faults


_CONDITION_TESTS = (
    (negates, CONDITION_NEGATES),
    (prefers, CONDITION_IS_A_PREFERENCE),
    (offers_alternatives, CONDITION_IS_AN_ALTERNATIVE),
    (holds_a_length, CONDITION_HOLDS_A_LENGTH),
    (names_nothing, CONDITION_NAMES_NOTHING),
)


def _duration(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    _, core = lead_in(words)
    min_years = raw.get("min_years")
    faults = []
    if min_years is None:
        faults.append(MIN_YEARS_MISSING)
    elif isinstance(min_years, bool) or not isinstance(min_years, int | float) or min_years <= 0:
        faults.append(MIN_YEARS_NOT_A_NUMBER)
        min_years = None
    count, how = duration_years(core)
    faults += _length_faults(count, how, min_years, core)
    facet = Facet(
        key=facet_key,
        kind=DURATION,
        text=words,
        core=core if core != words else None,
        min_years=float(min_years) if min_years is not None else None,
    )
    return facet, faults


def _length_faults(count: float | None, how: str, min_years: Any, words: str) -> list[str]:
    if how == NO_MINIMUM:
        return [MIN_YEARS_IS_NO_MINIMUM]
    if how == NOT_IN_YEARS:
        return [MIN_YEARS_NOT_IN_YEARS]
    if how == NO_COUNT:
        return [MIN_YEARS_NOT_STATED]
    faults = [] if is_a_length(words) else [LENGTH_AND_MORE]
    if min_years is not None and count is not None and abs(float(min_years) - count) > 1e-9:
        faults.append(MIN_YEARS_DISAGREES)
    return faults


def _recency(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    current, within = raw.get("current"), raw.get("within_years")
    faults = []
    if current is not None and not isinstance(current, bool):
        faults.append(CURRENT_NOT_A_BOOLEAN)
        current = None
    if within is not None and (
        isinstance(within, bool) or not isinstance(within, int | float) or within <= 0
    ):
        faults.append(WITHIN_YEARS_NOT_A_NUMBER)
        within = None
    if not current and within is None and not faults:
        faults.append(RECENCY_MISSING)
    stated = recency_years(words)
    if within is not None and stated and stated[1] is not None and stated[1] != float(within):
        faults.append(WITHIN_YEARS_DISAGREES)
    facet = Facet(
        key=facet_key,
        kind=RECENCY,
        text=words,
        current=current,
        within_years=float(within) if within is not None else None,
    )
    return facet, faults


_BUILDERS = {CONDITION: _condition, DURATION: _duration, RECENCY: _recency}


# -- names the caller accepts (also) ---------------------------------------------------------


def _names(raw: Any) -> tuple[tuple[str, ...], list[str]]:
    if raw is None:
        return (), []
    if not isinstance(raw, list):
        return (), [ALSO_NOT_A_LIST]
    faults = [ALSO_TOO_MANY_NAMES] if len(raw) > MAX_NAMES else []
    names = []
    for name in raw:
        if not isinstance(name, str) or not name.strip():
            faults.append(ALSO_NAMES_NOTHING)
        elif len(name.split()) > MAX_NAME_WORDS:
            faults.append(ALSO_NAME_TOO_LONG)
        else:
            names.append(" ".join(name.split()))
    return tuple(dict.fromkeys(names)), faults
