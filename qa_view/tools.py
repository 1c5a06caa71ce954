"""The three read-only tools the Q&A view offers its agent, and nothing else.

Search to find, facts to address, region to read back: whatever the deployment's own tool list
holds, the verbs that load (ingest, connect) and the document inventory are not offered here. A
tool call is validated with the verb's own serializer and run by the verb's own service under the
caller's API key, in the page's workspace; the key decides what may be read. A call never raises
on what a model sent: an unknown tool, malformed arguments or a refusal comes back as an error
result in the verb's own body, {"status": N, "path": "...", "detail": {"type": ...}}.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from rest_framework.exceptions import ValidationError

from limma.access import access_workspace
from limma.api import facts_answer, region_answer, valid
from limma.errors import ApplicationError, Forbidden, validation_faults
from limma.models import ApiKey, Workspace
from limma.serializers import FactsInput, RegionInput
from search.api import search_answered
from search.serializers import SearchInput
from search.service import SearchOutcome

logger = logging.getLogger(__name__)

READ_ONLY_TOOLS = ("limma_search", "limma_facts", "limma_region")
PATHS = {
    "limma_search": "/v1/public/search",
    "limma_facts": "/v1/public/facts",
    "limma_region": "/v1/public/region",
}
TOOL_NOT_OFFERED = (
    "This view offers only the tools that read: limma_search, limma_facts, limma_region."
)
ARGUMENTS_NOT_AN_OBJECT = "A tool's arguments are one JSON object."
WORKSPACE_IS_THE_PAGES = "This view reads only its own directory; leave workspace_id out."
TOOL_FAILED = "The tool failed; the failure is logged."

CONSTRAINT = {
    "type": "object",
    "properties": {
        "relation": {"type": "string"},
        "slot": {"type": "string"},
        "op": {"type": "string", "enum": ["eq", "ne", "in", "lt", "le", "gt", "ge"]},
        "value": {},
    },
    "required": ["relation", "slot", "op", "value"],
}
CRITERION = {
    "type": "object",
    "description": '{"text": the niche in words, "facets"?: [...]} or {"address": "crit_…"}.',
    "properties": {
        "text": {"type": "string"},
        "facets": {"type": "array", "items": {"type": "object"}},
        "record_check": {"type": "object"},
        "address": {"type": "string"},
    },
}

TOOL_SPECS: dict[str, dict[str, Any]] = {
    "limma_search": {
        "name": "limma_search",
        "description": (
            "Search the directory of people: a closed set with whole counts. Send a request in "
            "words as brief= (it is compiled into conditions; a condition on experience that no "
            "field holds becomes the niche, read from each candidate's own documents), and/or "
            "constraints=[{relation, slot, op, value}] (based_in.place, held_role.company/title/"
            "function/start/end; a place is matched through the vocabulary, Europe holds "
            "Germany). criteria=[{text}] or [{address}] is the niche (one per search); "
            'criteria_budget={"max_reads": 0} answers from judgments already stored and reads '
            "nothing. The reply: matches (name, about, why), matched.total (everybody who fits; "
            "page with offset=matched.next_offset), others, complete and incomplete_because (what "
            "was NOT searched or settled), criterion, candidates and close (one condition short). "
            'One person\'s rows and quotes: the same search with entity_ids=[id], detail="full".'
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "brief": {"type": "string", "description": "The request in words."},
                "constraints": {"type": "array", "items": CONSTRAINT},
                "criteria": {"type": "array", "items": CRITERION, "maxItems": 1},
                "criteria_budget": {
                    "type": "object",
                    "properties": {"max_reads": {"type": "integer"}},
                },
                "entity_ids": {"type": "array", "items": {"type": "string"}},
                "detail": {"type": "string", "enum": ["compact", "full"]},
                "limit": {"type": "integer", "minimum": 1},
                "offset": {"type": "integer", "minimum": 0},
                "list_limit": {"type": "integer", "minimum": 0},
                "as_of": {"type": "string", "description": "YYYY, YYYY-MM or YYYY-MM-DD."},
            },
        },
    },
    "limma_facts": {
        "name": "limma_facts",
        "description": (
            "Enumerate one relation's rows (based_in, held_role), each with its receipt: where it "
            "was loaded from or read. where=[[slot, op, value]] is applied after enumerating; "
            "entity_ids restricts to people. Counts are whole; a row that cannot be placed is "
            "counted, not dropped."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "relation": {"type": "string"},
                "where": {"type": "array", "items": {}},
                "entity_ids": {"type": "array", "items": {"type": "string"}},
                "limit": {"type": "integer", "minimum": 1},
                "offset": {"type": "integer", "minimum": 0},
            },
            "required": ["relation"],
        },
    },
    "limma_region": {
        "name": "limma_region",
        "description": (
            "Read back a span of a stored document, byte for byte, by its source_id and "
            "character offsets (a receipt's char_start and char_end); without them, the whole "
            "document."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "source_id": {"type": "string"},
                "start": {"type": "integer", "minimum": 0},
                "end": {"type": "integer", "minimum": 0},
            },
            "required": ["source_id"],
        },
    },
}


@dataclass(frozen=True)
class ToolResult:
    """What a tool call came back with: the verb's reply, or its refusal's body (ok False)."""

    ok: bool
    result: dict[str, Any]
    # A search's outcome, kept on the server: the page's evidence is drawn from it.
    outcome: SearchOutcome | None = None


def tool_specs() -> list[dict[str, Any]]:
    """The tools offered to the model, as the agent role's ToolSpec takes them."""
    return [TOOL_SPECS[name] for name in READ_ONLY_TOOLS]


def refusal(status: int, path: str, detail: dict[str, Any]) -> ToolResult:
    return ToolResult(False, {"status": status, "path": path, "detail": detail})


def call_tool(
    name: str,
    arguments: Any,
    *,
    key: ApiKey,
    workspace: Workspace,
    request_id: str,
    max_usd: Decimal | None = None,
) -> ToolResult:
    """Run one tool call under `key` in `workspace`; every refusal is an error result.

    `max_usd`: what the caller has left to spend (the page: a visitor under their ceilings);
    a search's reads are bounded by it, whatever budget the model asked for."""
    path = PATHS.get(name, "")
    if name not in READ_ONLY_TOOLS:
        detail = {"type": "tool_not_offered", "tool": str(name)[:100], "reason": TOOL_NOT_OFFERED}
        return refusal(403, path, detail)
    if not isinstance(arguments, dict):
        return refusal(422, path, {"type": "invalid_request", "reason": ARGUMENTS_NOT_AN_OBJECT})
    try:
        access_workspace(key, workspace.id)
        asked = arguments.get("workspace_id", workspace.id)
        if asked != workspace.id:
            raise Forbidden("workspace_forbidden", reason=WORKSPACE_IS_THE_PAGES)
        body = {**arguments, "workspace_id": workspace.id}
        if name == "limma_search" and max_usd is not None:
            body["criteria_budget"] = bounded_budget(body.get("criteria_budget"), max_usd)
        if name == "limma_search":
            reply, outcome = _search(body, key, workspace, request_id)
            return ToolResult(True, reply, outcome)
        return ToolResult(True, RUNNERS[name](body, key, workspace, request_id))
    except ApplicationError as error:
        return refusal(error.status, path, error.detail())
    except ValidationError as error:
        faults = validation_faults(error.detail)
        return refusal(422, path, {"type": "invalid_request", "faults": faults})
    except Exception:
        # Not a refusal: a fault of ours. Logged whole; the model gets a 500 and the loop goes on.
        logger.exception("tool %s failed on request %s", name, request_id)
        return refusal(500, path, {"type": "tool_failed", "reason": TOOL_FAILED})


def bounded_budget(asked: Any, max_usd: Decimal) -> Any:
    """A search's criteria_budget with its max_usd no higher than what is left to spend."""
    budget = dict(asked) if isinstance(asked, dict) else {}
    if not isinstance(asked, dict | None):
        return asked  # malformed: the verb's own validation names the fault
    try:
        given = Decimal(str(budget["max_usd"])) if "max_usd" in budget else None
    except (InvalidOperation, ValueError):
        return asked
    left = max(max_usd, Decimal(0))
    budget["max_usd"] = float(left if given is None else min(given, left))
    return budget


def _search(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> tuple[dict[str, Any], SearchOutcome]:
    data = valid(SearchInput, body)
    return search_answered(data, key=key, workspace=workspace, request_id=request_id)


def _facts(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    # The model may send the verb's own relation_query, or its fields flat.
    query = body.pop("relation_query", None)
    if query is None:
        query = {k: body.pop(k) for k in ("relation", "where", "entity_ids") if k in body}
    data = valid(FactsInput, {**body, "relation_query": query})
    return facts_answer(data, key=key, workspace=workspace, request_id=request_id)


def _region(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    del workspace  # the page's workspace is checked by the caller; region_read checks the document
    return region_answer(valid(RegionInput, body), key=key, request_id=request_id)


RUNNERS = {"limma_facts": _facts, "limma_region": _region}
