"""For a niche that met nobody: the words the near misses' documents use instead of a
condition's, nearest the condition's own words first (the embedded sentence model's cosine).

stated_instead counts the words of people ONE condition short, most people first. A niche worded
otherwise than the documents ("surgical stapling devices", "public procurement") leaves most
people short of several conditions, so that list stays empty and the visitor is told nobody
fits. worded_instead reads every undetermined person's stated words for each condition left
open — the same words stated_instead reads, held to the same could_send_back — and ranks them
by how near they come to the condition's words, so the caller can ask in those words or accept
one (`also`) knowingly. A likeness ranks; it never accepts: nothing here is a match.

Pure over the undetermined entries and the facets; the model embeds only the condition's words
and the distinct words listed (no document is read).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from criteria.lists.stated_instead import (
    CONFLICT,
    OFFERED_BECAUSE,
    READ_IN_ANOTHER_ROLE,
    could_send_back,
)
from criteria.rules.names.rule import same_name
from criteria.types import CONDITION, Facet
from limma.embeddings import texts_embed
from limma.vocabulary import Vocabulary

PROPOSED_BY = "embedded_model"


def worded_instead(
    undetermined_entries: Iterable[dict],
    facets: tuple[Facet, ...],
    *,
    list_limit: int,
    vocabulary: Vocabulary,
) -> dict[str, dict[str, Any]]:
    """Per condition: {"distinct": n, "proposed_by": "embedded_model", "values": [{"states",
    "people", "similarity"}, ...]}, nearest first, cut at list_limit (distinct stays whole).
    An untyped condition only: a typed one's other words are other values, never names."""
    conditions = {f.key: f for f in facets if f.kind == CONDITION and not f.typed}
    found: dict[str, list[tuple[str, set[str]]]] = {key: [] for key in conditions}
    for entry in undetermined_entries:
        if entry.get("reason") == CONFLICT:
            continue
        for key, words in _open_words(entry, conditions):
            if not could_send_back(words, conditions[key], facets, vocabulary):
                continue
            groups = found[key]
            group = next((g for g in groups if same_name(words, g[0])), None)
            if group is None:
                groups.append((words, {str(entry.get("entity_id", ""))}))
            else:
                group[1].add(str(entry.get("entity_id", "")))
    result: dict[str, dict[str, Any]] = {}
    for key, groups in found.items():
        if not groups:
            continue
        facet = conditions[key]
        vectors = texts_embed([facet.core or facet.text, *(words for words, _ in groups)])
        cosines = vectors[1:] @ vectors[0]
        values = [
            {"states": words, "people": len(people), "similarity": round(float(cosine), 2)}
            for (words, people), cosine in zip(groups, cosines, strict=True)
        ]
        values.sort(key=lambda v: (-v["similarity"], -v["people"], v["states"].casefold()))
        result[key] = {
            "distinct": len(values),
            "proposed_by": PROPOSED_BY,
            "values": values[:list_limit],
        }
    return result


def _open_words(entry: dict, conditions: dict[str, Facet]) -> list[tuple[str, str]]:
    """(condition, words) for each condition left open with words the first reading stated."""
    out = []
    for key, why in (entry.get("missing_because") or {}).items():
        if key not in conditions or why not in OFFERED_BECAUSE or why in READ_IN_ANOTHER_ROLE:
            continue
        quotes = [q for q in entry.get("different") or () if q.get("facet") == key]
        words = (entry.get("stated") or {}).get(key) or next(
            (q["states"] for q in quotes if q.get("states")), None
        )
        if isinstance(words, str) and words.strip():
            out.append((key, " ".join(words.split())))
    return out
