"""The idea reply says exactly what the generated reference promises, compact and full, and the
reference's search reply is one of the two shapes: a search's entities or an idea's parts."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.ideas.conftest import IDEA, MEMO, RENEWAL
from tests.schema_check import assert_reply_matches_schema, reply_errors

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return APIClient().get("/v1/schema", {"format": "json"}).json()


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="compact"),
        pytest.param({"detail": "full"}, id="full_sorting"),
        pytest.param({"detail": "full", "idea_budget": {"max_calls": 0}}, id="full_not_grouped"),
        pytest.param({"limit": 1, "offset": 5}, id="past_the_end"),
    ],
)
def test_the_idea_reply_matches_the_reference(schema, standin, load, ask, body):
    load(MEMO, file_name="memo.txt")
    load(RENEWAL, file_name="renewal.txt")

    status, r = ask(idea=IDEA, **body)

    assert status == 200
    assert_reply_matches_schema(schema, "/v1/public/search", "post", 200, r)


def test_a_reply_with_a_field_the_reference_does_not_name_fails(schema, standin, load, ask):
    load(MEMO, file_name="memo.txt")
    _, r = ask(idea=IDEA)

    assert reply_errors(schema, "/v1/public/search", "post", 200, {**r, "extra": 1})


def test_the_reference_documents_the_idea_fields(schema):
    search_input = schema["components"]["schemas"]["SearchInputRequest"]["properties"]

    assert {"idea", "idea_budget"} <= set(search_input)
    idea = schema["components"]["schemas"]["IdeaOutput"]["properties"]
    assert {"matched", "matches", "possibly", "counts", "complete", "incomplete_because"} <= set(
        idea
    )
