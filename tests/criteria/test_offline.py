"""The offline criteria roles: a niche split, a document read, a second call and a typing call
answered by rules and the shipped vocabulary, deterministically, with no model and no network."""

from __future__ import annotations

import itertools
import random

import pytest

from criteria.offline import second_call_answer, typed_by_rules
from criteria.offline_reader import read_document
from criteria.offline_split import split_criterion
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
                ("product", "condition", "surgical staplers", None),
                ("channel", "condition", "through public tenders", None),
                ("market", "condition", "in the DACH region", "DACH"),
            ],
            id="a_channel_and_a_region_and_a_bare_verb_placed_nowhere",
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
    # A verb of doing is carried only behind framing ("who sold"), as the product's own check
    # of a split carries it: a bare "sold" is said to be placed nowhere.
    bare_verb = ["sold"] if text.startswith("sold ") else []
    assert [item["words"] for item in reply["incomplete"]] == bare_verb
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
    ],
)
def test_the_second_call_answers_by_who_leads_the_sentence(quote, sentences, person, answer):
    reply = second_call_answer(quote=quote, sentences=sentences, person=person)

    assert (reply["answer"], reply["role"]) == answer
    SecondCallReply.model_validate(reply)


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
                "condition": "marketing",
                "quote": "led marketing for baby formula",
                "sentences": GRETA_SENTENCES,
                "person": "Greta Ostrander",
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

    assert OFFLINE_HANDLERS[role].__module__ == "criteria.offline"
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
