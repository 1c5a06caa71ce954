"""Access hides existence: an entity, a document or a group a key may not see answers exactly as
one that does not exist, on every verb and every tool (the same status, the same body but for
the id it echoes), while a key that may see it is answered about it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from limma.models import Document, Entity
from qa_view.agent.tools import REGISTRY, call_tool
from tests.factories import make_key
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

ID = "<id>"  # where a probe puts the id it asks about
ABSENT_ENTITY, ABSENT_DOCUMENT = "ent_nobody_carries", "doc_nobody_has"


@pytest.fixture
def world(api, workspace) -> dict[str, Any]:
    """The directory, plus a person known only from a board document: a key reading the general
    group alone may know of neither the person nor the document."""
    connect(api, workspace)
    reply = api.post(
        "/v1/public/ingest",
        {
            "workspace_id": workspace.id,
            "entity_name": "Hedda Quist",
            "document_kind": "profile",
            "text": "Hedda Quist chairs the board's audit committee.",
            "access_group": "board",
        },
        format="json",
    )
    assert reply.status_code == 201, reply.content
    return {
        "workspace": workspace,
        "entity": reply.json()["entity_id"],
        "document": reply.json()["source_id"],
        "general": make_key(workspace, role="analyst", access_groups=["general"]),
        "board": make_key(workspace, role="analyst", access_groups=["general", "board"]),
    }


def filled(value: Any, found: str) -> Any:
    return json.loads(json.dumps(value).replace(ID, found))


def anonymous(body: Any, asked: str) -> Any:
    """The body with the id it was asked about put back to the placeholder, and the request's
    own id left out."""
    plain = json.loads(json.dumps(body).replace(asked, ID))
    if isinstance(plain, dict):
        plain.pop("request_id", None)
    return plain


def same_as_unknown(answer: Callable[[str], tuple[int, Any]], hidden: str, absent: str) -> None:
    """The hidden id and the absent one get the same status and the same body."""
    (hidden_status, hidden_body), (absent_status, absent_body) = answer(hidden), answer(absent)

    assert hidden_status == absent_status
    assert anonymous(hidden_body, hidden) == anonymous(absent_body, absent)


# Each verb asked about an entity: (method, path, body or query, the id's kind).
HTTP_PROBES = {
    "documents_of_an_entity": ("get", "documents", {"entity_id": ID}, "entity"),
    "region_of_a_document": ("get", "region", {"source_id": ID, "start": 0, "end": 5}, "document"),
    "search_of_an_entity": ("post", "search", {"brief": "", "entity_ids": [ID]}, "entity"),
    "facts_of_an_entity": (
        "post",
        "facts",
        {"relation_query": {"relation": "based_in", "entity_ids": [ID]}},
        "entity",
    ),
    "ingest_to_an_entity": (
        "post",
        "ingest",
        {"entity_id": ID, "document_kind": "profile", "text": "A note."},
        "entity",
    ),
}
TOOL_PROBES = {
    "limma_documents": ({"entity_id": ID}, "entity"),
    "limma_region": ({"source_id": ID, "start": 0, "end": 5}, "document"),
    "limma_search": ({"brief": "", "entity_ids": [ID]}, "entity"),
    "limma_facts": ({"relation": "based_in", "entity_ids": [ID]}, "entity"),
    "limma_ingest": ({"entity_id": ID, "document_kind": "profile", "text": "A note."}, "entity"),
}
ABSENT = {"entity": ABSENT_ENTITY, "document": ABSENT_DOCUMENT}


def http_answer(client_for, world, probe: str, key: str) -> Callable[[str], tuple[int, Any]]:
    method, verb, asked, _ = HTTP_PROBES[probe]
    client = client_for(world[key][1])

    def answer(found: str) -> tuple[int, Any]:
        data = {"workspace_id": world["workspace"].id, **filled(asked, found)}
        if method == "get":
            reply = client.get(f"/v1/public/{verb}", data)
        else:
            reply = client.post(f"/v1/public/{verb}", data, format="json")
        return reply.status_code, reply.json()

    return answer


@pytest.mark.parametrize("probe", sorted(HTTP_PROBES))
def test_what_a_key_may_not_see_answers_as_what_does_not_exist(client_for, world, probe):
    kind = HTTP_PROBES[probe][3]
    before = Document.objects.count()

    same_as_unknown(http_answer(client_for, world, probe, "general"), world[kind], ABSENT[kind])

    assert Document.objects.count() == before  # neither probe wrote anything


# Facts answers rows, and the person known from a document alone has none: it tells nobody
# apart for any key, so it has no near neighbour here.
@pytest.mark.parametrize("probe", sorted(set(HTTP_PROBES) - {"facts_of_an_entity"}))
def test_a_key_that_may_see_it_is_answered_about_it(client_for, world, probe):
    kind = HTTP_PROBES[probe][3]
    answer = http_answer(client_for, world, probe, "board")

    (seen_status, seen), (absent_status, absent) = answer(world[kind]), answer(ABSENT[kind])

    assert seen_status in {200, 201}
    assert (seen_status, anonymous(seen, world[kind])) != (
        absent_status,
        anonymous(absent, ABSENT[kind]),
    )


@pytest.mark.parametrize("tool", sorted(TOOL_PROBES))
def test_every_tool_answers_what_a_key_may_not_see_as_what_does_not_exist(world, tool):
    assert tool in REGISTRY
    arguments, kind = TOOL_PROBES[tool]
    key = world["general"][0]

    def answer(found: str) -> tuple[int, Any]:
        result = call_tool(
            tool,
            filled(arguments, found),
            key=key,
            workspace=world["workspace"],
            request_id="req_1",
            offered=list(REGISTRY),
        )
        return (200 if result.ok else result.result["status"]), result.result

    same_as_unknown(answer, world[kind], ABSENT[kind])


def test_the_audits_case_a_person_known_only_from_hidden_documents(client_for, world):
    general = client_for(world["general"][1])
    workspace_id = world["workspace"].id

    hidden = general.get(
        "/v1/public/documents", {"workspace_id": workspace_id, "entity_id": world["entity"]}
    )
    absent = general.get(
        "/v1/public/documents", {"workspace_id": workspace_id, "entity_id": ABSENT_ENTITY}
    )

    assert (hidden.status_code, absent.status_code) == (404, 404)
    assert hidden.json()["detail"]["type"] == absent.json()["detail"]["type"] == "entity_unknown"


def test_a_person_the_record_declares_is_known_to_every_key_though_their_documents_hide(
    client_for, world
):
    # The near neighbour: Greta's declared rows are read by every key, so she is no secret.
    greta = Entity.objects.filter(display_name="Greta Ostrander").get()
    general = client_for(world["general"][1])

    reply = general.get(
        "/v1/public/documents",
        {"workspace_id": world["workspace"].id, "entity_id": greta.key, "kind": "transcript"},
    )

    assert reply.status_code == 200
    assert reply.json()["documents"] == []


def test_ingest_by_name_does_not_find_a_person_the_key_may_not_see(client_for, world):
    general = client_for(world["general"][1])

    reply = general.post(
        "/v1/public/ingest",
        {
            "workspace_id": world["workspace"].id,
            "entity_name": "Hedda Quist",
            "document_kind": "profile",
            "text": "Hedda Quist gave a talk.",
        },
        format="json",
    )

    assert reply.status_code == 201
    assert reply.json()["entity_id"] != world["entity"]  # as when nobody carries the name


def test_ingest_by_name_finds_the_person_for_a_key_that_may_see_them(client_for, world):
    board = client_for(world["board"][1])

    reply = board.post(
        "/v1/public/ingest",
        {
            "workspace_id": world["workspace"].id,
            "entity_name": "Hedda Quist",
            "document_kind": "profile",
            "text": "Hedda Quist gave a talk.",
        },
        format="json",
    )

    assert reply.status_code == 201
    assert reply.json()["entity_id"] == world["entity"]


@pytest.mark.parametrize("group", ["board", "nobody_uses_this_group"])
def test_a_group_the_key_may_not_read_is_written_to_as_any_other(client_for, world, group):
    general = client_for(world["general"][1])

    reply = general.post(
        "/v1/public/ingest",
        {
            "workspace_id": world["workspace"].id,
            "entity_name": "Ivo Pell",
            "document_kind": "profile",
            "text": "Ivo Pell keeps the minutes.",
            "access_group": group,
        },
        format="json",
    )

    assert reply.status_code == 201
    assert set(reply.json()) >= {"source_id", "entity_id", "state"}
    listed = general.get("/v1/public/documents", {"workspace_id": world["workspace"].id}).json()
    assert reply.json()["source_id"] not in {d["source_id"] for d in listed["documents"]}
