"""The search verb's replies, compact (the agents' default) and full, built from the outcome."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from criteria.lists.block import CRITERION_PREFIX, compact_share, criteria_block, narrowed_by
from limma.access import readable_rows
from limma.match import VOCABULARY_TYPES
from limma.models import ApiKey, Entity, RelationRow
from limma.paging import Page
from limma.services.facts import receipt
from search.again import continue_call
from search.partition import CANNOT_BE_PLACED, MATCHED, NOT_RECORDED, RULED_OUT, Placed
from search.service import (
    CANNOT_TELL,
    DROPPED,
    NOT_BOUND,
    NOT_COMPILED,
    SearchOutcome,
    map_version,
)

OTHERS = (RULED_OUT, NOT_RECORDED, CANNOT_BE_PLACED, CANNOT_TELL)
# entities.matched is the answer to the whole brief, up to this many; matches is paged.
MATCHED_CAP = 200
# What a page shows of its people and their rows (a row's receipt included): nothing else is
# read, so the page's rows are built without their placed terms or dates.
ENTITY_SHOWN = ("id", "key", "display_name")
ROW_SHOWN = (
    *("id", "entity_id", "relation", "values", "origin", "source_table", "columns"),
    *("record_id", "char_start", "char_end", "made_by", "document__source_id", "document__text"),
)


def search_reply(
    outcome: SearchOutcome,
    *,
    key: ApiKey,
    detail: str,
    limit: int,
    offset: int,
    list_limit: int,
    request_id: str,
) -> dict[str, Any]:
    page = Page(
        items=outcome.partition.people(MATCHED, offset=offset, limit=limit),
        total=outcome.counts[MATCHED],
        offset=offset,
    )
    people = PagePeople(outcome, key, [placed.entity_id for placed in page.items])
    reply: dict[str, Any] = {
        "request_id": request_id,
        "detail": detail,
        "map_version": map_version(outcome.workspace),
        "matched": page.counts(),
        "matches": [people.match(placed, full=detail == "full") for placed in page.items],
        "others": {verdict: outcome.counts[verdict] for verdict in OTHERS},
        "complete": not outcome.incomplete_because(),
        "incomplete_because": outcome.incomplete_because(),
        "more": {"entity": more_entity(outcome)},
    }
    again = continue_call(outcome, key)
    if again is not None:
        reply["continue"] = again
    if detail == "full":
        reply.update(full_fields(outcome, people, page.items, list_limit))
        if outcome.criteria is not None:
            unconstrained = reply["unconstrained_relations"]
            reply["criteria"] = [
                criteria_block(outcome.criteria, unconstrained_relations=unconstrained)
            ]
    elif outcome.criteria is not None:
        reply.update(compact_share(outcome.criteria))
        if outcome.criteria.lists is not None:
            # Close people are listed under close; cannot_tell counts everybody else undetermined.
            reply["others"][CANNOT_TELL] = outcome.criteria.lists.cannot_tell
    return reply


def more_entity(outcome: SearchOutcome) -> dict[str, Any]:
    """The call that returns one person's rows and receipts: this search, for that person."""
    call: dict[str, Any] = {
        "constraints": [constraint.as_json() for constraint in outcome.constraints],
        "entity_ids": ["<entity_id>"],
        "detail": "full",
    }
    if outcome.as_of:
        call["as_of"] = outcome.as_of
    return {"verb": "POST /v1/public/search", "with": call}


def full_fields(
    outcome: SearchOutcome, people: PagePeople, page: list[Placed], list_limit: int
) -> dict[str, Any]:
    by_verdict = outcome.partition.firsts(
        {MATCHED: MATCHED_CAP, **dict.fromkeys(OTHERS, list_limit)}
    )
    keys = dict(
        Entity.objects.filter(pk__in=[pk for pks in by_verdict.values() for pk in pks]).values_list(
            "pk", "key"
        )
    )
    pack_relations = set(outcome.workspace.parsed_pack.relations)
    incomplete = outcome.incomplete_because()
    return {
        "constraints": [constraint.as_json() for constraint in outcome.constraints],
        "as_of": outcome.as_of or None,
        "counts": outcome.counts,
        "entities": {
            verdict: [keys[pk] for pk in by_verdict[verdict]] for verdict in (MATCHED, *OTHERS)
        },
        "provenance": people.provenance(page),
        "coverage": {"narrowed_by": narrowed(outcome, incomplete)},
        "unconstrained_relations": sorted(
            pack_relations - {constraint.relation for constraint in outcome.constraints}
        ),
        "gaps": gaps(outcome),
    }


def narrowed(outcome: SearchOutcome, incomplete: dict[str, int]) -> list[str]:
    """What keeps the answer from being complete; a criterion's entries carry its address."""
    ordinary = sorted(reason for reason in incomplete if not reason.startswith(CRITERION_PREFIX))
    return ordinary + (narrowed_by(outcome.criteria) if outcome.criteria is not None else [])


def gaps(outcome: SearchOutcome) -> list[dict[str, Any]]:
    """Every part of the request that was NOT searched, and why."""
    found: list[dict[str, Any]] = [
        {"kind": NOT_BOUND, "constraint": unbound.constraint.as_json(), "why": unbound.reason}
        for unbound in outcome.unbound
    ]
    compiled = outcome.compiled
    if compiled is not None:
        found += [
            {"kind": DROPPED, "words": item["words"], "why": item["why"]}
            for item in compiled.dropped
        ]
        found += [
            {"kind": NOT_COMPILED, "constraint": item["constraint"], "why": item["why"]}
            for item in compiled.not_compiled
        ]
    return found


class PagePeople:
    """The people of one page: their names, who they are now, and the rows behind each match."""

    def __init__(self, outcome: SearchOutcome, key: ApiKey, entity_pks: list[int]) -> None:
        self.outcome = outcome
        self.vocabulary = outcome.workspace.vocabulary
        self.slots = {n: r.slots for n, r in outcome.workspace.parsed_pack.relations.items()}
        self.entities = Entity.objects.only(*ENTITY_SHOWN).in_bulk(entity_pks)
        self.rows: dict[int, list[RelationRow]] = defaultdict(list)
        self.by_id: dict[int, RelationRow] = {}
        rows = readable_rows(key).filter(entity_id__in=entity_pks).select_related("document")
        for row in rows.only(*ROW_SHOWN):
            self.rows[row.entity_id].append(row)
            self.by_id[row.pk] = row

    def key(self, pk: int) -> str:
        return self.entities[pk].key

    def match(self, placed: Placed, *, full: bool) -> dict[str, Any]:
        entity = self.entities[placed.entity_id]
        item: dict[str, Any] = {
            "entity_id": entity.key,
            "name": entity.display_name,
            "about": self.about(placed.entity_id),
            "why": self.why(placed),
        }
        if full:
            item["rows"] = [self.row(row) for row in self.rows[placed.entity_id]]
        return item

    def row(self, row: RelationRow) -> dict[str, Any]:
        return {"relation": row.relation, "values": row.values, "receipt": receipt(row)}

    def why(self, placed: Placed) -> list[dict[str, Any]]:
        reasons = []
        for constraint in self.outcome.constraints:
            row = self.by_id.get(placed.rows.get(constraint.relation, -1))
            if row is None:
                continue
            value = row.values.get(constraint.slot)
            item = {
                "relation": constraint.relation,
                "slot": constraint.slot,
                "op": constraint.op,
                "asked": constraint.value,
                "value": value,
                "receipt": receipt(row),
            }
            slot_type = self.slots[constraint.relation][constraint.slot]
            if slot_type in VOCABULARY_TYPES and value is not None:
                term = self.vocabulary.lookup(str(value), axis=slot_type)
                item["term"] = term.name if term else None
            reasons.append(item)
        return reasons

    def about(self, entity_pk: int) -> dict[str, Any]:
        """Who the person is now: the role held (no end, latest start) and the place's name."""
        rows = self.rows[entity_pk]
        places = [row.values.get("place") for row in rows if row.relation == "based_in"]
        place = next((p for p in places if p), None)
        term = self.vocabulary.lookup(str(place), axis="place") if place else None
        roles = [row for row in rows if row.relation == "held_role" and not row.values.get("end")]
        roles.sort(key=lambda row: str(row.values.get("start") or ""), reverse=True)
        role = roles[0].values if roles else {}
        return {
            "title": role.get("title"),
            "company": role.get("company"),
            "function": role.get("function"),
            "place": term.name if term else place,
        }

    def provenance(self, page: list[Placed]) -> dict[str, int]:
        """How many rows of each origin this page of matches rests on."""
        counts = {"declared": 0, "extracted": 0}
        for placed in page:
            for row_id in set(placed.rows.values()):
                counts[self.by_id[row_id].origin] += 1
        return counts
