"""Bad bytes anywhere: a NUL or a lone surrogate in any field of any verb (its body, its query
string, a tool call's arguments) is a 422 naming the field, on SQLite and PostgreSQL alike,
and nothing is written. Text that merely looks like one (the six characters \\u0000, the
symbol for NUL, other control characters) is accepted."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

from limma.models import Document, Entity, LedgerEntry, RelationRow
from qa_view.agent.tools import REGISTRY, call_tool
from tests.factories import make_key
from tests.limma.exports import connect, export

pytestmark = pytest.mark.django_db

WORKSPACE = "{workspace}"  # the test's workspace id, filled in when the body is sent
NUL, SURROGATE = "\x00", "\ud800"
FAULTS = {NUL: "null_characters_not_allowed", SURROGATE: "surrogate_characters_not_allowed"}

BODIES: dict[str, dict[str, Any]] = {
    "ingest": {
        "workspace_id": WORKSPACE,
        "entity_name": "Greta Ostrander",
        "document_kind": "profile",
        "text": "Greta Ostrander leads marketing for baby formula.",
        "file_name": "greta.txt",
    },
    "connect": {"workspace_id": WORKSPACE, **export()},
    "search": {
        "workspace_id": WORKSPACE,
        "constraints": [{"relation": "based_in", "slot": "place", "op": "in", "value": ["Spain"]}],
        "brief": "Marketing leads in Spain",
        "criteria": [{"text": "led marketing for baby formula"}],
        "as_of": "2026-01-01",
    },
    "facts": {
        "workspace_id": WORKSPACE,
        "relation_query": {
            "relation": "based_in",
            "where": [{"slot": "place", "op": "in", "value": ["Germany", "Spain"]}],
        },
    },
}
QUERIES: dict[str, dict[str, str]] = {
    "region": {"workspace_id": WORKSPACE, "source_id": "doc_1", "start": "0", "end": "5"},
    "documents": {"workspace_id": WORKSPACE, "entity_id": "greta_ostrander", "kind": "profile"},
}


def string_leaves(value: Any, path: str = "") -> Iterator[tuple[str, tuple[Any, ...]]]:
    """Every string in a body: its field name as a fault names it, and the keys that reach it."""
    if isinstance(value, dict):
        for key, child in value.items():
            for name, keys in string_leaves(child, f"{path}.{key}" if path else key):
                yield name, (key, *keys)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            for name, keys in string_leaves(child, f"{path}[{index}]"):
                yield name, (index, *keys)
    elif isinstance(value, str):
        yield path, ()


BODY_CASES = [
    pytest.param((verb, name, keys), id=f"{verb}:{name}")
    for verb, body in BODIES.items()
    for name, keys in string_leaves(body)
]


def poisoned(body: Any, keys: tuple[Any, ...], bad: str) -> Any:
    """A copy of the body with `bad` in the middle of the string the keys reach."""
    copy = json.loads(json.dumps(body))
    *parents, last = keys
    holder = copy
    for key in parents:
        holder = holder[key]
    text = holder[last]
    holder[last] = text[: len(text) // 2] + bad + text[len(text) // 2 :]
    return copy


def filled(body: Any, workspace_id: str) -> str:
    # ensure_ascii writes "\u0000" and "\ud800" as the escapes a client would send.
    return json.dumps(body).replace(WORKSPACE, workspace_id)


def stored() -> tuple[int, ...]:
    models = (Document, Entity, RelationRow, LedgerEntry)
    return tuple(model.objects.count() for model in models)


def refused_naming(reply, field: str, bad: str) -> None:
    assert reply.status_code == 422, reply.content[:300]
    assert reply["Content-Type"].startswith("application/json")
    detail = reply.json()["detail"]
    assert detail["type"] == "invalid_request"
    assert detail["faults"] == [f"{field}:{FAULTS[bad]}"]


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "surrogate"])
@pytest.mark.parametrize("case", BODY_CASES)
def test_a_character_no_database_stores_in_any_body_field_is_a_422_naming_it(
    api, workspace, case, bad
):
    verb, field, keys = case
    connect(api, workspace)
    body = BODIES[verb]
    before = stored()

    reply = api.post(
        f"/v1/public/{verb}",
        data=filled(poisoned(body, keys, bad), workspace.id),
        content_type="application/json",
    )

    refused_naming(reply, field, bad)
    assert stored() == before


@pytest.mark.parametrize("verb", [*BODIES])
def test_a_nul_in_a_key_of_a_body_is_a_422_too(api, workspace, verb):
    body = {**BODIES[verb], "extra\x00": "x"}

    reply = api.post(
        f"/v1/public/{verb}", data=filled(body, workspace.id), content_type="application/json"
    )

    refused_naming(reply, "request", NUL)


@pytest.mark.parametrize(
    ("verb", "field"), [(verb, field) for verb, query in QUERIES.items() for field in query]
)
def test_a_nul_in_any_query_field_is_a_422_naming_it(api, workspace, verb, field):
    query = {name: value.replace(WORKSPACE, workspace.id) for name, value in QUERIES[verb].items()}
    query[field] += NUL

    reply = api.get(f"/v1/public/{verb}?{urlencode(query)}")

    refused_naming(reply, field, NUL)


@pytest.mark.parametrize(
    "lookalike",
    ["\\u0000", "\u2400", "\x01", "\x1f", "\U0001f37c"],
    ids=["escaped_as_text", "symbol_for_nul", "start_of_heading", "unit_separator", "emoji"],
)
def test_text_that_only_looks_like_a_nul_is_stored(api, workspace, lookalike):
    body = {**BODIES["ingest"], "text": f"Greta Ostrander leads marketing {lookalike} here."}

    reply = api.post(
        "/v1/public/ingest", data=filled(body, workspace.id), content_type="application/json"
    )

    assert reply.status_code == 201, reply.content[:300]
    assert Document.objects.get().text == body["text"]


def test_the_same_documents_query_without_the_nul_is_answered(api, workspace):
    connect(api, workspace)
    entity = Entity.objects.filter(display_name="Greta Ostrander").get()

    reply = api.get(
        "/v1/public/documents",
        {"workspace_id": workspace.id, "entity_id": entity.key, "kind": "profile"},
    )

    assert reply.status_code == 200
    assert reply.json()["documents"]


def test_a_nul_in_a_bearer_token_is_refused_as_a_malformed_key(client_for):
    reply = client_for("lk_abc\x00.secret").get("/v1/public/documents", {"workspace_id": "w"})

    assert reply.status_code == 401
    assert reply.json()["detail"]["type"] == "api_key_required"


TOOL_ARGUMENTS: dict[str, dict[str, Any]] = {
    "limma_search": {"brief": "Marketing leads", "constraints": []},
    "limma_facts": {"relation": "based_in"},
    "limma_region": {"source_id": "doc_1", "start": 0, "end": 5},
    "limma_documents": {"entity_id": "greta_ostrander"},
    "limma_ingest": {"entity_name": "Greta", "document_kind": "profile", "text": "Greta leads."},
    "limma_connect": {"tables": {"experts": [{"name": "Greta"}]}, "mapping": {"entities": []}},
}


@pytest.mark.parametrize("bad", [NUL, SURROGATE], ids=["nul", "surrogate"])
@pytest.mark.parametrize("tool", sorted(TOOL_ARGUMENTS))
def test_a_tool_call_with_a_character_no_database_stores_is_a_422_naming_it(workspace, tool, bad):
    assert tool in REGISTRY
    key, _ = make_key(workspace, role="admin")
    field, keys = next(string_leaves(TOOL_ARGUMENTS[tool]))
    arguments = poisoned(TOOL_ARGUMENTS[tool], keys, bad)
    before = stored()

    result = call_tool(
        tool,
        arguments,
        key=key,
        workspace=workspace,
        request_id="req_1",
        offered=list(REGISTRY),
    )

    assert not result.ok
    assert result.result["status"] == 422
    assert result.result["detail"]["faults"] == [f"{field}:{FAULTS[bad]}"]
    assert stored() == before


def test_a_nul_in_a_tool_calls_workspace_id_is_a_422_not_a_database_error(workspace):
    key, _ = make_key(workspace, role="admin")

    result = call_tool(
        "limma_documents",
        {"workspace_id": f"{workspace.id}\x00"},
        key=key,
        workspace=workspace,
        request_id="req_1",
        offered=list(REGISTRY),
        workspace_fixed=False,
    )

    assert result.result["status"] == 422
    assert result.result["detail"]["faults"] == ["workspace_id:null_characters_not_allowed"]
