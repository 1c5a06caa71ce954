"""The examples file: what to call the directory, and the "Try:" questions
(docs/pages.md#the-example-questions)."""

from __future__ import annotations

import json

import pytest

from qa_view.page.examples import DEFAULT_EXAMPLES, ExamplesInvalid, examples_parse, load_examples

SPEC_EXAMPLE = {
    "question": "Who in France has 20+ years marketing infant formula in European markets?",
    "constraints": [{"relation": "based_in", "slot": "place", "op": "eq", "value": "France"}],
    "niche": "20+ years marketing infant formula in European markets",
    "facets": [
        {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
        {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
        {"key": "domain", "kind": "condition", "text": "infant formula"},
        {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
    ],
}


def test_the_shipped_file_holds_the_specs_example_prepared():
    shipped = load_examples(DEFAULT_EXAMPLES)
    assert shipped.directory == "the expert directory"
    assert json.loads(DEFAULT_EXAMPLES.read_text())["examples"][0] == SPEC_EXAMPLE
    assert all(example.prepared and example.facets for example in shipped.examples)
    assert shipped.find("  who in FRANCE has 20+ years marketing infant formula in european "
                        "markets? ") is shipped.examples[0]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        ([], "must hold a JSON object"),
        ({"examples": {}}, "examples must be a list"),
        ({"examples": [{"niche": "x"}]}, "question must be a non-empty string"),
        ({"examples": [{"question": "q", "typo": 1}]}, "fields the page does not know: typo"),
        ({"examples": [{"question": "q", "facets": [{"key": "a"}]}]}, "without the niche"),
        ({"examples": [{"question": "q", "constraints": "x"}]}, "must be a list of objects"),
    ],
)
def test_a_file_the_page_cannot_use_is_refused_with_its_fault(data, fault):
    with pytest.raises(ExamplesInvalid, match=fault):
        examples_parse(data)


def test_a_typed_question_without_a_niche_is_not_prepared():
    parsed = examples_parse({"examples": [{"question": "Who is in Germany?"}]})
    assert parsed.directory == "the directory"
    assert not parsed.examples[0].prepared


@pytest.mark.parametrize(
    "typed",
    [
        "Who in France has 20+ years marketing infant formula in European markets?",
        "who in france has 20+ years marketing infant formula in european markets",
        "  Who in France   has 20+ years marketing\tinfant formula in European markets ??",
        "WHO IN FRANCE HAS 20+ YEARS MARKETING INFANT FORMULA IN EUROPEAN MARKETS\uff1f",
    ],
)
def test_an_example_typed_out_is_that_example(typed):
    shipped = load_examples(DEFAULT_EXAMPLES)
    assert shipped.find(typed) is shipped.examples[0]


@pytest.mark.parametrize(
    "typed",
    [
        "Who in France has 20+ years marketing infant formula in European markets? And Spain?",
        "Who in France has 20 years marketing infant formula in European markets?",
        "Who in France has 20+ years marketing infant formula in European market?",
        "Who in Franc has 20+ years marketing infant formula in European markets?",
        "",
    ],
)
def test_a_near_neighbour_of_an_example_is_a_question_of_its_own(typed):
    assert load_examples(DEFAULT_EXAMPLES).find(typed) is None
