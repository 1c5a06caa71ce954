"""A niche through POST /v1/public/search, as a user checks it: the read, its price, asking again,
the refusals and the reply (docs/verbs.md#the-criteria-read, docs/concepts.md#statuses).

Over PEOPLE (tests/criteria/conftest.py), read by the offline provider unless a test says
otherwise. The spec's own niche holds a length, and whether a length (or a denial) is granted
is the rules issue's, not this one's: the tests that need a verdict ask the niche without its
length (NICHE) and hold nobody to a denial.
"""

from __future__ import annotations

import re

import pytest

from criteria.criterion.address import reader_identity
from criteria.lists.four import LISTS
from criteria.models import Criterion, Judgment
from limma.models import Document, LedgerEntry
from limma.services.connect import export_connect
from tests.criteria.conftest import (
    DOCUMENTS_IN_EUROPE,
    EUROPE,
    EXPERTS,
    FACETS,
    IN_EUROPE,
    NICHE,
    SPEC_FACETS,
    SPEC_NICHE,
    people_export,
)
from tests.factories import make_document, make_key, make_workspace

pytestmark = pytest.mark.django_db

DEFAULT_BUDGET = {
    "max_reads": 100,
    "max_usd": 0.5,
    "max_seconds": 40.0,
    "retry_failed": False,
    "max_read_seconds": 900.0,
}
MATCHED = ["greta_ostrander", "margaux_delacroix"]
AN_EARLIER_READER = reader_identity(switches={"length_from_record": True})


def block(response) -> dict:
    assert response.status_code == 200, response.json()
    return response.json()["criteria"][0]


def refusal(response) -> tuple[int, str]:
    return response.status_code, response.json()["detail"]["type"]


def ids(entries: list[dict]) -> list[str]:
    return [entry["entity_id"] for entry in entries]


def reads_of(entity_key: str) -> int:
    return Judgment.objects.filter(document__entity__key=entity_key).count()


@pytest.fixture
def first(analyst_api, search_post):
    """The niche read once by an analyst, its facets split by the model (offline)."""
    return block(search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}]))


# --- sending one -------------------------------------------------------------------------------


def test_a_niche_is_read_end_to_end(analyst_api, search_post):
    read = block(search_post(analyst_api, constraints=EUROPE, criteria=[{"text": SPEC_NICHE}]))

    assert read["status"] == "complete"
    assert read["status_reason"] is None
    assert read["candidates"] == {"entities": len(IN_EUROPE), "documents": DOCUMENTS_IN_EUROPE}
    assert read["budget"] == DEFAULT_BUDGET
    assert read["decomposed_by"] == "model"
    assert read["decomposition"]["status"] == "accepted"
    assert [(f["key"], f["kind"], f["text"]) for f in read["facets"]] == [
        ("duration", "duration", "20+ years"),
        ("function", "condition", "marketing"),
        ("product", "condition", "baby formula"),
        ("market", "condition", "in European markets"),
    ]
    assert re.fullmatch(r"crit_[0-9a-f]{16}", read["address"])
    assert all(name in read for name in LISTS)
    # Every candidate on exactly one list, and the counts whole.
    assert sum(read["counts"].values()) == len(IN_EUROPE)
    listed = [entity for name in LISTS for entity in ids(read[name])]
    assert sorted(listed) == IN_EUROPE
    assert read["reads"]["needed"] == read["reads"]["done"] == DOCUMENTS_IN_EUROPE
    assert read["reads"]["reused"] == 0
    assert read["background"]["reading"] is False
    assert ids(read["not_recorded"]) == ["xenia_bergstrom"]
    assert read["not_recorded"][0]["reason"] == "no_documents"


def test_a_match_carries_quotes_that_are_the_documents_own_bytes(analyst_api, search_post, first):
    assert first["status"] == "complete"
    assert ids(first["matched"]) == MATCHED
    greta = first["matched"][0]
    document = Document.objects.get(entity__key="greta_ostrander")
    assert [(q["facet"], q["text"], q["checked_by"]) for q in greta["evidence"]] == [
        ("function", "led marketing for baby formula", "vocabulary+second_call"),
        ("product", "baby formula", "second_call"),
        ("market", "across Germany and Poland", "vocabulary+second_call"),
    ]
    for quote in greta["evidence"]:
        assert quote["source_id"] == document.source_id
        assert document.text[quote["char_start"] : quote["char_end"]] == quote["text"]


def test_constraints_narrow_the_candidates_and_nobody_outside_them_is_read(
    analyst_api, search_post
):
    read = block(search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}]))

    assert read["candidates"]["entities"] == len(IN_EUROPE)
    assert "yusuf_okonkwo" not in [e for name in LISTS for e in ids(read[name])]
    assert reads_of("yusuf_okonkwo") == 0
    assert Judgment.objects.count() == DOCUMENTS_IN_EUROPE

    two_countries = [
        {"relation": "based_in", "slot": "place", "op": "in", "value": ["Germany", "France"]}
    ]
    narrowed = search_post(
        analyst_api,
        constraints=two_countries,
        criteria=[{"address": read["address"]}],
        criteria_budget={"max_reads": 3},
    )
    assert block(narrowed)["reads"]["needed"] == 2
    assert narrowed.json()["entities"]["matched"] == MATCHED


def test_no_constraint_makes_every_entity_a_candidate(analyst_api, search_post):
    read = block(search_post(analyst_api, criteria=[{"text": NICHE}]))

    assert read["candidates"]["entities"] == len(IN_EUROPE) + 1
    # Yusuf's profile states the niche too: without the constraint he is read, and matched.
    assert "yusuf_okonkwo" in ids(read["matched"])
    assert reads_of("yusuf_okonkwo") == 1


# --- asking again ------------------------------------------------------------------------------


def test_asking_again_by_address_reads_nothing_and_calls_no_model(analyst_api, search_post, first):
    ledger = LedgerEntry.objects.count()
    judgments = Judgment.objects.count()

    again = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}])
    )

    assert again["status"] == "complete"
    assert again["address"] == first["address"]
    assert again["reads"]["needed"] == again["reads"]["reused"] == DOCUMENTS_IN_EUROPE
    assert again["reads"]["done"] == 0
    assert again["usage"] == {"calls": 0, "cost_usd": 0.0}
    assert LedgerEntry.objects.count() == ledger
    assert Judgment.objects.count() == judgments
    assert again["counts"] == first["counts"]
    assert ids(again["matched"]) == ids(first["matched"])


def test_the_same_words_in_other_case_and_spacing_are_the_same_criterion(
    analyst_api, search_post, first
):
    ledger = LedgerEntry.objects.count()

    spaced = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": "  " + NICHE.upper().replace(" ", "  \t") + " "}],
            criteria_budget={"max_reads": 0},
        )
    )

    assert spaced["address"] == first["address"]
    assert spaced["status"] == "complete"
    assert spaced["reads"]["reused"] == DOCUMENTS_IN_EUROPE
    # A known text is not split again: no model call at all.
    assert LedgerEntry.objects.count() == ledger
    assert Criterion.objects.count() == 1


def test_a_final_full_stop_is_another_criterion(analyst_api, search_post, first):
    stopped = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE + "."}],
            criteria_budget={"max_reads": 0},
        )
    )

    assert stopped["address"] != first["address"]
    assert (stopped["status"], stopped["status_reason"]) == (
        "not_run",
        "reuse_only_criterion_unknown",
    )
    assert stopped["reads"]["done"] == 0
    assert Judgment.objects.exclude(criterion__address=first["address"]).count() == 0


def test_a_new_document_about_a_candidate_is_the_only_thing_read_next_time(
    analyst_api, search_post, people_ws, first
):
    readers = LedgerEntry.objects.filter(role="reader").count()
    added = make_document(
        people_ws,
        entity_name="Nikolai Wierzbicki",
        kind="profile",
        text="Nikolai Wierzbicki joined Lumora in 2015.\n"
        "He led marketing for baby formula across Poland and Czechia.\n",
    ).document

    again = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}])
    )

    assert again["status"] == "complete"
    assert again["reads"]["needed"] == DOCUMENTS_IN_EUROPE + 1
    assert again["reads"]["reused"] == DOCUMENTS_IN_EUROPE
    assert again["reads"]["done"] == 1
    assert LedgerEntry.objects.filter(role="reader").count() == readers + 1
    assert Judgment.objects.filter(document=added).count() == 1
    # His new profile states the whole niche in one experience: he matches now.
    assert "nikolai_wierzbicki" in ids(again["matched"])


# --- what it costs, and how to cap it ------------------------------------------------------------


def test_max_usd_zero_prices_a_paid_plan_and_reads_nothing(
    analyst_api, search_post, paid_model, fake_model
):
    plan = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": SPEC_NICHE, "facets": SPEC_FACETS}],
            criteria_budget={"max_usd": 0},
        )
    )

    assert (plan["status"], plan["status_reason"]) == ("over_budget", "max_usd")
    assert plan["reads"]["needed"] == DOCUMENTS_IN_EUROPE
    assert plan["reads"]["done"] == 0
    assert plan["counts"]["matched"] == 0
    estimate = plan["estimate"]
    assert estimate["cost_basis"] == "priced"
    assert estimate["cost_usd"] > 0
    assert estimate["reads"] == DOCUMENTS_IN_EUROPE
    # An upper bound: a second call for every document, and a typing call for every document
    # since the market is a typed condition.
    assert estimate["adjudication"] == {"calls_at_most": DOCUMENTS_IN_EUROPE}
    assert estimate["typing"] == {"calls_at_most": DOCUMENTS_IN_EUROPE}
    assert estimate["tokens"] > 0
    assert "held_role" in plan["unconstrained_relations"]
    assert fake_model.calls() == 0
    assert LedgerEntry.objects.count() == 0
    assert Judgment.objects.count() == 0


def test_the_offline_estimate_is_free_and_says_so(analyst_api, search_post):
    plan = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_reads": 1},
        )
    )

    assert (plan["status"], plan["status_reason"]) == ("over_budget", "max_reads")
    assert plan["estimate"]["cost_basis"] == "offline"
    assert plan["estimate"]["cost_usd"] == 0
    assert plan["estimate"]["reads"] == DOCUMENTS_IN_EUROPE


def test_max_usd_zero_prices_only_under_the_offline_provider_too(analyst_api, search_post):
    plan = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_usd": 0},
        )
    )

    assert plan["status"] == "over_budget"
    assert plan["reads"]["done"] == 0
    assert Judgment.objects.count() == 0


def test_the_estimate_says_how_many_calls_the_plan_needs(analyst_api, search_post):
    plan = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_reads": 1},
        )
    )

    assert plan["estimate"]["calls_to_complete"] >= 1


def test_a_plan_above_max_reads_is_over_budget_and_reads_nothing(analyst_api, search_post):
    plan = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_reads": DOCUMENTS_IN_EUROPE - 1},
        )
    )

    assert (plan["status"], plan["status_reason"]) == ("over_budget", "max_reads")
    assert plan["reads"]["done"] == 0
    assert plan["reads"]["needed"] == DOCUMENTS_IN_EUROPE
    assert plan["budget"]["max_reads"] == DOCUMENTS_IN_EUROPE - 1
    assert Judgment.objects.count() == 0
    assert LedgerEntry.objects.filter(role="reader").count() == 0
    # Never half a read: nobody is judged, everybody is still to be read.
    assert plan["counts"]["matched"] == plan["counts"]["none"] == 0


def test_usage_counts_every_call_of_the_search_the_split_included(analyst_api, search_post):
    read = block(search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}]))

    assert LedgerEntry.objects.filter(role="criteria_splitter").count() == 1
    assert read["usage"]["calls"] == LedgerEntry.objects.count()


def test_usage_of_a_read_is_what_its_judgments_cost(analyst_api, search_post):
    read = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE, "facets": FACETS}])
    )

    # No split (the caller's facets): every ledger row of this search is a read's.
    assert read["usage"]["calls"] == LedgerEntry.objects.count()
    assert LedgerEntry.objects.filter(role="reader").count() == DOCUMENTS_IN_EUROPE
    assert read["reads"]["adjudicated"] == len(MATCHED)
    # ONE second call per would-be match (each of them one experience), asking its three
    # conditions at once.
    assert LedgerEntry.objects.filter(role="second_call").count() == len(MATCHED)


# --- who may read --------------------------------------------------------------------------------


def test_a_viewer_asking_for_reads_is_refused(viewer_api, search_post):
    response = search_post(
        viewer_api, constraints=EUROPE, criteria=[{"text": NICHE, "facets": FACETS}]
    )

    assert refusal(response) == (403, "criteria_read_needs_write")
    assert Judgment.objects.count() == 0
    assert LedgerEntry.objects.filter(role="reader").count() == 0


def test_a_viewer_refused_spends_nothing_and_mints_nothing(viewer_api, search_post):
    response = search_post(viewer_api, constraints=EUROPE, criteria=[{"text": NICHE}])

    assert refusal(response) == (403, "criteria_read_needs_write")
    assert LedgerEntry.objects.count() == 0
    assert Criterion.objects.count() == 0


def test_a_viewer_reuses_what_an_analyst_read(viewer_api, search_post, first):
    ledger = LedgerEntry.objects.count()

    served = block(
        search_post(
            viewer_api,
            constraints=EUROPE,
            criteria=[{"address": first["address"]}],
            criteria_budget={"max_reads": 0},
        )
    )

    assert served["status"] == "complete"
    assert served["reads"]["reused"] == DOCUMENTS_IN_EUROPE
    assert ids(served["matched"]) == MATCHED
    assert served["counts"] == first["counts"]
    assert LedgerEntry.objects.count() == ledger


# --- the refusals --------------------------------------------------------------------------------


def test_two_criteria_are_refused(analyst_api, search_post):
    response = search_post(
        analyst_api,
        constraints=EUROPE,
        criteria=[{"text": NICHE}, {"text": "ten years of harbour pilotage"}],
    )

    assert refusal(response) == (422, "too_many_criteria")
    assert Criterion.objects.count() == 0
    assert LedgerEntry.objects.count() == 0


def test_an_unknown_address_is_refused(analyst_api, search_post):
    response = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": "crit_0000000000000000"}]
    )

    assert refusal(response) == (422, "criterion_unknown")


def test_an_address_of_another_workspace_is_unknown_here(analyst_api, search_post, client_for):
    elsewhere = make_workspace("Elsewhere")
    export = people_export(EXPERTS)
    export_connect(workspace=elsewhere, tables=export["tables"], mapping=export["mapping"])
    theirs = client_for(make_key(elsewhere, role="analyst")[1])
    address = block(
        theirs.post(
            "/v1/public/search",
            {"workspace_id": elsewhere.id, "detail": "full", "criteria": [{"text": NICHE}]},
            format="json",
        )
    )["address"]

    response = search_post(analyst_api, constraints=EUROPE, criteria=[{"address": address}])

    assert refusal(response) == (422, "criterion_unknown")


@pytest.mark.parametrize(
    "budget, fault",
    [
        ({"max_reads": 1_000_000}, "max_reads:above_the_deployment_limit"),
        ({"max_usd": 1_000}, "max_usd:above_the_deployment_limit"),
        ({"max_seconds": 10_000}, "max_seconds:above_the_deployment_limit"),
        ({"max_read_seconds": 100_000}, "max_read_seconds:above_the_deployment_limit"),
        ({"max_reads": -1}, "max_reads:negative"),
        ({"max_reads": 2.5}, "max_reads:not_a_number"),
        ({"retry_failed": "yes"}, "retry_failed:not_a_boolean"),
        ({"max_minutes": 3}, "max_minutes:unknown"),
    ],
)
def test_a_budget_outside_the_deployments_limits_is_refused(
    analyst_api, search_post, budget, fault
):
    response = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}], criteria_budget=budget
    )

    assert refusal(response) == (422, "criteria_budget_invalid")
    assert response.json()["detail"]["faults"] == [fault]
    assert LedgerEntry.objects.count() == 0
    assert Criterion.objects.count() == 0


@pytest.mark.parametrize(
    "words, years, fault",
    [
        ("less than 5 years", 5, "duration:min_years_is_no_minimum"),
        ("18 months", 18, "duration:min_years_not_in_years"),
    ],
)
def test_a_length_that_is_no_minimum_is_refused_with_its_fault(
    analyst_api, search_post, words, years, fault
):
    response = search_post(
        analyst_api,
        criteria=[
            {
                "text": words + " marketing baby formula",
                "facets": [
                    {"key": "duration", "kind": "duration", "text": words, "min_years": years},
                    {"key": "function", "kind": "condition", "text": "marketing"},
                    {"key": "product", "kind": "condition", "text": "baby formula"},
                ],
            }
        ],
    )

    assert refusal(response) == (422, "criterion_facets_invalid")
    assert response.json()["detail"]["faults"] == [fault]
    assert Criterion.objects.count() == 0


def test_an_address_an_earlier_reader_version_minted_is_refused(analyst_api, search_post, first):
    Criterion.objects.filter(address=first["address"]).update(reader_version="reader-0")

    response = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}]
    )

    assert refusal(response) == (422, "criterion_stale_reader_version")
    assert response.json()["detail"]["address"] == first["address"]


# --- another reader's judgments ------------------------------------------------------------------


def earlier_reader_stored(first: dict) -> None:
    """Make every judgment of the criterion one an earlier reader (a switch set otherwise) wrote."""
    Judgment.objects.filter(criterion__address=first["address"]).update(
        reader_identity=AN_EARLIER_READER
    )


def test_another_readers_judgments_are_counted_never_served(analyst_api, search_post, first):
    earlier_reader_stored(first)
    ledger = LedgerEntry.objects.count()

    reuse = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"address": first["address"]}],
            criteria_budget={"max_reads": 0},
        )
    )

    assert (reuse["status"], reuse["status_reason"]) == ("over_budget", "max_reads")
    assert reuse["reads"]["stored_not_served"] == {"read_by_another_reader": DOCUMENTS_IN_EUROPE}
    assert reuse["counts"] == {
        "matched": 0,
        "none": 0,
        "undetermined": 0,
        "not_recorded": len(IN_EUROPE),
    }
    unread = [p for p in reuse["not_recorded"] if p["reason"] == "unread"]
    assert len(unread) == DOCUMENTS_IN_EUROPE
    assert all(p["causes"] == ["read_by_another_reader"] for p in unread)
    assert reuse["counts_detail"]["not_recorded"]["unread_causes"] == {
        "read_by_another_reader": DOCUMENTS_IN_EUROPE
    }
    assert LedgerEntry.objects.count() == ledger

    read = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}])
    )

    assert read["status"] == "complete"
    assert (read["reads"]["done"], read["reads"]["reused"]) == (DOCUMENTS_IN_EUROPE, 0)
    assert read["counts"] == first["counts"]
    mine = Judgment.objects.filter(reader_identity=reader_identity())
    assert mine.count() == DOCUMENTS_IN_EUROPE
    assert mine.values("document").distinct().count() == DOCUMENTS_IN_EUROPE
    # The earlier reader's stay stored; nothing is written twice for one reader.
    assert Judgment.objects.filter(reader_identity=AN_EARLIER_READER).count() == (
        DOCUMENTS_IN_EUROPE
    )

    again = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}])
    )

    assert (again["reads"]["done"], again["reads"]["reused"]) == (0, DOCUMENTS_IN_EUROPE)
    assert again["reads"]["stored_not_served"] == {}


def test_a_document_nobody_read_is_not_counted_as_another_readers(
    analyst_api, search_post, people_ws, first
):
    earlier_reader_stored(first)
    make_document(
        people_ws,
        entity_name="Xenia Bergstrom",
        kind="profile",
        text="Xenia Bergstrom led marketing for baby formula across Sweden.\n",
    )

    reuse = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"address": first["address"]}],
            criteria_budget={"max_reads": 0},
        )
    )

    assert reuse["reads"]["stored_not_served"] == {"read_by_another_reader": DOCUMENTS_IN_EUROPE}
    causes = reuse["counts_detail"]["not_recorded"]["unread_causes"]
    assert causes.get("read_by_another_reader") == DOCUMENTS_IN_EUROPE
    xenia = next(p for p in reuse["not_recorded"] if p["entity_id"] == "xenia_bergstrom")
    assert "read_by_another_reader" not in xenia["causes"]


# --- when a model splits the text ----------------------------------------------------------------


def test_a_split_the_reader_refuses_reads_nothing_and_keeps_nothing(analyst_api, search_post):
    read = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE + ", not in Asia"}])
    )

    assert (read["status"], read["status_reason"]) == ("not_run", "decomposition_incomplete")
    assert read["address"] is None
    assert read["decomposition"]["status"] == "incomplete"
    assert [piece["words"] for piece in read["decomposition"]["incomplete"]] == ["not in Asia"]
    assert read["reads"]["done"] == 0
    assert Criterion.objects.count() == 0
    assert Judgment.objects.count() == 0
    assert LedgerEntry.objects.filter(role="reader").count() == 0
    # Nobody is matched by a criterion that was not read.
    assert (
        search_post(
            analyst_api, constraints=EUROPE, criteria=[{"text": NICHE + ", not in Asia"}]
        ).json()["entities"]["matched"]
        == []
    )


# --- bounding the reply --------------------------------------------------------------------------


def test_list_limit_zero_lists_no_non_match_and_the_counts_stay_whole(
    analyst_api, search_post, first
):
    bounded = block(
        search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"address": first["address"]}],
            list_limit=0,
        )
    )

    assert {name: len(bounded[name]) for name in LISTS} == {
        "matched": len(MATCHED),
        "none": 0,
        "undetermined": 0,
        "not_recorded": 0,
    }
    assert bounded["counts"] == first["counts"]
    assert sum(bounded["counts"].values()) == len(IN_EUROPE)
    assert bounded["counts_detail"] == first["counts_detail"]


def test_list_limit_one_cuts_each_list_nearest_first(analyst_api, search_post, first):
    bounded = block(
        search_post(
            analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}], list_limit=1
        )
    )

    assert len(bounded["undetermined"]) == 1
    assert bounded["undetermined"][0] == first["undetermined"][0]
    assert len(first["undetermined"][0]["missing_because"]) == 1  # one condition short
    assert bounded["counts"] == first["counts"]


@pytest.mark.parametrize("list_limit", [-1, 201])
def test_a_list_limit_outside_0_to_200_is_refused(analyst_api, search_post, list_limit):
    response = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}], list_limit=list_limit
    )

    assert response.status_code == 422


def test_the_compact_reply_names_the_criterion_and_who_is_close(analyst_api, search_post, first):
    compact = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}], detail="compact"
    ).json()

    assert "criteria" not in compact
    assert compact["criterion"]["address"] == first["address"]
    assert compact["criterion"]["status"] == "complete"
    assert compact["criterion"]["counts"] == first["counts"]
    assert compact["candidates"] == len(IN_EUROPE)
    assert compact["close"]["total"] == 1
    (close,) = compact["close"]["matches"]
    assert close == {
        "entity_id": "friederike_hollerer",
        "name": "Friederike Hollerer",
        "lacks": "market",
        "why": ["function", "product"],
        "because": "not_stated",
    }
    assert "cannot_tell" in compact["others"]
    assert [m["entity_id"] for m in compact["matches"]] == MATCHED
    assert "reading" not in compact  # only while the read is unfinished


def test_the_compact_reply_counts_in_cannot_tell_only_who_is_not_close(
    analyst_api, search_post, first
):
    compact = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}], detail="compact"
    ).json()

    undetermined = first["counts"]["undetermined"]
    assert compact["others"]["cannot_tell"] == undetermined - compact["close"]["total"]


# --- the criterion joins the search --------------------------------------------------------------


def test_entities_matched_answers_the_whole_brief(analyst_api, search_post):
    response = search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}])
    body = response.json()

    # Greta and Margaux: in Europe AND the niche. Yusuf states the niche outside Europe;
    # Nikolai is in Europe and his marketing was in Southeast Asia.
    assert body["entities"]["matched"] == MATCHED
    assert body["counts"]["matched"] == len(MATCHED)
    assert body["matched"]["total"] == len(MATCHED)
    assert [m["entity_id"] for m in body["matches"]] == MATCHED
    assert "yusuf_okonkwo" in body["entities"]["ruled_out"]
    assert "nikolai_wierzbicki" in body["entities"]["cannot_tell"]
    assert "xenia_bergstrom" in body["entities"]["not_recorded"]
    address = body["criteria"][0]["address"]
    assert f"criterion_silent:{address}" in body["coverage"]["narrowed_by"]
    assert body["complete"] is False


def test_each_match_carries_an_extracted_row_with_the_criterions_receipts(analyst_api, search_post):
    body = search_post(analyst_api, constraints=EUROPE, criteria=[{"text": NICHE}]).json()
    address = body["criteria"][0]["address"]

    assert body["provenance"] == {"declared": len(MATCHED), "extracted": len(MATCHED)}
    for match in body["matches"]:
        (row,) = [r for r in match["rows"] if r["receipt"]["origin"] == "extracted"]
        receipt = row["receipt"]
        assert receipt["made_by"] == address
        document = Document.objects.get(source_id=receipt["source_id"])
        assert document.entity.key == match["entity_id"]
        assert document.text[receipt["char_start"] : receipt["char_end"]] == receipt["text"]
        for quote in row["values"]["evidence"]:
            assert quote["source_id"] == document.source_id
            assert 0 <= quote["char_start"] < quote["char_end"] <= len(document.text)


def test_narrowed_by_says_documents_are_unread_only_when_some_are(analyst_api, search_post, first):
    body = search_post(
        analyst_api, constraints=EUROPE, criteria=[{"address": first["address"]}]
    ).json()

    assert first["counts_detail"]["not_recorded"] == {"no_documents": 1, "unread_causes": {}}
    narrowed = body["coverage"]["narrowed_by"]
    assert f"criterion_not_read:{first['address']}" not in narrowed
    assert "not_recorded:criterion" not in narrowed


def test_a_match_names_the_words_of_the_text_no_facet_checked(analyst_api, search_post):
    text = "experts with hands-on marketing baby formula in European markets"
    read = block(
        search_post(analyst_api, constraints=EUROPE, criteria=[{"text": text, "facets": FACETS}])
    )
    assert read["unchecked_words"] == ["hands-on"]
    assert ids(read["matched"]) == MATCHED
    assert all(entry["unchecked_words"] == ["hands-on"] for entry in read["matched"])
