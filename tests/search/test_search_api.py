"""POST /v1/public/search over the small export: replies, gaps, briefs and refusals."""

from __future__ import annotations

import json

import pytest

from limma import door
from limma.models import VocabularyTerm
from tests.factories import make_key, make_workspace
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db

EUROPE = {"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}
MARKETING = {"relation": "held_role", "slot": "function", "op": "eq", "value": "Marketing"}


@pytest.fixture
def loaded(api, workspace):
    assert connect(api, workspace).status_code == 200
    return workspace


def search(api, workspace, **body):
    return api.post("/v1/public/search", {"workspace_id": workspace.id, **body}, format="json")


def test_a_compact_reply_says_who_matched_why_and_what_is_missing(api, loaded):
    body = search(api, loaded, constraints=[EUROPE]).json()

    assert body["detail"] == "compact"
    assert body["matched"] == {"total": 2, "showing": [1, 2], "next_offset": None}
    greta = next(m for m in body["matches"] if m["name"] == "Greta Ostrander")
    assert greta["about"] == {
        "title": "Marketing Director",
        "company": "Quellmark Foods",
        "function": "Marketing",
        "place": "Germany",
    }
    (why,) = greta["why"]
    assert (why["value"], why["term"], why["receipt"]["table"], why["receipt"]["columns"]) == (
        "Deutschland",
        "Germany",
        "experts",
        {"place": "country"},
    )
    assert body["others"] == {
        "ruled_out": 1,
        "not_recorded": 0,
        "cannot_be_placed": 1,
        "cannot_tell": 0,
    }
    assert body["complete"] is False
    assert body["incomplete_because"] == {"withheld:based_in": 1}
    assert body["more"]["entity"]["with"]["entity_ids"] == ["<entity_id>"]
    assert body["request_id"].startswith("req_")


def test_a_full_reply_carries_every_row_provenance_coverage_and_gaps(api, loaded):
    body = search(api, loaded, constraints=[EUROPE, MARKETING], detail="full").json()

    assert body["entities"]["matched"] == ["414faa227dc946d35295d3e1"]
    assert body["counts"] == {
        "in_scope": 4,
        "matched": 1,
        "ruled_out": 2,
        "not_recorded": 0,
        "cannot_be_placed": 1,
        "cannot_tell": 0,
    }
    assert body["provenance"] == {"declared": 2, "extracted": 0}
    assert body["coverage"] == {"narrowed_by": ["not_recorded:held_role", "withheld:based_in"]}
    assert body["unconstrained_relations"] == []
    rows = body["matches"][0]["rows"]
    assert {row["relation"] for row in rows} == {"based_in", "held_role"}


def test_more_entity_is_a_call_that_returns_one_persons_rows(api, loaded):
    first = search(api, loaded, constraints=[EUROPE]).json()
    call = json.loads(
        json.dumps(first["more"]["entity"]["with"]).replace(
            "<entity_id>", "7c2e3a4b5d6f7a8b9c0d1e2f"
        )
    )

    body = search(api, loaded, **call).json()

    assert [m["name"] for m in body["matches"]] == ["Greta Ostrander"]
    assert len(body["matches"][0]["rows"]) == 3


def test_a_constraint_that_cannot_be_bound_is_named_and_was_not_searched(api, loaded):
    body = search(
        api,
        loaded,
        detail="full",
        constraints=[EUROPE, {"relation": "lives_in", "slot": "city", "op": "eq", "value": "Oslo"}],
    ).json()

    assert body["complete"] is False
    assert body["incomplete_because"]["not_bound:relation_unknown"] == 1
    assert {
        "kind": "not_bound",
        "why": "relation_unknown",
        "constraint": {"relation": "lives_in", "slot": "city", "op": "eq", "value": "Oslo"},
    } in body["gaps"]
    assert body["matched"]["total"] == 2


def test_a_brief_is_compiled_by_the_offline_rules_and_hands_its_niche_on(api, loaded):
    body = search(api, loaded, brief="VP-level Marketing leaders in Europe.", detail="full").json()

    read = body["criteria"][0]
    # Nothing of the brief is dropped: the words no field decides are the niche's, and the
    # split says which of them it cannot read, so nothing is read in their place.
    assert [gap for gap in body["gaps"] if gap["kind"] == "dropped"] == []
    assert [item["words"] for item in read["decomposition"]["incomplete"]] == [
        "VP-level",
        "leaders",
    ]
    assert read["status"] == "not_run"
    assert body["matched"]["total"] == 0


def test_markup_in_a_brief_is_dropped_and_said(api, loaded):
    body = search(api, loaded, brief="<b>Marketing people</b> in Europe", detail="full").json()

    assert [m["name"] for m in body["matches"]] == ["Greta Ostrander"]
    assert body["incomplete_because"]["dropped"] == 1
    assert {"kind": "dropped", "words": "<b> </b>", "why": "markup"} in body["gaps"]


def test_with_no_model_to_compile_a_brief_the_verb_says_so_exactly(api, loaded):
    with door.use_provider(door.ScriptedProvider()):
        reply = search(api, loaded, brief="VP-level Sales leaders in DACH.")

    assert reply.status_code == 503
    assert json.dumps(reply.json(), separators=(", ", ": ")) == (
        '{"status": 503, "path": "/v1/public/search", "detail": {"type": "compile_unavailable", '
        '"reason": "compile requires a model; pass constraints"}}'
    )


def test_paging_uses_whole_counts(api, loaded):
    first = search(api, loaded, constraints=[EUROPE], limit=1).json()
    second = search(api, loaded, constraints=[EUROPE], limit=1, offset=1).json()

    assert first["matched"] == {"total": 2, "showing": [1, 1], "next_offset": 1}
    assert second["matched"] == {"total": 2, "showing": [2, 2], "next_offset": None}
    assert first["matches"][0]["entity_id"] != second["matches"][0]["entity_id"]


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        pytest.param(
            {"constraints": [{"relation": "based_in"}]},
            422,
            "constraints_invalid",
            id="malformed_constraint",
        ),
        pytest.param({"detail": "everything"}, 422, "invalid_request", id="unknown_detail"),
        pytest.param({"limit": 0}, 422, "invalid_request", id="zero_limit"),
        pytest.param({"as_of": "June 2024"}, 422, "invalid_request", id="as_of_not_a_date"),
        pytest.param({"colour": "blue"}, 422, "invalid_request", id="unknown_field"),
        pytest.param({"entity_ids": ["nobody"]}, 422, "entity_unknown", id="unknown_entity"),
        pytest.param(
            {"workspace_id": "ws_ffffffffffff"}, 404, "workspace_unknown", id="unknown_workspace"
        ),
    ],
)
def test_refusals_are_named(api, loaded, body, status, kind):
    reply = search(api, loaded, **body)

    assert reply.status_code == status
    assert reply.json()["detail"]["type"] == kind


def test_a_key_of_another_workspace_finds_it_as_unknown_as_none(client_for, loaded):
    other = client_for(make_key(make_workspace("Other"))[1])

    reply = search(other, loaded, constraints=[EUROPE])

    assert reply.status_code == 404
    assert reply.json()["detail"]["type"] == "workspace_unknown"


def test_the_map_version_changes_with_the_workspace_s_own_terms_and_only_with_them(api, loaded):
    first = search(api, loaded, constraints=[EUROPE]).json()["map_version"]
    assert search(api, loaded, constraints=[MARKETING]).json()["map_version"] == first

    VocabularyTerm.objects.create(
        workspace=loaded, axis="place", name="Zeeland", broader=["Europe"]
    )
    added = search(api, loaded, constraints=[EUROPE]).json()["map_version"]
    VocabularyTerm.objects.filter(workspace=loaded, name="Zeeland").update(aliases=["Zealand"])
    aliased = search(api, loaded, constraints=[EUROPE]).json()["map_version"]

    assert len({first, added, aliased}) == 3
    assert all(version.startswith("map_") for version in (first, added, aliased))


def test_a_brief_s_own_niche_beside_a_criterion_sent_is_said_not_searched(api, loaded):
    """One search reads one criterion: the one the request sends. The brief's own niche of
    other words is dropped and said, never lost in silence."""
    body = search(
        api,
        loaded,
        brief="Marketing people in Europe who sold surgical staplers",
        criteria=[{"text": "led marketing for baby formula"}],
        detail="full",
    ).json()

    assert {"kind": "dropped", "words": "sold surgical staplers", "why": "criterion_sent"} in (
        body["gaps"]
    )
    assert body["incomplete_because"]["dropped"] == 1 and body["complete"] is False
    assert len(body["criteria"]) == 1


@pytest.mark.parametrize(
    "criterion",
    ["led marketing for baby formula", "Led  marketing for baby formula"],
)
def test_a_brief_s_niche_that_is_the_criterion_sent_is_no_gap(api, loaded, criterion):
    body = search(
        api,
        loaded,
        brief="Marketing people in Europe who led marketing for baby formula",
        criteria=[{"text": criterion}],
        detail="full",
    ).json()

    assert [gap for gap in body["gaps"] if gap["kind"] == "dropped"] == []
    assert "dropped" not in body["incomplete_because"]


def test_an_empty_list_of_entity_ids_searches_nobody(api, loaded):
    """The schema allows `entity_ids: []`: the verb answers over no one, never a 500."""
    reply = search(api, loaded, constraints=[], entity_ids=[])

    assert reply.status_code == 200, reply.content[:300]
    assert reply.json()["matched"]["total"] == 0 and reply.json()["matches"] == []


def test_a_criteria_budget_outside_its_limits_is_refused_with_no_criterion_to_read(api, loaded):
    """The schema bounds criteria_budget whatever else the search carries; so does the verb."""
    reply = search(api, loaded, idea="pricing risk", criteria_budget={"max_read_seconds": -1})

    assert reply.status_code == 422, reply.content[:300]
    assert reply.json()["detail"]["type"] == "criteria_budget_invalid"
    assert reply.json()["detail"]["faults"] == ["max_read_seconds:negative"]


def test_a_full_reply_with_a_criterion_not_run_for_an_unbound_constraint_lists_nobody(api, loaded):
    """The criterion waits for its ordinary constraints: not run, its lists empty, never a 500."""
    unbound = [{"relation": "no_such_relation", "slot": "place", "op": "eq", "value": "x"}]
    reply = search(
        api, loaded, constraints=unbound, criteria=[{"text": "led marketing"}], detail="full"
    )

    assert reply.status_code == 200, reply.content[:300]
    (block,) = reply.json()["criteria"]
    assert (block["status"], block["status_reason"]) == ("not_run", "ordinary_constraint_not_bound")
    assert block["counts"] == {"matched": 0, "none": 0, "undetermined": 0, "not_recorded": 0}
    assert block["matched"] == block["none"] == block["undetermined"] == []
