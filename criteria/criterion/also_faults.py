"""Why a name a caller accepts for a condition (`also`) is refused.

A name the reader can tell is wrong: a denial or a preference, a length, a name of nothing, the
condition itself or another condition's, or a name the vocabulary places outside the condition's
typed value. The list itself is read in criteria/criterion/facets.py; the fault words are in
criteria/criterion/facet_faults.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from criteria.criterion.facet_faults import (
    ALSO_ANOTHER,
    ALSO_IS_A_LENGTH,
    ALSO_IS_CONDITION,
    ALSO_NAMES_NOTHING,
    ALSO_NEGATES,
    ALSO_OUTSIDE,
)
from criteria.criterion.facet_words import (
    holds_a_length,
    is_a_length,
    names_nothing,
    negates,
    prefers,
    same_words,
)
from criteria.types import Facet
from limma.vocabulary import Term, Vocabulary


def also_faults(facet: Facet, built: list[tuple[Facet, Any]], vocabulary: Vocabulary) -> list[str]:
    """Why each name the caller accepts for a condition is one the reader can tell is wrong."""
    others = [other for other, _ in built if other.key != facet.key]
    found = (_name_fault(name, facet, others, vocabulary) for name in facet.also)
    return [fault for fault in found if fault]


def _name_fault(name: str, facet: Facet, others: list[Facet], vocabulary: Vocabulary) -> str | None:
    if negates(name) or prefers(name):
        return ALSO_NEGATES
    if is_a_length(name) or holds_a_length(name):
        return ALSO_IS_A_LENGTH
    if names_nothing(name):
        return ALSO_NAMES_NOTHING
    term = vocabulary.lookup(name)
    if _states(facet, name, term):
        return ALSO_IS_CONDITION
    if any(_states(other, name, term) or _among(name, other.also) for other in others):
        return ALSO_ANOTHER
    if facet.typed and not _inside_value(name, facet, vocabulary):
        return ALSO_OUTSIDE
    return None


def _states(facet: Facet, name: str, term: Term | None) -> bool:
    """Whether `name` is the facet's own words, its core, or the term it is typed with."""
    if same_words(name, facet.text) or (facet.core and same_words(name, facet.core)):
        return True
    return bool(facet.typed and term and term.name == facet.value and term.axis == facet.axis)


def _among(name: str, names: Iterable[str]) -> bool:
    return any(same_words(name, other) for other in names)


def _inside_value(name: str, facet: Facet, vocabulary: Vocabulary) -> bool:
    """A typed condition's name must be placed under its value, never beside or above it."""
    value = vocabulary.lookup(facet.value or "", axis=facet.axis)
    if value is None:
        return True
    own = vocabulary.lookup(name, axis=facet.axis)
    held = (
        [own] if own is not None else [t for _, _, t in vocabulary.find_in(name, axis=facet.axis)]
    )
    return all(vocabulary.is_under(term, value) for term in held)
