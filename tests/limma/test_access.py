"""Per-key access: a document outside the key's groups is never counted, named or returned."""

from __future__ import annotations

import pytest

from limma.models import Document
from tests.factories import make_key, make_workspace
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(api, workspace):
    connect(api, workspace)
    return workspace


@pytest.fixture
def general_only(client_for, loaded):
    """A viewer that may read the general group, not the call transcripts."""
    return client_for(make_key(loaded, role="viewer", access_groups=["general"])[1])


def test_a_document_outside_the_keys_groups_is_not_in_the_inventory(general_only, loaded):
    body = general_only.get("/v1/public/documents", {"workspace_id": loaded.id}).json()

    assert body["matched"]["total"] == 2
    assert {d["kind"] for d in body["documents"]} == {"profile"}


def test_a_document_outside_the_keys_groups_cannot_be_read_and_looks_unknown(general_only, loaded):
    hidden = Document.objects.get(kind="transcript")

    reply = general_only.get(
        "/v1/public/region", {"workspace_id": loaded.id, "source_id": hidden.source_id}
    )

    assert reply.status_code == 404
    assert reply.json()["detail"]["type"] == "document_unknown"
    assert hidden.text not in reply.content.decode()


def test_a_person_filter_does_not_reveal_hidden_documents(general_only, loaded):
    body = general_only.get(
        "/v1/public/documents", {"workspace_id": loaded.id, "entity_id": "414faa227dc946d35295d3e1"}
    ).json()

    assert [d["kind"] for d in body["documents"]] == ["profile"]


def test_another_workspace_and_an_unknown_one_are_the_same_404(client_for, loaded):
    other = client_for(make_key(make_workspace("Other"), role="admin")[1])

    hidden = other.get("/v1/public/documents", {"workspace_id": loaded.id})
    unknown = other.get("/v1/public/documents", {"workspace_id": "ws_ffffffffffff"})

    assert (hidden.status_code, unknown.status_code) == (404, 404)
    assert hidden.json()["detail"] == {**unknown.json()["detail"], "workspace_id": loaded.id}
    assert hidden.json()["detail"]["type"] == "workspace_unknown"


def test_a_revoked_key_is_refused(client_for, loaded):
    from limma.services.keys import api_key_revoke

    key, token = make_key(loaded, role="viewer")
    api_key_revoke(key=key)

    reply = client_for(token).get("/v1/public/documents", {"workspace_id": loaded.id})

    assert reply.status_code == 401


def test_only_a_hash_of_the_secret_is_stored(loaded):
    key, token = make_key(loaded, role="viewer")

    secret = token.split(".", 1)[1]
    assert secret not in key.hashed_secret
    assert key.matches(secret)
    assert not key.matches(secret + "x")
