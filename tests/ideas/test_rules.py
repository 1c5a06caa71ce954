"""The rules of ideas as pure functions: normalised words, the two judgments, the budget, and the
offline provider's labeller and grouper."""

from __future__ import annotations

import pytest

from ideas.budget import DEFAULT_MAX_CALLS, budget_check
from ideas.grouping import combined, needs_second
from ideas.offline.concepts import CONCEPTS
from ideas.offline.grouper import MEANS_IT, POSSIBLY_LABEL, POSSIBLY_SLACK, idea_grouper, verdict
from ideas.offline.labeller import topics
from ideas.offline.meaning import Fit
from ideas.scope import LabelInScope
from ideas.topics import topic_fault
from ideas.words import content_stems, normalised, stem, words
from limma.door.shapes import IdeaGroupRequest, IdeaLabel
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
    assert budget_check(None).max_calls == DEFAULT_MAX_CALLS == 20
    assert budget_check({"max_calls": 0, "max_seconds": 2.5}).max_seconds == 2.5


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
        budget_check(raw)

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

    assert given[0]["topic"] == "price list"


@pytest.mark.parametrize(
    "sentence",
    [
        "Bed 4 was given a double dose of insulin before anyone noticed.",
        "Charges may be adjusted each January in line with the supplier's own costs.",
        "The price list is attached.",
    ],
)
def test_the_offline_labeller_files_a_topic_under_a_shipped_broader_term(sentence):
    for topic in topics(sentence):
        assert topic["broader"] in CONCEPTS


def test_a_broader_term_reaches_past_the_sentence_s_own_words():
    sentence = "Bed 4 was given a double dose of insulin before anyone noticed."

    broader_words = {w for t in topics(sentence) for w in words(t["broader"])}

    assert broader_words - set(words(sentence))


@pytest.mark.parametrize("sentence", ["Yes.", "It is what it is.", "…", "2024."])
def test_a_sentence_with_nothing_to_name_gets_no_kept_topic(sentence):
    kept = [
        t
        for t in topics(sentence)
        if topic_fault(t["topic"], t["broader"], sentence=sentence, part=sentence) is None
    ]

    assert kept == []


def judged(idea: str, label: str, example: str) -> str:
    request = IdeaGroupRequest(
        idea=idea, labels=[IdeaLabel(label=label, broader="any", example=example)]
    )
    return idea_grouper(request)["verdicts"][0]["verdict"]


@pytest.mark.parametrize(
    ("idea", "label", "example", "expected"),
    [
        # Worded otherwise than the idea, and meaning it.
        (
            "where do we discuss security breaches?",
            "stolen password",
            "Someone got into the mail server with a stolen password.",
            "means_it",
        ),
        (
            "where is late payment discussed?",
            "interest",
            "Invoices unpaid after thirty days carry interest.",
            "means_it",
        ),
        (
            "which documents talk about data retention?",
            "customer records",
            "Customer records are deleted after ninety days.",
            "means_it",
        ),
        (
            "where do we discuss raising prices?",
            "charges",
            "Charges may be adjusted each January in line with the supplier's own costs.",
            "means_it",
        ),
        # Near neighbours that borrow the idea's words: never matched.
        (
            "where do we discuss security breaches?",
            "security desk",
            "The security desk in the lobby issues visitor badges.",
            "no",
        ),
        (
            "where is late payment discussed?",
            "train",
            "The train was late again this morning.",
            "no",
        ),
        (
            "where do we discuss raising prices?",
            "hand",
            "Please raise your hand before you speak.",
            "no",
        ),
        # Nothing of the idea.
        (
            "which documents talk about data retention?",
            "cafeteria",
            "The cafeteria opens at noon.",
            "no",
        ),
        # An idea no shipped broader term lies near is its own term: found where its meaning
        # is, and still not by a sentence that only borrows its words.
        (
            "where do we discuss wedding speeches?",
            "best man's toast",
            "The best man's toast ran for forty minutes and made the bride cry.",
            "means_it",
        ),
        (
            "where do we discuss wedding speeches?",
            "venue",
            "The wedding venue's car park closes at midnight.",
            "no",
        ),
        # Cousins inside one field, neither held by the shipped list: each idea is weighed as
        # a term of its own, so a sentence of one is not matched to the other. (Not all: the
        # README's benchmark notes name a cousin this still matches.)
        (
            "where do we discuss lost luggage?",
            "suitcase",
            "My suitcase never arrived in Lisbon and nobody could tell me where it went.",
            "means_it",
        ),
        (
            "where do we discuss delayed flights?",
            "suitcase",
            "My suitcase never arrived in Lisbon and nobody could tell me where it went.",
            "no",
        ),
        (
            "where do we discuss delayed flights?",
            "tarmac",
            "The plane sat on the tarmac for three hours before take-off.",
            "means_it",
        ),
        (
            "where do we discuss delayed flights?",
            "daily allowance",
            "Passengers whose bags go missing are paid a daily allowance for clothes.",
            "no",
        ),
        # Where the model cannot tell, possibly: never a match to be safe.
        (
            "where do we discuss raising prices?",
            "fees",
            "Fees are reviewed every year.",
            "possibly",
        ),
    ],
)
def test_the_offline_grouper_sorts_a_label_by_its_example_s_meaning(idea, label, example, expected):
    assert judged(idea, label, example) == expected


ON_THE_MAP = {"idea_nearest": MEANS_IT.on_the_map, "own_rank": 50}
OWN_TERM = {"idea_nearest": MEANS_IT.on_the_map - 0.01, "shared_rank": 50, "margin": 0.0}
NAMED = {
    **OWN_TERM,
    "own_rank": 50,
    "names_idea": True,
    "label_likeness": MEANS_IT.whole_label,
    "whole_margin": MEANS_IT.whole_margin,
    "likeness": MEANS_IT.whole_likeness,
}


def fit(**changed) -> Fit:
    passing = {"likeness": 0.3, "margin": -0.1, "label_likeness": 0.2, "shared_rank": 0}
    return Fit(**{**passing, **changed})


@pytest.mark.parametrize(
    ("changed", "expected"),
    [
        # An idea the list holds nearly as worded: its nearest terms stand for it.
        (ON_THE_MAP, "means_it"),
        ({**ON_THE_MAP, "margin": MEANS_IT.margin}, "means_it"),
        ({**ON_THE_MAP, "shared_rank": MEANS_IT.shared}, "means_it"),
        ({**ON_THE_MAP, "likeness": MEANS_IT.likeness}, "means_it"),
        ({**ON_THE_MAP, "margin": MEANS_IT.margin - 0.01}, "possibly"),
        ({**ON_THE_MAP, "shared_rank": MEANS_IT.shared + 1}, "possibly"),
        ({**ON_THE_MAP, "likeness": MEANS_IT.likeness - 0.01}, "possibly"),
        ({**ON_THE_MAP, "margin": MEANS_IT.margin - POSSIBLY_SLACK}, "possibly"),
        ({**ON_THE_MAP, "margin": MEANS_IT.margin - POSSIBLY_SLACK - 0.01}, "no"),
        ({**ON_THE_MAP, "shared_rank": MEANS_IT.shared + 3}, "no"),
        ({**ON_THE_MAP, "shared_rank": 50, "label_likeness": POSSIBLY_LABEL}, "possibly"),
        ({**ON_THE_MAP, "shared_rank": 50, "label_likeness": POSSIBLY_LABEL - 0.01}, "no"),
        ({**ON_THE_MAP, "margin": 0.2, "shared_rank": 50, "likeness": 0.9}, "no"),
        # Any other idea is its own term: the sentence falls under it when the idea is among
        # the sentence's nearest terms, however near its broad terms lie.
        ({**OWN_TERM, "own_rank": MEANS_IT.own_rank - 1}, "means_it"),
        # A cousin's sentence lies under the idea's broad terms, but the idea is not among its
        # nearest: the model cannot tell them apart.
        ({**OWN_TERM, "own_rank": 50, "shared_rank": 0}, "possibly"),
        ({**OWN_TERM, "own_rank": 50, "shared_rank": MEANS_IT.shared + 3}, "no"),
        ({**OWN_TERM, "own_rank": MEANS_IT.own_rank}, "possibly"),
        ({**OWN_TERM, "own_rank": MEANS_IT.own_rank + 1}, "possibly"),
        ({**OWN_TERM, "own_rank": MEANS_IT.own_rank + 2}, "no"),
        (
            {**OWN_TERM, "own_rank": 0, "likeness": MEANS_IT.own_likeness - 0.01},
            "possibly",
        ),
        (
            {**OWN_TERM, "own_rank": 0, "likeness": MEANS_IT.own_likeness - POSSIBLY_SLACK - 0.01},
            "no",
        ),
        # The sentence names the idea in its words and, without them, still lies near it; a
        # near miss that borrows them into another subject does not.
        (NAMED, "means_it"),
        ({**NAMED, "names_idea": False}, "possibly"),
        ({**NAMED, "likeness": MEANS_IT.whole_likeness - 0.01}, "possibly"),
        ({**NAMED, "whole_margin": MEANS_IT.whole_margin - 0.01}, "possibly"),
        ({**NAMED, "label_likeness": MEANS_IT.whole_label - 0.01, "likeness": 0.0}, "no"),
    ],
)
def test_the_grouper_s_bars_and_their_near_neighbours(changed, expected):
    assert verdict(fit(**changed)) == expected
