"""The denial sweep's own parts, over text alone: which words negate, which phrases a condition
is looked for by, and which sentences are handed on — each with a near neighbour that is not."""

from __future__ import annotations

import pytest

from criteria.rules.denials.swept import condition_words, negates, swept_denials
from criteria.types import CONDITION, DURATION, Facet
from limma.vocabulary import Vocabulary

VOCABULARY = Vocabulary.shipped()
PRODUCT = Facet(key="product", kind=CONDITION, text="baby formula")
CEREALS = Facet(key="cereals", kind=CONDITION, text="cereals")
FUNCTION = Facet(
    key="function", kind=CONDITION, text="marketing", value="Marketing", axis="function", typed=True
)


@pytest.mark.parametrize(
    "sentence",
    [
        *(f"She sold {word} formula." for word in ("never", "not", "no", "none", "nothing")),
        "She sold neither formula.",
        "She sold nor formula.",
        "She sold without formula.",
        "She sold formula to nobody.",
        "She cannot sell formula.",
        "She didn't sell formula.",
        "She didn\u2019t sell formula.",  # a typographic apostrophe
        "She has yet to sell formula.",
        "She sold everything other than formula.",
        "She sold everything except formula.",
        "She sold everything, excluding formula.",
        "Formula was outside her remit.",
        "Formula was outside her areas of work.",
    ],
)
def test_every_negation_of_the_closed_list(sentence):
    assert negates(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "She sold formula.",
        "She sold nowhere near enough formula.",  # a word that starts like one is none
        "She sold knots and formula.",
        "She sold yet more formula.",  # "yet" without "to"
        "She sold other formula than before.",  # "other" not right before "than"
        "She sold formula to the other team.",
        "She worked outside Poland on formula.",  # no word of scope
        "Her remit was formula, sold outside Poland.",  # the word of scope stands before
        "She sold formula outside.",  # "outside" last
        "She worked in her area outside Poland on formula.",  # the scope word right before
    ],
)
def test_near_neighbours_negate_nothing(sentence):
    assert not negates(sentence)


@pytest.mark.parametrize(
    ("sentence", "spans", "negated"),
    [
        ("sold no-name formula", [(5, 7)], False),  # the span holds the negation's start
        ("sold no-name formula", [(4, 7)], False),
        ("sold no-name formula", [(6, 12)], True),  # the span starts after it
        ("sold no-name formula", [(0, 5)], True),  # the span ends right before it
        ("no formula, sold no-name", [(17, 24)], True),  # another negation outside the span
    ],
)
def test_the_condition_s_own_words_are_left_out_by_where_a_word_starts(sentence, spans, negated):
    assert negates(sentence, spans) is negated


def test_the_phrases_a_condition_is_looked_for_by():
    facet = Facet(
        key="function",
        kind=CONDITION,
        text="marketing roles",
        core="marketing",
        also=("brand work",),
        value="Marketing",
        axis="function",
        typed=True,
    )
    phrases = condition_words(facet, VOCABULARY)
    assert phrases[:3] == (("marketing", "roles"), ("marketing",), ("brand", "work"))
    assert ("marcom",) in phrases and ("brand", "management") in phrases
    assert len(phrases) == len(set(phrases))  # the term's name is its core: kept once


@pytest.mark.parametrize(
    ("facet", "vocabulary", "holds_an_alias"),
    [
        (FUNCTION, VOCABULARY, True),
        (FUNCTION, None, False),  # no vocabulary: the term's own word only
        (Facet(key="function", kind=CONDITION, text="marketing", value="Marketing",
               axis="function"), VOCABULARY, False),  # untyped: no term read
        (Facet(key="function", kind=CONDITION, text="marketing", value="Marketing",
               axis="place", typed=True), VOCABULARY, False),  # the term of another axis
    ],
)  # fmt: skip
def test_a_typed_term_s_aliases_only_for_a_typed_condition(facet, vocabulary, holds_an_alias):
    assert (("marcom",) in condition_words(facet, vocabulary)) is holds_an_alias


def test_a_typed_condition_s_term_is_looked_for_though_its_text_is_other_words():
    facet = Facet(
        key="function", kind=CONDITION, text="brand", value="Marketing", axis="function", typed=True
    )
    assert condition_words(facet, None) == (("brand",), ("marketing",))
    untyped = Facet(key="function", kind=CONDITION, text="brand", value="Marketing")
    assert condition_words(untyped, None) == (("brand",),)


def test_a_sentence_is_handed_on_under_the_first_condition_whose_words_it_holds():
    text = "She never sold baby formula or cereals."
    assert [s.facet for s in swept_denials(text, (PRODUCT, CEREALS), None)] == ["product"]
    assert [s.facet for s in swept_denials(text, (CEREALS, PRODUCT), None)] == ["cereals"]


def test_every_sentence_is_swept_each_under_its_condition():
    text = "She never sold baby formula. Cereals were fine. She never sold cereals."
    found = swept_denials(text, (PRODUCT, CEREALS), None)
    assert [(s.quote, s.facet) for s in found] == [
        ("She never sold baby formula.", "product"),
        ("She never sold cereals.", "cereals"),
    ]


def test_a_duration_facet_is_not_swept():
    length = Facet(key="duration", kind=DURATION, text="baby formula", min_years=20)
    assert swept_denials("She never sold baby formula.", (length,), None) == ()
    assert swept_denials("She never sold baby formula.", (length, PRODUCT), None) != ()


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Did you sell baby formula? No, never.", "Did you sell baby formula? No, never."),
        ("Did you sell baby formula?  \nNot once.", "Did you sell baby formula?  \nNot once."),
        ("Did you sell baby formula? Yes, for years.", None),  # the answer negates nothing
        ("Did you sell baby formula?", None),  # no answer
        ("You sold baby formula. No, never.", None),  # no question
        ("Did you sell cereals? No, never.", None),  # the question is on no condition
    ],
)
def test_a_question_on_the_condition_is_swept_with_a_negating_answer(text, quote):
    found = swept_denials(text, (PRODUCT,), None)
    assert [s.quote for s in found] == ([quote] if quote else [])


def test_a_question_s_answer_is_the_sentence_after_it_not_before():
    text = "She never lied. Did you sell baby formula? Yes, for years."
    assert swept_denials(text, (PRODUCT,), None) == ()
    (found,) = swept_denials("Did you sell baby formula? No. Thanks.", (PRODUCT,), None)
    assert (found.quote, found.facet) == ("Did you sell baby formula? No.", "product")


@pytest.mark.parametrize(
    ("sentence", "swept"),
    [
        ("She sold snacks with no added sugar.", False),  # the "no" is the condition's own
        ("She never sold snacks with no added sugar.", True),
        ("She sold the snacks with no added sugar.", False),
        ("She sold snacks with no added sugar, never crisps.", True),  # a negation of its own
    ],
)
def test_a_condition_with_a_preposition_inside_keeps_its_own_negation(sentence, swept):
    facet = Facet(key="product", kind=CONDITION, text="snacks with no added sugar")
    assert bool(swept_denials(sentence, (facet,), None)) is swept


@pytest.mark.parametrize(
    ("sentence", "swept"),
    [
        ("She marketed Never Say Never across Europe.", False),  # both "never" are the title's
        ("She never marketed Never Say Never.", True),
    ],
)
def test_a_condition_s_words_are_left_out_to_their_last_word(sentence, swept):
    facet = Facet(key="product", kind=CONDITION, text="Never Say Never")
    assert bool(swept_denials(sentence, (facet,), None)) is swept
