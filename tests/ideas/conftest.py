"""Fixtures of the idea tests: documents loaded with a stand-in labeller, and a search helper."""

from __future__ import annotations

import pytest

from limma import door
from limma.services.ingest import document_ingest
from tests.factories import make_key
from tests.ideas.standin import StandIn

MEMO = (
    "Terms\n"
    "We reserve the right to raise our fees once a year. Tax due.\n\n"
    "The price list is attached.\n\n"
    "Questions go to the finance team."
)
RENEWAL = "Fees rise by four percent at each renewal.\n\nThe office closes on Friday."
TOPICS = {
    "We reserve the right to raise our fees once a year.": [("raise our fees", "pricing")],
    "Tax due.": [("tax", "finance")],
    "The price list is attached.": [("price list", "pricing")],
    "Questions go to the finance team.": [("finance team", "contacts")],
    "Fees rise by four percent at each renewal.": [("fees rise", "pricing")],
    "The office closes on Friday.": [("office closes", "schedule")],
}
VERDICTS = {"raise our fees": "means_it", "fees rise": "means_it", "price list": "possibly"}
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
