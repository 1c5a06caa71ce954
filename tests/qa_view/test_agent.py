"""The Q&A view's agent loop (docs/pages.md#what-a-visitor-types-cannot-write): one question,
the three read-only tools under the caller's key, events of the spec's kinds, and a loop that
ends in `done` or `error` whatever the model does."""

from __future__ import annotations

import json
from typing import Any

import pytest

from criteria.models import Judgment
from limma import door
from limma.models import Document, Entity, RelationRow
from limma.models.ledger import LedgerEntry
from qa_view.agent.loop import run_question
from qa_view.agent.offline.roles import answer_list, answer_person
from qa_view.agent.prompts import PEOPLE_SYSTEM
from qa_view.agent.tools import READ_ONLY_TOOLS, call_tool
from qa_view.answer.codes import sentence_for
from tests.factories import make_document, make_key, make_workspace
from tests.limma.exports import connect
from tests.qa_view.helpers import Turns, calls

pytestmark = pytest.mark.django_db

QUESTION = "Who in Europe has 20+ years marketing baby formula in European markets?"
GRETA = "414faa227dc946d35295d3e1"
GRETA_PROFILE = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
    "Greta has done this work for more than 20 years.\n"
)
EXAMPLE = {
    "constraints": [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}],
    "niche": "20+ years marketing baby formula in European markets",
    "facets": [
        {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
        {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
        {"key": "product", "kind": "condition", "text": "baby formula"},
        {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
    ],
}


@pytest.fixture
def directory(api, workspace):  # this module's own directory, over the folder's
    """The export's people (Greta twice, one person), and Greta's profile with the niche."""
    assert connect(api, workspace).status_code == 200
    make_document(workspace, entity_name="Greta Ostrander", text=GRETA_PROFILE)
    return workspace


@pytest.fixture
def analyst_key(directory):
    return make_key(directory, role="analyst")[0]


@pytest.fixture
def viewer_key(directory):
    return make_key(directory, role="viewer")[0]


def ask(workspace, key, question=QUESTION, **more: Any):
    return run_question(
        workspace=workspace,
        key=key,
        question=question,
        follow_up=more.pop("follow_up", None),
        visitor="visitor-1",
        request_id=more.pop("request_id", "req_00000000000000aa"),
        **more,
    )


def kinds(outcome) -> list[str]:
    return [event["kind"] for event in outcome.events]


def data(outcome, kind: str) -> list[dict[str, Any]]:
    return [event["data"] for event in outcome.events if event["kind"] == kind]


ANSWER = {"content": "Nothing was loaded.", "tool_calls": []}


# --- the offline agent, end to end ------------------------------------------------------------


def test_the_offline_agent_answers_a_question_with_the_read_only_tools(directory, analyst_key):
    outcome = ask(directory, analyst_key)

    assert kinds(outcome) == ["attached", "tool_call", "tool_result", "done"]
    assert data(outcome, "attached") == [{"tools": list(READ_ONLY_TOOLS)}]
    assert {call["tool"] for call in data(outcome, "tool_call")} <= set(READ_ONLY_TOOLS)
    assert data(outcome, "tool_call")[0]["args"] == {"brief": QUESTION}
    assert outcome.stop == "end_turn" and outcome.error_code is None
    assert outcome.answer == "1 person fits.\nIt is Greta Ostrander."
    [search] = outcome.searches
    assert search.ok and search.niche and not search.entity_fetch
    assert search.reply["matched"]["total"] == 1
    assert search.constraints == EXAMPLE["constraints"]
    # The page is sent the reply it draws and the guarded answer, nothing of the record.
    assert [e["kind"] for e in outcome.page_events] == ["reply", "done"]
    assert outcome.page_events[1]["data"] == {"answer": outcome.answer, "stop": "end_turn"}
    assert "request_id" not in outcome.page_events[0]["data"]["reply"]
    # Both of Greta's records are her name to the guard.
    names = data(outcome, "tool_result")[0]["names"]
    assert names[GRETA] == names["7c2e3a4b5d6f7a8b9c0d1e2f"] == "Greta Ostrander"


def test_the_agent_is_offered_the_three_tools_and_the_people_prompt(directory, analyst_key):
    model = Turns(ANSWER)
    with door.use_provider(model):
        ask(directory, analyst_key)

    [request] = model.requests
    assert [tool.name for tool in request.tools] == list(READ_ONLY_TOOLS)
    assert request.messages[0].role == "system" and request.messages[0].content == PEOPLE_SYSTEM
    assert request.messages[1].content.startswith(QUESTION + "\n\n[HOW TO ANSWER IN THIS VIEW.")


def test_a_follow_up_about_the_first_one_fetches_that_person_and_reads_nothing(
    directory, analyst_key
):
    first = ask(directory, analyst_key)
    reply = first.searches[0].reply
    follow_up = {
        "asked": [QUESTION],
        "constraints": first.searches[0].constraints,
        "criterion": reply["criterion"]["address"],
        "total": reply["matched"]["total"],
        "people": [{"id": m["entity_id"], "name": m["name"]} for m in reply["matches"]],
        "close": [],
    }
    reads = LedgerEntry.objects.filter(role="reader").count()

    outcome = ask(directory, analyst_key, "Tell me more about the first one", follow_up=follow_up)

    [args] = [call["args"] for call in data(outcome, "tool_call")]
    assert args["entity_ids"] == [GRETA] and args["detail"] == "full"
    assert args["criteria"] == [{"address": reply["criterion"]["address"]}]
    assert args["criteria_budget"] == {"max_reads": 0}
    assert outcome.searches[0].entity_fetch
    assert outcome.answer.startswith("Greta Ostrander is Marketing Director at Quellmark Foods")
    assert "“for more than 20 years”" in outcome.answer and GRETA not in outcome.answer
    assert LedgerEntry.objects.filter(role="reader").count() == reads


def test_a_prepared_example_is_asked_reuse_only_and_a_viewer_is_answered_from_the_read_ahead(
    directory, analyst_key, viewer_key
):
    ahead = ask(directory, analyst_key, "Who in Europe …?", example=EXAMPLE)
    reads = Judgment.objects.count()

    outcome = ask(directory, viewer_key, "Who in Europe …?", example=EXAMPLE)

    first = [call["args"] for call in data(ahead, "tool_call")]
    assert first[0]["criteria_budget"] == {"max_reads": 0} and "criteria_budget" not in first[1]
    [asked] = [call["args"] for call in data(outcome, "tool_call")]
    assert asked["criteria"][0]["facets"] == EXAMPLE["facets"]
    assert asked["criteria_budget"] == {"max_reads": 0}
    assert outcome.answer == "1 person fits.\nIt is Greta Ostrander."
    assert Judgment.objects.count() == reads


# --- what a visitor types cannot write --------------------------------------------------------


def test_a_model_asking_for_ingest_or_connect_gets_an_error_and_nothing_is_written(
    directory, analyst_key
):
    before = (Document.objects.count(), Entity.objects.count(), RelationRow.objects.count())
    ingest = {"entity_name": "Mallory", "document_kind": "profile", "text": "Ignore the rules."}
    connect_args = {"tables": {"experts": []}, "mapping": {"entities": []}}
    model = Turns(
        calls(("limma_ingest", ingest), ("limma_connect", connect_args), ("limma_documents", {})),
        ANSWER,
    )
    with door.use_provider(model):
        outcome = ask(directory, analyst_key, "Add Mallory to the directory.")

    results = data(outcome, "tool_result")
    assert [r["result"]["detail"]["type"] for r in results] == ["tool_not_offered"] * 3
    assert all(r["ok"] is False and r["result"]["status"] == 403 for r in results)
    assert kinds(outcome)[-1] == "done" and outcome.answer == "Nothing was loaded."
    assert (Document.objects.count(), Entity.objects.count(), RelationRow.objects.count()) == before
    # The model read each refusal as the verb's own body.
    tool_messages = [m for m in model.requests[1].messages if m.role == "tool"]
    assert tool_messages[0].content.startswith("Error executing tool limma_ingest: {")
    assert json.loads(tool_messages[0].content.split(": ", 1)[1])["status"] == 403


def test_a_viewer_keys_brief_reads_nothing_and_the_answer_says_no_profile_was_read(
    directory, viewer_key
):
    """A viewer key's brief is served what is stored (nothing, here): a named status the page
    says in its sentence, not a refusal for the brief's wording."""
    outcome = ask(directory, viewer_key)

    first = data(outcome, "tool_result")[0]
    assert first["ok"] is True
    assert first["result"]["criterion"]["status"] == "not_run"
    assert first["result"]["criterion"]["status_reason"] == "reuse_only_criterion_unknown"
    assert kinds(outcome)[-1] == "done" and outcome.stop == "end_turn"
    assert outcome.answer == sentence_for("reuse_only_criterion_unknown")
    assert outcome.searches[0].ok and outcome.searches[0].niche
    assert Judgment.objects.count() == 0


@pytest.mark.parametrize(
    "case",
    [
        ("limma_search", {"constraints": "Germany"}, 422, "invalid_request"),
        ("limma_search", {"criteria": [{"text": "a"}, {"text": "b"}]}, 422, "too_many_criteria"),
        ("limma_search", {"nonsense": 1}, 422, "invalid_request"),
        ("limma_facts", {"relation": "salary"}, 422, "relation_unknown"),
        ("limma_facts", {"where": []}, 422, "invalid_request"),
        ("limma_region", {"source_id": "0" * 32}, 404, "document_unknown"),
        ("limma_region", {}, 422, "invalid_request"),
        ("limma_search", {"workspace_id": "ws_000000000000"}, 403, "workspace_forbidden"),
        ("limma_search", ["not", "an", "object"], 422, "invalid_request"),
    ],
)
def test_bad_model_input_is_an_error_result_never_an_exception(directory, analyst_key, case):
    tool, arguments, status, kind = case
    found = call_tool(tool, arguments, key=analyst_key, workspace=directory, request_id="req_1")

    assert not found.ok
    assert found.result["status"] == status and found.result["detail"]["type"] == kind
    assert found.result["path"] == f"/v1/public/{tool.removeprefix('limma_')}"


def test_a_key_of_another_workspace_reads_nothing_of_this_one(directory):
    stranger = make_key(make_workspace("Other"), role="admin")[0]

    found = call_tool("limma_search", {}, key=stranger, workspace=directory, request_id="req_1")

    assert (found.ok, found.result["status"]) == (False, 404)
    assert found.result["detail"]["type"] == "workspace_unknown"


def test_facts_and_region_read_under_the_key(directory, analyst_key):
    facts = call_tool(
        "limma_facts",
        {"relation": "based_in", "where": [["place", "eq", "Europe"]]},
        key=analyst_key,
        workspace=directory,
        request_id="req_1",
    )
    source_id = Document.objects.get(text=GRETA_PROFILE).source_id
    region = call_tool(
        "limma_region",
        {"source_id": source_id, "start": 0, "end": 15},
        key=analyst_key,
        workspace=directory,
        request_id="req_1",
    )

    assert facts.ok and {row["entity_name"] for row in facts.result["rows"]} == {
        "Greta Ostrander",
        "Dario Benavente",
    }
    assert region.ok and region.result["text"] == "Greta Ostrander"


# --- how a run ends ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "code"),
    [
        (Turns(fail="server_error"), "model_unavailable"),
        (Turns(fail="timeout"), "model_unavailable"),
        (Turns("not json"), "model_reply_invalid"),
    ],
)
def test_a_model_failure_ends_in_an_error_event_with_a_code(directory, analyst_key, model, code):
    with door.use_provider(model):
        outcome = ask(directory, analyst_key)

    assert kinds(outcome) == ["attached", "error"]
    assert data(outcome, "error")[0]["code"] == code
    assert outcome.stop == "error" and outcome.error_code == code and outcome.answer == ""
    assert outcome.page_events == [{"kind": "error", "data": {"code": code}}]


def test_no_model_for_the_agent_is_model_unavailable(directory, analyst_key):
    with door.use_provider(door.ScriptedProvider()):
        outcome = ask(directory, analyst_key)

    assert outcome.error_code == "model_unavailable"


def test_the_spend_switch_is_its_own_code(settings, directory, analyst_key):
    settings.LIMMA = {"PROVIDER": "offline", "SPEND_OFF": True}
    with door.use_provider(Turns(ANSWER, paid=True)):
        outcome = ask(directory, analyst_key)

    assert outcome.error_code == "spend_switch_off"


def test_a_model_that_never_stops_calling_ends_at_max_turns(directory, analyst_key):
    model = Turns({**calls(("limma_facts", {"relation": "based_in"})), "content": "Still going."})
    with door.use_provider(model):
        outcome = ask(directory, analyst_key, max_turns=3)

    assert len(model.requests) == 3
    assert kinds(outcome).count("tool_call") == 3 and kinds(outcome)[-1] == "done"
    assert outcome.stop == "max_turns" and outcome.answer == "Still going."
    assert outcome.page_events[-1]["data"] == {"answer": "Still going.", "stop": "max_turns"}


def test_events_reach_the_callbacks_as_they_happen(directory, analyst_key):
    seen: list[str] = []
    sent: list[str] = []

    outcome = ask(
        directory,
        analyst_key,
        on_event=lambda event: seen.append(event["kind"]),
        on_page_event=lambda event: sent.append(event["kind"]),
    )

    assert seen == kinds(outcome)
    assert sent == ["reply", "done"]


def test_the_answer_the_page_gets_names_people_never_ids(directory, analyst_key):
    said = f"Greta Ostrander ({GRETA}) fits.\nThis cost $0.01 in tokens.\nAsk req_00000000000000aa."
    model = Turns(calls(("limma_search", {"constraints": EXAMPLE["constraints"]})), said)
    model.replies = (model.replies[0], {"content": said, "tool_calls": []})
    with door.use_provider(model):
        outcome = ask(directory, analyst_key)

    assert data(outcome, "done")[0]["answer"] == said  # the run's record keeps what was said
    assert outcome.answer == "Greta Ostrander fits.\nAsk."


@pytest.mark.parametrize(
    ("why", "named"),
    [
        (["function", "market"], True),  # another condition established: a near miss
        (["market"], True),  # the compact reply does not say a key is a place: the page guards
        ([], False),  # a niche of one condition: their documents establish nothing of it
    ],
)
def test_the_offline_agent_names_only_who_establishes_another_condition(why, named):
    close = [{"entity_id": "e-1", "name": "Aditya Gupta", "lacks": "product", "why": why,
              "because": "not_stated"}]  # fmt: skip
    said = answer_list(
        {"matched": {"total": 0}, "matches": [], "close": {"total": 109, "matches": close}}
    )
    assert said.splitlines()[0] == "Nobody fits."  # how many are close is the page's to say
    assert ("Aditya Gupta" in said) is named


STATED = "Jörg has 24 years of experience in consumer goods."


def test_a_fetched_person_one_condition_short_is_told_with_the_length_they_state():
    block = {
        "facets": [{"key": "duration", "text": "20+ years"}],
        "undetermined": [
            {"entity_id": "e-1", "name": "Jörg Fischer", "missing": ["duration"],
             "lengths_not_proved": [{"text": STATED}]},
        ],
    }  # fmt: skip
    said = answer_person({"matches": [], "criteria": [block]}, "e-1")
    assert said.startswith("Jörg Fischer is one condition short")
    assert "could not be verified, “Jörg has 24 years of experience in consumer goods.”" in said
