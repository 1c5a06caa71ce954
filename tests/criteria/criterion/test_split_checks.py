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


def recency(text: str, **more) -> dict:
    return {"key": "recency", "kind": "recency", "text": text, **more}


@pytest.mark.parametrize(
    ("facet", "current", "within"),
    [
        pytest.param(recency("in the last 5 years"), None, 5.0, id="its_words_state_the_years"),
        pytest.param(recency("currently"), True, None, id="its_words_state_current"),
        # words that state no recency stand on what the model stated for them
        pytest.param(recency("recently", within_years=3), None, 3, id="the_model_s_years"),
        pytest.param(recency("recently", current=True), True, None, id="the_model_s_current"),
    ],
)
def test_a_model_recency_stands_on_its_words_or_on_what_the_model_stated(facet, current, within):
    text = "baby formula " + facet["text"]
    outcome = split_checked(text, [PRODUCT, facet], [], VOCABULARY)
    assert outcome.status == "accepted"
    held = outcome.facets[1]
    assert (held.kind, held.text, held.current, held.within_years) == (
        "recency",
        facet["text"],
        current,
        within,
    )


def test_a_model_recency_that_states_no_time_is_handed_back_with_nothing_suggested():
    outcome = split_checked("baby formula recently", [PRODUCT, recency("recently")], [], VOCABULARY)
    assert outcome.status == "incomplete"
    assert outcome.incomplete == [
        {"words": "recently", "why": "no_facet_states_it", "nothing_suggested": True}
    ]
    assert outcome.suggested == []


SALES = {"key": "function", "kind": "condition", "text": "sales", "value": "Sales"}


@pytest.mark.parametrize(
    ("text", "facets", "words"),
    [
        # a piece that ends in "or" is said with the facet behind it
        pytest.param(
            "marketing or sales of baby formula",
            [PRODUCT, SALES],
            "marketing or sales",
            id="widened",
        ),
        # and as it stands where no facet follows it
        pytest.param("baby formula marketing or", [PRODUCT], "marketing or", id="nothing_behind"),
    ],
)
def test_an_alternative_is_handed_back_with_the_facet_it_offers_beside(text, facets, words):
    outcome = split_checked(text, facets, [], VOCABULARY)
    assert outcome.incomplete == [
        {"words": words, "why": "an_alternative", "nothing_suggested": True}
    ]


@pytest.mark.parametrize(
    ("words", "status", "reason"),
    [
        pytest.param("across Germany and France", "accepted", "term_is_not_the_head", id="a_list"),
        pytest.param("in Germany", "accepted", None, id="one_term_is_typed"),
        # one term and a joiner with nothing behind it is no list: it joins a condition
        pytest.param("in Germany and", "incomplete", None, id="a_dangling_joiner"),
    ],
)
def test_a_model_condition_of_terms_keeps_why_it_is_not_typed(words, status, reason):
    market = {"key": "market", "kind": "condition", "text": words}
    outcome = split_checked("baby formula " + words, [PRODUCT, market], [], VOCABULARY)
    assert outcome.status == status
    if status == "accepted":
        assert outcome.facets[1].typed_reason == reason
    else:
        assert outcome.incomplete[0] == {"words": words, "why": "joins_conditions"}


STAPLERS = {"key": "product", "kind": "condition", "text": "surgical staplers"}


@pytest.mark.parametrize(
    ("words", "status"),
    [
        # a channel: the noun behind "through" or "via" names how the work was sold, even where
        # the vocabulary names it as a function
        pytest.param("through public procurement", "accepted", id="through_a_function_term"),
        pytest.param("via public procurement", "accepted", id="via_a_function_term"),
        pytest.param("through procurement", "accepted", id="the_function_term_alone"),
        pytest.param("Via Procurement", "accepted", id="case_aside"),
        pytest.param("through public tenders", "accepted", id="no_term_at_all"),
        pytest.param("through distributors", "accepted", id="another_channel"),
        # near neighbours: a channel with a place behind it, a function before a channel, a
        # function term led into by no channel word
        pytest.param("through distributors in Germany", "incomplete", id="a_channel_and_a_place"),
        pytest.param("via procurement in Germany", "incomplete", id="a_term_channel_and_a_place"),
        pytest.param("sales through public procurement", "incomplete", id="a_function_first"),
        pytest.param("procurement through distributors", "incomplete", id="a_function_then_via"),
        pytest.param("in public procurement", "incomplete", id="a_lead_in_that_is_no_channel"),
    ],
)
def test_a_channel_is_one_condition_whatever_function_its_noun_names(words, status):
    channel = {"key": "channel", "kind": "condition", "text": words}
    outcome = split_checked(f"surgical staplers {words}", [STAPLERS, channel], [], VOCABULARY)
    assert outcome.status == status
    if status == "incomplete":
        assert outcome.incomplete[0] == {"words": words, "why": "joins_conditions"}


@pytest.mark.parametrize(
    ("words", "readings"),
    [
        pytest.param("through public procurement", [None], id="a_channel_is_suggested_whole"),
        pytest.param("via procurement", [None], id="via_too"),
        pytest.param(
            "through procurement in Germany", ["split", "whole"], id="a_place_behind_it_splits"
        ),
    ],
)
def test_a_channel_left_out_is_suggested_as_one_condition(words, readings):
    outcome = split_checked(f"surgical staplers {words}", [STAPLERS], [], VOCABULARY)
    assert [entry["words"] for entry in outcome.incomplete] == [words]
    assert sorted({s.get("reading") for s in outcome.suggested}, key=str) == readings
