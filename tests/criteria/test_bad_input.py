"""Malformed criteria are refused with a named 4xx, never a 500: accepted names, record checks
and as_of of every wrong shape."""

from __future__ import annotations

import pytest

from tests.criteria.conftest import EUROPE, FACETS, NICHE


def product(**more):
    return [dict(facet, **more) if facet["key"] == "product" else facet for facet in FACETS]


@pytest.mark.parametrize(
    "criterion",
    [
        {"text": NICHE, "facets": product(also="infant milks")},
        {"text": NICHE, "facets": product(also=[None])},
        {"text": NICHE, "facets": product(also=[42])},
        {"text": NICHE, "facets": product(also=[["infant milks"]])},
        {"text": NICHE, "facets": product(also=[""])},
        {"text": NICHE, "facets": product(also=["   "])},
        {"text": NICHE, "facets": product(also=["a b c d e f g"])},
        {"text": NICHE, "facets": product(also=["infant milks"] * 13)},
        {"text": NICHE, "facets": product(also=[{"name": "x"}])},
        {"text": NICHE, "facets": product(also=["baby formula"])},
        {"text": NICHE, "facets": product(also=["never infant milks"])},
        {"text": NICHE, "facets": FACETS, "record_check": "held_role"},
        {"text": NICHE, "facets": FACETS, "record_check": []},
        {"text": NICHE, "facets": FACETS, "record_check": {}},
        {"text": NICHE, "facets": FACETS, "record_check": {"relation": 1, "party_slot": None}},
        {"text": NICHE, "facets": FACETS, "record_check": {"relation": "nope", "party_slot": "x"}},
        {
            "text": NICHE,
            "facets": FACETS,
            "record_check": {"relation": "held_role", "party_slot": "company", "extra": 1},
        },
        {
            "text": NICHE,
            "facets": FACETS,
            "record_check": {
                "relation": "held_role",
                "party_slot": "company",
                "label_slot": "company",
            },
        },
    ],
)
def test_a_malformed_criterion_is_a_named_422(analyst_api, search_post, criterion):
    reply = search_post(analyst_api, constraints=EUROPE, criteria=[criterion])
    assert reply.status_code == 422, reply.content
    assert reply.json()["detail"]["type"] in ("criterion_facets_invalid", "criterion_invalid")


@pytest.mark.parametrize(
    "as_of", ["2024-13", "2024-02-30", "24-06", "yesterday", ["2024"], {"year": 2024}]
)
def test_an_as_of_no_calendar_holds_is_a_named_422(analyst_api, search_post, as_of):
    reply = search_post(
        analyst_api,
        constraints=EUROPE,
        as_of=as_of,
        criteria=[{"text": NICHE, "facets": FACETS}],
    )
    assert reply.status_code == 422, reply.content
    assert reply.json()["detail"]["type"]
