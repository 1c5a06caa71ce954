"""The offline criteria roles: a niche split, a document read, a second call and a typing call
answered by rules and the shipped vocabulary, deterministically, with no model and no network."""

from __future__ import annotations

import itertools
import random

import pytest

from criteria.offline.reader import read_document
from criteria.offline.roles import second_call_answers, typed_by_rules
from criteria.offline.split import split_criterion
from limma import door
from limma.door.providers import OFFLINE_HANDLERS
from limma.door.shapes import ReadReply, SecondCallReply, SplitReply, TypingReply
from limma.models import LedgerEntry

NICHE = "20+ years marketing baby formula in European markets"
TERMS = ["Marketing", "Sales", "Finance", "General Management", "Operations"]
FACETS = split_criterion(NICHE)["facets"]
GRETA = (
    "Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\n"
    "She led marketing for baby formula across Germany and Poland until 2023.\n"
    "Greta has done this work for more than 20 years.\n"
)
NIKOLAI = (
    "Nikolai Wierzbicki joined Orvello Nutrition in 2003.\n"
    "He led marketing for baby formula across Southeast Asia.\n"
    "Nikolai has done this work for more than 20 years.\n"
)
DARIO = (
    "Dario Benavente is a sales director at Pellvik Foods in Spain.\n"
    "Dario has never worked on baby formula.\n"
)
MARGAUX = (
    "[00:00:05] Interviewer: Tell me about your work.\n"
    "[00:00:12] Margaux: I have led marketing for baby formula at Verdane Nutrition across "
    "France and Belgium since 2001.\n"
    "[00:00:40] Interviewer: Thanks, that is all.\n"
)


def shown(facets: list[dict]) -> list[tuple]:
    """A facet as (key, kind, text, what it asks)."""
    return [
        (
            f["key"],
            f["kind"],
            f["text"],
            f.get("value") if f["kind"] == "condition" else f.get("min_years", f.get("current")),
        )
        for f in facets
    ]


# -- criteria_splitter ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "facets"),
    [
        pytest.param(
            NICHE,
            [
                ("duration", "duration", "20+ years", 20),
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "baby formula", None),
                ("market", "condition", "in European markets", "Europe"),
            ],
            id="the_spec_niche_in_four_facets",
        ),
        pytest.param(
            "sold surgical staplers through public tenders in the DACH region",
            [
                ("function", "condition", "sold", "Sales"),
                ("product", "condition", "surgical staplers", None),
                ("channel", "condition", "through public tenders", None),
                ("market", "condition", "in the DACH region", "DACH"),
            ],
            id="a_verb_of_selling_is_the_function_beside_a_channel_and_a_region",
        ),
        pytest.param(
            "currently marketing baby formula in European markets",
            [
                ("recency", "recency", "currently", True),
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "baby formula", None),
                ("market", "condition", "in European markets", "Europe"),
            ],
            id="currently_is_a_recency",
        ),
        pytest.param(
            "Experts who led marketing for baby formula in European markets for 20+ years",
            [
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "baby formula", None),
                ("market", "condition", "in European markets", "Europe"),
                ("duration", "duration", "20+ years", 20),
            ],
            id="framing_and_a_lead_in_verb_are_nobodys_facet",
        ),
        pytest.param(
            "more than 15 years in sales of medical devices across Southeast Asia",
            [
                ("duration", "duration", "more than 15 years", 15),
                ("function", "condition", "sales", "Sales"),
                ("product", "condition", "medical devices", None),
                ("market", "condition", "across Southeast Asia", "Southeast Asia"),
            ],
            id="more_than_n_years_and_a_region_the_vocabulary_names",
        ),
        pytest.param(
            "a decade of marketing infant milks in Germany",
            [
                ("duration", "duration", "a decade", 10),
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "infant milks", None),
                ("market", "condition", "in Germany", "Germany"),
            ],
            id="a_decade_is_ten_years",
        ),
        pytest.param(
            "at least 10 years marketing staplers and sutures in France",
            [
                ("duration", "duration", "at least 10 years", 10),
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "staplers and sutures", None),
                ("market", "condition", "in France", "France"),
            ],
            id="at_least_n_years",
        ),
        pytest.param(
            "marketing baby formula in Germany and Austria",
            [
                ("function", "condition", "marketing", "Marketing"),
                ("product", "condition", "baby formula", None),
                ("market", "condition", "in Germany and Austria", None),
            ],
            id="a_list_of_places_names_no_one_term",
        ),
    ],
)
def test_the_splitter_splits_a_niche_into_facets_of_its_own_words(text, facets):
    reply = split_criterion(text)

    assert shown(reply["facets"]) == facets
    # A verb of doing is carried behind framing ("who sold") or opening the text ("sold ..."),
    # as the product's own check of a split carries it: nothing is left placed nowhere.
    assert reply["incomplete"] == []
    assert all(facet["text"] in text for facet in reply["facets"])
    SplitReply.model_validate(reply)


@pytest.mark.parametrize(
    ("text", "incomplete"),
    [
        pytest.param(NICHE + ", not in Asia", ["not in Asia"], id="a_denial"),
        pytest.param(NICHE + " at a famous brand", ["at a famous brand"], id="an_unknown_phrase"),
        pytest.param("marketing or sales of baby formula", ["marketing or sales"], id="an_or"),
        pytest.param(
            "baby formula in Germany or Switzerland",
            ["in Germany or Switzerland"],
            id="places_as_alternatives",
        ),
        pytest.param("less than 5 years marketing", ["less than 5 years"], id="an_upper_bound"),
        pytest.param("18 months in marketing", ["18 months"], id="another_unit"),
        pytest.param("between 5 and 10 years marketing", ["between 5 and 10 years"], id="a_range"),
    ],
)
def test_the_splitter_hands_back_what_no_facet_can_state(text, incomplete):
    reply = split_criterion(text)

    assert [item["words"] for item in reply["incomplete"]] == incomplete
    assert {item["why"] for item in reply["incomplete"]} == {"not_split"}
    assert all(f["text"] not in incomplete for f in reply["facets"])
    SplitReply.model_validate(reply)


def test_the_splitters_keys_are_unique():
    reply = split_criterion("marketing baby formula and sales of infant cereals")

    keys = [facet["key"] for facet in reply["facets"]]
    assert len(keys) == len(set(keys))
    assert "product_2" in keys


# -- reader ---------------------------------------------------------------------------------


def conditions(reply: dict, experience: int = 0) -> dict[str, tuple]:
    found = reply["experiences"][experience]["conditions"]
    return {key: (value["quote"], value["states"]) for key, value in found.items()}


def test_the_reader_quotes_the_spec_profile_exactly():
    reply = read_document(text=GRETA, facets=FACETS, person="Greta Ostrander")

    assert reply["subject"] == "Greta Ostrander"
    assert len(reply["experiences"]) == 1
    assert {key: quote for key, (quote, _) in conditions(reply).items()} == {
        "function": "led marketing for baby formula",
        "product": "baby formula",
        "market": "across Germany and Poland",
        "duration": "Greta has done this work for more than 20 years.",
    }
    assert reply["experiences"][0]["period"] == {"start": "2001", "end": "2023"}
    assert reply["experiences"][0]["sentences"] == GRETA.strip().split("\n")
    assert reply["denials"] == []


def test_the_reader_states_another_market_so_the_product_can_say_different():
    reply = read_document(text=NIKOLAI, facets=FACETS, person=None)

    assert conditions(reply)["market"] == ("across Southeast Asia", "across Southeast Asia")
    assert conditions(reply)["product"] == ("baby formula", "baby formula")
    assert reply["subject"] == "Nikolai Wierzbicki"


def test_the_reader_lists_a_denial_and_never_quotes_a_condition_from_it():
    reply = read_document(text=DARIO, facets=FACETS, person="Dario Benavente")

    assert reply["denials"] == [
        {"quote": "Dario has never worked on baby formula.", "facet": "product"}
    ]
    assert all(
        experience["conditions"]["product"]["quote"] is None for experience in reply["experiences"]
    )


def test_the_reader_reads_a_transcript_turn_whole():
    reply = read_document(text=MARGAUX, facets=FACETS, person="Margaux Delacroix")

    turn = (
        "[00:00:12] Margaux: I have led marketing for baby formula at Verdane Nutrition across "
        "France and Belgium since 2001."
    )
    assert conditions(reply) == {
        "duration": (turn, "since 2001"),
        "function": ("led marketing for baby formula", "led marketing for baby formula"),
        "product": ("baby formula", "baby formula"),
        "market": ("across France and Belgium", "across France and Belgium"),
    }
    assert turn in reply["experiences"][0]["sentences"]
    assert reply["experiences"][0]["period"] == {"start": "2001", "end": None}


def test_the_reader_opens_an_experience_at_another_employer():
    text = (
        "Anneke Voss joined Halden Foods AS in March 2001, where she led marketing for baby "
        "formula across France, Belgium and the Netherlands.\n"
        "In 2015 she moved to Brightwell Nutrition as head of sales in Asia.\n"
    )
    reply = read_document(text=text, facets=FACETS, person=None)

    assert [len(e["sentences"]) for e in reply["experiences"]] == [1, 1]
    first, second = conditions(reply, 0), conditions(reply, 1)
    assert first["market"][0] == "across France, Belgium and the Netherlands"
    assert reply["experiences"][0]["period"] == {"start": "2001-03", "end": None}
    assert second["market"][0] == "in Asia"
    assert second["product"] == (None, None)
    assert reply["subject"] == "Anneke Voss"


# The staplers niche as directory/qa_examples.json splits it ("sold" is the function, Sales).
STAPLERS = [
    {"key": "function", "kind": "condition", "text": "sold", "value": "Sales"},
    {"key": "product", "kind": "condition", "text": "surgical staplers"},
    {"key": "channel", "kind": "condition", "text": "through public tenders"},
    {"key": "market", "kind": "condition", "text": "in the DACH region", "value": "DACH"},
]
CHIARA = (
    "Chiara Galli looked after public hospitals for Corvex Surgical until 2023.\n"
    "Chiara sold surgical staplers through public tenders across Switzerland and Austria.\n\n"
    "Earlier, Chiara spent 4 years in consulting at Castellan Retail.\n"
)


@pytest.mark.parametrize(
    ("opener", "split"),
    [
        pytest.param("Earlier, Chiara", True, id="earlier"),
        pytest.param("Previously, Chiara", True, id="previously"),
        pytest.param("Before that, Chiara", True, id="before_that"),
        pytest.param("Chiara also", False, id="no_turn_to_earlier_work"),
        pytest.param("Chiara earlier", False, id="earlier_not_opening_the_sentence"),
    ],
)
def test_a_sentence_that_turns_to_earlier_work_opens_an_experience(opener, split):
    """With no employer named for the first run ("looked after ... for Corvex Surgical" names
    none the reader knows), the earlier role's "consulting" stood in the same experience and the
    function read "different"; the turn to earlier work opens an experience of its own."""
    text = CHIARA.replace("Earlier, Chiara", opener)

    reply = read_document(text=text, facets=STAPLERS, person="Chiara Galli")

    sizes = [len(e["sentences"]) for e in reply["experiences"]]
    assert sizes == ([2, 1] if split else [3])
    assert conditions(reply)["function"][0] == ("sold" if split else "consulting")


def test_a_verb_of_selling_is_offered_for_the_typing_call_to_name_sales():
    reply = read_document(text=CHIARA, facets=STAPLERS, person="Chiara Galli")

    assert conditions(reply)["function"] == ("sold", "sold")
    assert typed_by_rules(
        sentences=reply["experiences"][0]["sentences"], axis="function", terms=TERMS
    ) == {"term": "Sales", "words": "sold"}


def test_a_title_the_vocabulary_cannot_name_is_offered_for_the_typing_call():
    text = (
        "Lena Falk joined Nordmilk in 2002.\n"
        "She ran the brand team for baby formula across Sweden and Norway.\n"
    )

    reply = read_document(text=text, facets=FACETS, person="Lena Falk")

    assert conditions(reply)["function"] == ("ran the brand team", "ran the brand team")
    assert typed_by_rules(
        sentences=reply["experiences"][0]["sentences"], axis="function", terms=TERMS
    ) == {"term": "Marketing", "words": "ran the brand team"}


def test_a_condition_without_value_is_quoted_as_the_document_writes_it():
    facets = [{"key": "channel", "kind": "condition", "text": "through public tenders"}]
    text = "Jonas Keller sold staplers Through Public Tenders in Bavaria."

    reply = read_document(text=text, facets=facets, person="Jonas Keller")

    assert conditions(reply)["channel"][0] == "Through Public Tenders"


def test_the_reader_names_no_subject_it_cannot_see():
    reply = read_document(text=MARGAUX, facets=FACETS, person=None)

    assert reply["subject"] is None


FIRST = ["Greta Ostrander", "Dr. Anneke Voss", "Søren Ødegård", "Kasper Vandenberg"]
EMPLOYERS = ["Quellmark Foods", "Brightwell Nutrition", "Halden Foods AS"]
WORK = ["led marketing for baby formula", "worked in sales of infant milks", "ran the brand team"]
PLACES = ["across Germany and Poland", "in the DACH region", "across Southeast Asia", "in Spain"]
LENGTHS = [
    "{given} has done this work for more than 20 years.",
    "She has done this for 22 years.",
    "Since 2001, {given} has worked on it.",
    "",
]


def generated_profiles(count: int = 60) -> list[tuple[str, str | None]]:
    """Profiles from a fixed seed: names, employers, work, places and lengths combined."""
    pick = random.Random(20240601)
    combos = list(itertools.product(FIRST, EMPLOYERS, WORK, PLACES, LENGTHS))
    profiles = []
    for name, employer, work, place, length in pick.sample(combos, count):
        given = name.split()[-2]
        other = pick.choice([e for e in EMPLOYERS if e != employer])
        text = (
            f"{name} joined {employer} in {pick.randint(1990, 2015)}.\n"
            f"She {work} {place}.\n{length.format(given=given)}\n"
            f"In 2019 she moved to {other} and has never worked on baby formula since.\r\n"
            f"[{pick.randint(0, 9)}] “Quotes” — and    spacing\tstay.\n"
        )
        profiles.append((text, pick.choice([name, None])))
    return profiles


@pytest.mark.parametrize(("text", "person"), generated_profiles())
def test_every_quote_the_reader_gives_is_the_documents_own(text, person):
    reply = read_document(text=text, facets=FACETS, person=person)

    ReadReply.model_validate(reply)
    for experience in reply["experiences"]:
        assert all(sentence in text for sentence in experience["sentences"])
        for evidence in experience["conditions"].values():
            assert evidence["quote"] is None or evidence["quote"] in text
    assert all(denial["quote"] in text for denial in reply["denials"])
    assert read_document(text=text, facets=FACETS, person=person) == reply  # deterministic


# -- second_call ----------------------------------------------------------------------------

GRETA_SENTENCES = GRETA.strip().split("\n")


@pytest.mark.parametrize(
    ("quote", "sentences", "person", "answer"),
    [
        pytest.param(
            "marketing director",
            GRETA_SENTENCES,
            "Greta Ostrander",
            ("yes", "own_work"),
            id="her_full_name_leads",
        ),
        pytest.param(
            "more than 20 years",
            GRETA_SENTENCES,
            "Greta Ostrander",
            ("yes", "own_work"),
            id="her_given_name_leads",
        ),
        pytest.param(
            "led marketing for baby formula",
            GRETA_SENTENCES,
            "Greta Ostrander",
            ("yes", "own_work"),
            id="she_right_after_her_name",
        ),
        pytest.param(
            "baby formula",
            ["Dr. Anneke Voss led baby formula marketing."],
            "Anneke Voss",
            ("yes", "own_work"),
            id="her_full_name_behind_a_title",
        ),
        pytest.param(
            "baby formula",
            ["[00:00:12] Margaux: I have led marketing for baby formula."],
            "Margaux Delacroix",
            ("yes", "own_work"),
            id="i_in_her_own_turn",
        ),
        pytest.param(
            "baby formula",
            ["[00:00:12] Interviewer: I have led marketing for baby formula."],
            "Margaux Delacroix",
            ("unsure", None),
            id="i_in_somebody_elses_turn",
        ),
        pytest.param(
            "baby formula",
            ["Greta Holm led marketing for baby formula."],
            "Greta Ostrander",
            ("no", "not_the_person"),
            id="another_full_name_with_her_given_name",
        ),
        pytest.param(
            "the dairy",
            ["Henrik Rosvoll ran the dairy until 2021."],
            "Gunnhild Rosvoll",
            ("no", "not_the_person"),
            id="another_full_name_with_her_family_name",
        ),
        pytest.param(
            "20 years",
            ["Rosvoll has done this work for more than 20 years."],
            "Gunnhild Rosvoll",
            ("unsure", None),
            id="the_family_name_alone",
        ),
        pytest.param(
            "baby formula",
            ["Quellmark Foods sells baby formula."],
            "Greta Ostrander",
            ("unsure", None),
            id="an_organisation_leads",
        ),
        pytest.param(
            "baby formula",
            ["She led marketing for baby formula."],
            "Greta Ostrander",
            ("unsure", None),
            id="a_pronoun_with_no_name_before_it",
        ),
        pytest.param(
            "not in the text",
            GRETA_SENTENCES,
            "Greta Ostrander",
            ("unsure", None),
            id="a_quote_in_no_sentence",
        ),
        pytest.param(
            "marketing director", GRETA_SENTENCES, None, ("unsure", None), id="no_person_named"
        ),
        pytest.param(
            "baby formula",
            ["Since 2001, Greta has led marketing for baby formula."],
            "Greta Ostrander",
            ("yes", "own_work"),
            id="an_opening_time_before_the_name",
        ),
        pytest.param(
            "baby formula",
            ["From 2001 to 2015, Greta Holm led marketing for baby formula."],
            "Greta Ostrander",
            ("no", "not_the_person"),
            id="an_opening_time_before_another_name",
        ),
        pytest.param(
            "baby formula",
            ["Since joining, Greta has led marketing for baby formula."],
            "Greta Ostrander",
            ("unsure", None),
            id="an_opening_without_a_year_is_no_time_the_rule_reads",
        ),
    ],
)
def test_the_second_call_answers_by_who_leads_the_sentence(quote, sentences, person, answer):
    asked = [{"key": "work", "condition": "the work", "quote": quote}]
    reply = second_call_answers(conditions=asked, sentences=sentences, person=person)

    (given,) = SecondCallReply.model_validate(reply).answers
    assert (given.key, given.answer, given.role) == ("work", *answer)


def test_one_second_call_answers_each_condition_by_its_own_quote():
    sentences = [*GRETA_SENTENCES, "Greta Holm led marketing for baby formula in Asia."]
    asked = [
        {"key": "function", "condition": "marketing", "quote": "led marketing for baby formula"},
        {"key": "market", "condition": "in European markets", "quote": "in Asia"},
        {"key": "product", "condition": "baby formula", "quote": "not in the text"},
    ]
    reply = second_call_answers(conditions=asked, sentences=sentences, person="Greta Ostrander")

    answers = SecondCallReply.model_validate(reply).answers
    assert [(each.key, each.answer, each.role) for each in answers] == [
        ("function", "yes", "own_work"),
        ("market", "no", "not_the_person"),
        ("product", "unsure", None),
    ]
    empty = second_call_answers(conditions=[], sentences=sentences, person="Greta Ostrander")
    assert empty == {"answers": []}


def answered(quote: str, sentence: str, person: str, others: tuple[str, ...] = ()) -> tuple:
    """The one answer of a second call asked about `quote` in `sentence`, beside the other
    conditions' words."""
    asked = [{"key": "asked", "condition": "the condition", "quote": quote}]
    asked += [
        {"key": f"other_{n}", "condition": words, "quote": words} for n, words in enumerate(others)
    ]
    reply = second_call_answers(conditions=asked, sentences=[sentence], person=person)
    given = SecondCallReply.model_validate(reply).answers[0]
    assert given.key == "asked"
    return given.answer, given.role


PABLO = "Pablo García"
NICHE_WORDS = ("marketing", "20+ years", "in European markets")
YES = ("yes", "own_work")
TAKEN_OUT = ("no", None)


@pytest.mark.parametrize(
    ("quote", "sentence", "answer"),
    [
        # The planted wrong match: the product is packaging, infant formula what it is for.
        pytest.param(
            "infant formula",
            "Pablo leads marketing for packaging for infant formula in Benelux.",
            TAKEN_OUT,
            id="packaging_for_infant_formula",
        ),
        pytest.param(
            "infant formula",
            "Pablo leads marketing for packaging for the infant formula range.",
            TAKEN_OUT,
            id="packaging_for_the_infant_formula",
        ),
        pytest.param(
            "infant formula",
            "Pablo sells to suppliers of infant formula in Spain.",
            TAKEN_OUT,
            id="suppliers_of_infant_formula",
        ),
        pytest.param(
            "infant formula",
            "Pablo has never worked on infant formula.",
            TAKEN_OUT,
            id="a_denial_in_its_sentence",
        ),
        # Near neighbours that still confirm: the noun is the work, a term, a length, a rank.
        pytest.param(
            "infant formula",
            "Pablo leads marketing for infant formula in Benelux.",
            YES,
            id="leads_marketing_for_infant_formula",
        ),
        pytest.param(
            "infant formula",
            "Pablo led the marketing of infant formula in Benelux.",
            YES,
            id="led_the_marketing_of_infant_formula",
        ),
        pytest.param(
            "infant formula",
            "Pablo runs brand management for infant formula in Benelux.",
            YES,
            id="brand_management_for_a_vocabulary_alias",
        ),
        pytest.param(
            "infant formula",
            "Pablo leads sales of infant formula in Benelux.",
            YES,
            id="sales_of_a_term_of_another_function",
        ),
        pytest.param(
            "infant formula",
            "Pablo has spent 22 years leading marketing for infant formula in Benelux.",
            YES,
            id="a_length_and_a_verb_of_doing",
        ),
        pytest.param(
            "infant formula",
            "Pablo has 20 years of experience in infant formula.",
            YES,
            id="a_word_of_work",
        ),
        pytest.param(
            "infant formula",
            "Pablo is Head of infant formula at Halden Foods.",
            YES,
            id="a_rank",
        ),
        pytest.param(
            "infant formula",
            "Pablo sells infant formula across Spain.",
            YES,
            id="no_preposition_before_it",
        ),
        pytest.param(
            "infant formula",
            "Pablo is working on infant formula in Spain.",
            YES,
            id="an_ing_verb_behind_an_auxiliary_is_no_noun",
        ),
        # The packaging sentence's other quotes: a place and a function are where the work was.
        pytest.param(
            "in Benelux",
            "Pablo leads marketing for packaging for infant formula in Benelux.",
            YES,
            id="the_market_of_the_packaging_sentence",
        ),
        pytest.param(
            "leads marketing for packaging",
            "Pablo leads marketing for packaging for infant formula in Benelux.",
            YES,
            id="the_function_of_the_packaging_sentence",
        ),
    ],
)
def test_the_second_call_says_no_to_a_quote_that_is_the_complement_of_another_thing(
    quote, sentence, answer
):
    assert answered(quote, sentence, PABLO, NICHE_WORDS) == answer


def test_another_conditions_own_words_are_never_the_other_thing():
    """The noun of "tenders for surgical staplers", under a criterion that asks "through public
    tenders", is what another condition is about (criteria.rules.names.rule): the call does not
    refuse."""
    sentence = "Tomas prepares public tenders for surgical staplers in Austria."

    assert answered("surgical staplers", sentence, "Tomas Berg", ("through public tenders",)) == (
        YES
    )
    assert answered("surgical staplers", sentence, "Tomas Berg", ("sold",)) == TAKEN_OUT


BESIDE = ("no", "beside_the_work")
DOUBT = ("unsure", None)


@pytest.mark.parametrize(
    ("quote", "sentence", "answer"),
    [
        # The planted wrong matches: a function that is another team's.
        pytest.param(
            "marketing team",
            "Andreea sells infant formula in Denmark and works closely with the marketing team.",
            BESIDE,
            id="works_closely_with_the_marketing_team",
        ),
        pytest.param(
            "sales team",
            "Andreea supports the sales team selling surgical staplers in Austria.",
            BESIDE,
            id="supports_the_sales_team",
        ),
        pytest.param(
            "marketing",
            "Andreea works alongside marketing on product launches.",
            BESIDE,
            id="alongside_marketing",
        ),
        pytest.param(
            "sales",
            "Andreea works with sales on pricing.",
            BESIDE,
            id="with_sales",
        ),
        pytest.param(
            "marketing agency",
            "Andreea briefs the marketing agency for infant formula.",
            DOUBT,
            id="a_team_noun_whose_leader_the_rule_cannot_tell",
        ),
        pytest.param(
            "marketing team",
            "Andreea joined the marketing team in 2001.",
            DOUBT,
            id="joined_the_marketing_team",
        ),
        pytest.param(
            "sales team",
            "Andreea is part of the sales team in Vienna.",
            DOUBT,
            id="part_of_the_sales_team",
        ),
        # Near neighbours that still confirm.
        pytest.param(
            "infant formula",
            "Andreea sells infant formula in Denmark and works closely with the marketing team.",
            YES,
            id="her_own_product_beside_the_marketing_team",
        ),
        pytest.param(
            "marketing team",
            "Andreea leads the marketing team for infant formula.",
            YES,
            id="leads_the_marketing_team",
        ),
        pytest.param(
            "ran the brand team",
            "Andreea ran the brand team for infant formula.",
            YES,
            id="ran_the_brand_team",
        ),
        pytest.param(
            "leads marketing for infant formula",
            "Andreea leads marketing for infant formula with a team of twelve.",
            YES,
            id="leads_marketing_with_a_team_behind_it",
        ),
        pytest.param(
            "Head of Marketing",
            "Andreea is Head of Marketing at Aptalis Infant Care.",
            YES,
            id="head_of_marketing",
        ),
    ],
)
def test_the_second_call_puts_a_function_of_another_team_beside_the_work(quote, sentence, answer):
    assert answered(quote, sentence, "Andreea Ionescu") == answer


@pytest.mark.parametrize(
    ("sentence", "quote", "answer"),
    [
        pytest.param(
            "[00:00:30] Budi: Sure. I lead marketing for infant formula across Spain.",
            "marketing",
            YES,
            id="sure_then_i_in_his_own_turn",
        ),
        pytest.param(
            "[00:00:33] Budi: I'm a sales manager at Lindmark Medical.",
            "sales manager",
            YES,
            id="i_m_in_his_own_turn",
        ),
        pytest.param(
            "[00:00:33] Budi: Yes. I've led marketing for infant formula since 2001.",
            "infant formula",
            YES,
            id="i_ve_in_his_own_turn",
        ),
        pytest.param(
            "[00:00:30] Interviewer: Sure. I lead marketing for infant formula across Spain.",
            "marketing",
            DOUBT,
            id="sure_then_i_in_somebody_elses_turn",
        ),
        pytest.param(
            "[00:00:30] Budi: Sure. My colleague leads marketing for infant formula.",
            "marketing",
            DOUBT,
            id="somebody_else_in_his_own_turn",
        ),
        pytest.param(
            "[00:00:30] Budi: I lead sales. Anna Berg leads marketing for infant formula.",
            "marketing",
            DOUBT,
            id="another_clause_of_his_turn_led_by_somebody_else",
        ),
        pytest.param(
            "[00:00:30] Budi Tan: I'm a sales manager at Lindmark Medical.",
            "sales manager",
            DOUBT,
            id="a_turn_labelled_with_another_full_name",
        ),
    ],
)
def test_the_second_call_reads_the_turn_label_and_the_clause_of_the_quote(sentence, quote, answer):
    assert answered(quote, sentence, "Budi Wijaya") == answer


@pytest.mark.parametrize(
    ("sentences", "person", "conditions", "open_"),
    [
        pytest.param(
            [
                "Pablo García is Marketing Manager at Brightpack Solutions, based in Lyon.",
                "Pablo leads marketing for packaging for infant formula in Benelux.",
            ],
            PABLO,
            {
                "function": ("marketing", "leads marketing for packaging"),
                "domain": ("infant formula", "infant formula"),
                "market": ("in European markets", "in Benelux"),
            },
            {"domain": TAKEN_OUT},
            id="packaging_for_the_product",
        ),
        pytest.param(
            [
                "Andreea Ionescu is Key Account Manager at Aptalis Infant Care, based in Iasi.",
                "Andreea sells infant formula in Denmark, Poland and Germany and works closely "
                "with the marketing team.",
            ],
            "Andreea Ionescu",
            {
                "function": ("marketing", "marketing team"),
                "domain": ("infant formula", "infant formula"),
                "market": ("in European markets", "in Denmark, Poland and Germany"),
            },
            {"function": BESIDE},
            id="sales_beside_marketing",
        ),
        pytest.param(
            [
                "Rémi Fontaine is Product Marketing Manager at Sutura Medical AG, based in Lyon.",
                "Rémi supports the sales team selling surgical staplers through public tenders "
                "in the DACH region.",
            ],
            "Rémi Fontaine",
            {
                "function": ("sold", "sales team"),
                "product": ("surgical staplers", "surgical staplers"),
                "channel": ("through public tenders", "through public tenders"),
                "market": ("in the DACH region", "in the DACH region"),
            },
            {"function": BESIDE},
            id="marketing_beside_the_sales_team",
        ),
    ],
)
def test_the_planted_wrong_matches_leave_exactly_one_condition_open(
    sentences, person, conditions, open_
):
    """The benchmark's three wrong matches (directory/infant_formula.py, staplers.py), each
    condition asked as the product asks it: one stays open, every other is the person's own."""
    asked = [
        {"key": key, "condition": condition, "quote": quote}
        for key, (condition, quote) in conditions.items()
    ]
    reply = second_call_answers(conditions=asked, sentences=sentences, person=person)

    answers = {
        each.key: (each.answer, each.role) for each in SecondCallReply.model_validate(reply).answers
    }
    assert answers == {key: open_.get(key, YES) for key in conditions}


# -- typing_call ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "terms", "typed"),
    [
        pytest.param(
            "She led marketing for baby formula.",
            TERMS,
            ("Marketing", "marketing"),
            id="the_vocabulary_names_it",
        ),
        pytest.param(
            "She ran the brand team for five years.",
            TERMS,
            ("Marketing", "ran the brand team"),
            id="brand_is_marketing",
        ),
        pytest.param(
            "He was key account director at Halden.",
            ["Marketing", "Sales"],
            ("Sales", "was key account director"),
            id="account_is_sales",
        ),
        pytest.param(
            "He was the commercial director.",
            TERMS,
            ("Sales", "was the commercial director"),
            id="commercial_is_sales",
        ),
        pytest.param("He was CFO of Halden.", TERMS, ("Finance", "was CFO"), id="cfo_is_finance"),
        pytest.param(
            "She became general manager in 2010.",
            TERMS,
            ("General Management", "became general manager"),
            id="general_manager",
        ),
        pytest.param(
            "He was the plant manager.",
            TERMS,
            ("Operations", "was the plant manager"),
            id="plant_is_operations",
        ),
        pytest.param(
            "He was the plant manager.",
            ["Marketing"],
            (None, None),
            id="a_term_not_offered_is_never_named",
        ),
        pytest.param(
            "She sold surgical staplers through public tenders.",
            TERMS,
            ("Sales", "sold"),
            id="who_sold_did_the_work_of_sales",
        ),
        pytest.param(
            "She sold surgical staplers through public tenders.",
            ["Marketing"],
            (None, None),
            id="selling_is_never_marketing",
        ),
        pytest.param(
            "She markets surgical staplers to public hospitals.",
            TERMS,
            (None, None),
            id="markets_is_no_verb_of_selling",
        ),
        pytest.param("She is a structural engineer.", TERMS, (None, None), id="nothing_stated"),
    ],
)
def test_the_typing_call_names_the_term_the_sentences_state(sentence, terms, typed):
    reply = typed_by_rules(sentences=[sentence], axis="function", terms=terms)

    assert (reply["term"], reply["words"]) == typed
    assert reply["words"] is None or reply["words"] in sentence
    TypingReply.model_validate(reply)


def test_the_typing_call_reads_places_by_the_vocabulary_only():
    sentences = ["She sold across Germany and Poland."]

    assert typed_by_rules(sentences=sentences, axis="place", terms=["Poland", "Germany"]) == {
        "term": "Germany",
        "words": "Germany",
    }
    assert typed_by_rules(sentences=["She ran the brand."], axis="place", terms=["Europe"]) == {
        "term": None,
        "words": None,
    }


# -- through the door -----------------------------------------------------------------------

CONTEXT = door.CallContext(workspace_id=None, api_key_id=None)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "request_", "shape"),
    [
        pytest.param("criteria_splitter", {"text": NICHE}, SplitReply, id="criteria_splitter"),
        pytest.param(
            "reader",
            {
                "criterion": NICHE,
                "facets": FACETS,
                "person": "Greta Ostrander",
                "document": {"source_id": "greta-1", "kind": "profile", "text": GRETA},
            },
            ReadReply,
            id="reader",
        ),
        pytest.param(
            "second_call",
            {
                "person": "Greta Ostrander",
                "sentences": GRETA_SENTENCES,
                "conditions": [
                    {
                        "key": "function",
                        "condition": "marketing",
                        "quote": "led marketing for baby formula",
                    }
                ],
            },
            SecondCallReply,
            id="second_call",
        ),
        pytest.param(
            "typing_call",
            {"sentences": ["She ran the brand team."], "axis": "function", "terms": TERMS},
            TypingReply,
            id="typing_call",
        ),
    ],
)
def test_each_role_answers_through_the_door_offline(settings, role, request_, shape):
    settings.LIMMA = {"PROVIDER": "offline"}

    assert OFFLINE_HANDLERS[role].__module__ == "criteria.offline.roles"
    reply = door.call(role, request_, context=CONTEXT)

    assert isinstance(reply, shape)
    row = LedgerEntry.objects.get()
    assert (row.role, row.provider, row.outcome, row.tokens_in) == (role, "offline", "ok", 0)


@pytest.mark.django_db
def test_the_reader_through_the_door_quotes_the_document(settings):
    settings.LIMMA = {"PROVIDER": "offline"}
    request = {
        "criterion": NICHE,
        "facets": FACETS,
        "person": None,
        "document": {"source_id": "nikolai-1", "kind": "profile", "text": NIKOLAI},
    }

    reply = door.call("reader", request, context=CONTEXT)

    (experience,) = reply.experiences
    assert experience.conditions["market"].states == "across Southeast Asia"
    assert reply.subject == "Nikolai Wierzbicki"


@pytest.mark.parametrize(
    ("text", "left"),
    [
        # Opening the text, a plain verb of doing leads into the facet after it (a brief's
        # "Who has" compiled away): carried, as "who sold" is.
        ("sold staplers in Austria", []),
        ("Sold staplers in Austria", []),
        ("works on infant formula", []),
        ("leads marketing for baby formula", []),
        # Right behind another facet, as behind framing.
        ("10+ years selling surgical staplers", []),
        # Near neighbours: a plain verb behind a break or a word of substance leads nowhere
        # the reader can show, and is said to be placed nowhere (a verb that is a condition
        # of its own is a facet wherever it stands: the next test).
        ("infant formula; works on staplers", ["works"]),
        ("baby formula, worked in Poland", ["worked"]),
    ],
)
def test_a_verb_of_doing_is_carried_behind_framing_a_facet_or_opening_the_text(text, left):
    reply = split_criterion(text)

    assert [item["words"] for item in reply["incomplete"]] == left
    SplitReply.model_validate(reply)


@pytest.mark.parametrize(
    ("text", "function"),
    [
        # A verb that names a function is that function's condition, stated for the reader.
        ("sold surgical staplers in Austria", [("sold", "Sales")]),
        ("Sold staplers in Austria", [("Sold", "Sales")]),
        ("selling surgical stapling devices through public procurement", [("selling", "Sales")]),
        ("10+ years selling surgical staplers", [("selling", "Sales")]),
        ("infant formula; sold staplers", [("sold", "Sales")]),
        ("sells baby formula to pharmacies", [("sells", "Sales")]),
        ("marketed infant formula in European markets", [("marketed", "Marketing")]),
        ("market surgical staplers", [("market", "Marketing")]),
        ("markets infant formula", [("markets", "Marketing")]),
        ("bought surgical staplers for hospitals", [("bought", "Procurement")]),
        # A verb of leading is a condition in its own words.
        ("ran clinical trials for vaccines", [("ran", None)]),
        ("managed hospital tenders", [("managed", None)]),
        ("Experts who led a merger of two dairy companies", [("led", None)]),
        # Near neighbours: a verb right before a function is carried into it; "market" before
        # a noun of a market's own is a product's word; a plain verb is carried.
        ("ran marketing for baby formula across Europe", [("marketing", "Marketing")]),
        ("Experts who led marketing for baby formula", [("marketing", "Marketing")]),
        ("ran sales of surgical staplers", [("sales", "Sales")]),
        ("market access for medical devices", []),
        ("market research on infant formula", [("market research", "Marketing")]),
        ("works on infant formula pricing", []),
        ("worked on baby formula in Germany", []),
        ("through public procurement", []),
    ],
)
def test_a_verb_of_doing_is_a_function_condition_never_lost(text, function):
    reply = split_criterion(text)

    functions = [
        (f["text"], f["value"]) for f in reply["facets"] if f["key"].startswith("function")
    ]
    assert functions == function
    assert all(item["words"] not in {"sold", "ran"} for item in reply["incomplete"])
    SplitReply.model_validate(reply)


MARKET = {"kind": "condition", "key": "market", "text": "in the DACH region", "value": "DACH"}


@pytest.mark.parametrize(
    ("text", "market"),
    [
        # A place word opening an organisation's name is the employer, never the market.
        (
            "Ines Vogt looked after hospitals for Helvetia Surgical until 2023.\n"
            "Ines sold staplers across Liechtenstein and Austria.",
            "Austria",
        ),
        (
            "Ines Vogt worked for Austria Medical until 2023.\nShe sold staplers in Germany.",
            "in Germany",
        ),
        ("Ines Vogt joined Helvetia medical in 2010.\nShe sold staplers in Germany.", "in Germany"),
        ("Ines Vogt was at Helvetia Surgical AG.\nShe sold staplers.", None),
        # Near neighbours: a place followed by a list, a place noun, a comma or the person's
        # own name is a market as written.
        ("Ines Vogt sold staplers across Helvetia and Austria.", "across Helvetia and Austria"),
        ("Ines Vogt sold staplers in the DACH Region.", "in the DACH Region"),
        ("Ines Vogt sold staplers in Switzerland, Austria.", "in Switzerland, Austria"),
        ("Ines Vogt sold staplers for Helvetia.", "for Helvetia"),
        ("In Switzerland Ines Vogt sold staplers.", "In Switzerland"),
        ("In Austria, Ines Vogt sold staplers.", "In Austria"),
    ],
)
def test_a_place_word_opening_an_organisations_name_is_no_market(text, market):
    reply = read_document(text=text, facets=[MARKET], person="Ines Vogt")

    quotes = [found["conditions"]["market"]["quote"] for found in reply["experiences"]]
    assert (quotes[-1] if quotes else None) == market
