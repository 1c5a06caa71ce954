"""Labels are facts: part_label enumerated by facts, redeemed by region, its coverage gaps."""

from __future__ import annotations

import pytest

from tests.ideas.conftest import MEMO

pytestmark = pytest.mark.django_db


@pytest.fixture
def memo(standin, load):
    return load(MEMO)


def facts(api, workspace, **query):
    return api.post(
        "/v1/public/facts",
        {"workspace_id": workspace.id, "relation_query": {"relation": "part_label", **query}},
        format="json",
    )


def test_facts_enumerates_part_label_and_region_redeems_every_sentence(
    api, workspace, standin, load
):
    load(MEMO, file_name="memo.txt")

    r = facts(api, workspace, where=[["label", "eq", "Price  List"]]).json()

    (row,) = r["rows"]
    assert row["values"] == {"label": "price list", "broader": "pricing"}
    receipt = row["receipt"]
    assert (receipt["origin"], receipt["made_by"]) == ("extracted", "part_labeller")
    region = api.get(
        "/v1/public/region",
        {
            "workspace_id": workspace.id,
            "source_id": receipt["source_id"],
            "start": receipt["char_start"],
            "end": receipt["char_end"],
        },
    ).json()
    assert region["text"] == receipt["text"] == "The price list is attached."
    assert r["complete"] is True


def test_every_label_is_a_row(api, workspace, standin, load):
    load(MEMO)

    r = facts(api, workspace).json()

    assert [row["values"]["label"] for row in r["rows"]] == [
        "raise our fees",
        "tax",
        "price list",
        "finance team",
    ]
    assert r["matched"]["total"] == 4


def test_a_part_with_a_sentence_left_without_a_topic_carries_a_withheld_gap(
    api, workspace, standin, load
):
    del standin.topics["Tax due."]
    load(MEMO)

    r = facts(api, workspace, where=[["broader", "in", ["pricing"]]]).json()

    assert [gap["reason"] for gap in r["gaps"]] == ["sentence_not_labelled"]
    assert (r["complete"], r["incomplete_because"]) == (False, {"withheld": 1})
    assert len(r["rows"]) == 2


@pytest.mark.parametrize(
    ("where", "fault"),
    [([["topic", "eq", "x"]], "slot_unknown"), ([["label", "lt", "x"]], "op_not_for_slot")],
)
def test_a_bad_condition_on_part_label_is_refused(api, workspace, memo, where, fault):
    reply = facts(api, workspace, where=where)

    assert reply.status_code == 422
    assert reply.json()["detail"]["type"] == fault


def test_a_label_of_a_document_the_key_may_not_read_is_not_a_row(
    workspace, standin, load, client_for
):
    from tests.factories import make_key

    load(MEMO, access_group="board")
    general = client_for(make_key(workspace, role="viewer", access_groups=["general"])[1])

    r = facts(general, workspace).json()

    assert (r["rows"], r["gaps"]) == ([], [])
