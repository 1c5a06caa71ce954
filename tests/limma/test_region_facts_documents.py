"""GET region, POST facts, GET documents: reads of the store, each under the key's access."""

from __future__ import annotations

import pytest

from limma.models import Document
from tests.limma.exports import connect

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(api, workspace):
    assert connect(api, workspace).status_code == 200
    return workspace


def region(api, workspace, **params):
    return api.get("/v1/public/region", {"workspace_id": workspace.id, **params})


def test_region_returns_a_span_byte_for_byte(api, loaded):
    document = Document.objects.get(kind="profile", entity__display_name="Greta Ostrander")
    start = document.text.index("marketing")

    body = region(api, loaded, source_id=document.source_id, start=start, end=start + 9).json()

    assert body["text"] == "marketing"
    assert body["text"] == document.text[start : start + 9]
    assert body["length"] == len(document.text)


def test_region_without_a_span_returns_the_whole_document(api, loaded):
    document = Document.objects.get(kind="transcript")

    assert region(api, loaded, source_id=document.source_id).json()["text"] == document.text


@pytest.mark.parametrize(
    ("start", "end"), [(5, 2), (0, 10_000)], ids=["end_before_start", "past_the_end"]
)
def test_a_span_outside_the_document_is_a_422(api, loaded, start, end):
    document = Document.objects.get(kind="transcript")

    reply = region(api, loaded, source_id=document.source_id, start=start, end=end)

    assert reply.status_code == 422
    assert reply.json()["detail"]["type"] == "span_out_of_range"


def test_a_negative_offset_is_a_422(api, loaded):
    document = Document.objects.get(kind="transcript")

    reply = region(api, loaded, source_id=document.source_id, start=-1)

    assert reply.status_code == 422


def test_an_unknown_source_id_is_a_404(api, loaded):
    reply = region(api, loaded, source_id="0" * 32)

    assert reply.status_code == 404
    assert reply.json()["detail"]["type"] == "document_unknown"


def facts(api, workspace, relation_query, **more):
    return api.post(
        "/v1/public/facts",
        {"workspace_id": workspace.id, "relation_query": relation_query, **more},
        format="json",
    )


def test_facts_match_a_place_through_the_vocabulary(api, loaded):
    body = facts(api, loaded, {"relation": "based_in", "where": [["place", "eq", "Europe"]]}).json()

    names = sorted(row["entity_name"] for row in body["rows"])
    assert names == ["Dario Benavente", "Greta Ostrander", "Greta Ostrander"]
    assert body["matched"]["total"] == 3
    german = [row for row in body["rows"] if row["values"]["place"] == "Deutschland"]
    assert german[0]["receipt"] == {
        "origin": "declared",
        "table": "experts",
        "columns": {"place": "country"},
        "record_id": german[0]["receipt"]["record_id"],
    }


def test_facts_count_what_they_cannot_place_and_what_was_withheld(api, loaded):
    body = facts(api, loaded, {"relation": "based_in", "where": [["place", "eq", "Asia"]]}).json()

    assert [row["entity_name"] for row in body["rows"]] == ["Nikolai Wierzbicki"]
    assert body["complete"] is False
    assert body["incomplete_because"] == {"withheld": 1}
    assert [gap["entity_name"] for gap in body["gaps"]] == ["Xenia Bergstrom"]


def test_a_value_the_vocabulary_cannot_place_is_never_silently_dropped(api, workspace):
    from tests.limma.exports import export

    body = export()
    body["tables"]["experts"][4]["country_withheld"] = False
    connect(api, workspace, body)

    reply = facts(api, workspace, {"relation": "based_in", "where": [["place", "eq", "Europe"]]})

    assert reply.json()["incomplete_because"] == {"cannot_be_placed": 1}
    assert reply.json()["not_placed"][0]["values"] == {"place": "Atlantis"}


def test_facts_compare_dates_and_page_with_whole_counts(api, loaded):
    body = facts(api, loaded, {"relation": "held_role", "where": [["start", "ge", "2005"]]}).json()
    assert [row["values"]["company"] for row in body["rows"]] == ["Halden Foods"]

    first = facts(api, loaded, {"relation": "based_in"}, limit=2).json()
    assert first["matched"] == {"total": 4, "showing": [1, 2], "next_offset": 2}
    second = facts(api, loaded, {"relation": "based_in"}, limit=2, offset=2).json()
    assert second["matched"] == {"total": 4, "showing": [3, 4], "next_offset": None}


@pytest.mark.parametrize(
    ("query", "fault"),
    [
        pytest.param({"relation": "lives_in"}, "relation_unknown", id="unknown_relation"),
        pytest.param(
            {"relation": "based_in", "where": [["city", "eq", "x"]]},
            "slot_unknown",
            id="unknown_slot",
        ),
        pytest.param(
            {"relation": "based_in", "where": [["place", "like", "x"]]},
            "op_unknown",
            id="unknown_op",
        ),
        pytest.param(
            {"relation": "based_in", "where": [["place", "gt", "x"]]},
            "op_not_for_slot",
            id="ordered_op_on_a_place",
        ),
        pytest.param(
            {"relation": "based_in", "where": [["place", "in", "Europe"]]},
            "in_needs_a_list",
            id="in_without_a_list",
        ),
        pytest.param(
            {"relation": "based_in", "where": ["place"]}, "slot_unknown", id="malformed_condition"
        ),
    ],
)
def test_a_bad_relation_query_is_a_named_422(api, loaded, query, fault):
    reply = facts(api, loaded, query)

    assert reply.status_code == 422
    assert reply.json()["detail"]["type"] == fault


def test_documents_lists_the_inventory_with_labelling_and_whole_counts(api, loaded):
    body = api.get("/v1/public/documents", {"workspace_id": loaded.id, "limit": 2}).json()

    assert body["matched"] == {"total": 3, "showing": [1, 2], "next_offset": 2}
    first = body["documents"][0]
    assert first["labelling"]["not_labelled"] == {"deferred": first["parts"]}
    assert first["origin"] == "connect"


def test_documents_filter_by_person_through_a_merged_record_id(api, loaded):
    body = api.get(
        "/v1/public/documents", {"workspace_id": loaded.id, "entity_id": "7c2e3a4b5d6f7a8b9c0d1e2f"}
    ).json()

    assert sorted(d["kind"] for d in body["documents"]) == ["profile", "transcript"]
