"""POST /v1/public/ingest: a document stored as sent, cut into parts, with its labelling."""

from __future__ import annotations

import pytest

from limma import door
from limma.models import Document, Entity, Sentence
from limma.segment import SEGMENTER_VERSION

pytestmark = pytest.mark.django_db

PROFILE = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
    "Greta has done this work for more than 20 years.\n"
)


def ingest(api, workspace, **fields):
    body = {
        "workspace_id": workspace.id,
        "entity_name": "Greta Ostrander",
        "document_kind": "profile",
        "text": PROFILE,
        **fields,
    }
    return api.post("/v1/public/ingest", body, format="json")


def test_ingest_stores_the_text_exactly_and_replies_with_its_parts(api, workspace):
    reply = ingest(api, workspace)

    assert reply.status_code == 201
    body = reply.json()
    document = Document.objects.get(source_id=body["source_id"])
    assert document.text == PROFILE
    assert body["entity_name"] == "Greta Ostrander"
    assert body["parts"], "a profile of three sentences has at least one part"
    for part in body["parts"]:
        start, end = part["location"]
        assert PROFILE[start:end].strip() == PROFILE[start:end]
    assert body["request_id"].startswith("req_")


def test_every_sentence_span_re_reads_byte_for_byte(api, workspace):
    body = ingest(api, workspace).json()

    sentences = Sentence.objects.filter(document__source_id=body["source_id"])
    texts = [PROFILE[s.char_start : s.char_end] for s in sentences]
    assert texts == [
        "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.",
        "She led marketing for baby formula across Germany and Poland until 2023.",
        "Greta has done this work for more than 20 years.",
    ]


def test_a_document_records_the_segmenter_that_cut_it(api, workspace):
    body = ingest(api, workspace).json()

    document = Document.objects.get(source_id=body["source_id"])
    assert document.segmenter_version == SEGMENTER_VERSION


def test_with_no_model_to_label_the_document_says_so_the_moment_it_is_loaded(api, workspace):
    with door.use_provider(door.ScriptedProvider()):  # a provider with no part_labeller
        body = ingest(api, workspace).json()

    labelling = body["labelling"]
    assert labelling["state"] == "not_labelled"
    assert labelling["labelled"] == 0
    assert labelling["not_labelled"] == {"model_unavailable": labelling["parts"]}


def test_a_second_document_about_the_same_name_is_about_the_same_person(api, workspace):
    first = ingest(api, workspace).json()
    second = ingest(
        api,
        workspace,
        entity_name="greta  ostrander",
        document_kind="transcript",
        text="[00:00:05] Greta: I ran the brand team.",
    ).json()

    assert first["entity_id"] == second["entity_id"]
    assert Entity.objects.filter(workspace=workspace).count() == 1


@pytest.mark.parametrize(
    ("fields", "status", "fault"),
    [
        pytest.param(
            {"document_kind": "poem"}, 422, "document_kind_unknown", id="kind_not_in_pack"
        ),
        pytest.param({"text": ""}, 422, "invalid_request", id="empty_text"),
        pytest.param({"entity_name": ""}, 422, "invalid_request", id="nobody_named"),
        pytest.param({"entity_id": "nobody"}, 404, "entity_unknown", id="unknown_entity_id"),
        pytest.param({"document_date": "2024-13-01"}, 422, "invalid_request", id="bad_date"),
        pytest.param({"access_group": "two words"}, 422, "invalid_request", id="bad_group"),
        pytest.param(
            {"workspace_id": "ws_000000000000"}, 404, "workspace_unknown", id="no_workspace"
        ),
    ],
)
def test_a_refused_ingest_is_a_named_fault_and_writes_nothing(
    api, workspace, fields, status, fault
):
    reply = ingest(api, workspace, **fields)

    assert reply.status_code == status
    body = reply.json()
    assert body["detail"]["type"] == fault
    assert body["path"] == "/v1/public/ingest"
    assert body["status"] == status
    assert not Document.objects.exists()
    assert not Entity.objects.exists()


def test_a_name_two_people_carry_is_refused_with_their_ids(api, workspace):
    Entity.objects.create(workspace=workspace, display_name="Ana Lima")
    Entity.objects.create(workspace=workspace, display_name="Ana Lima")

    reply = ingest(api, workspace, entity_name="Ana Lima")

    assert reply.status_code == 409
    assert reply.json()["detail"]["type"] == "entity_name_ambiguous"
    assert len(reply.json()["detail"]["entity_ids"]) == 2


def test_malformed_json_is_a_400_not_a_500(api):
    reply = api.post("/v1/public/ingest", "{not json", content_type="application/json")

    assert reply.status_code == 400
    assert reply.json()["detail"]["type"] == "malformed_json"


def test_a_viewer_key_may_not_load(client_for, workspace):
    from tests.factories import make_key

    viewer = client_for(make_key(workspace, role="viewer")[1])

    reply = ingest(viewer, workspace)

    assert reply.status_code == 403
    assert reply.json()["detail"]["type"] == "write_needs_analyst_key"


@pytest.mark.parametrize(
    "header",
    [None, "Bearer lk_nope", "Bearer lk_deadbeef.wrong-secret", "Token abc"],
    ids=["no_key", "malformed", "unknown", "other_scheme"],
)
def test_without_a_valid_key_the_verb_is_a_401(workspace, header):
    from rest_framework.test import APIClient

    client = APIClient()
    if header:
        client.credentials(HTTP_AUTHORIZATION=header)

    reply = client.post("/v1/public/ingest", {"workspace_id": workspace.id}, format="json")

    assert reply.status_code == 401
    assert reply.json()["detail"]["type"] == "api_key_required"
