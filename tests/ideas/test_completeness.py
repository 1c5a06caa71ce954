"""complete and incomplete_because: every reason of the spec's table, counted in its unit, and
the labelling block every document carries from the moment it is loaded."""

from __future__ import annotations

import pytest

from ideas import handoff
from limma import door
from limma.models import Document, Part
from limma.services.ingest import document_ingest
from tests.ideas.conftest import IDEA, MEMO, RENEWAL
from tests.ideas.standin import StandIn
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

NO_READ = {"idea_budget": {"max_calls": 0}}


def test_parts_no_model_could_label_are_counted(workspace, load, ask):
    with door.use_provider(StandIn(labeller=False)):
        load(MEMO)
        _, r = ask(idea=IDEA)

    assert r["complete"] is False
    assert r["incomplete_because"] == {"not_labelled:model_unavailable": 3}
    assert r["counts"] == {"documents": 1, "parts": 3, "labelled": 0}


def test_parts_being_labelled_are_counted(workspace, standin, ask):
    document_ingest(workspace=workspace, entity_name="N", kind="note", text=MEMO)  # not run yet

    _, r = ask(idea=IDEA)

    assert r["incomplete_because"] == {"not_labelled:being_labelled": 3}


def test_a_failed_labelling_call_is_counted_and_labelled_again_by_a_later_question(
    workspace, standin, load, ask, viewer
):
    with door.scripted_replies("part_labeller", [{"when": {}, "raw": "not json"}]):
        load(MEMO)
    assert set(Part.objects.values_list("label_state", flat=True)) == {"failed"}

    _, failed = ask(client=viewer, idea=IDEA, **NO_READ)
    _, handing_on = ask(idea=IDEA)  # a write key's question queues them again
    _, later = ask(idea=IDEA)

    assert failed["incomplete_because"] == {"not_labelled:failed": 3}
    assert handing_on["incomplete_because"] == {"not_labelled:being_labelled": 3}
    assert later["complete"] is True
    assert later["matched"]["total"] == 1


def test_sentences_given_no_usable_topic_are_counted_in_sentences(workspace, standin, load, ask):
    del standin.topics["Tax due."]
    del standin.topics["The price list is attached."]
    load(MEMO)

    _, r = ask(idea=IDEA)

    assert r["incomplete_because"] == {"sentences_not_labelled": 2}
    assert r["counts"]["labelled"] == 3, "their parts were labelled"


def test_documents_being_read_and_unreadable_are_counted_in_documents(
    workspace, standin, load, ask
):
    load(RENEWAL)
    Document.objects.create(workspace=workspace, kind="note", state=Document.State.BEING_READ)
    document_ingest(workspace=workspace, entity_name="N", kind="note", text="   \n ")

    _, r = ask(idea=IDEA)

    assert r["incomplete_because"] == {"documents_being_read": 1, "documents_unreadable": 1}
    assert r["counts"]["documents"] == 3


def test_documents_a_connect_registered_are_counted_until_a_write_key_hands_them_on(
    api, workspace, standin, ask, viewer
):
    assert connect(api, workspace).status_code == 200

    _, read_only = ask(client=viewer, idea=IDEA, **NO_READ)
    _, written = ask(idea=IDEA)
    _, after = ask(idea=IDEA)

    assert read_only["incomplete_because"] == {"documents_not_labelled": 3}
    assert written["incomplete_because"] == {"not_labelled:being_labelled": 5}, "in parts"
    assert set(after["incomplete_because"]) <= {"sentences_not_labelled"}
    assert after["counts"]["labelled"] == 5


def test_a_write_key_hands_on_a_bounded_number_of_documents(
    api, workspace, standin, ask, monkeypatch
):
    assert connect(api, workspace).status_code == 200
    monkeypatch.setattr(handoff, "DOCUMENTS_PER_QUESTION", 1)

    _, first = ask(idea=IDEA)
    _, second = ask(idea=IDEA)

    assert first["incomplete_because"]["documents_not_labelled"] == 2
    assert second["incomplete_because"]["documents_not_labelled"] == 1


def test_the_labelling_block_says_deferred_and_a_question_changes_it(api, workspace, standin, ask):
    assert connect(api, workspace).status_code == 200

    def states():
        listed = api.get("/v1/public/documents", {"workspace_id": workspace.id}).json()
        return [d["labelling"] for d in listed["documents"]]

    before = states()
    ask(idea=IDEA)

    assert before[0] == {
        "state": "not_labelled",
        "parts": 2,
        "labelled": 0,
        "not_labelled": {"deferred": 2},
        "sentences_not_labelled": 0,
    }
    assert all(state["not_labelled"] == {} for state in states())


def test_an_entity_set_that_is_not_complete_makes_the_idea_incomplete(api, workspace, standin, ask):
    assert connect(api, workspace).status_code == 200
    europe = {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}

    _, r = ask(idea=IDEA, constraints=[europe])

    assert r["complete"] is False
    assert r["incomplete_because"]["entity_scope_incomplete"] >= 1


def test_beside_constraints_only_the_documents_about_the_entities_matched_are_in_scope(
    api, workspace, standin, ask
):
    assert connect(api, workspace).status_code == 200
    spain = {"relation": "based_in", "slot": "place", "op": "eq", "value": "Spain"}

    _, r = ask(idea=IDEA, constraints=[spain])

    assert r["counts"]["documents"] == 1, "Dario's profile alone"


def test_beside_entity_ids_only_their_documents_are_in_scope(workspace, standin, load, ask):
    memo = load(MEMO, entity_name="Ada Lind")
    load(RENEWAL, entity_name="Bo Sand")

    _, r = ask(idea=IDEA, entity_ids=[memo.entity.key])

    assert r["counts"]["documents"] == 1
    assert {m["document"] for m in r["matches"]} == {"doc.txt"}
    assert r["matches"][0]["quote"].startswith("We reserve")


def test_the_ingest_reply_carries_the_labelling_block(api, workspace, standin):
    body = {
        "workspace_id": workspace.id,
        "entity_name": "N",
        "document_kind": "note",
        "text": RENEWAL,
    }

    reply = api.post("/v1/public/ingest", body, format="json").json()

    assert reply["labelling"]["parts"] == 2
    assert set(reply["labelling"]) == {
        "state",
        "parts",
        "labelled",
        "not_labelled",
        "sentences_not_labelled",
    }
