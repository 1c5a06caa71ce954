"""The offline brief compiler: a brief compiled by rules, with no model and no network.

What it does, and nothing more (its quality is measured, never claimed):
- the brief is cut at its first "has", "have", "had" or "with": what follows is the niche,
  handed on whole as the criterion's text;
- before that cut, a place the shipped vocabulary knows, after "in", "from" or "based in", is a
  constraint on the relation with a place slot ("Germany or Switzerland" is one `in`), unless
  "market" follows it; a job function followed by a word for a role ("Sales leaders", "a
  Marketing role") or after "head of" is a constraint on the relation with a function slot;
- every other word before the cut that is not framing ("Who", "experts", "the") is dropped,
  and said so.
"""

from __future__ import annotations

import re
from typing import Any

from limma.door import offline_handler
from limma.vocabulary import Vocabulary

NICHE_CUT = re.compile(r"\b(?:has|have|had|with)\b", re.IGNORECASE)
PLACE_LEAD = re.compile(
    r"\b(?:in|from|based in|located in|living in)(?:\s+the)?\s*$", re.IGNORECASE
)
ROLE_NOUNS = {
    "leader",
    "leaders",
    "role",
    "roles",
    "director",
    "directors",
    "head",
    "heads",
    "executive",
    "executives",
    "manager",
    "managers",
    "lead",
    "leads",
    "vp",
    "vps",
    "professional",
    "professionals",
    "people",
    "experts",
    "expert",
    "team",
    "function",
    "background",
}
FUNCTION_LEAD = re.compile(r"\b(?:head|heads|vp|vice president|director|chief)\s+of\s*$", re.I)
FRAMING = {
    "who",
    "which",
    "whom",
    "people",
    "person",
    "persons",
    "experts",
    "expert",
    "anyone",
    "someone",
    "everyone",
    "every",
    "all",
    "any",
    "the",
    "a",
    "an",
    "in",
    "from",
    "based",
    "located",
    "living",
    "of",
    "and",
    "or",
    "our",
    "find",
    "list",
    "show",
    "me",
    "us",
    "give",
    "are",
    "is",
    "were",
    "was",
    "there",
    "that",
    "for",
    "to",
    "at",
    "on",
    "by",
} | ROLE_NOUNS
LIST_JOIN = re.compile(r"\s*(?:,|or|and|,\s*or|,\s*and)\s*")
MARKET_AFTER = re.compile(r"\s*markets?\b", re.IGNORECASE)
WORD = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*")


def _relation_with(relations: dict[str, dict[str, str]], slot_type: str) -> tuple[str, str] | None:
    for relation, slots in sorted(relations.items(), key=lambda item: item[0] != "based_in"):
        for slot, kind in slots.items():
            if kind == slot_type:
                return relation, slot
    return None


def _places(head: str, vocabulary: Vocabulary) -> tuple[list[str], list[tuple[int, int]]]:
    """Places after "in", "from" or "based in", and the places a list joins to them."""
    names: list[str] = []
    spans: list[tuple[int, int]] = []
    for start, end, term in vocabulary.find_in(head, axis="place"):
        follows_a_place = bool(spans) and LIST_JOIN.fullmatch(head[spans[-1][1] : start])
        led_in = PLACE_LEAD.search(head[:start]) or follows_a_place
        if led_in and not MARKET_AFTER.match(head[end:]):
            names.append(term.name)
            spans.append((start, end))
    return names, spans


def _functions(head: str, vocabulary: Vocabulary) -> tuple[list[str], list[tuple[int, int]]]:
    names, spans = [], []
    for start, end, term in vocabulary.find_in(head, axis="function"):
        following = WORD.findall(head[end:])[:2]
        if FUNCTION_LEAD.search(head[:start]) or any(w.casefold() in ROLE_NOUNS for w in following):
            names.append(term.name)
            spans.append((start, end))
    return names, spans


def compile_brief(brief: str, relations: dict[str, dict[str, str]]) -> dict[str, Any]:
    vocabulary = Vocabulary.shipped()
    cut = NICHE_CUT.search(brief)
    head, tail = (brief[: cut.start()], brief[cut.end() :]) if cut else (brief, "")
    constraints: list[dict[str, Any]] = []
    taken: list[tuple[int, int]] = []
    for slot_type, found in (("place", _places), ("function", _functions)):
        names, spans = found(head, vocabulary)
        target = _relation_with(relations, slot_type)
        if names and target:
            relation, slot = target
            value: Any = names[0] if len(names) == 1 else names
            constraints.append(
                {
                    "relation": relation,
                    "slot": slot,
                    "op": "eq" if len(names) == 1 else "in",
                    "value": value,
                }
            )
            taken += spans
    dropped = [
        {"words": match.group(), "why": "not_compiled"}
        for match in WORD.finditer(head)
        if match.group().casefold() not in FRAMING
        and not any(start <= match.start() < end for start, end in taken)
    ]
    criterion = tail.strip().rstrip("?.!").strip() or None
    return {"constraints": constraints, "criterion": criterion, "dropped": dropped}


@offline_handler("brief_compiler")
def brief_compiler(request: Any) -> dict[str, Any]:
    return compile_brief(request.brief, request.relations)
