"""The split's checks of one piece (criteria/criterion/split_checks.py), beside the neighbour
that reads otherwise: a list joined by every joiner at once, a model facet of another kind over
words the vocabulary types."""

from __future__ import annotations

import pytest

from criteria.criterion.split import split_checked
from limma.vocabulary import Vocabulary

NICHE = "20+ years marketing baby formula in European markets"
FACETS = [
    {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
PRODUCT = FACETS[2]
VOCABULARY = Vocabulary.shipped()


@pytest.mark.parametrize(
    "places",
    [
        pytest.param("Germany, France & Poland and Sweden", id="all_three_joiners"),
        pytest.param("Germany, France and Poland & Sweden", id="all_three_in_another_order"),
        pytest.param("Germany & France", id="an_ampersand_alone"),
    ],
)
def test_a_list_of_places_joined_by_any_of_its_joiners_is_one_condition(places):
    words = "across " + places
    market = {"key": "market", "kind": "condition", "text": words}
    outcome = split_checked(f"baby formula {words}", [PRODUCT, market], [], VOCABULARY)
    assert outcome.status == "accepted"
    assert outcome.facets[1].core == places


@pytest.mark.parametrize(
    ("words", "value"),
    [
        pytest.param("in Germany", "Germany", id="a_country"),
        pytest.param("in Asia", "Asia", id="a_region"),
    ],
)
def test_a_model_length_over_a_typed_place_is_handed_back_with_the_condition_it_could_be(
    words, value
):
    facet = {"key": "other", "kind": "duration", "text": words, "min_years": 3}
    outcome = split_checked(NICHE + ", " + words, [*FACETS, facet], [], VOCABULARY)
    assert outcome.incomplete == [{"words": words, "why": "no_facet_states_it"}]
    assert [(s["kind"], s["text"], s["value"]) for s in outcome.suggested] == [
        ("condition", words, value)
    ]
