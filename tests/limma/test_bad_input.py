"""Hostile input to every verb: a named 4xx in the API's one JSON shape, and nothing written.

The classes of OWASP's input-validation cheat sheet: nesting depth, size, unicode (a lone
surrogate), numbers past a database's integer, and identifiers held to their pattern.
"""

from __future__ import annotations

import json

import pytest

from limma.errors import InvalidRequest
from limma.models import Document, Entity, RelationRow
from limma.parsers import MAX_DEPTH, checked
from tests.limma.exports import connect, export

pytestmark = pytest.mark.django_db


def post_raw(api, path: str, raw: str | bytes):
    return api.post(path, data=raw, content_type="application/json")


def refused(reply, status: int, kind: str) -> dict:
    """The reply is the API's one error shape with this status and type."""
    assert reply.status_code == status, reply.content[:300]
    assert reply["Content-Type"].startswith("application/json")
    body = reply.json()
    assert body["status"] == status
    assert body["path"].startswith("/v1/public/")
    assert body["detail"]["type"] == kind
    return body["detail"]


def deep_array(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_object(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


def nothing_written() -> tuple[int, int, int]:
    return Document.objects.count(), Entity.objects.count(), RelationRow.objects.count()


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_a_deep_array_in_search_constraints_is_json_too_deep(api, workspace, depth):
    raw = f'{{"workspace_id": "{workspace.id}", "constraints": {deep_array(depth)}}}'

    detail = refused(post_raw(api, "/v1/public/search", raw), 422, "json_too_deep")

    assert detail["max_depth"] == MAX_DEPTH


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_a_deep_object_in_facts_where_is_json_too_deep(api, workspace, depth):
    raw = (
        f'{{"workspace_id": "{workspace.id}", '
        f'"relation_query": {{"relation": "based_in", "where": [{deep_object(depth)}]}}}}'
    )

    refused(post_raw(api, "/v1/public/facts", raw), 422, "json_too_deep")


def test_nesting_a_verb_needs_is_accepted(api, workspace):
    connect(api, workspace)
    where = [{"slot": "place", "op": "in", "value": ["Germany", "Spain"]}]

    reply = api.post(
        "/v1/public/facts",
        {"workspace_id": workspace.id, "relation_query": {"relation": "based_in", "where": where}},
        format="json",
    )

    assert reply.status_code == 200


@pytest.mark.parametrize(
    "where",
    [
        ("tables", "experts", 0, "name"),
        ("tables", "experts", 0, "bio"),
        ("tables", "calls", 0, "group"),
    ],
)
def test_a_lone_surrogate_in_a_connect_cell_is_a_422_naming_the_cell(api, workspace, where):
    body = export()
    _, table, index, column = where
    body["tables"][table][index][column] = "Greta \ud800 Ostrander"
    raw = json.dumps({"workspace_id": workspace.id, **body})  # ensure_ascii: "\\ud800"
    before = nothing_written()

    detail = refused(post_raw(api, "/v1/public/connect", raw), 422, "invalid_request")

    assert detail["faults"] == [
        f"tables.{table}[{index}].{column}:surrogate_characters_not_allowed"
    ]
    assert nothing_written() == before


def test_a_lone_surrogate_in_a_key_or_a_search_is_refused_too(api, workspace):
    raw = json.dumps({"workspace_id": workspace.id, "constraints": [{"\udfff": "x"}]})

    detail = refused(post_raw(api, "/v1/public/search", raw), 422, "invalid_request")

    assert detail["faults"] == ["constraints[0]:surrogate_characters_not_allowed"]


def test_a_surrogate_pair_is_one_character_and_is_accepted(api, workspace):
    body = export()
    body["tables"]["experts"][0]["bio"] = "Greta Ostrander leads marketing \U0001f37c."

    reply = post_raw(api, "/v1/public/connect", json.dumps({"workspace_id": workspace.id, **body}))

    assert reply.status_code == 200
    assert Document.objects.filter(text__contains="\U0001f37c").exists()


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/v1/public/documents", "offset"),
        ("/v1/public/region", "start"),
        ("/v1/public/region", "end"),
    ],
)
@pytest.mark.parametrize("number", ["9223372036854775808", "1" + "0" * 40])
def test_an_offset_past_any_integer_is_a_422_naming_it(api, workspace, path, field, number):
    query = {"workspace_id": workspace.id, "source_id": "0" * 32, field: number}

    detail = refused(api.get(path, query), 422, "invalid_request")

    assert detail["faults"] == [f"{field}:max_value"]


@pytest.mark.parametrize("path", ["/v1/public/search", "/v1/public/facts"])
def test_a_huge_offset_in_a_body_is_a_422(api, workspace, path):
    body = {"workspace_id": workspace.id, "offset": 2**63, "constraints": []}
    if path.endswith("facts"):
        body["relation_query"] = {"relation": "based_in"}

    detail = refused(api.post(path, body, format="json"), 422, "invalid_request")

    assert "offset:max_value" in detail["faults"]


@pytest.mark.parametrize("path", ["/v1/public/ingest", "/v1/public/connect", "/v1/public/search"])
def test_a_ten_megabyte_body_is_413_body_too_large(api, workspace, path):
    text = "x" * (10 * 1024 * 1024)
    raw = json.dumps({"workspace_id": workspace.id, "document_kind": "profile", "text": text})
    before = nothing_written()

    detail = refused(post_raw(api, path, raw), 413, "body_too_large")

    assert detail["max_bytes"] < len(raw)
    assert nothing_written() == before


@pytest.mark.parametrize(
    "group", ["<script>alert(1)</script>", "' OR '1'='1", "../../etc", "a b", "x" * 101]
)
def test_connect_holds_access_group_cells_to_ingests_pattern(api, workspace, group):
    body = export()
    body["tables"]["calls"][0]["group"] = group
    before = nothing_written()

    detail = refused(connect(api, workspace, body), 422, "export_invalid")

    assert detail["faults"] == ["tables.calls[0].group:not_an_access_group"]
    assert nothing_written() == before
    ingested = api.post(
        "/v1/public/ingest",
        {
            "workspace_id": workspace.id,
            "entity_name": "Greta Ostrander",
            "document_kind": "profile",
            "text": "Greta Ostrander leads marketing.",
            "access_group": group,
        },
        format="json",
    )
    assert ingested.status_code == 422  # the same pattern as ingest's


@pytest.mark.parametrize("group", ["calls", "team-2.eu_west", "A"])
def test_connect_accepts_the_access_groups_ingest_accepts(api, workspace, group):
    body = export()
    body["tables"]["calls"][0]["group"] = group

    assert connect(api, workspace, body).status_code == 200
    assert Document.objects.filter(access_group=group).count() == 1


@pytest.mark.parametrize("name", ["entity_id", "kind"])
def test_an_empty_query_value_is_the_blank_it_is_not_an_omission(api, workspace, name):
    """The schema says these are not blank: `?entity_id=` is refused, not read as absent."""
    reply = api.get("/v1/public/documents", {"workspace_id": workspace.id, name: ""})

    assert refused(reply, 422, "invalid_request")["faults"] == [f"{name}:blank"]


def test_a_body_nested_to_the_limit_is_accepted_and_one_level_more_is_too_deep():
    at_limit = json.loads(deep_object(MAX_DEPTH - 1))  # the innermost value at MAX_DEPTH
    assert checked(at_limit) == at_limit
    for deeper in (deep_object(MAX_DEPTH), deep_array(MAX_DEPTH + 1)):
        with pytest.raises(InvalidRequest) as refusal:
            checked(json.loads(deeper))
        assert refusal.value.detail()["type"] == "json_too_deep"


def test_a_bad_character_in_a_large_export_is_named_by_its_path():
    tables = {"people": [{"_id": str(n), "name": f"Person {n}"} for n in range(5_000)]}
    tables["people"][4_321]["name"] = "Ana\x00"
    tables["people"][17]["bio\ud800"] = "text"

    with pytest.raises(InvalidRequest) as refusal:
        checked({"tables": tables})

    assert refusal.value.detail()["faults"] == [
        "tables.people[17]:surrogate_characters_not_allowed",
        "tables.people[4321].name:null_characters_not_allowed",
    ]
