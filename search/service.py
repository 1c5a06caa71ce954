"""POST /v1/public/search: constraints and briefs to a closed set, with whole counts and gaps."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from criteria.lists.block import (
    CRITERION_CONFLICT,
    CRITERION_NO_DOCUMENTS,
    CRITERION_NOT_READ,
    CRITERION_PREFIX,
    CRITERION_SILENT,
    narrowed_by,
    unread_people,
)
from criteria.service import CriteriaRun, criteria_run
from limma import door
from limma.errors import InvalidRequest
from limma.models import ApiKey, Workspace
from search.brief import Compiled, brief_compile
from search.constraints import Constraint, Unbound, constraints_bound, constraints_parsed
from search.partition import (
    CANNOT_BE_PLACED,
    CRITERION,
    MATCHED,
    NOT_RECORDED,
    RULED_OUT,
    Placed,
    PlacedList,
)
from search.partition_query import PartitionQuery
from search.scope import scope_entities, scope_rows, whole_scope

# The order a page lists people in is the scope's (name, then id): stable under repeat calls.
CANNOT_TELL = "cannot_tell"  # a candidate whose documents do not settle the niche
VERDICTS = (MATCHED, RULED_OUT, NOT_RECORDED, CANNOT_BE_PLACED, CANNOT_TELL)
TOO_MANY_CRITERIA = "One search carries one criterion: send the niche whole, as one text."
TOO_MANY_CRITERIA_TYPE = "too_many_criteria"  # the refusal's detail.type
# Why a brief's niche was not searched: the request sent a criterion of its own, and one
# search reads one (the brief's niche is said, never lost in silence).
CRITERION_SENT = "criterion_sent"
# incomplete_because keys of what was not searched: a constraint not bound ("not_bound:<why>",
# a reason of search.constraints.UNBOUND_REASONS), a brief's words dropped or not compiled.
NOT_BOUND, DROPPED, NOT_COMPILED = "not_bound", "dropped", "not_compiled"
# A person's entry on the criterion's lists, as the search's partition counts it.
CRITERION_VERDICTS = {
    "matched": MATCHED,
    "none": RULED_OUT,
    "undetermined": CANNOT_TELL,
    "not_recorded": NOT_RECORDED,
}


@dataclass(frozen=True)
class SearchOutcome:
    workspace: Workspace
    constraints: list[Constraint]
    unbound: list[Unbound]
    compiled: Compiled | None
    partition: PartitionQuery | PlacedList
    as_of: str
    entity_ids: list[str] | None
    counts: dict[str, int] = field(default_factory=dict)
    criteria: CriteriaRun | None = None

    @property
    def placed(self) -> list[Placed]:
        """Everybody in scope with their verdict: read whole only where the whole is needed."""
        return self.partition.people()

    @property
    def matched(self) -> list[Placed]:
        return self.partition.people(MATCHED)

    def incomplete_because(self) -> dict[str, int]:
        """What keeps the set from being everything, each with its count (people or pieces)."""
        reasons: Counter[str] = Counter(self.partition.reasons)
        for unbound in self.unbound:
            reasons[f"{NOT_BOUND}:{unbound.reason}"] += 1
        if self.compiled is not None:
            if self.compiled.dropped:
                reasons[DROPPED] = len(self.compiled.dropped)
            if self.compiled.not_compiled:
                reasons[NOT_COMPILED] = len(self.compiled.not_compiled)
        if self.criteria is not None:
            if self.criteria.lists is None:
                reasons[f"{CRITERION_PREFIX}{self.criteria.status}"] = 1  # no lists
            for entry in narrowed_by(self.criteria):
                reasons[entry.split(":", 1)[0]] = self._criterion_count(entry)
        return dict(sorted(reasons.items()))

    def _criterion_count(self, entry: str) -> int:
        lists = self.criteria.lists
        detail = lists.counts_detail["undetermined"]
        kind = entry.split(":", 1)[0]
        return {
            CRITERION_SILENT: lists.counts["undetermined"] - detail.get("conflict", 0),
            CRITERION_CONFLICT: detail.get("conflict", 0),
            CRITERION_NOT_READ: unread_people(lists),
            CRITERION_NO_DOCUMENTS: lists.counts_detail["not_recorded"]["no_documents"],
        }.get(kind, 1)


def map_version(workspace: Workspace) -> str:
    """Which pack and vocabulary a reply was made under: a change of either changes it."""
    terms = [(t.axis, t.name, t.broader, t.aliases) for t in workspace.own_terms]
    digest = hashlib.sha256(json.dumps([workspace.pack, terms], sort_keys=True).encode())
    return f"map_{digest.hexdigest()[:12]}"


def search_run(
    *,
    key: ApiKey,
    workspace: Workspace,
    constraints: list[Any],
    brief: str = "",
    entity_ids: list[str] | None = None,
    criteria: list[Any] | None = None,
    criteria_budget: dict[str, Any] | None = None,
    list_limit: int = 50,
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
    sent_a_criterion = bool(criteria)
    criteria = _criteria_asked(criteria, compiled)
    entities = scope_entities(key=key, workspace=workspace, entity_ids=entity_ids)
    rows, gaps = scope_rows(key, entity_ids, entities)
    partitioned: PartitionQuery | PlacedList = PartitionQuery(
        scope=entities,
        rows=rows,
        gaps=gaps,
        constraints=bound,
        relation_slots={name: rel.slots for name, rel in workspace.parsed_pack.relations.items()},
        vocabulary=workspace.vocabulary,
        as_of=as_of,
        workspace_id=workspace.id,
        whole=whole_scope(key, workspace) if entity_ids is None else None,
    )
    run = None
    if criteria:
        # Everybody's verdict once: the candidates are its matched, and the criterion joins it.
        placed = partitioned.people()
        candidates = [p.entity_id for p in placed if p.verdict == MATCHED]
        run = criteria_run(
            key=key,
            workspace=workspace,
            raw=criteria[0],
            budget_raw=criteria_budget,
            entity_pks=[] if unbound else candidates,
            list_limit=list_limit,
            request_id=request_id,
            not_bound=bool(unbound),
            as_of=as_of,
            from_brief=not sent_a_criterion,
        )
        partitioned = PlacedList(_joined(placed, run))
        if sent_a_criterion and compiled is not None:
            compiled = _niche_beside(compiled, run)
    counts = partitioned.counts
    return SearchOutcome(
        workspace=workspace,
        constraints=bound,
        unbound=unbound,
        compiled=compiled,
        partition=partitioned,
        as_of=as_of,
        entity_ids=entity_ids,
        criteria=run,
        counts={
            "in_scope": sum(counts.values()),
            **{verdict: counts[verdict] for verdict in VERDICTS},
        },
    )


def _criteria_asked(criteria: list[Any] | None, compiled: Compiled | None) -> list[Any]:
    """The request's criterion, or the niche a brief handed on; one at most."""
    criteria = list(criteria or [])
    if len(criteria) > 1:
        raise InvalidRequest(TOO_MANY_CRITERIA_TYPE, count=len(criteria), reason=TOO_MANY_CRITERIA)
    if not criteria and compiled is not None and compiled.criterion:
        criteria = [{"text": compiled.criterion}]
    return criteria


def _niche_beside(compiled: Compiled, run: CriteriaRun) -> Compiled:
    """A brief's own niche beside the criterion the request sent: the criterion is read, and a
    niche of other words is said as dropped (one search reads one), never lost in silence."""
    if not compiled.criterion:
        return compiled
    read = run.criterion.text if run.criterion is not None else ""
    if " ".join(compiled.criterion.lower().split()) == " ".join(read.lower().split()):
        return compiled
    dropped = {"words": compiled.criterion, "why": CRITERION_SENT}
    return replace(compiled, criterion=None, dropped=[*compiled.dropped, dropped])


def _joined(placed: list[Placed], run: CriteriaRun) -> list[Placed]:
    """The criterion joins the search as one more required condition of every candidate."""
    if run.lists is None:
        return [
            Placed(p.entity_id, NOT_RECORDED, p.rows, {**p.reasons, CRITERION: run.status})
            if p.verdict == MATCHED
            else p
            for p in placed
        ]
    joined = []
    for p in placed:
        if p.verdict != MATCHED:
            joined.append(p)
            continue
        verdict = CRITERION_VERDICTS[run.verdicts.get(p.entity_id, "not_recorded")]
        reasons = {} if verdict == MATCHED else {**p.reasons, CRITERION: verdict}
        rows = {**p.rows, CRITERION: run.rows[p.entity_id]} if p.entity_id in run.rows else p.rows
        joined.append(Placed(p.entity_id, verdict, rows, reasons))
    return joined
