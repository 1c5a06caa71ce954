"""The forms that take a model's own quote out, over text alone: where the quote stands in its
sentence, the rank a complement is read through, and the relative clause of somebody else's
work — each with a near neighbour that takes nothing out."""

from __future__ import annotations

import pytest

from criteria.rules.names.named import Naming
from criteria.rules.names.quotes_taken_out import (
    QUOTE_COMPLEMENT_OF_ANOTHER_THING,
    QUOTE_DENIED_IN_ITS_SENTENCE,
    QUOTE_INSIDE_ANOTHER_S_WORK,
    taken_out,
)
from criteria.types import Quote
from tests.criteria.niche import FACETS
from tests.criteria.reading.scripted import VOCABULARY

NAMING = Naming(person="Ada Berg", facets=FACETS, states={}, vocabulary=VOCABULARY)
FACET = {facet.key: facet for facet in FACETS}


def _taken_out(text: str, words: str, key: str = "product") -> str | None:
    at = text.index(words)
    quote = Quote(key, words, "doc", at, at + len(words))
    return taken_out(text, quote, FACET[key], NAMING)


@pytest.mark.parametrize(
    ("text", "words", "why"),
    [
        # the quote opens the document's first sentence
        ("Baby formula was never her line.", "Baby formula", QUOTE_DENIED_IN_ITS_SENTENCE),
        ("Baby formula was her line.", "Baby formula", None),
        ("Packaging for baby formula was her work.", "Packaging for baby formula",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
        ("Marketing for baby formula was her work.", "Marketing for baby formula", None),
    ],
)  # fmt: skip
def test_a_quote_at_the_start_of_the_text_is_read(text, words, why):
    assert _taken_out(text, words) == why


def test_a_quote_of_no_words_is_taken_out_by_nothing():
    text = "Ada has never sold baby formula."
    at = text.index("baby")
    quote = Quote("product", "", "doc", at, at)
    assert taken_out(text, quote, FACET["product"], NAMING) is None


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        ("Ada was, in short, director of marketing at Halden.", None),  # a comma before the rank
        ("Ada Berg was then director of marketing at Halden.", None),  # the rank far in
        ("Ada Berg was then a director of marketing at Halden.", None),  # an article after it
        ("Ada Berg was then the supplier of marketing at Halden.",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),  # no rank: the complement of another thing
        ("Ada, in short, was the supplier of marketing at Halden.",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
    ],
)  # fmt: skip
def test_a_rank_right_before_the_preposition_is_the_person_s_own_post(sentence, why):
    assert _taken_out(sentence, "marketing", "function") == why


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        ("Teams that bought baby formula were her clients.", QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Teams bought baby formula from her.", None),  # no relative clause
        ("It was she who sold baby formula.", None),  # a subject pronoun before "who"
        ("Ada was the one who sold baby formula in Oslo.", QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Ada showed that she sold baby formula.", None),  # "that" after a verb in -ed
        ("Ada saw teams that bought baby formula.", QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Ada told clients, who bought baby formula, about it.", QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Ada advised clients; who bought baby formula is unknown.", None),  # a stop between
    ],
)
def test_a_relative_clause_behind_another_s_noun(sentence, why):
    assert _taken_out(sentence, "baby formula") == why


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        ("Ada has never sold baby formula", QUOTE_DENIED_IN_ITS_SENTENCE),  # no stop after it
        ("Ada has sold baby formula", None),
    ],
)
def test_a_quote_that_ends_its_sentence_is_read(sentence, why):
    assert _taken_out(sentence, "baby formula") == why


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        ("Ada had ten years of baby formula.", None),  # the person's own length of work
        ("Ada has years of baby formula.", QUOTE_COMPLEMENT_OF_ANOTHER_THING),  # no length
    ],
)
def test_the_person_s_own_form_is_read_before_the_complement(sentence, why):
    assert _taken_out(sentence, "baby formula") == why


@pytest.mark.parametrize(
    ("states", "why"),
    [
        ({"function": "packaging"}, None),  # what the profile states for another condition
        ({"product": "packaging"}, QUOTE_COMPLEMENT_OF_ANOTHER_THING),  # for the quote's own
        ({}, QUOTE_COMPLEMENT_OF_ANOTHER_THING),
    ],
)
def test_only_what_is_stated_for_another_condition_lets_the_complement_stand(states, why):
    naming = Naming(person="Ada Berg", facets=FACETS, states=states, vocabulary=VOCABULARY)
    text = "Ada designed packaging for baby formula."
    at = text.index("baby formula")
    quote = Quote("product", "baby formula", "doc", at, at + len("baby formula"))
    assert taken_out(text, quote, FACET["product"], naming) == why


@pytest.mark.parametrize(
    ("sentence", "words", "why"),
    [
        # a place quoted with its own preposition behind another noun: where the work was
        ("Ada leads marketing for baby formula at Halden Care in France.", "in France", None),
        ("Ada leads marketing for baby formula at Halden Care in France.", "Care in France",
         None),
        ("Ada leads marketing for baby formula at Halden Care across the Nordics.",
         "across the Nordics", None),
        ("Ada leads marketing for baby formula at Halden Care within Europe.", "within Europe",
         None),
        # near neighbours: a preposition that places nothing leaves the complement standing
        ("Ada leads marketing for baby formula at Halden Care for France.", "for France",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
        ("Ada leads marketing for baby formula at Halden Care of France.", "of France",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
    ],
)  # fmt: skip
def test_a_place_quoted_with_its_own_preposition_places_the_work(sentence, words, why):
    assert _taken_out(sentence, words, "market") == why
