"""The verb reference: it validates, it is served, and every verb's reply says exactly what it says.

The conformance tests call each verb for real and validate the reply against the served schema
made strict (tests/schema_check.py): a field the schema does not name fails, as does a type,
a nullability or a required field the reply does not keep.
"""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from limma.models import Document, RelationRow
from limma.services.rows import row_create
from limma.urls import urlpatterns
from tests.limma.exports import connect, export
from tests.schema_check import assert_reply_matches_schema

pytestmark = pytest.mark.django_db


def public_verbs() -> dict[str, str]:
    """Every public verb the URL configuration routes (a job's own address aside), with the one
    method its view answers."""
    verbs = {}
    for pattern in urlpatterns:
        route = str(pattern.pattern)
        if route.startswith("v1/public/") and "<" not in route:
            view = pattern.callback.view_class
            (method,) = [method for method in ("get", "post") if hasattr(view, method)]
            verbs[f"/{route}"] = method
    return verbs


VERBS = public_verbs()


@pytest.fixture
def schema() -> dict[str, Any]:
    reply = APIClient().get("/v1/schema", {"format": "json"})
    assert reply.status_code == 200, reply.content[:500]
    return reply.json()


@pytest.fixture
def loaded(api, workspace):
    assert connect(api, workspace).status_code == 200
    return workspace


def test_the_schema_validates_without_a_warning():
    out = io.StringIO()

    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--format", "openapi-json", stdout=out
    )

    assert '"openapi"' in out.getvalue()


def test_the_schema_is_served_without_a_key_and_names_every_verb(schema):
    assert schema["openapi"].startswith("3.")
    assert set(VERBS) <= set(schema["paths"])
    for path, method in VERBS.items():
        assert method in schema["paths"][path], f"{path} has no {method}"


def test_the_schema_is_served_as_json_on_the_accept_header():
    reply = APIClient().get("/v1/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert reply.status_code == 200
    assert "/v1/public/facts" in reply.json()["paths"]


def test_the_reference_page_answers():
    reply = APIClient().get("/v1/reference")

    assert reply.status_code == 200
    assert b'id="swagger-ui"' in reply.content


@pytest.mark.parametrize(("path", "method"), VERBS.items(), ids=list(VERBS))
def test_every_verb_has_an_input_and_a_2xx_reply_component(schema, path, method):
    operation = schema["paths"][path][method]

    if method == "get":
        assert operation.get("parameters"), f"{path} documents no parameters"
    else:
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body["$ref"].startswith("#/components/schemas/")
        assert operation["requestBody"].get("required") is True
    replies = {
        status: reply for status, reply in operation["responses"].items() if status[0] == "2"
    }
    assert replies, f"{path} documents no 2xx reply"
    for reply in replies.values():
        ref = reply["content"]["application/json"]["schema"]["$ref"]
        component = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        # A verb with two reply shapes (search: entities or an idea's parts) is a oneOf of them.
        shapes = [
            schema["components"]["schemas"][one["$ref"].rsplit("/", 1)[1]]
            for one in component.get("oneOf", [])
        ] or [component]
        assert all(shape["properties"] for shape in shapes)


# Each verb called for real, with the export loaded: (path, method, expected status, call).
def _ingest(api, workspace):
    return api.post(
        "/v1/public/ingest",
        {
            "workspace_id": workspace.id,
            "entity_name": "Greta Ostrander",
            "document_kind": "profile",
            "text": "Greta Ostrander leads marketing.\n\nShe lives in Hamburg.",
            "document_date": "2024-05-01",
        },
        format="json",
    )


def _connect(api, workspace):
    return connect(api, workspace)


def _region_span(api, workspace):
    document = Document.objects.get(kind="transcript")
    return api.get(
        "/v1/public/region",
        {"workspace_id": workspace.id, "source_id": document.source_id, "start": 0, "end": 10},
    )


def _region_whole(api, workspace):
    document = Document.objects.filter(kind="profile").first()
    return api.get(
        "/v1/public/region", {"workspace_id": workspace.id, "source_id": document.source_id}
    )


def _facts(relation_query, **more):
    def call(api, workspace):
        return api.post(
            "/v1/public/facts",
            {"workspace_id": workspace.id, "relation_query": relation_query, **more},
            format="json",
        )

    return call


def _documents(**params):
    def call(api, workspace):
        return api.get("/v1/public/documents", {"workspace_id": workspace.id, **params})

    return call


def _verify(**computed):
    def call(api, workspace):
        rows = api.post(
            "/v1/public/facts",
            {"workspace_id": workspace.id, "relation_query": {"relation": "held_role"}},
            format="json",
        ).json()["rows"]
        missing = {"origin": "declared", "table": "roles", "record_id": "no-such-record"}
        body = {
            "workspace_id": workspace.id,
            "relation": "held_role",
            "rows": [*rows, missing],
            "computed": computed,
        }
        return api.post("/v1/public/verify", body, format="json")

    return call


class Call(NamedTuple):
    path: str
    method: str
    status: int
    send: Callable[[APIClient, Any], Any]


def _search(**body):
    def call(api, workspace):
        return api.post("/v1/public/search", {"workspace_id": workspace.id, **body}, format="json")

    return call


EUROPE = {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}

CALLS = [
    pytest.param(
        Call("/v1/public/search", "post", 200, _search(constraints=[EUROPE])),
        id="search_compact",
    ),
    pytest.param(
        Call("/v1/public/search", "post", 200, _search(constraints=[EUROPE], detail="full")),
        id="search_full",
    ),
    pytest.param(
        Call(
            "/v1/public/search",
            "post",
            200,
            _search(brief="VP-level Marketing leaders in Europe", detail="full", limit=1),
        ),
        id="search_brief_full",
    ),
    pytest.param(Call("/v1/public/ingest", "post", 201, _ingest), id="ingest"),
    pytest.param(Call("/v1/public/connect", "post", 200, _connect), id="connect_again"),
    pytest.param(Call("/v1/public/region", "get", 200, _region_span), id="region_span"),
    pytest.param(Call("/v1/public/region", "get", 200, _region_whole), id="region_whole"),
    pytest.param(
        Call(
            "/v1/public/facts",
            "post",
            200,
            _facts({"relation": "based_in", "where": [["place", "eq", "Asia"]]}),
        ),
        id="facts_with_gaps",
    ),
    pytest.param(
        Call("/v1/public/facts", "post", 200, _facts({"relation": "held_role"}, limit=1)),
        id="facts_paged",
    ),
    pytest.param(
        Call(
            "/v1/public/facts",
            "post",
            200,
            _facts({"relation": "based_in", "where": [["place", "eq", "Oceania"]]}),
        ),
        id="facts_empty",
    ),
    pytest.param(Call("/v1/public/documents", "get", 200, _documents()), id="documents"),
    pytest.param(
        Call("/v1/public/documents", "get", 200, _documents(limit=1)), id="documents_paged"
    ),
    pytest.param(
        Call("/v1/public/documents", "get", 200, _documents(kind="no_such_kind")),
        id="documents_none",
    ),
    pytest.param(
        Call("/v1/public/verify", "post", 200, _verify(kind="count", value=1, of="people")),
        id="verify_count",
    ),
    pytest.param(
        Call("/v1/public/verify", "post", 200, _verify(kind="years", value=1)),
        id="verify_years",
    ),
]


@pytest.mark.parametrize("case", CALLS)
def test_every_verb_replies_exactly_as_its_schema_says(schema, api, loaded, case):
    reply = case.send(api, loaded)

    assert reply.status_code == case.status, reply.content[:500]
    assert_reply_matches_schema(schema, case.path, case.method, case.status, reply.json())


def test_connect_into_an_empty_workspace_matches(schema, api, workspace):
    reply = connect(api, workspace)

    assert reply.status_code == 200
    assert_reply_matches_schema(schema, "/v1/public/connect", "post", 200, reply.json())


def test_facts_that_cannot_be_placed_match(schema, api, workspace):
    body = export()
    body["tables"]["experts"][4]["country_withheld"] = False
    connect(api, workspace, body)

    reply = _facts({"relation": "based_in", "where": [["place", "eq", "Europe"]]})(api, workspace)

    assert reply.json()["not_placed"], "the export should leave a row the vocabulary cannot place"
    assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, reply.json())


# The checker itself: a reply that says more than the schema must fail.
@pytest.fixture
def facts_body(api, loaded) -> dict[str, Any]:
    body = _facts({"relation": "based_in"})(api, loaded).json()
    assert body["rows"]
    return body


def test_the_checker_passes_the_reply_as_given(schema, facts_body):
    assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, facts_body)


def test_the_checker_refuses_an_extra_top_level_field(schema, facts_body):
    body = {**facts_body, "surprise": 1}

    with pytest.raises(AssertionError, match="surprise"):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_refuses_an_extra_field_in_a_facts_row(schema, facts_body):
    body = copy.deepcopy(facts_body)
    body["rows"][0]["surprise"] = 1

    with pytest.raises(AssertionError, match="surprise"):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_refuses_an_extra_field_in_a_receipt(schema, facts_body):
    body = copy.deepcopy(facts_body)
    body["rows"][0]["receipt"]["surprise"] = 1

    with pytest.raises(AssertionError):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_refuses_a_null_where_none_is_allowed(schema, facts_body):
    body = copy.deepcopy(facts_body)
    body["rows"][0]["entity_name"] = None

    with pytest.raises(AssertionError, match="None is not of type 'string'"):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_allows_a_null_where_the_schema_says_nullable(schema, facts_body):
    body = copy.deepcopy(facts_body)
    body["matched"]["next_offset"] = None
    body["matched"]["showing"] = None

    assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_refuses_a_missing_required_field(schema, facts_body):
    body = {key: value for key, value in facts_body.items() if key != "complete"}

    with pytest.raises(AssertionError, match="'complete' is a required property"):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)


def test_the_checker_refuses_an_undocumented_status(schema, facts_body):
    with pytest.raises(AssertionError, match="documents no 418 reply"):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 418, facts_body)


# Refusals: one shape, whatever the verb.
REFUSALS = [
    pytest.param(_facts({"relation": "lives_in"}), 422, id="facts_unknown_relation"),
    pytest.param(
        lambda api, ws: api.post("/v1/public/facts", {"workspace_id": ws.id}, format="json"),
        422,
        id="facts_invalid_request",
    ),
    pytest.param(
        lambda api, ws: api.get(
            "/v1/public/region", {"workspace_id": ws.id, "source_id": "0" * 32}
        ),
        404,
        id="region_unknown_document",
    ),
    pytest.param(
        lambda api, ws: api.get(
            "/v1/public/region",
            {
                "workspace_id": ws.id,
                "source_id": Document.objects.get(kind="transcript").source_id,
                "start": 5,
                "end": 2,
            },
        ),
        422,
        id="region_span_out_of_range",
    ),
    pytest.param(
        lambda api, ws: api.post(
            "/v1/public/ingest",
            {"workspace_id": ws.id, "document_kind": "profile", "text": "x"},
            format="json",
        ),
        422,
        id="ingest_without_an_entity",
    ),
]


@pytest.mark.parametrize(("call", "status"), REFUSALS)
def test_a_refusal_has_exactly_status_path_and_a_typed_detail(api, loaded, call, status):
    reply = call(api, loaded)

    assert reply.status_code == status
    body = reply.json()
    assert set(body) == {"status", "path", "detail"}
    assert body["status"] == status
    assert body["path"] == reply.wsgi_request.path
    assert isinstance(body["detail"], dict)
    assert isinstance(body["detail"]["type"], str) and body["detail"]["type"]


def test_a_row_a_read_extracted_matches_with_its_span_receipt(schema, api, loaded):
    document = Document.objects.get(kind="transcript")
    start = document.text.index("20 years")
    row_create(
        workspace=loaded,
        entity=document.entity,
        relation="based_in",
        values={"place": "Germany"},
        origin=RelationRow.Origin.EXTRACTED,
        document=document,
        char_start=start,
        char_end=start + 8,
        made_by="test",
    )

    body = _facts({"relation": "based_in"})(api, loaded).json()

    extracted = [row for row in body["rows"] if row["receipt"]["origin"] == "extracted"]
    assert extracted[0]["receipt"]["text"] == "20 years"
    assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)
    extracted[0]["receipt"]["table"] = "experts"  # a declared receipt's field on an extracted one
    with pytest.raises(AssertionError):
        assert_reply_matches_schema(schema, "/v1/public/facts", "post", 200, body)
