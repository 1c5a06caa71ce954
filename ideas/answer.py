"""The search verb's idea side: which documents are in scope, then the question and its reply.

An idea alone is over every document the key may read; beside constraints, a brief or
entity_ids, over the documents about the entities those name (read by the ordinary search).
Beside criteria it is refused: a criterion is answered over entities, an idea over parts.
"""

from __future__ import annotations

from typing import Any

from ideas.question import idea_ask
from ideas.reply import idea_reply
from limma.access import readable_documents
from limma.errors import InvalidRequest
from limma.models import ApiKey, Part, Workspace
from search.partition import MATCHED, RULED_OUT
from search.scope import scope_entities
from search.service import search_run

IDEA_BESIDE_CRITERIA = (
    "An idea may not stand beside criteria: a criterion is answered over entities, an idea over "
    "parts. Send two searches."
)
BUDGET_WITHOUT_IDEA = "idea_budget bounds an idea question: send it with idea."


def idea_fields_checked(data: dict[str, Any]) -> None:
    """The refusals of the idea fields' combinations, before anything is read."""
    if data.get("idea") and data.get("criteria"):
        raise InvalidRequest("idea_beside_criteria", reason=IDEA_BESIDE_CRITERIA)
    if not data.get("idea") and data.get("idea_budget") is not None:
        raise InvalidRequest("idea_budget_without_idea", reason=BUDGET_WITHOUT_IDEA)


def idea_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The reply to a valid search that carries an idea."""
    idea_fields_checked(data)
    entity_pks, scope_incomplete = entity_scope(
        data, key=key, workspace=workspace, request_id=request_id
    )
    outcome = idea_ask(
        key=key,
        workspace=workspace,
        idea=data["idea"],
        budget_raw=data.get("idea_budget"),
        entity_pks=entity_pks,
        entity_scope_incomplete=scope_incomplete,
        request_id=request_id,
    )
    return idea_reply(
        outcome,
        detail=data["detail"],
        limit=data["limit"],
        offset=data["offset"],
        request_id=request_id,
    )


def entity_scope(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str = ""
) -> tuple[list[int] | None, int]:
    """The entities whose documents are in scope (None: every readable document), and how many
    parts the ordinary search could not settle, when its set is not complete."""
    constraints, brief = data.get("constraints") or [], data.get("brief") or ""
    entity_ids = data.get("entity_ids")
    if not constraints and not brief:
        if entity_ids is None:
            return None, 0
        entities = scope_entities(key=key, workspace=workspace, entity_ids=entity_ids)
        return list(entities.values_list("pk", flat=True)), 0
    outcome = search_run(
        key=key,
        workspace=workspace,
        constraints=constraints,
        brief=brief,
        entity_ids=entity_ids,
        as_of=data.get("as_of", ""),
        request_id=request_id,
    )
    matched = [placed.entity_id for placed in outcome.matched]
    if not outcome.incomplete_because():
        return matched, 0
    # The people the conditions could not settle (or, when part of the request was not
    # searched, everybody not matched): their parts may belong in scope. At least one is counted,
    # so the reply never says complete over an incomplete set.
    not_searched = bool(outcome.unbound) or bool(outcome.compiled and outcome.compiled.dropped)
    unsettled = [
        placed.entity_id
        for placed in outcome.placed
        if placed.verdict != MATCHED and (not_searched or placed.verdict != RULED_OUT)
    ]
    documents = readable_documents(key).filter(entity_id__in=unsettled)
    return matched, max(Part.objects.filter(document__in=documents.values("pk")).count(), 1)
