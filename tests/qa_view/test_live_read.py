"""A visitor's own niche is read (issue 11, point 3): under a key that may read, a typed niche is
read live, at no cost with the offline reader (and the ledger says so), then answered with people
and their [source]; the offline agent asks again while a read goes on in the background; a viewer
key keeps its sentence."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest

from limma import door
from limma.door.shapes import AgentMessage, ToolCall
from limma.models import ApiKey, LedgerEntry
from qa_view.agent.offline.roles import WAIT_CALLS, next_step
from qa_view.agent.tools import bounded_budget
from qa_view.answer.codes import sentence_for
from qa_view.models import Run
from qa_view.page.visitors import visitor_create
from tests.qa_view.conftest import EUROPE, FACETS, htmx
from tests.qa_view.helpers import FakeAgent, search_call

pytestmark = pytest.mark.django_db

# Another phrasing of the example's niche: another criterion, which nobody has read.
TYPED = "Who in Europe led marketing for baby formula in European markets?"
NICHE = [{"text": "led marketing for baby formula in European markets", "facets": FACETS}]


@pytest.fixture
def analyst_page(client, directory, sign_in, examples_file):
    visitor, code = visitor_create(workspace=directory, name="Reading Visitor", key_role="analyst")
    assert sign_in(client, visitor.name, code).status_code == 302
    return client


def steps(turn: int) -> dict[str, Any]:
    if turn == 1:
        return search_call(1, constraints=EUROPE, criteria=NICHE)
    return {"content": "2 people fit.", "tool_calls": []}


def test_a_typed_niche_is_read_live_under_a_key_that_may_read(analyst_page):
    before = LedgerEntry.objects.filter(role="reader").count()
    with door.use_provider(FakeAgent(steps)):
        html = analyst_page.post("/qa/ask/", {"question": TYPED}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert run.state == Run.State.DONE, html
    assert '<p class="first-line">2 people fit. 1 more is close.' in html
    assert "Greta Ostrander" in html and "Margaux Delacroix" in html and "[source]" in html
    read = LedgerEntry.objects.filter(role="reader").order_by("id")[before:]
    assert len(read) >= 5  # every candidate's profile, read now
    assert {row.usd for row in read} == {Decimal("0")}


def test_the_offline_reader_costs_nothing_and_the_ledger_says_so(read_ahead):
    rows = LedgerEntry.objects.filter(role="reader")
    assert rows.count() >= 5
    assert {(row.provider, row.usd) for row in rows} == {("offline", Decimal("0"))}


def test_the_same_niche_under_a_viewer_key_keeps_its_sentence(page, directory):
    with door.use_provider(FakeAgent(steps)):
        html = page.post("/qa/ask/", {"question": TYPED}, **htmx()).content.decode()
    assert page.cookies and ApiKey.objects.filter(role=ApiKey.Role.VIEWER).exists()
    assert "No profile has been read for this question, and this demo answers only" in html
    assert "Greta Ostrander" not in html


def _messages(results: list[dict[str, Any]]) -> list[AgentMessage]:
    messages = [AgentMessage(role="user", content=TYPED)]
    for n, result in enumerate(results, start=1):
        call = ToolCall(id=f"call-{n}", name="limma_search", arguments={"brief": TYPED})
        messages.append(AgentMessage(role="assistant", content=None, tool_calls=[call]))
        messages.append(AgentMessage(role="tool", content=json.dumps(result), tool_call_id=call.id))
    return messages


READING = {
    "matched": {"total": 1},
    "matches": [{"entity_id": "e1", "name": "Greta Ostrander"}],
    "criterion": {"status": "partial", "status_reason": "time_budget", "counts": {}},
    "reading": {"done": 45, "of": 120, "status": "partial"},
}


def test_the_offline_agent_asks_again_while_the_read_goes_on_then_answers():
    step = next_step(_messages([READING]))
    assert step["content"] is None and step["tool_calls"][0]["arguments"] == {"brief": TYPED}
    done = {**READING, "criterion": {"status": "complete", "counts": {}}}
    done.pop("reading")
    answered = next_step(_messages([READING, done]))
    assert answered["tool_calls"] == [] and answered["content"].startswith("1 person fits.")
    # Bounded: after WAIT_CALLS searches it answers with what was read so far.
    last = next_step(_messages([READING] * WAIT_CALLS))
    assert last["tool_calls"] == [] and "so far" in last["content"]


@pytest.mark.parametrize("reason", ["spend_cap", "max_reads", "read_failures"])
def test_a_read_stopped_for_another_reason_is_answered_at_once(reason):
    stopped = {**READING, "criterion": {**READING["criterion"], "status_reason": reason}}
    assert next_step(_messages([stopped]))["tool_calls"] == []


@pytest.mark.parametrize(
    ("asked", "left", "bounded"),
    [
        (None, Decimal("5"), {"max_usd": 5.0, "max_reads": 5_000}),
        ({"max_reads": 0}, Decimal("2.5"), {"max_reads": 0, "max_usd": 2.5}),  # reuse-only
        ({"max_reads": 40}, Decimal("5"), {"max_reads": 40, "max_usd": 5.0}),
        ({"max_usd": 1}, Decimal("5"), {"max_usd": 1.0, "max_reads": 5_000}),
        ({"max_usd": 9}, Decimal("0.25"), {"max_usd": 0.25, "max_reads": 5_000}),
        ({"max_usd": 9}, Decimal("-1"), {"max_usd": 0.0, "max_reads": 5_000}),
        ("not a budget", Decimal("5"), "not a budget"),  # the verb names the fault
        ({"max_usd": "lots"}, Decimal("5"), {"max_usd": "lots"}),
    ],
)
def test_a_searchs_reads_are_bounded_by_what_the_visitor_has_left(asked, left, bounded):
    assert bounded_budget(asked, left) == bounded


def test_a_run_hands_its_search_what_the_visitor_has_left_under_both_ceilings(
    analyst_page, settings, monkeypatch
):
    import qa_view.agent.tools

    settings.LIMMA_QA_CAP_DAY_USD = "0.75"
    seen: list[Any] = []
    real = qa_view.agent.tools.search_answered

    def spy(data, **kwargs):
        seen.append(data["criteria_budget"])
        return real(data, **kwargs)

    monkeypatch.setattr(qa_view.agent.tools, "search_answered", spy)
    with door.use_provider(FakeAgent(steps)):
        analyst_page.post("/qa/ask/", {"question": TYPED}, **htmx())
    assert [budget["max_usd"] for budget in seen] == [0.75]


FRANCE = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "France"}]


def _not_read(reason: str, bound: list[Any]) -> dict[str, Any]:
    return {
        "matched": {"total": 0},
        "matches": [],
        "criterion": {"status": "not_run", "status_reason": reason, "counts": None},
        "more": {"entity": {"with": {"constraints": bound}}},
    }


def test_a_niche_not_read_is_followed_by_the_ordinary_conditions_alone():
    unsplit = _not_read("decomposition_incomplete", FRANCE)
    step = next_step(_messages([unsplit]))
    assert step["content"] is None
    assert step["tool_calls"][0]["arguments"] == {"constraints": FRANCE}
    messages = _messages([unsplit])
    call = ToolCall(id="call-2", name="limma_search", arguments={"constraints": FRANCE})
    plain = {"matched": {"total": 25}, "matches": [{"entity_id": "e1", "name": "Amélie Duval"}]}
    messages += [
        AgentMessage(role="assistant", content=None, tool_calls=[call]),
        AgentMessage(role="tool", content=json.dumps(plain), tool_call_id="call-2"),
    ]
    answered = next_step(messages)
    # The answer is still the niche's: it was not read; nobody is said to fit.
    assert answered["tool_calls"] == []
    assert answered["content"] == sentence_for("decomposition_incomplete")


@pytest.mark.parametrize(
    ("reply", "searched_again"),
    [
        (_not_read("decomposition_incomplete", []), False),  # no ordinary condition: everybody
        ({**READING, "criterion": {"status": "complete", "counts": {}}}, False),  # it was read
    ],
)
def test_who_the_conditions_alone_leave_is_searched_only_for_a_niche_not_read(
    reply, searched_again
):
    assert bool(next_step(_messages([reply]))["tool_calls"]) is searched_again
