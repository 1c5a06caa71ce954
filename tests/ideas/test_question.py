"""An idea question through the search verb: scope, grouping, verdicts reused, the reply."""

from __future__ import annotations

import pytest

from ideas.models import IdeaVerdict
from limma.models import LedgerEntry
from tests.ideas.conftest import IDEA, MEMO, RENEWAL

pytestmark = pytest.mark.django_db


@pytest.fixture
def memo_and_renewal(standin, load):
    return load(MEMO, file_name="memo.txt"), load(RENEWAL, file_name="renewal.txt")


def test_matches_are_the_parts_under_a_means_it_label_and_possibly_those_under_possibly(
    memo_and_renewal, ask
):
    status, r = ask(idea=IDEA)

    assert status == 200
    assert [(m["document"], m["quote"], m["labels"]) for m in r["matches"]] == [
        (
            "memo.txt",
            "We reserve the right to raise our fees once a year.",
            ["raise our fees (pricing)"],
        ),
        ("renewal.txt", "Fees rise by four percent at each renewal.", ["fees rise (pricing)"]),
    ]
    assert [m["quote"] for m in r["possibly"]["matches"]] == ["The price list is attached."]
    assert r["matched"] == {"total": 2, "showing": [1, 2], "next_offset": None}
    assert r["counts"] == {"documents": 2, "parts": 5, "labelled": 5}
    assert (r["complete"], r["incomplete_because"]) == (True, {})


def test_every_quote_is_redeemed_by_region_byte_for_byte(memo_and_renewal, ask, api, workspace):
    _, r = ask(idea=IDEA)

    for match in [*r["matches"], *r["possibly"]["matches"]]:
        start, end = match["quote_at"]
        region = api.get(
            "/v1/public/region",
            {
                "workspace_id": workspace.id,
                "source_id": match["source_id"],
                "start": start,
                "end": end,
            },
        ).json()
        assert region["text"] == match["quote"]
        assert match["location"][0] <= start < end <= match["location"][1]


def test_matches_and_possibly_are_paged_by_the_same_offset(memo_and_renewal, ask):
    _, r = ask(idea=IDEA, limit=1, offset=1)

    assert r["matched"] == {"total": 2, "showing": [2, 2], "next_offset": None}
    assert [m["document"] for m in r["matches"]] == ["renewal.txt"]
    assert r["possibly"]["total"] == 1
    assert (r["possibly"]["showing"], r["possibly"]["matches"]) == (None, [])


def test_a_repeated_idea_reuses_its_stored_verdicts_and_calls_nothing(
    memo_and_renewal, ask, standin
):
    ask(idea=IDEA)
    calls = len(standin.grouper_calls())

    _, again = ask(idea="  Where do we DISCUSS   pricing risk? ", detail="full")

    assert calls == 1
    assert len(standin.grouper_calls()) == calls, "the same words, case and spacing aside"
    grouping = again["idea_block"]["grouping"]
    assert (grouping["reused"], grouping["judged_now"], grouping["labels"]) == (6, 0, 6)
    assert "spent" not in grouping
    assert again["matches"][0]["quote"].startswith("We reserve")


def test_another_idea_is_sorted_afresh(memo_and_renewal, ask, standin):
    ask(idea=IDEA)

    ask(idea="which documents talk about opening hours?")

    assert len(standin.grouper_calls()) == 2
    assert IdeaVerdict.objects.values("idea").distinct().count() == 2


def test_the_full_reply_names_each_part_and_every_label_with_its_verdict_and_span(
    memo_and_renewal, ask
):
    _, r = ask(idea=IDEA, detail="full")

    block = r["idea_block"]
    assert block["idea"] == IDEA
    first = block["parts"][0]
    assert isinstance(first["part_id"], int)
    assert first["labels"][0] == {
        "label": "raise our fees",
        "broader": "pricing",
        "verdict": "means_it",
        "judgments": 1,
        "sentence_at": [6, 57],
    }
    assert block["grouping"] == {
        "labels": 6,
        "reused": 0,
        "judged_now": 6,
        "judged_twice": 0,
        "disagreed": 0,
        "not_grouped": 0,
        "verdicts": {"means_it": 2, "possibly": 1, "no": 3},
        "spent": {"calls": 1, "usd": 0.0, "seconds": block["grouping"]["spent"]["seconds"]},
    }
    assert LedgerEntry.objects.filter(role="idea_grouper", request_id=r["request_id"]).count() == 1


def test_an_idea_beside_criteria_is_refused(memo_and_renewal, ask):
    status, r = ask(idea=IDEA, criteria=[{"text": "20+ years in pricing"}])

    assert status == 422
    assert r["detail"]["type"] == "idea_beside_criteria"


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ({"idea": "?? !!"}, "idea_has_no_words"),
        ({"idea": IDEA, "idea_budget": {"max_calls": -1}}, "idea_budget_invalid"),
        ({"idea": IDEA, "idea_budget": {"calls": 3}}, "idea_budget_invalid"),
        ({"idea_budget": {"max_calls": 0}, "constraints": []}, "idea_budget_without_idea"),
    ],
)
def test_bad_idea_fields_are_refused_with_a_named_fault_and_nothing_stored(
    memo_and_renewal, ask, body, fault
):
    status, r = ask(**body)

    assert status == 422
    assert r["detail"]["type"] == fault
    assert IdeaVerdict.objects.count() == 0


@pytest.mark.parametrize(
    "idea",
    [
        "¿Dónde hablamos de precios?",
        "<script>alert(1)</script> pricing",
        "prcing rsk",
        "price " * 80,
    ],
)
def test_other_phrasings_languages_and_hostile_text_are_answered(memo_and_renewal, ask, idea):
    status, r = ask(idea=idea.strip())

    assert status == 200
    assert r["idea"] == idea.strip()
    assert r["complete"] is True
