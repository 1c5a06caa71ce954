"""A way on when nobody fits: the words the near misses' documents use instead of a condition's.

When a niche met nobody, the search's full block holds, per condition left open, the words the
people one condition short state instead (`stated_instead`) and the words every near miss states,
nearest the condition's own first (`worded_instead`, docs/embeddings.md). The page shows them
under "Nobody fits." with a person who states each ([source]), and offers to ask again with
those words accepted as names of the condition (`also`), so the reader may prove them
(docs/pages.md#a-way-on-when-nobody-fits). The block is the answer's own search sent again,
its niche by address and reuse-only: nothing is read and nothing is spent.
"""

from __future__ import annotations

from typing import Any

from criteria.rules.names.rule import same_name
from limma.ids import new_request_id
from limma.models import ApiKey, Entity, Workspace
from qa_view.answer.origin import Search
from search.replies import search_reply
from search.service import search_run

REUSE_ONLY = {"max_reads": 0}
WORDS_SHOWN = 6  # words offered in all
PER_CONDITION = 3  # of one condition
LISTS = ("stated_instead", "worded_instead")  # one condition short first, then every near miss
# What a facet keeps when it is asked again: the shape a caller states a facet in.
FACET_FIELDS = ("key", "kind", "text", "value", "min_years", "also")


def _block(*, key: ApiKey, workspace: Workspace, search: Search) -> dict[str, Any]:
    request_id = new_request_id()
    outcome = search_run(
        key=key,
        workspace=workspace,
        constraints=search.constraints,
        criteria=[{"address": search.criterion}],
        criteria_budget=REUSE_ONLY,
        list_limit=200,
        request_id=request_id,
    )
    reply = search_reply(
        outcome, key=key, detail="full", limit=1, offset=0, list_limit=200, request_id=request_id
    )
    return (reply.get("criteria") or [{}])[0]


def _stated(entry: dict[str, Any], condition: str) -> list[str]:
    """The words an undetermined entry's first reading stated for the condition."""
    words = [(entry.get("stated") or {}).get(condition) or ""]
    words += [
        quote.get("states") or ""
        for quote in entry.get("different") or []
        if quote.get("facet") == condition
    ]
    return [w for w in words if w]


def _stater(block: dict[str, Any], condition: str, words: str) -> str:
    """The entity_id of somebody whose documents state these words for the condition."""
    for entry in block.get("undetermined") or []:
        if any(same_name(words, stated) for stated in _stated(entry, condition)):
            return str(entry.get("entity_id") or "")
    return ""


def words_instead(*, key: ApiKey, workspace: Workspace, search: Search) -> dict[str, Any]:
    """{"facets": the niche's facets, "words": [{"condition", "text", "states", "people",
    "entity_id"}, ...]}; empty when the answer's niche offers no other words."""
    if not search.criterion:
        return {}
    block = _block(key=key, workspace=workspace, search=search)
    facets = [
        {field: facet[field] for field in FACET_FIELDS if facet.get(field) not in (None, "", [])}
        for facet in block.get("facets") or []
    ]
    texts = {facet["key"]: facet.get("text") or facet["key"] for facet in facets}
    words: list[dict[str, Any]] = []
    for listed in LISTS:
        for condition, found in (block.get(listed) or {}).items():
            if condition not in texts:
                continue
            for value in (found.get("values") or [])[:PER_CONDITION]:
                states = str(value.get("states") or "")
                said = any(
                    w["condition"] == condition and same_name(w["states"], states) for w in words
                )
                if not states or said:
                    continue
                words.append(
                    {
                        "condition": condition,
                        "text": texts[condition],
                        "states": states,
                        "people": int(value.get("people") or 0),
                        "entity_id": _stater(block, condition, states),
                    }
                )
    words = [w for w in words if w["entity_id"]][:WORDS_SHOWN]
    names = dict(
        Entity.objects.filter(
            workspace=workspace, key__in=[w["entity_id"] for w in words]
        ).values_list("key", "display_name")
    )
    for w in words:
        w["name"] = names.get(w["entity_id"]) or ""
    niche = str(block.get("text") or search.niche_words or "")
    return {"niche": niche, "facets": facets, "words": words} if words and niche else {}


def facets_accepting(facets: list[dict[str, Any]], words: list[dict[str, Any]]) -> list[dict]:
    """The niche's facets with the words its documents use accepted as names (`also`)."""
    accepted: list[dict[str, Any]] = []
    for facet in facets:
        also = list(facet.get("also") or [])
        also += [
            w["states"] for w in words if w["condition"] == facet["key"] and w["states"] not in also
        ]
        accepted.append({**facet, "also": also} if also else dict(facet))
    return accepted
