"""The verbs as tools: one registry, read by the Q&A page's agent, the console's and the MCP server.

Each tool is a verb: its name, tier (read or write), input schema, description and the verb's
own reply function, run under the caller's API key with exactly the HTTP verb's permissions (a
write needs an analyst or admin key, access is checked by the same queryset helpers). The Q&A
page offers the three that read (search to find, facts to address, region to read back) whatever
the deployment's tool list holds; the MCP server lists, per key, what that key may call
(`tools_for`). A call never raises on what a model sent: an unknown tool, malformed arguments or
a refusal comes back as an error result in the verb's own body,
{"status": N, "path": "...", "detail": {"type": ...}}.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.utils.encoders import JSONEncoder

from criteria.plan import LIMITS as BUDGET_LIMITS
from limma.access import access_workspace
from limma.api import (
    connect_job_answer,
    connect_or_job,
    documents_answer,
    facts_answer,
    ingest_answer,
    region_answer,
    valid,
    verify_answer,
)
from limma.auth import WRITE_NEEDS_ANALYST
from limma.errors import ApplicationError, Forbidden, validation_faults
from limma.models import ApiKey, Workspace
from limma.parsers import checked
from limma.serializers import (
    ConnectInput,
    DocumentsInput,
    FactsInput,
    IngestInput,
    RegionInput,
    VerifyInput,
)
from limma.services.connect_job import connect_job_for
from search.api import search_answered
from search.serializers import SearchInput
from search.service import SearchOutcome

logger = logging.getLogger(__name__)

READ, WRITE = "read", "write"
READ_ONLY_TOOLS = ("limma_search", "limma_facts", "limma_region")  # what the Q&A page offers
TOOL_NOT_OFFERED = (
    "This view offers only the tools that read: limma_search, limma_facts, limma_region."
)
TOOL_NOT_LISTED = "This tool is not offered here: call only the tools you were listed."
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

PAGING = (
    " Replies are paged as the verb pages: limit (at most 200) and offset; matched.total counts "
    "everything, and matched.next_offset is the offset of the next page (null on the last)."
)
SEARCH_DESCRIPTION = (
    "Search the directory of people: a closed set with whole counts. Send a request in "
    "words as brief= (it is compiled into conditions; a condition on experience that no "
    "field holds becomes the niche, read from each candidate's own documents), and/or "
    "constraints=[{relation, slot, op, value}] (based_in.place, held_role.company/title/"
    "function/start/end; a place is matched through the vocabulary, Europe holds "
    "Germany). criteria=[{text}] or [{address}] is the niche (one per search); "
    'criteria_budget={"max_reads": 0} answers from judgments already stored and reads '
    "nothing; a read-only key's brief is answered from what is stored (a niche already read "
    "in other words is found by its facets). A niche the budget does not cover reads nothing "
    "and says its plan (criterion.plan: to_read, cost_usd); a reply with `continue` is "
    "unfinished: send continue.with as the next call's arguments to read the rest (what was "
    "read is reused, never paid twice). A long read reports progress to a client that sent a "
    "progressToken and stops when the call is cancelled. The reply: matches (name, about, "
    "why), matched.total (everybody who fits; "
    "page with offset=matched.next_offset), others, complete and incomplete_because (what "
    "was NOT searched or settled), criterion, candidates and close (one condition short). "
    'One person\'s rows and quotes: the same search with entity_ids=[id], detail="full". '
    "When a brief cannot be compiled (503 compile_unavailable: no model compiles briefs "
    "here), send the same request as constraints instead of brief."
) + PAGING

TOOL_SPECS: dict[str, dict[str, Any]] = {
    "limma_search": {
        "name": "limma_search",
        "description": SEARCH_DESCRIPTION,
        "parameters": {
            "type": "object",
            "properties": {
                "brief": {"type": "string", "description": "The request in words."},
                "constraints": {"type": "array", "items": CONSTRAINT},
                "criteria": {"type": "array", "items": CRITERION, "maxItems": 1},
                "criteria_budget": {
                    "type": "object",
                    "description": (
                        "What this call may read and spend on the niche: max_reads 0 reuses "
                        "only; max_usd 0 prices only. A reply's criterion.plan says what a "
                        "read needs (to_read, cost_usd)."
                    ),
                    "properties": {
                        "max_reads": {
                            "type": "integer",
                            "minimum": 0,
                            "maximum": BUDGET_LIMITS["max_reads"],
                        },
                        "max_usd": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": float(BUDGET_LIMITS["max_usd"]),
                        },
                        "max_seconds": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": BUDGET_LIMITS["max_seconds"],
                        },
                        "retry_failed": {"type": "boolean"},
                        "max_read_seconds": {
                            "type": "number",
                            "minimum": 0,
                            "maximum": BUDGET_LIMITS["max_read_seconds"],
                        },
                    },
                    "additionalProperties": False,
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
        )
        + PAGING,
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
    "limma_documents": {
        "name": "limma_documents",
        "description": (
            "List the documents this key may read: source_id, whose they are (entity_id, "
            "entity_name), kind, file name, date, state and how far labelling got. entity_id= "
            "and kind= narrow the list." + PAGING
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "entity_id": {"type": "string"},
                "kind": {"type": "string"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 200},
                "offset": {"type": "integer", "minimum": 0},
            },
        },
    },
    "limma_verify": {
        "name": "limma_verify",
        "description": (
            "Recompute a value you computed across rows you listed, from the stored values, "
            "instead of doing the arithmetic yourself: give the relation, the rows (each its "
            "receipt as limma_facts gave it) and computed={kind, value}: kind count (of rows, or "
            'of="people"), sum (slot=), share (where=[slot, op, value]; value a fraction) or '
            "years (the time the rows' start and end cover, each stretch once; as_of= for an "
            "open end). The reply says whether it holds (at your value's own decimals), the "
            "recomputed value and the arithmetic, and any receipt that names no stored row."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "relation": {"type": "string"},
                "rows": {
                    "type": "array",
                    "items": {"type": "object"},
                    "description": "The receipts of the rows the answer listed.",
                },
                "computed": {
                    "type": "object",
                    "properties": {
                        "kind": {"type": "string", "enum": ["count", "sum", "share", "years"]},
                        "value": {"type": "number"},
                        "of": {"type": "string", "enum": ["rows", "people"]},
                        "slot": {"type": "string"},
                        "where": {"type": "array", "minItems": 3, "maxItems": 3},
                        "start_slot": {"type": "string"},
                        "end_slot": {"type": "string"},
                        "as_of": {"type": "string", "description": "YYYY-MM-DD."},
                    },
                    "required": ["kind", "value"],
                    "additionalProperties": False,
                },
            },
            "required": ["relation", "rows", "computed"],
        },
    },
    "limma_ingest": {
        "name": "limma_ingest",
        "description": (
            "WRITES: register one document about a person (entity_name, or entity_id) and cut it "
            "into parts and sentences; labelling runs in the background. Needs an analyst or "
            "admin key. Returns the new source_id."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "entity_name": {"type": "string"},
                "entity_id": {"type": "string"},
                "document_kind": {"type": "string"},
                "text": {"type": "string"},
                "file_name": {"type": "string"},
                "document_date": {"type": "string", "description": "YYYY-MM-DD."},
                "access_group": {"type": "string"},
            },
            "required": ["document_kind", "text"],
        },
    },
    "limma_connect": {
        "name": "limma_connect",
        "description": (
            "WRITES: load an export (tables of records) through a mapping into people, their "
            "declared rows (table and column kept) and their documents. Loading the same export "
            "again keeps what is unchanged. Needs an analyst or admin key. No model is called. "
            "An export over LIMMA_CONNECT_INLINE_ROWS rows or LIMMA_CONNECT_INLINE_BYTES is "
            "loaded by the workers: the reply is then its job (job_id, state queued), read with "
            "limma_connect_job until its state is done, refused or failed."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "tables": {"type": "object", "description": "table -> list of records."},
                "mapping": {
                    "type": "object",
                    "description": "entities[], relations[], documents[] (see /v1/reference).",
                },
            },
            "required": ["tables", "mapping"],
        },
    },
    "limma_connect_job": {
        "name": "limma_connect_job",
        "description": (
            "The status of a connect loaded by the workers: its state (queued, checking, "
            "writing, done, refused, failed), how far it got, and at its end what it wrote "
            "(result) or why it wrote nothing (refusal). Needs an analyst or admin key."
        ),
        "parameters": {
            "type": "object",
            "properties": {"job_id": {"type": "string", "description": "limma_connect's job_id."}},
            "required": ["job_id"],
        },
    },
}

# A runner answers with the verb's reply; a search also with its outcome (kept on the server).
Runner = Callable[
    [dict[str, Any], ApiKey, Workspace, str], dict[str, Any] | tuple[dict[str, Any], Any]
]


@dataclass(frozen=True)
class ToolResult:
    """What a tool call came back with: the verb's reply, or its refusal's body (ok False)."""

    ok: bool
    result: dict[str, Any]
    # A search's outcome, kept on the server: the page's evidence is drawn from it.
    outcome: SearchOutcome | None = None


@dataclass(frozen=True)
class Tool:
    """One verb as a tool: the registry's entry, the same for every page and the MCP server."""

    name: str
    tier: str  # READ or WRITE: a write needs a key that may write, as the HTTP verb does
    path: str  # the HTTP verb's path, named in a refusal's body
    run: Runner
    # A call that changes nothing though its tier is WRITE: who may call it follows its HTTP
    # verb, what it does is read (limma_connect_job reads a job's state).
    reads_only: bool = False

    @property
    def description(self) -> str:
        return TOOL_SPECS[self.name]["description"]

    @property
    def input_schema(self) -> dict[str, Any]:
        return TOOL_SPECS[self.name]["parameters"]

    @property
    def read_only(self) -> bool:
        """Whether the call leaves the store as it found it (MCP's readOnlyHint)."""
        return self.tier == READ or self.reads_only

    def may_call(self, key: ApiKey) -> bool:
        return self.tier == READ or key.may_write


def tools_for(key: ApiKey, listed: Iterable[str] | None = None) -> list[Tool]:
    """The tools `key` may call, of the `listed` ones (default: all): an agent is never shown a
    tool it may not call."""
    wanted = set(REGISTRY if listed is None else listed)
    return [tool for name, tool in REGISTRY.items() if name in wanted and tool.may_call(key)]


def error_text(name: str, body: dict[str, Any]) -> str:
    """What an agent reads of a refused call: the verb's body behind the prefix the MCP SDK's
    FastMCP gives a failed tool, so the page's agent and an MCP client read the same words."""
    return f"Error executing tool {name}: {json.dumps(body, ensure_ascii=False, default=str)}"


def refusal(status: int, path: str, detail: dict[str, Any]) -> ToolResult:
    return ToolResult(False, {"status": status, "path": path, "detail": detail})


def call_tool(
    name: str,
    arguments: Any,
    *,
    key: ApiKey,
    workspace: Workspace,
    request_id: str,
    offered: Iterable[str] = READ_ONLY_TOOLS,
    workspace_fixed: bool = True,
    max_usd: Decimal | None = None,
) -> ToolResult:
    """Run one tool call under `key` in `workspace`; every refusal is an error result.

    `offered` is what the caller was listed; `workspace_fixed` (the Q&A page) refuses another
    workspace_id, else the call's workspace_id (default `workspace`) is checked against the key.
    `max_usd`: what the caller has left to spend (the page: a visitor under their ceilings);
    a search's reads are bounded by it, whatever budget the model asked for."""
    tool = REGISTRY.get(name)
    path = tool.path if tool else ""
    offered = tuple(offered)
    if tool is None or name not in offered:
        reason = TOOL_NOT_OFFERED if offered == READ_ONLY_TOOLS else TOOL_NOT_LISTED
        detail = {"type": "tool_not_offered", "tool": str(name)[:100], "reason": reason}
        return refusal(403, path, detail)
    if not isinstance(arguments, dict):
        return refusal(422, path, {"type": "invalid_request", "reason": ARGUMENTS_NOT_AN_OBJECT})
    try:
        checked(arguments)  # what no database can store is refused before anything reads it
        asked = arguments.get("workspace_id", workspace.id)
        if workspace_fixed and asked != workspace.id:
            raise Forbidden("workspace_forbidden", reason=WORKSPACE_IS_THE_PAGES)
        called_in = access_workspace(key, asked if isinstance(asked, str) else "")
        if not tool.may_call(key):
            raise Forbidden("write_needs_analyst_key", reason=WRITE_NEEDS_ANALYST)
        body = {**arguments, "workspace_id": called_in.id}
        if name == "limma_search" and max_usd is not None:
            body["criteria_budget"] = bounded_budget(body.get("criteria_budget"), max_usd)
        answered = tool.run(body, key, called_in, request_id)
        if isinstance(answered, tuple):  # a search: its outcome stays on the server
            return ToolResult(True, *answered)
        return ToolResult(True, answered)
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
    # What is left is offered up to the deployment's limit of one call's budget, never past it.
    left = min(max(max_usd, Decimal(0)), BUDGET_LIMITS["max_usd"])
    budget["max_usd"] = float(left if given is None else min(given, left))
    # A visitor's read is bounded by what they may spend, not by a count: a niche over the
    # default hundred profiles is read (the deployment's limit still holds).
    budget.setdefault("max_reads", BUDGET_LIMITS["max_reads"])
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
    del workspace  # the workspace is checked by the caller; region_read checks the document
    return region_answer(valid(RegionInput, body), key=key, request_id=request_id)


def _documents(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    data = valid(DocumentsInput, body)
    return documents_answer(data, key=key, workspace=workspace, request_id=request_id)


def _verify(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    data = valid(VerifyInput, body)
    return verify_answer(data, key=key, workspace=workspace, request_id=request_id)


def _ingest(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    # may_call checked the key may write, as MayWrite does for the HTTP verb
    return ingest_answer(
        valid(IngestInput, body), key=key, workspace=workspace, request_id=request_id
    )


def _connect(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    del key
    data = valid(ConnectInput, body)
    export = {"tables": data["tables"], "mapping": data["mapping"]}
    size = len(json.dumps(export, ensure_ascii=False).encode())  # as the verb's body counts it
    _, reply = connect_or_job(data, workspace=workspace, body_bytes=size, request_id=request_id)
    return as_sent(reply)


def _connect_job(
    body: dict[str, Any], key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    del workspace  # connect_job_for reads only the key's own workspace's jobs
    job_id = body.get("job_id")
    job = connect_job_for(key, job_id if isinstance(job_id, str) else "")
    return as_sent(connect_job_answer(job, request_id=request_id))


def as_sent(reply: dict[str, Any]) -> dict[str, Any]:
    """The reply as the HTTP verb sends it: its times as ISO 8601 text."""
    return json.loads(json.dumps(reply, cls=JSONEncoder))


REGISTRY: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        Tool("limma_search", READ, "/v1/public/search", _search),
        Tool("limma_facts", READ, "/v1/public/facts", _facts),
        Tool("limma_region", READ, "/v1/public/region", _region),
        Tool("limma_documents", READ, "/v1/public/documents", _documents),
        Tool("limma_verify", READ, "/v1/public/verify", _verify),
        Tool("limma_ingest", WRITE, "/v1/public/ingest", _ingest),
        Tool("limma_connect", WRITE, "/v1/public/connect", _connect),
        Tool(
            "limma_connect_job",
            WRITE,
            "/v1/public/connect/jobs/{job_id}",
            _connect_job,
            reads_only=True,
        ),
    )
}
