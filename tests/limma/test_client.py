"""limma.client against the real app, in-process through httpx's WSGI transport (no network)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from limma.client import LimmaClient, LimmaClientError, LimmaServerError
from tests.factories import make_key, make_workspace
from tests.limma.exports import export

pytestmark = pytest.mark.django_db

BASE_URL = "http://localhost"
PROFILE = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
)


class Recording(httpx.BaseTransport):
    """The WSGI transport, keeping every request it carried so a test can read what was sent."""

    def __init__(self) -> None:
        self.wsgi = httpx.WSGITransport(app=get_wsgi_application())
        self.requests: list[httpx.Request] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self.wsgi.handle_request(request)


@pytest.fixture
def transport() -> Iterator[Recording]:
    """The app runs in the test's own thread, inside its transaction: plain `django_db` suffices.

    As Django's test client does, the handler must not close the connection at the ends of a
    request (SQLite's in-memory test database ignores that, other databases would lose the
    test's transaction).
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield Recording()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def limma(transport, admin_token, workspace) -> Iterator[LimmaClient]:
    with LimmaClient(
        BASE_URL, admin_token, workspace_id=workspace.id, transport=transport
    ) as client:
        yield client


def sent_json(request: httpx.Request) -> dict:
    return json.loads(request.content)


def test_ingest_then_region_returns_the_exact_span(limma):
    ingested = limma.ingest(entity_name="Greta Ostrander", document_kind="profile", text=PROFILE)
    start = PROFILE.index("baby formula")

    span = limma.region(source_id=ingested["source_id"], start=start, end=start + 12)

    assert ingested["chars"] == len(PROFILE)
    assert span["text"] == "baby formula" == PROFILE[start : start + 12]
    assert (span["start"], span["end"], span["length"]) == (start, start + 12, len(PROFILE))
    assert limma.region(source_id=ingested["source_id"])["text"] == PROFILE


def test_connect_then_facts_and_documents(limma):
    body = export()

    loaded = limma.connect(tables=body["tables"], mapping=body["mapping"])
    facts = limma.facts(
        relation_query={"relation": "based_in", "where": [["place", "eq", "Europe"]]}
    )
    documents = limma.documents(kind="transcript")

    assert loaded["model_calls"] == 0
    assert loaded["entities"]["total"] == 4
    assert sorted(row["entity_name"] for row in facts["rows"]) == [
        "Dario Benavente",
        "Greta Ostrander",
        "Greta Ostrander",
    ]
    assert facts["matched"]["total"] == 3
    assert [document["kind"] for document in documents["documents"]] == ["transcript"]
    assert documents["documents"][0]["entity_name"] == "Greta Ostrander"
    assert documents["matched"]["total"] == 1


def test_a_refusal_raises_a_client_error_carrying_the_reply(limma):
    with pytest.raises(LimmaClientError) as raised:
        limma.ingest(entity_name="Greta Ostrander", document_kind="horoscope", text=PROFILE)

    error = raised.value
    assert error.status == 422
    assert error.type == "document_kind_unknown"
    assert error.path == "/v1/public/ingest"
    assert error.detail["type"] == "document_kind_unknown"
    assert error.detail["kind"] == "horoscope"
    assert "profile" in error.detail["kinds"]
    assert error.request_id


def test_a_validation_refusal_carries_its_faults(limma):
    with pytest.raises(LimmaClientError) as raised:
        limma.facts(relation_query={"relation": "based_in"}, limit=0)

    assert raised.value.status == 422
    assert raised.value.type == "invalid_request"
    assert raised.value.detail["faults"] == ["limit:min_value"]


def test_an_unknown_key_raises_with_status_401(transport, workspace):
    with (
        LimmaClient(
            BASE_URL, "lk_nobody.secret", workspace_id=workspace.id, transport=transport
        ) as limma,
        pytest.raises(LimmaClientError) as raised,
    ):
        limma.documents()

    assert raised.value.status == 401
    assert raised.value.type == "api_key_required"
    assert transport.requests[0].headers["Authorization"] == "Bearer lk_nobody.secret"


def test_keyword_arguments_set_to_none_are_not_sent(limma, transport):
    ingested = limma.ingest(
        entity_name="Greta Ostrander",
        document_kind="profile",
        text=PROFILE,
        file_name=None,
        document_date=None,
        entity_id=None,
    )
    limma.region(source_id=ingested["source_id"], start=None, end=None)
    limma.documents(kind=None, entity_id=None)

    ingest, region, documents = transport.requests
    assert set(sent_json(ingest)) == {"workspace_id", "entity_name", "document_kind", "text"}
    assert set(region.url.params) == {"workspace_id", "source_id"}
    assert set(documents.url.params) == {"workspace_id"}


def test_the_clients_workspace_id_is_the_default(limma, transport, workspace):
    limma.documents()
    limma.facts(relation_query={"relation": "based_in"})

    documents, facts = transport.requests
    assert documents.url.params["workspace_id"] == workspace.id
    assert sent_json(facts)["workspace_id"] == workspace.id


def test_a_workspace_id_passed_to_a_verb_wins(limma, transport):
    other = make_workspace("Others")

    with pytest.raises(LimmaClientError) as raised:
        limma.documents(workspace_id=other.id)

    assert transport.requests[0].url.params["workspace_id"] == other.id
    assert raised.value.status == 404
    assert raised.value.type == "workspace_unknown"


def test_without_a_workspace_id_the_verb_refuses_for_want_of_it(transport, admin_token):
    with (
        LimmaClient(BASE_URL, admin_token, transport=transport) as limma,
        pytest.raises(LimmaClientError) as raised,
    ):
        limma.documents()

    assert "workspace_id" not in transport.requests[0].url.params
    assert raised.value.detail["faults"] == ["workspace_id:required"]


def test_a_reply_that_is_not_json_raises_not_json(transport, admin_token, workspace):
    with (
        LimmaClient(
            f"{BASE_URL}/nowhere", admin_token, workspace_id=workspace.id, transport=transport
        ) as limma,
        pytest.raises(LimmaClientError) as raised,
    ):
        limma.documents()

    assert raised.value.status == 404
    assert raised.value.type == "not_json"
    assert raised.value.path == "/nowhere/v1/public/documents"
    assert "Not Found" in raised.value.detail["text"]


def test_the_client_imports_without_django():
    program = "import sys; sys.modules['django'] = None; import limma.client"

    finished = subprocess.run([sys.executable, "-c", program], capture_output=True, check=False)

    assert finished.returncode == 0, finished.stderr.decode()


def test_a_5xx_refusal_is_a_server_error(admin_token, workspace):
    def unavailable(request: httpx.Request) -> httpx.Response:
        detail = {"type": "compile_unavailable", "reason": "No model is reachable."}
        return httpx.Response(503, json={"status": 503, "path": request.url.path, "detail": detail})

    with (
        LimmaClient(BASE_URL, admin_token, transport=httpx.MockTransport(unavailable)) as limma,
        pytest.raises(LimmaServerError) as raised,
    ):
        limma.search(question="Who led marketing for baby formula?")

    assert raised.value.status == 503
    assert raised.value.type == "compile_unavailable"
    assert raised.value.path == "/v1/public/search"


def test_a_viewer_key_may_read_but_not_write(transport, workspace):
    token = make_key(workspace, role="viewer")[1]

    with LimmaClient(BASE_URL, token, workspace_id=workspace.id, transport=transport) as limma:
        assert limma.documents()["documents"] == []
        with pytest.raises(LimmaClientError) as raised:
            limma.ingest(entity_name="Greta Ostrander", document_kind="profile", text=PROFILE)

    assert raised.value.status == 403
    assert raised.value.type == "write_needs_analyst_key"


def test_an_idea_is_asked_through_the_search_verb(limma, transport):
    limma.ingest(entity_name="Ada Lind", document_kind="note", text="Our fees rise in spring.")

    reply = limma.idea("where do we discuss pricing?", idea_budget={"max_calls": 2}, detail="full")

    assert sent_json(transport.requests[-1])["idea_budget"] == {"max_calls": 2}
    assert reply["idea"] == "where do we discuss pricing?"
    assert reply["counts"]["documents"] == 1
    assert "grouping" in reply["idea_block"]
