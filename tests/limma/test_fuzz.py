"""A schema fuzz of every verb: schemathesis generates requests from /v1/schema (valid and
invalid), sends each with an admin and a viewer key, and fails on any 500 and on any status,
content type or body the schema does not document.

Bounded: FUZZ_EXAMPLES cases per operation and mode, each sent twice (about 250 requests in
all), against a small loaded workspace, so the test stays in seconds.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from limma.wsgi import application
from tests.factories import make_key
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

FUZZ_EXAMPLES = 10
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
SCHEMA = schemathesis.openapi.from_wsgi("/v1/schema?format=json", application)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


def aimed_at(case: Any, workspace_id: str) -> None:
    """Most cases name the loaded workspace, so the fuzz reaches past the 404."""
    if isinstance(case.body, dict) and "workspace_id" in case.body:
        case.body["workspace_id"] = workspace_id
    if isinstance(case.query, dict) and "workspace_id" in case.query:
        case.query["workspace_id"] = workspace_id


@pytest.fixture
def connection_kept_open(tokens):
    """As Django's test client does while it sends: the WSGI app must not close the test's
    own connection after each request (it lives in the test's transaction). After `tokens`,
    whose test client connects the signal again when it is done."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def tokens(api, workspace) -> dict[str, str]:
    connect(api, workspace)
    return {
        "admin": make_key(workspace, role="admin")[1],
        "viewer": make_key(workspace, role="viewer", access_groups=["general"])[1],
    }


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
@pytest.mark.usefixtures("connection_kept_open")
def test_no_request_the_schema_allows_or_refuses_gets_an_undocumented_reply(
    operation, mode, tokens, workspace
):
    sent: list[int] = []

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def fuzzed(case: Any) -> None:
        aimed_at(case, workspace.id)
        for token in tokens.values():
            headers = {"Authorization": f"Bearer {token}"}
            response = case.call(headers=headers)
            sent.append(response.status_code)
            case.validate_response(response, checks=CHECKS, headers=headers)

    fuzzed()

    assert sent and 500 not in sent


def test_the_schema_documents_every_refusal_and_the_bounds_the_verbs_enforce():
    schema = SCHEMA.raw_schema
    for path, operations in schema["paths"].items():
        if path.startswith("/v1/public/"):
            for operation in operations.values():
                assert {"400", "401", "404", "413", "422"} <= set(operation["responses"]), path
    ingest = schema["components"]["schemas"]["IngestInputRequest"]["properties"]
    assert ingest["text"]["minLength"] == 1 and ingest["document_kind"]["minLength"] == 1
    search = schema["components"]["schemas"]["SearchInputRequest"]["properties"]
    assert search["offset"]["maximum"] == 1_000_000_000
