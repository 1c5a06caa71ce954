"""Fixtures of the idea tests: documents loaded with a stand-in labeller, and a search helper."""

from __future__ import annotations

import pytest

from docs.examples.ideas_compact_reply import MEMO, RENEWAL, TOPICS, VERDICTS
from limma import door
from limma.services.ingest import document_ingest
from tests.factories import make_key
from tests.ideas.standin import StandIn

# The memo, the renewal and their stand-in topics and verdicts are the worked example of an
# idea's compact reply (docs/verbs.md#ideas), shared with docs/examples/ideas_compact_reply.py.
__all__ = ["IDEA", "MEMO", "RENEWAL", "TOPICS", "VERDICTS"]
IDEA = "where do we discuss pricing risk?"


@pytest.fixture
def standin():
    model = StandIn(topics=dict(TOPICS), verdicts=dict(VERDICTS))
    with door.use_provider(model):
        yield model


@pytest.fixture
def load(workspace, django_capture_on_commit_callbacks):
    """load(text, ...) ingests a document and runs its labelling, as the background would."""

    def ingest(
        text: str,
        *,
        file_name: str = "doc.txt",
        entity_name: str = "Northwind Traders",
        access_group: str = "general",
    ):
        with django_capture_on_commit_callbacks(execute=True):
            return document_ingest(
                workspace=workspace,
                entity_name=entity_name,
                kind="note",
                text=text,
                file_name=file_name,
                access_group=access_group,
            ).document

    return ingest


@pytest.fixture
def ask(api, workspace, django_capture_on_commit_callbacks):
    """ask(idea=..., client=..., **body): POST /v1/public/search; the reply (status, JSON)."""

    def post(*, client=None, **body):
        with django_capture_on_commit_callbacks(execute=True):
            reply = (client or api).post(
                "/v1/public/search", {"workspace_id": workspace.id, **body}, format="json"
            )
        return reply.status_code, reply.json()

    return post


@pytest.fixture
def viewer(workspace, client_for):
    return client_for(make_key(workspace, role="viewer")[1])
