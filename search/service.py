"""POST /v1/public/search: constraints and briefs to a closed set, with whole counts and gaps."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from limma import door
from limma.models import ApiKey, Workspace
from search.brief import Compiled, brief_compile
from search.constraints import Constraint, Unbound, constraints_bound, constraints_parsed
from search.partition import (
    CANNOT_BE_PLACED,
    MATCHED,
    NOT_RECORDED,
    RULED_OUT,
    Placed,
    partition,
)
from search.scope import scope_entity_ids, scope_rows, scope_withheld

# The order a page lists people in is the scope's (name, then id): stable under repeat calls.
VERDICTS = (MATCHED, RULED_OUT, NOT_RECORDED, CANNOT_BE_PLACED)


@dataclass(frozen=True)
class SearchOutcome:
    workspace: Workspace
    constraints: list[Constraint]
    unbound: list[Unbound]
    compiled: Compiled | None
    placed: list[Placed]
    as_of: str
    entity_ids: list[str] | None
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def matched(self) -> list[Placed]:
        return [placed for placed in self.placed if placed.verdict == MATCHED]

    def incomplete_because(self) -> dict[str, int]:
        """What keeps the set from being everything, each with its count (people or pieces)."""
        reasons: Counter[str] = Counter()
        for placed in self.placed:
            if placed.verdict in (NOT_RECORDED, CANNOT_BE_PLACED):
                for relation, why in placed.reasons.items():
                    if why != RULED_OUT:
                        reasons[f"{why}:{relation}"] += 1
        for unbound in self.unbound:
            reasons[f"not_bound:{unbound.reason}"] += 1
        if self.compiled is not None:
            if self.compiled.dropped:
                reasons["dropped"] = len(self.compiled.dropped)
            if self.compiled.not_compiled:
                reasons["not_compiled"] = len(self.compiled.not_compiled)
            if self.compiled.criterion:
                reasons["criterion_not_searched"] = 1
        return dict(sorted(reasons.items()))


def map_version(workspace: Workspace) -> str:
    """Which pack and vocabulary a reply was made under: a change of either changes it."""
    terms = list(workspace.terms.values_list("axis", "name", "broader", "aliases"))
    digest = hashlib.sha256(json.dumps([workspace.pack, terms], sort_keys=True).encode())
    return f"map_{digest.hexdigest()[:12]}"


def search_run(
    *,
    key: ApiKey,
    workspace: Workspace,
    constraints: list[Any],
    brief: str = "",
    entity_ids: list[str] | None = None,
    as_of: str = "",
    request_id: str = "",
) -> SearchOutcome:
    parsed = constraints_parsed(constraints)
    compiled = None
    if brief:
        context = door.CallContext(
            workspace_id=workspace.id, api_key_id=key.pk, request_id=request_id
        )
        compiled = brief_compile(workspace=workspace, brief=brief, context=context)
        parsed += compiled.constraints
    bound, unbound = constraints_bound(parsed, workspace.parsed_pack, workspace.vocabulary)
    entity_pks = scope_entity_ids(key=key, workspace=workspace, entity_ids=entity_ids)
    restricted = entity_pks if entity_ids is not None else None
    relations = {constraint.relation for constraint in bound}
    placed = partition(
        entity_pks,
        scope_rows(key=key, relations=relations, entity_pks=restricted) if relations else [],
        withheld=(
            scope_withheld(key=key, relations=relations, entity_pks=restricted)
            if relations
            else set()
        ),
        constraints=bound,
        relation_slots={name: rel.slots for name, rel in workspace.parsed_pack.relations.items()},
        vocabulary=workspace.vocabulary,
        as_of=as_of,
    )
    counts = Counter(placed_one.verdict for placed_one in placed)
    return SearchOutcome(
        workspace=workspace,
        constraints=bound,
        unbound=unbound,
        compiled=compiled,
        placed=placed,
        as_of=as_of,
        entity_ids=entity_ids,
        counts={"in_scope": len(placed), **{verdict: counts[verdict] for verdict in VERDICTS}},
    )
