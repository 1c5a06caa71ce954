"""The rules of ideas as pure functions: normalised words, the two judgments, the budget, and the
offline provider's labeller and grouper."""

from __future__ import annotations

import pytest

from ideas.budget import DEFAULT_MAX_CALLS, budget_checked
from ideas.grouping import combined, needs_second
from ideas.offline.grouper import verdict
from ideas.offline.labeller import topics
from ideas.scope import LabelInScope
from ideas.topics import topic_fault
from ideas.words import content_stems, normalised, stem
from limma.door.shapes import IdeaLabel
from limma.errors import InvalidRequest


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("Where do we discuss pricing risk?", "  where  do WE discuss\tpricing risk? ", True),
        ("pricing risk", "Pricing Risk", True),
        ("pricing risk", "pricing risks", False),
        ("pricing risk", "risk pricing", False),
    ],
)
def test_an_idea_is_stored_under_its_words_case_and_spacing_aside(one, other, same):
    assert (normalised(one) == normalised(other)) is same


@pytest.mark.parametrize(
    ("first", "second", "verdict_"),
    [
        ("means_it", "means_it", "means_it"),
        ("means_it", "no", "possibly"),
        ("no", "means_it", "possibly"),
        ("means_it", "possibly", "possibly"),
        ("possibly", "no", "possibly"),
        ("possibly", "possibly", "possibly"),
        ("no", "no", "no"),
    ],
)
def test_two_judgments_mean_it_only_when_both_say_so_and_a_disagreement_is_never_no(
    first, second, verdict_
):
    assert combined(first, second) == verdict_


@pytest.mark.parametrize(("parts", "twice"), [(1, False), (2, False), (3, True), (40, True)])
def test_a_label_carried_by_more_than_two_parts_is_judged_twice(parts, twice):
    label = LabelInScope("fees", "fees", "pricing", parts=dict.fromkeys(range(parts)))

    assert needs_second(label) is twice


def test_the_budget_defaults_to_twenty_calls():
    assert budget_checked(None).max_calls == DEFAULT_MAX_CALLS == 20
    assert budget_checked({"max_calls": 0, "max_seconds": 2.5}).max_seconds == 2.5


@pytest.mark.parametrize(
    ("raw", "fault"),
    [
        ({"max_calls": -1}, "max_calls:out_of_range"),
        ({"max_calls": 201}, "max_calls:out_of_range"),
        ({"max_calls": "5"}, "max_calls:out_of_range"),
        ({"max_calls": True}, "max_calls:out_of_range"),
        ({"max_seconds": -0.5}, "max_seconds:out_of_range"),
        ({"max_seconds": "fast"}, "max_seconds:out_of_range"),
        ({"max_usd": 1}, "max_usd:unknown"),
    ],
)
def test_a_budget_out_of_range_is_refused_with_its_fault_named(raw, fault):
    with pytest.raises(InvalidRequest) as refused:
        budget_checked(raw)

    assert refused.value.type == "idea_budget_invalid"
    assert fault in refused.value.fields["faults"]


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("prices", "pricing"),
        ("fees", "fee"),
        ("deleted", "deletion" and "delete"),
        ("stored", "store"),
    ],
)
def test_a_word_and_its_inflections_share_a_stem(word, other):
    assert stem(word) == stem(other)


@pytest.mark.parametrize(("word", "other"), [("price", "prize"), ("fee", "feel"), ("data", "date")])
def test_near_words_keep_their_own_stems(word, other):
    assert stem(word) != stem(other)


def test_a_question_s_own_words_are_not_the_idea():
    assert content_stems("Where do we discuss pricing risk?") == ["pric", "risk"]
    assert content_stems("Which documents talk about data retention?") == ["data", "retention"]


SENTENCES = [
    "We reserve the right to raise our fees once a year.",
    "The price list is attached.",
    "Customer data is deleted after ninety days.",
    "Click Save to keep your changes.",
    "Le contrat est résilié si la facture reste impayée.",
    "<b>Invoices</b> are due within 30 days &amp; late fees apply.",
    "teh invoise is overdeu",
    "Thanks for reading.",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_the_offline_labeller_s_topics_pass_the_rules_a_model_s_must_pass(sentence):
    given = topics(sentence)

    assert 1 <= len(given) <= 3
    for topic in given:
        assert (
            topic_fault(topic["topic"], topic["broader"], sentence=sentence, part=sentence) is None
        )


def test_the_offline_labeller_takes_topics_from_the_sentence_s_own_noun_phrases():
    given = topics("The price list is attached.")

    assert given[0] == {"topic": "price list", "broader": "pricing"}


@pytest.mark.parametrize("sentence", ["Yes.", "It is what it is.", "…", "2024."])
def test_a_sentence_with_nothing_to_name_gets_no_kept_topic(sentence):
    kept = [
        t
        for t in topics(sentence)
        if topic_fault(t["topic"], t["broader"], sentence=sentence, part=sentence) is None
    ]

    assert kept == []


def label(words: str, broader: str) -> IdeaLabel:
    return IdeaLabel(label=words, broader=broader, example="An example.")


@pytest.mark.parametrize(
    ("idea", "item", "expected"),
    [
        ("where do we discuss pricing risk?", label("raise our fees", "pricing"), "means_it"),
        ("where do we discuss pricing risk?", label("price list", "pricing"), "means_it"),
        ("where do we discuss pricing risk?", label("office closes", "schedule"), "no"),
        ("where do we discuss pricing risk?", label("risk register", "governance"), "possibly"),
        (
            "which documents talk about data retention?",
            label("deleted", "data retention"),
            "means_it",
        ),
        ("which documents talk about data retention?", label("saving changes", "software"), "no"),
        ("which documents talk about data retention?", label("data types", "data"), "possibly"),
        ("WHERE do we discuss PRICES?", label("tariff hike", "pricing"), "means_it"),
    ],
)
def test_the_offline_grouper_sorts_by_lemma_and_lexicon_overlap(idea, item, expected):
    assert verdict(idea, item) == expected
