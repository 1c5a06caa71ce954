"""The checks a model's split is held to (criteria/criterion/split.py), facet by facet and piece by
piece.

Each facet the model named is kept only where its words are a facet of its kind; each piece of
the text no facet stands for is completed by the reader (a term the vocabulary names by itself)
or handed back with why and, where a facet could state it, what a facet could say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from criteria.criterion.facet_words import (
    ALTERNATIVES,
    CONNECTORS,
    FRAMING,
    MINIMUM,
    VERBS_OF_DOING,
    Piece,
    duration_years,
    holds_a_length,
    is_a_length,
    lead_in,
    names_a_channel,
    names_nothing,
    negates,
    offers_alternatives,
    prefers,
    recency_years,
    words_of,
)
from criteria.criterion.facets import typed_condition
from criteria.types import CONDITION, DURATION, RECENCY, Facet
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold
from limma.vocabulary.functions import FUNCTION

READER = "reader"
# Why a piece is left over (decomposition.incomplete[].why): the spec's closed words.
NO_FACET_STATES_IT = "no_facet_states_it"
NEGATES_OR_BOUNDS = "negates_or_bounds_a_condition"
A_PREFERENCE, AN_ALTERNATIVE = "a_preference", "an_alternative"
NO_MINIMUM_IN_YEARS, NAMES_NOTHING = "no_minimum_in_years", "names_nothing"
JOINS_CONDITIONS = "joins_conditions"
SPLIT, WHOLE = "split", "whole"


@dataclass(frozen=True)
class Left(Piece):
    """A piece of the text no facet stands for: `kind` when it was a model's facet of that kind
    (never completed by the reader: the model named it, wrongly), `joined` when it joined two."""

    kind: str | None = None
    joined: bool = False


@dataclass
class Verdicts:
    """What the reader makes of the pieces, collected in text order."""

    keys: set[str]
    completed: list[Facet] = field(default_factory=list)
    incomplete: list[dict[str, Any]] = field(default_factory=list)
    suggested: list[dict[str, Any]] = field(default_factory=list)

    def key_for(self, wanted: str) -> str:
        found, number = wanted, 1
        while found in self.keys:
            number += 1
            found = f"{wanted}_{number}"
        self.keys.add(found)
        return found

    def left(self, words: str, why: str, suggestions: list[dict[str, Any]] | None = None) -> None:
        entry: dict[str, Any] = {"words": words, "why": why}
        if not suggestions:
            entry["nothing_suggested"] = True
        self.incomplete.append(entry)
        self.suggested += suggestions or []


# -- the model's facets ----------------------------------------------------------------------


def standing_of(item: dict, vocabulary: Vocabulary) -> Facet | None:
    """The facet as the reader holds it, or None where its words are no facet of that kind."""
    kind, words = item.get("kind"), item["text"]
    if kind == CONDITION:
        return _condition(item, words, vocabulary)
    if kind == DURATION:
        _, core = lead_in(words)
        count, how = duration_years(core)
        if how != MINIMUM or not is_a_length(core):
            return None
        return Facet(item["key"], DURATION, words, core=_core(core, words), min_years=count)
    if kind == RECENCY:
        return _recency(item, words)
    return None


def _condition(item: dict, words: str, vocabulary: Vocabulary) -> Facet | None:
    unstateable = (negates, prefers, offers_alternatives, is_a_length, names_nothing)
    if any(test(words) for test in unstateable) or joins_of(item, vocabulary):
        return None
    _, core = lead_in(words)
    typing = typed_condition(core, item.get("value"), vocabulary)
    if typing.fault:  # the model's value is no term, or not the words': the words decide
        typing = typed_condition(core, None, vocabulary)
    return Facet(
        item["key"],
        CONDITION,
        words,
        value=typing.value,
        axis=typing.axis,
        typed=typing.typed,
        typed_reason=typing.reason,
        core=_core(core, words),
    )


def joins_of(item: dict, vocabulary: Vocabulary) -> bool:
    """A condition whose words hold a term among other words: two readings, not one facet."""
    if item.get("kind") != CONDITION:
        return False
    _, core = lead_in(item["text"])
    held = _conditions_held(core, vocabulary)
    return vocabulary.lookup(core) is None and bool(held) and not _a_list(core, held)


def _conditions_held(core: str, vocabulary: Vocabulary) -> list[tuple[int, int, Term]]:
    """The terms among a condition's words that are conditions of their own: in a channel
    phrase a function's term names the channel ("through public procurement"), not the
    person's function, so it joins nothing; any other term still does ("in Germany")."""
    held = vocabulary.find_in(core)
    if names_a_channel(core):
        return [found for found in held if found[2].axis != FUNCTION]
    return held


def _a_list(core: str, held: list[tuple[int, int, Term]]) -> bool:
    """Terms of one axis joined by "and" or commas ("Germany and France"): one condition."""
    rest, cursor = [], 0
    for start, end, _ in held:
        rest.append(core[cursor:start])
        cursor = end
    rest.append(core[cursor:])
    joins = {fold(token) for token, _, _ in words_of(" ".join(rest))}
    return (
        len(held) > 1 and len({term.axis for *_, term in held}) == 1 and joins <= {"and", ",", "&"}
    )


def _recency(item: dict, words: str) -> Facet | None:
    stated = recency_years(words)
    current, within = item.get("current"), item.get("within_years")
    if stated is not None:
        current, within = stated
    if not current and not within:
        return None
    return Facet(item["key"], RECENCY, words, current=bool(current) or None, within_years=within)


def _core(core: str, words: str) -> str | None:
    return core if core != words else None


# -- the pieces no facet stands for ----------------------------------------------------------


def split_judge(
    left: Left, text: str, spans: list[tuple[int, int]], vocabulary: Vocabulary, out: Verdicts
) -> None:
    """One piece: added by the reader, or handed back with why and what a facet could say."""
    left = _widened(left, text, spans)
    words = left.words
    if left.kind == RECENCY and recency_years(words) is None:
        out.left(words, NO_FACET_STATES_IT)
    elif recency_years(words) is not None:
        out.left(words, NO_FACET_STATES_IT, [_recency_suggestion(words, out)])
    elif is_a_length(words):
        _length(words, out)
    else:
        _words(left, vocabulary, out)


def _words(left: Left, vocabulary: Vocabulary, out: Verdicts) -> None:
    words = left.words
    for test, why in _NOTHING_TO_SUGGEST:
        if test(words):
            out.left(words, why)
            return
    if holds_a_length(words):  # a length joined to a condition
        out.left(words, JOINS_CONDITIONS)
        return
    _, core = lead_in(words)
    term = vocabulary.lookup(core)
    if term is not None and left.kind is None:
        out.completed.append(_completed(words, core, term, out))
    elif term is not None:
        suggested = _condition_suggestion(words, out, value=term.name)
        out.left(words, NO_FACET_STATES_IT, [suggested])
    elif (held := _conditions_held(core, vocabulary)) and not _a_list(core, held):
        why = JOINS_CONDITIONS if left.joined else NO_FACET_STATES_IT
        out.left(words, why, _two_readings(words, core, vocabulary, out))
    else:
        out.left(words, NO_FACET_STATES_IT, [_condition_suggestion(words, out)])


_NOTHING_TO_SUGGEST = (
    (negates, NEGATES_OR_BOUNDS),
    (prefers, A_PREFERENCE),
    (offers_alternatives, AN_ALTERNATIVE),
    (names_nothing, NAMES_NOTHING),
)


def _widened(left: Left, text: str, spans: list[tuple[int, int]]) -> Left:
    """A piece that opens or ends with "or" is said with the facet beside it: "marketing or
    sales", never "or sales"."""
    tokens = [fold(token) for token, _, _ in words_of(left.words)]
    start, end = left.start, left.end
    if tokens and tokens[0] in ALTERNATIVES:
        start = max((first for first, last in spans if last <= left.start), default=start)
    if tokens and tokens[-1] in ALTERNATIVES:
        end = min((last for first, last in spans if first >= left.end), default=end)
    if (start, end) == (left.start, left.end):
        return left
    return Left(text[start:end], start, end, kind=left.kind, joined=left.joined)


def _length(words: str, out: Verdicts) -> None:
    _, core = lead_in(words)
    count, how = duration_years(core)
    if how != MINIMUM:
        out.left(words, NO_MINIMUM_IN_YEARS)
        return
    key = out.key_for(DURATION)
    out.left(
        words,
        NO_FACET_STATES_IT,
        [{"key": key, "kind": DURATION, "text": words, "min_years": count}],
    )


def _recency_suggestion(words: str, out: Verdicts) -> dict[str, Any]:
    current, within = recency_years(words) or (False, None)
    facet: dict[str, Any] = {"key": out.key_for(RECENCY), "kind": RECENCY, "text": words}
    return facet | ({"current": True} if current else {"within_years": within})


def _condition_suggestion(words: str, out: Verdicts, **more: Any) -> dict[str, Any]:
    return {"key": out.key_for(_slug(words)), "kind": CONDITION, "text": words, **more}


def _completed(words: str, core: str, term: Term, out: Verdicts) -> Facet:
    return Facet(
        out.key_for(term.axis),
        CONDITION,
        words,
        value=term.name,
        axis=term.axis,
        typed=True,
        core=_core(core, words),
        completed_by=READER,
    )


def _two_readings(
    words: str, core: str, vocabulary: Vocabulary, out: Verdicts
) -> list[dict[str, Any]]:
    """The piece as its terms and the rest ("split"), and as one condition ("whole")."""
    split: list[dict[str, Any]] = []
    cursor = 0
    for start, end, term in vocabulary.find_in(core):
        split += _rest(core[cursor:start], out)
        split.append(
            {
                "key": out.key_for(term.axis),
                "kind": CONDITION,
                "text": core[start:end],
                "value": term.name,
                "reading": SPLIT,
            }
        )
        cursor = end
    split += _rest(core[cursor:], out)
    rests = [facet["key"] for facet in split if "value" not in facet]
    shared = rests[-1] if rests else split[-1]["key"]
    whole = {"key": shared, "kind": CONDITION, "text": words, "reading": WHOLE}
    return [*split, whole]


def _rest(words: str, out: Verdicts) -> list[dict[str, Any]]:
    """Words beside a term that name a condition of their own (not framing or a verb)."""
    tokens = words_of(words)
    empty = CONNECTORS | FRAMING | VERBS_OF_DOING
    while tokens and (tokens[0][0].casefold() in empty or not tokens[0][0].isalnum()):
        tokens.pop(0)
    while tokens and (tokens[-1][0].casefold() in empty or not tokens[-1][0].isalnum()):
        tokens.pop()
    if not tokens:
        return []
    kept = words[tokens[0][1] : tokens[-1][2]]
    return [_condition_suggestion(kept, out, reading=SPLIT)]


def _slug(words: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", fold(words)).strip("_")[:40].rstrip("_")
    return slug or CONDITION
