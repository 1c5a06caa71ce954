"""An idea question answered from stored verdicts makes as many queries over 4 parts as over 40."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.ideas.conftest import IDEA

pytestmark = pytest.mark.django_db


def queries(ask, viewer) -> int:
    ask(client=viewer, idea=IDEA, idea_budget={"max_calls": 0})  # the key's last use noted
    with CaptureQueriesContext(connection) as captured:
        status, r = ask(client=viewer, idea=IDEA, idea_budget={"max_calls": 0}, detail="full")
    assert (status, r["complete"]) == (200, True)
    return len(captured)


def documents(standin, load, n: int, offset: int = 0) -> None:
    for i in range(offset, offset + n):
        a, b = f"Our fees rise in year{i}.", f"The depot number{i} opens late."
        standin.topics[a] = [("fees rise", "pricing")]
        standin.topics[b] = [(f"depot number{i}", "places")]
        load(f"{a}\n\n{b}", file_name=f"doc{i}.txt")


def test_stored_verdicts_answer_in_a_number_of_queries_constant_in_the_parts(
    standin, load, ask, viewer
):
    documents(standin, load, 2)
    ask(idea=IDEA)
    few = queries(ask, viewer)

    documents(standin, load, 18, offset=2)
    ask(idea=IDEA)  # the new labels sorted by a write key
    many = queries(ask, viewer)

    assert few == many
