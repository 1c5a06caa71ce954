"""The denials a reading model lists, and the reader's own sweep, kept as quotes of the document
(criteria/rules/denials/read.py): firm in the model's own words, a doubt as its whole sentence,
another person's set aside, and what the document's experiences state held against a denial.

Pure: no database, no model. Each kept wording stands beside the neighbour kept otherwise.
"""

from __future__ import annotations

import pytest

from criteria.rules.denials.read import denial_context, denials_kept, stated_in
from criteria.rules.denials.swept import FOUND_BY_READER, Swept
from criteria.types import ExperienceJudgment, Facet, Quote
from limma.door.shapes import Denial

PRODUCT = Facet(key="product", kind="condition", text="baby formula")
MARKET = Facet(
    key="market",
    kind="condition",
    text="in European markets",
    core="European markets",
    value="Europe",
    also=("the EU",),
)
FACETS = (PRODUCT, MARKET)
DARIO = "Dario Benavente"
FIRM = "Dario has never worked on baby formula."
OTHERS = "Greta Holm has never worked on baby formula."


def kept(text: str, *listed: tuple[str, str | None], experiences=(), swept=()) -> list[tuple]:
    quotes = denials_kept(
        [Denial(quote=quote, facet=facet) for quote, facet in listed],
        source_id="dario-profile",
        text=text,
        facets=FACETS,
        person=DARIO,
        experiences=experiences,
        swept=swept,
    )
    for quote in quotes:
        assert text[quote.char_start : quote.char_end] == quote.text
        assert quote.source_id == "dario-profile"
    return [(q.facet, q.text, q.denies, q.kept_as, q.found_by) for q in quotes]


def stating(key: str, text: str, states: str | None) -> Quote:
    return Quote(facet=key, text=text, source_id="dario-profile", char_start=0, char_end=len(text),
                 states=states)  # fmt: skip


# -- what the document's experiences state -------------------------------------------------------


def test_what_the_experiences_state_is_filed_under_each_condition_once():
    across = stating("market", "across Germany and France", "Germany and France")
    again = stating("market", "across Germany and France", None)
    formula = stating("product", "infant formula", None)
    experiences = (
        ExperienceJudgment(established={"market": across}),
        ExperienceJudgment(established={"market": again}, different=(formula,)),
    )

    assert stated_in(experiences) == {
        "market": ("across Germany and France", "Germany and France"),
        "product": ("infant formula",),
    }


def test_a_denial_under_no_key_is_filed_under_the_condition_the_experiences_state_its_words_for():
    text = f"{DARIO} led sales across Germany and France. Dario has never sold in Germany."
    across = stating("market", "across Germany and France", "Germany and France")

    stated = kept(
        text,
        ("Dario has never sold in Germany.", None),
        experiences=(ExperienceJudgment(established={"market": across}),),
    )
    unstated = kept(text, ("Dario has never sold in Germany.", None))

    assert stated == [("market", "Dario has never sold in Germany.", False, "doubt", None)]
    # Nothing states Germany for a condition: the first condition's.
    assert unstated == [("product", "Dario has never sold in Germany.", False, "doubt", None)]


# -- the quote kept ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        pytest.param(FIRM, "Dario has never worked on baby formula", id="at_the_documents_start"),
        pytest.param(
            f"Dario sells toys. {FIRM}",
            "Dario has never worked on baby formula",
            id="after_a_sentence",
        ),
        pytest.param(f"Dario sells toys. {FIRM}", FIRM, id="the_whole_sentence_quoted"),
    ],
)
def test_a_firm_denial_is_quoted_in_the_models_own_words(text, quoted):
    assert kept(text, (f"  {quoted} ", "product")) == [("product", quoted, True, None, None)]


def test_a_doubt_is_quoted_as_its_whole_sentence():
    text = "Dario sells toys. Dario has never really worked on baby formula."

    assert kept(text, ("never really worked on baby formula", "product")) == [
        ("product", "Dario has never really worked on baby formula.", False, "doubt", None)
    ]


def test_another_persons_denial_is_set_aside_and_a_quote_not_in_the_document_dropped():
    text = f"{OTHERS} {FIRM}"

    assert kept(text, (OTHERS, "product"), ("Dario never sold baby food.", "product")) == []


def test_a_quote_not_in_the_document_drops_itself_alone():
    listed = (("Dario never sold baby food.", "product"), (FIRM, "product"))

    assert kept(FIRM, *listed) == [("product", FIRM, True, None, None)]


def test_a_part_of_a_firm_sentence_that_stands_twice_in_it_is_quoted_where_it_first_stands():
    (quote,) = denials_kept(
        [Denial(quote="or", facet="product")],
        source_id="dario-profile",
        text=f"Dario sells toys. {FIRM}",
        facets=FACETS,
        person=DARIO,
        experiences=(),
    )

    assert (quote.text, quote.denies) == ("or", True)
    assert quote.char_start == len("Dario sells toys. Dario has never w")


def test_no_condition_keeps_nothing():
    assert (
        denials_kept(
            [Denial(quote=FIRM, facet="product")],
            source_id="dario-profile",
            text=FIRM,
            facets=(),
            person=DARIO,
            experiences=(),
        )
        == ()
    )


# -- the reader's sweep --------------------------------------------------------------------------


def test_the_sweep_adds_what_no_listed_denial_stands_in_and_sets_aside_the_same():
    text = f"{FIRM} {OTHERS} Dario never sold in Europe."
    swept = [
        Swept(FIRM, "product"),  # the model listed it already
        Swept(OTHERS, "product"),  # set aside, as if the model had listed it
        Swept("Dario never sold in Europe.", "market"),
    ]

    assert kept(text, (FIRM, "product"), swept=swept) == [
        ("product", FIRM, True, None, None),
        ("market", "Dario never sold in Europe.", True, None, FOUND_BY_READER),
    ]


def test_a_sweep_of_one_sentence_twice_is_kept_once():
    text = f"Dario sells toys. {FIRM}"
    swept = [Swept(FIRM, "product"), Swept("Dario has never worked on baby formula", "product")]

    assert kept(text, swept=swept) == [("product", FIRM, True, None, FOUND_BY_READER)]


def test_a_set_aside_denial_still_stands_in_its_sentence_for_the_sweep():
    text = f"Dario sells toys. {OTHERS}"

    assert kept(text, (OTHERS, "product"), swept=[Swept(OTHERS, "product")]) == []


# -- what the rule is given of the document ------------------------------------------------------


def test_the_context_holds_every_sentence_its_speaker_and_each_conditions_own_words_once():
    text = (
        "Interviewer: Have you sold baby formula?\nDario: I have never sold baby formula.\n"
        "Interviewer: Thank you.\n"
    )
    facets = (PRODUCT, MARKET, Facet(key="again", kind="condition", text="Europe", value="Europe"))

    context = denial_context(text, facets, DARIO)

    assert [text[start:end] for start, end in context.sentences] == [
        "Interviewer: Have you sold baby formula?",
        "Dario: I have never sold baby formula.",
        "Interviewer: Thank you.",
    ]
    assert context.speakers == ("Interviewer", "Dario", "Interviewer")
    assert context.person == DARIO and context.text == text
    assert context.facet_keys == ("product", "market", "again")
    assert context.facet_words == {
        "product": ("baby formula",),
        "market": ("in European markets", "European markets", "Europe", "the EU"),
        "again": ("Europe",),
    }


def test_the_context_holds_the_other_names_the_document_writes_not_the_persons_own():
    text = f"{DARIO} met Greta Holm in Oslo. {FIRM}"

    assert denial_context(text, FACETS, DARIO).other_names == ("Greta Holm",)
