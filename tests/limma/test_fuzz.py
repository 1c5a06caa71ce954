"""A schema fuzz of every verb: schemathesis generates requests from /v1/schema (valid and
invalid), sends each with an admin and a viewer key, and fails on any 500, on any status,
content type or body the schema does not document, on a request the schema allows that is
refused, and on one it forbids that is accepted.

A request the schema allows may name what only the workspace holds (a relation, a document
kind, an entity): its 422 is accepted when the operation's documented 422 lists that fault
(x-value-faults), and only then.

Bounded: FUZZ_EXAMPLES cases per operation and mode, each sent twice (about 250 requests in
all), against a small loaded workspace, so the test stays in seconds.
"""

from __future__ import annotations

import re
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
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from limma.schema import NOT_BLANK, STORABLE
from limma.serializers import WorkspaceInput
from limma.wsgi import application
from tests.factories import make_key
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

FUZZ_EXAMPLES = 10
NOT_BLANK_TEXT = re.compile(NOT_BLANK)
SCHEMA = schemathesis.openapi.from_wsgi("/v1/schema?format=json", application)
# The schema's strings carry no NUL (each named one says so by its pattern); OpenAPI 3.0 cannot
# say it of a free-form object's keys, so the fuzz does not send one there either.
SCHEMA.config.generation.update(allow_x00=False)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


def names_only_values_the_schema_cannot_judge(case: Any, response: Any) -> bool:
    """A 422 whose type (and every fault, by its start or end) the operation's 422 documents
    as a value the schema cannot judge."""
    documented = case.operation.definition.raw["responses"]["422"].get("x-value-faults", {})
    detail = response.json().get("detail", {}) if response.status_code == 422 else {}
    endings = documented.get(detail.get("type"))
    if endings is None:
        return False
    faults = detail.get("faults", [])
    named = tuple(endings)
    return not endings or (
        bool(faults) and all(fault.endswith(named) or fault.startswith(named) for fault in faults)
    )


@schemathesis.check
def schema_valid_request_accepted(ctx: Any, response: Any, case: Any) -> bool | None:
    """positive_data_acceptance, but for a refusal naming only values the schema cannot judge."""
    if names_only_values_the_schema_cannot_judge(case, response):
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    schema_valid_request_accepted,
    negative_data_rejection,
]


def aimed_at(case: Any, workspace_id: str) -> None:
    """Most cases name the loaded workspace, so the fuzz reaches past the 404; a workspace_id
    the schema forbids is left as sent (a negative case's own fault)."""
    for part in (case.body, case.query):
        if isinstance(part, dict) and schema_allows_workspace_id(part.get("workspace_id")):
            part["workspace_id"] = workspace_id


def schema_allows_workspace_id(value: Any) -> bool:
    max_length = WorkspaceInput().fields["workspace_id"].max_length
    return isinstance(value, str) and len(value) <= max_length and bool(NOT_BLANK_TEXT.match(value))


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


def test_the_schema_says_what_the_verbs_check_and_which_refusals_it_cannot_judge():
    schema = SCHEMA.raw_schema
    components = schema["components"]["schemas"]
    workspace_id = components["FactsInputRequest"]["properties"]["workspace_id"]
    assert workspace_id["pattern"] == NOT_BLANK  # read trimmed: white space alone is blank
    assert components["IngestInputRequest"]["properties"]["text"]["pattern"] == STORABLE
    assert components["ConnectInputRequest"]["properties"]["mapping"]["required"] == ["entities"]
    search = components["SearchInputRequest"]
    assert search["additionalProperties"] is False
    assert search["properties"]["criteria"]["maxItems"] == 1
    value_faults = {
        path: operation["responses"]["422"].get("x-value-faults", {})
        for path, operations in schema["paths"].items()
        for operation in operations.values()
        if path.startswith("/v1/public/")
    }
    assert value_faults["/v1/public/facts"].keys() == {
        "relation_unknown",
        "slot_unknown",
        "op_not_for_slot",
    }
    assert value_faults["/v1/public/verify"] == {"invalid_request": ["relation:unknown"]}
    assert value_faults["/v1/public/documents"] == {}  # a query string the schema judges whole
