"""What the near-misses state instead: per condition, the words that candidates ONE CONDITION
SHORT state for the condition they lack, with how many people state them
(docs/concepts.md#stated-instead).

Words and counts, never a judgment: which of them count is the caller's to say, by sending a
value back in the facet's `also`. So the list offers only words a caller COULD send back — never
a value the vocabulary places outside a typed condition, a denial or a preference, a length, a
whole sentence, words that name nothing, a rank or a country under another kind of condition,
a name the criterion already holds, or the words of a condition read in another role.

Pure functions over the undetermined entries (criteria/lists/four.py) and the facets: no database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from criteria.criterion.facet_words import (
    NAMING_NOTHING,
    NEGATING_PHRASES,
    NEGATORS,
    PREFERENCES,
    PREFERRING_PHRASES,
)
from criteria.rules.names.rule import DENIALS, MAX_NAME_WORDS, RANK_WORDS, same_name
from criteria.types import CONDITION, DIFFERENT, Facet
from limma.text import closed, fold
from limma.vocabulary import Term, Vocabulary

LIST_LIMIT_MAX = 200
CONFLICT = "conflict"
PLACE_AXIS = "place"
# A condition whose own kind is a rank: a rank stated for it is no "other kind".
RANK_AXES = ("rank", "seniority", "title", "level")

# missing_because reasons whose stated words are ANOTHER value for the condition: offered.
OFFERED_BECAUSE = frozenset(
    {DIFFERENT, "second_call:different", "second_call:no", "typing_call:no_term"}
)
# Words read in another role, or not the person's: never offered (listed for the reader; any
# reason outside OFFERED_BECAUSE is not offered either).
READ_IN_ANOTHER_ROLE = frozenset(
    {
        "second_call:role_different",
        "second_call:another_role",
        "second_call:beside_the_work",
        "second_call:not_the_person",
    }
)


# The 422 word lists a name is refused for (criteria/criterion/facet_words.py): one list, shared.
_NEGATING_PHRASES = NEGATING_PHRASES
_NEGATORS = DENIALS | NEGATORS
_PREFERENCES = PREFERENCES | frozenset(PREFERRING_PHRASES)
_NAMING_NOTHING = NAMING_NOTHING | closed(
    "and & for in of on at across within throughout to into from by with as through via over "
    "during among inside around the a an"
)
_UNITS = re.compile(r"\b(?:years?|yrs?|months?|mos|weeks?|wks?|days?|quarters?|hours?|decades?)\b")
_SENTENCE_MARKS = re.compile(r"[.!?;:]")
_WORD = re.compile(r"\w+(?:[-'\u2019]\w+)*|[^\w\s]")
_PEOPLE = frozenset(("she", "he", "they", "we", "her", "his", "their", "our", "my", "it", "its"))
_PEOPLE |= frozenset(("you", "your", "him", "them", "me", "us"))
_FINITE_VERBS = closed("sold ran led oversaw did took spent was were has have had is are been")
# A rank word that is a rank by itself, not a word that qualifies one ("brand", "senior").
_RANKS = RANK_WORDS - closed(
    "managing general senior junior global regional country area national key account brand "
    "category product"
)
_JOINS = frozenset(("and", "&", ",", "/", "or", "the", "of", "in", "across", "throughout"))


@dataclass(frozen=True)
class _Stated:
    entity_id: str
    facet: str
    words: str


def stated_instead(
    undetermined_entries: list[dict],
    facets: tuple[Facet, ...],
    *,
    list_limit: int,
    vocabulary: Vocabulary,
) -> dict[str, dict]:
    """Per condition: {"distinct": n, "values": [{"states": words, "people": n}, ...]}.

    Values most people first, then by their words; cut at list_limit (0-200) while distinct
    stays the whole count. A condition nobody offers words for is left out.

    What each entry must carry — an undetermined entry as criteria/lists/four.py builds it, plus ONE
    key the read must add:

        {"entity_id": "benedikte_ravn",
         "reason": "silent",                        # a conflict is never one condition short
         "missing_because": {"product": "different"},   # exactly one open condition
         "different": [{"facet": "product", "text": "designed packaging for infant milks",
                        "states": "packaging for infant milks",
                        "value": None, "checked_by": None, ...}],   # Quote.as_json()
         "stated": {"product": "packaging for infant milks"}}      # NEW, optional

    * "stated" — per condition left open, what the FIRST reading reported the profile states
      for it (ConditionEvidence.states), kept only where that quote was found in the
      document. It wins over a `different` quote's `states` (both are the first reading's
      words); without either nothing is offered for the person — a quote's `text` never is,
      it may be a whole sentence.
    * a `different` quote of the condition that carries `value` is a value the vocabulary (or
      the typing call) PLACED: on a typed condition that is outside it, and nothing is offered.
    * missing_because must be one of OFFERED_BECAUSE (different, second_call:different,
      second_call:no, typing_call:no_term); words read in another role
      (second_call:role_different, second_call:another_role, …) and every other reason offer
      nothing.
    People are counted once per value, by entity_id.
    """
    if not 0 <= list_limit <= LIST_LIMIT_MAX:
        raise ValueError(f"list_limit must be 0..{LIST_LIMIT_MAX}, not {list_limit}")
    conditions = {facet.key: facet for facet in facets if facet.kind == CONDITION}
    held = _held_names(facets)
    offered: dict[str, list[_Stated]] = {key: [] for key in conditions}
    for entry in undetermined_entries:
        stated = _stated(entry, conditions)
        if stated is None:
            continue
        facet = conditions[stated.facet]
        if could_send_back(stated.words, facet, facets, vocabulary, held=held):
            offered[stated.facet].append(stated)
    result: dict[str, dict] = {}
    for key, items in offered.items():
        values = _counted(items)
        if values:
            result[key] = {"distinct": len(values), "values": values[:list_limit]}
    return result


def _held_names(facets: Iterable[Facet]) -> tuple[str, ...]:
    """Every name the criterion already holds: each condition's text, core, value, also."""
    return tuple(
        words
        for facet in facets
        if facet.kind == CONDITION
        for words in (facet.text, facet.core, facet.value, *facet.also)
        if words
    )


def _stated(entry: Mapping[str, Any], conditions: Mapping[str, Facet]) -> _Stated | None:
    """The words an entry one condition short states for the condition it lacks, or None."""
    if entry.get("reason") == CONFLICT:
        return None
    because = entry.get("missing_because") or {}
    if len(because) != 1:
        return None
    ((key, why),) = because.items()
    facet = conditions.get(key)
    if facet is None or why not in OFFERED_BECAUSE or why in READ_IN_ANOTHER_ROLE:
        return None
    quotes = [q for q in entry.get("different") or () if q.get("facet") == key]
    if facet.typed and any(q.get("value") for q in quotes):
        return None  # the vocabulary or the typing call placed it: outside the condition
    words = (entry.get("stated") or {}).get(key) or next(
        (q["states"] for q in quotes if q.get("states")), None
    )
    if not isinstance(words, str) or not words.strip():
        return None
    return _Stated(str(entry.get("entity_id", "")), key, " ".join(words.split()))


def _counted(items: list[_Stated]) -> list[dict[str, Any]]:
    """One value per name (same_name), its people counted once each; most people first."""
    groups: list[tuple[list[str], set[str]]] = []  # (surfaces as stated, people)
    for item in items:
        group = next((g for g in groups if same_name(item.words, g[0][0])), None)
        if group is None:
            groups.append(([item.words], {item.entity_id}))
        elif item.entity_id not in group[1]:
            group[0].append(item.words)
            group[1].add(item.entity_id)
    values = [
        {"states": _most_written(surfaces), "people": len(people)} for surfaces, people in groups
    ]
    values.sort(key=lambda value: (-value["people"], value["states"].casefold(), value["states"]))
    return values


def _most_written(surfaces: list[str]) -> str:
    return min(set(surfaces), key=lambda words: (-surfaces.count(words), words.casefold(), words))


# -- words a caller could send back ----------------------------------------------------------


def could_send_back(
    words: str,
    facet: Facet,
    facets: Iterable[Facet],
    vocabulary: Vocabulary,
    *,
    held: Iterable[str] | None = None,
) -> bool:
    """Whether stated words are a value the caller could send back as the facet's `also`."""
    facets = tuple(facets)
    tokens = _folded_tokens(words)
    if not tokens or len(words.split()) > MAX_NAME_WORDS:
        return False
    if _is_a_sentence(words, tokens) or _negates(tokens) or _prefers(tokens):
        return False
    if _is_a_length(tokens) or all(t in _NAMING_NOTHING or not _worded(t) for t in tokens):
        return False
    names = _held_names(facets) if held is None else tuple(held)
    if any(same_name(words, name) for name in names):
        return False
    if _names_another_condition(words, facet, facets, vocabulary):
        return False
    if facet.typed and _outside_the_value(words, facet, vocabulary):
        return False
    if facet.axis != PLACE_AXIS and _only(words, vocabulary, PLACE_AXIS):
        return False  # a country under another kind of condition
    return not (_is_a_rank(words, vocabulary) and not _rank_axis(facet.axis))


def _worded(token: str) -> bool:
    return any(char.isalnum() for char in token)


def _folded_tokens(words: str) -> list[str]:
    return _WORD.findall(fold(words))


def _is_a_sentence(words: str, tokens: list[str]) -> bool:
    """Sentence punctuation, or a pronoun or a finite verb as written ("she sold infant
    milks"; "IT services" holds no "it", "managed nutrition" no verb)."""
    if _SENTENCE_MARKS.search(words):
        return True
    written = [fold(t) if t == t.lower() else t for t in _WORD.findall(words)]
    return any(t in _PEOPLE or t in _FINITE_VERBS for t in written) or "I" in written


def _negates(tokens: list[str]) -> bool:
    joined = f" {' '.join(tokens)} "
    return any(t in _NEGATORS or t.endswith("n't") for t in tokens) or any(
        f" {phrase} " in joined for phrase in _NEGATING_PHRASES
    )


def _prefers(tokens: list[str]) -> bool:
    joined = f" {' '.join(tokens)} "
    return any(t in _PREFERENCES for t in tokens) or any(
        f" {phrase} " in joined for phrase in _PREFERENCES if " " in phrase
    )


def _is_a_length(tokens: list[str]) -> bool:
    """Only a number, or a unit of time among the words ("5 years", "a decade", "18 months";
    "omega-3 infant milks" is no length)."""
    words = [t for t in tokens if t.isalnum()]
    if words and all(t.isdigit() for t in words):
        return True
    return bool(_UNITS.search(" ".join(tokens)))


def _names_another_condition(
    words: str, facet: Facet, facets: tuple[Facet, ...], vocabulary: Vocabulary
) -> bool:
    """The term another typed condition is typed with ("brand management" is Marketing)."""
    for other in facets:
        if other.key == facet.key or other.kind != CONDITION or not other.typed:
            continue
        term = vocabulary.lookup(words, axis=other.axis)
        if term is not None and term.name == other.value:
            return True
    return False


def _outside_the_value(words: str, facet: Facet, vocabulary: Vocabulary) -> bool:
    """A term of the facet's axis in the words that is not under its value (Southeast Asia
    under Europe), or a term broader than it."""
    value = vocabulary.lookup(facet.value or "", axis=facet.axis)
    if value is None or not facet.axis:
        return False
    own = vocabulary.lookup(words, axis=facet.axis)
    found: list[Term] = (
        [own] if own is not None else [t for _, _, t in vocabulary.find_in(words, axis=facet.axis)]
    )
    return any(not vocabulary.is_under(term, value) for term in found)


def _only(words: str, vocabulary: Vocabulary, axis: str) -> bool:
    """The words are terms of the axis and nothing else (joins aside): "Poland", "Germany and
    France" — not "Greek yoghurt"."""
    found = vocabulary.find_in(words, axis=axis)
    if not found:
        return False
    rest, cursor = [], 0
    for start, end, _ in found:
        rest.append(words[cursor:start])
        cursor = end
    rest.append(words[cursor:])
    return all(token in _JOINS for token in _folded_tokens(" ".join(rest)))


def _is_a_rank(words: str, vocabulary: Vocabulary) -> bool:
    """A rank: a rank word, perhaps with the words that qualify it and the function it leads
    ("marketing director", "VP", "head of sales", "senior brand manager") and nothing else."""
    rest, cursor = [], 0
    for start, end, _ in vocabulary.find_in(words, axis="function"):
        rest.append(words[cursor:start])
        cursor = end
    rest.append(words[cursor:])
    tokens = _folded_tokens(" ".join(rest))
    return any(t in _RANKS for t in tokens) and all(t in RANK_WORDS or t in _JOINS for t in tokens)


def _rank_axis(axis: str | None) -> bool:
    return bool(axis) and any(word in (axis or "").casefold() for word in RANK_AXES)
