"""The words of a name's sentence and how they match (criteria/rules/names/rule.py): tokens with
case, accents and hyphens aside, a last word's plural aside, and the phrases the criterion and the
vocabulary hold, indexed once for the forms before the name (criteria/rules/names/forms.py) and the
segments behind it (criteria/rules/names/behind.py).

A length of time is read here too: it is a thing before the name ("spent ten years on") as much
as a time behind it ("for 22 years").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from criteria.rules.names.lists import (
    ARTICLES,
    IRREGULAR_PLURALS,
    LENGTH_COUNTS,
    LENGTH_MODIFIERS,
    LENGTH_UNITS,
    NUMBER_WORDS,
    PREPOSITIONS_ASIDE,
    WORK_WORDS,
)

# -- words -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"\w+(?:'\w+)*|[^\w\s]")
HYPHENATED = re.compile(r"\w+(?:[-'\u2019]\w+)*")
_SEPARATORS = str.maketrans(
    {
        "-": " ", "\u2010": " ", "\u2011": " ", "\u2012": " ", "\u2013": " ", "\u2014": " ",
        "\u2212": " ", "\u2018": "'", "\u2019": "'", "\u02bc": "'", "`": "'",
    }
)  # fmt: skip
ENDS = frozenset(".!")
_STRAY = frozenset(".,;:!?\"'()[]\u201c\u201d")
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _plain(text: str) -> str:
    """Accents off, hyphens and dashes as spaces, curly apostrophes straight; case kept."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_SEPARATORS))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


@dataclass(frozen=True)
class Words:
    """Tokens of some text: `cased` as written (accents aside), `folded` case aside too."""

    cased: tuple[str, ...]
    folded: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.folded)


def words_of(text: str) -> Words:
    cased = tuple(_TOKEN.findall(_plain(text)))
    return Words(cased, tuple(token.casefold() for token in cased))


def folded_tokens(text: str) -> tuple[str, ...]:
    return words_of(text).folded


def trimmed(tokens: tuple[str, ...]) -> tuple[str, ...]:
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


def same_tokens(one: tuple[str, ...], two: tuple[str, ...]) -> bool:
    """Word for word, only the last word's plural aside."""
    return (
        bool(one) and len(one) == len(two) and one[:-1] == two[:-1] and _same_word(one[-1], two[-1])
    )


def without_determiner(tokens: tuple[str, ...]) -> tuple[str, ...]:
    return tokens[1:] if len(tokens) > 1 and tokens[0] in ARTICLES else tokens


def without_lead(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Without every leading determiner and preposition ("across the Alpine cluster")."""
    at = 0
    while at < len(tokens) - 1 and tokens[at] in ARTICLES | PREPOSITIONS_ASIDE:
        at += 1
    return tokens[at:]


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
        words = words_of(surface)
        folded, cased = trimmed(words.folded), trimmed(words.cased)
        if len(folded) > 1 and folded[0] == "the":
            folded, cased = folded[1:], cased[1:]
        if not folded:
            continue
        short = len("".join(folded)) < 3
        index.setdefault(folded[0], []).append(_Phrase(folded, cased if short else None))
    return {first: tuple(phrases) for first, phrases in index.items()}


def phrase_ends(
    index: Mapping[str, tuple[_Phrase, ...]], words: Words, at: int, *, plural: bool = True
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
        same = same_tokens(here, phrase.folded) if plural else here == phrase.folded
        if not same:
            continue
        if phrase.cased is not None and words.cased[at:end] != phrase.cased:
            continue
        ends.add(end)
    return ends


def _first_word_index(phrases: Iterable[str]) -> dict[str, tuple[_Phrase, ...]]:
    return _first_word_index_of(tuple(phrases))


@functools.lru_cache(maxsize=16)
def _first_word_index_of(phrases: tuple[str, ...]) -> dict[str, tuple[_Phrase, ...]]:
    """Kept by the phrases, as _stripped_index_of is."""
    return _phrase_index(frozenset(phrase for phrase in phrases if phrase and phrase.strip()))


def _stripped_index(phrases: Iterable[str], lead: frozenset[str]) -> dict[str, tuple[_Phrase, ...]]:
    """The phrases, each also without its leading words of `lead` ("through distributors")."""
    return _stripped_index_of(tuple(phrases), lead)


@functools.lru_cache(maxsize=16)
def _stripped_index_of(
    phrases: tuple[str, ...], lead: frozenset[str]
) -> dict[str, tuple[_Phrase, ...]]:
    """Kept by the phrases: a criterion's other conditions hold every term of their axis (a
    thousand and more), the same for every document it reads."""
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
class Context:
    person: tuple[str, ...]
    own: dict[str, tuple[_Phrase, ...]]  # other conditions' own words and axis terms
    own_bare: dict[str, tuple[_Phrase, ...]]  # the same, leading preposition/determiner aside
    stated: dict[str, tuple[_Phrase, ...]]  # what the profile states for other conditions
    terms: dict[str, tuple[_Phrase, ...]]  # every vocabulary term

    def thing_ends(self, words: Words, at: int) -> set[int]:
        """A thing the reader knows is the person's work, starting at `at`."""
        ends = set()
        if at < len(words) and words.folded[at] in WORK_WORDS:
            ends.add(at + 1)
        ends |= length_ends(words, at)
        ends |= phrase_ends(self.own, words, at) | phrase_ends(self.own_bare, words, at)
        ends |= phrase_ends(self.stated, words, at)
        return ends


def context_of(
    person: str | None,
    other_conditions: Mapping[str, Iterable[str]],
    stated_for_others: Mapping[str, Iterable[str]] | None,
    vocabulary_terms: Collection[str],
) -> Context:
    own = [words for values in other_conditions.values() for words in values if words]
    stated = [words for values in (stated_for_others or {}).values() for words in values if words]
    named = trimmed(folded_tokens(person or ""))
    return Context(
        person=tuple(token for token in named if token not in _STRAY),
        own=_first_word_index(own),
        own_bare=_stripped_index(own, ARTICLES | PREPOSITIONS_ASIDE),
        stated=_first_word_index(stated),
        terms=_phrase_index(frozenset(vocabulary_terms)),
    )


def length_ends(words: Words, at: int) -> set[int]:
    """A length of time: [modifiers] a count [+] [of] a unit ("ten years", "more than 20 years",
    "a decade", "a couple of years")."""
    folded = words.folded
    position = at
    while position < len(folded) and folded[position] in LENGTH_MODIFIERS:
        position += 1
    if position >= len(folded):
        return set()
    count = folded[position]
    if not (NUMBER.fullmatch(count) or count in NUMBER_WORDS or count in LENGTH_COUNTS):
        return set()
    position += 1
    if position < len(folded) and folded[position] == "+":
        position += 1
    if position < len(folded) and folded[position] == "of":
        position += 1
    if position < len(folded) and folded[position] in LENGTH_UNITS:
        return {position + 1}
    return set()
