"""The offline reader's words: names folded as the length rule folds them, and the short shipped
lexicon of product names that are one thing (criteria/offline/products.py)."""

from __future__ import annotations

import pytest

from criteria.offline.products import ONE_PRODUCT, other_names
from criteria.offline.reader import read_document
from criteria.offline.roles import second_call_answer
from criteria.offline.words import led_by_another_name, led_by_person, same_name
from criteria.rules.lengths import lead as lengths_lead
from limma.names import fold_name, name_key
from limma.services.connect import export_connect
from tests.criteria.conftest import people_export
from tests.factories import make_key, make_workspace

QUOTE = "leads marketing for infant formula"


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("Mette Nørgaard", "mette norgaard"),
        ("Søren Ødegård", "soren odegard"),
        ("Ærø  Łukasz", "aero lukasz"),
        ("Þóra Guðrún", "thora gudrun"),
        ("O\u2019Brien", "o'brien"),
        ("Zoë Ng", "zoe ng"),
    ],
)
def test_one_folding_of_names(written, folded):
    assert fold_name(written) == folded
    # The length rule folds by it, not by a table of its own.
    assert lengths_lead.fold(written) == folded


def test_the_stored_name_key_is_left_as_it_was():
    assert name_key("Mette Nørgaard") == "mette nørgaard"


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("Nørgaard", "Norgaard", True),
        ("Ødegård", "Odegard", True),
        ("Łukasz", "Lukasz", True),
        ("Søren", "Soren", True),
        # Near neighbours: a letter that is not the folded one, another name.
        ("Norgård", "Norgaard", False),
        ("Nørgaard", "Nørgren", False),
    ],
)
def test_the_offline_roles_compare_names_by_that_folding(first, second, same):
    assert same_name(first, second) is same


@pytest.mark.parametrize(
    ("sentence", "person", "answer"),
    [
        ("Mette Nørgaard leads marketing for infant formula in France.", "Mette Norgaard",
         {"answer": "yes", "role": "own_work"}),
        ("Mette Norgaard leads marketing for infant formula in France.", "Mette Nørgaard",
         {"answer": "yes", "role": "own_work"}),
        ("Søren Ødegård leads marketing for infant formula in France.", "Soren Odegard",
         {"answer": "yes", "role": "own_work"}),
        # Near neighbours: another family name, and another given name, are somebody else.
        ("Mette Nielsen leads marketing for infant formula in France.", "Mette Norgaard",
         {"answer": "no", "role": "not_the_person"}),
        ("Jonas Nørgaard leads marketing for infant formula in France.", "Mette Norgaard",
         {"answer": "no", "role": "not_the_person"}),
    ],
)  # fmt: skip
def test_the_second_call_knows_a_name_written_with_its_letters(sentence, person, answer):
    assert second_call_answer(quote=QUOTE, sentences=[sentence], person=person) == answer


def test_a_name_with_its_letters_leads_and_is_no_other_name():
    words = ("Mette", "Nørgaard", "leads")

    assert led_by_person(words, "Mette Norgaard")
    assert not led_by_another_name(words, "Mette Norgaard")


@pytest.mark.parametrize(
    ("words", "others"),
    [
        ("infant formula", ["baby formula", "infant formulas", "baby formulas"]),
        ("marketing Baby Formula", ["marketing infant formula", "marketing infant formulas",
                                    "marketing baby formulas"]),
        ("nappies", ["diapers", "nappy", "diaper"]),
        # Near neighbours: another product, a name of trade knowledge, a word inside a word.
        ("infant cereals", []),
        ("infant milks", []),
        ("baby food", []),
        ("formula one racing", []),
    ],
)  # fmt: skip
def test_the_lexicon_writes_a_product_by_its_other_names(words, others):
    assert other_names(words) == others


def test_no_name_stands_in_two_groups():
    names = [name.casefold() for group in ONE_PRODUCT for name in group]

    assert len(names) == len(set(names))


PRODUCT = [{"key": "product", "kind": "condition", "text": "infant formula"}]


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Mette leads marketing for baby formula in France.\n", "baby formula"),
        ("Mette leads marketing for Infant Formula in France.\n", "Infant Formula"),
        # Near neighbours: other products of the same shelf are not it.
        ("Mette leads marketing for infant cereals in France.\n", None),
        ("Mette leads marketing for infant milks in France.\n", None),
    ],
)
def test_the_reader_quotes_a_product_by_another_name_of_it(text, quote):
    read = read_document(text=text, facets=PRODUCT, person="Mette Norgaard")

    quoted = [e["conditions"]["product"]["quote"] for e in read["experiences"]]
    assert quoted == ([quote] if quote else [])


def test_a_denial_by_another_name_of_the_product_is_a_denial_of_it():
    text = "Dario leads sales in Spain.\nDario has never worked on baby formula.\n"

    read = read_document(text=text, facets=PRODUCT, person="Dario Benavente")

    assert read["denials"] == [
        {"quote": "Dario has never worked on baby formula.", "facet": "product"}
    ]


NICHE = "marketing infant formula in European markets"
EXPERTS = {
    "mette_norgaard": (
        "Mette Norgaard",
        "Denmark",
        "Mette Nørgaard joined Solbacka Foods in 2004.\n"
        "Mette Nørgaard leads marketing for baby formula across Denmark and Sweden.\n",
    ),
    "ines_carvalho": (
        "Ines Carvalho",
        "Portugal",
        "Ines Carvalho joined Lactalis in 2006.\n"
        "Ines Carvalho leads marketing for infant cereals across Portugal and Spain.\n",
    ),
}


@pytest.mark.django_db
def test_a_profile_saying_baby_formula_by_a_name_with_its_letters_is_read_as_a_match(
    settings, client_for
):
    settings.LIMMA = {**getattr(settings, "LIMMA", {}), "PROVIDER": "offline"}
    workspace = make_workspace("Words")
    export = people_export(EXPERTS)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    api = client_for(make_key(workspace, role="analyst")[1])

    body = {"workspace_id": workspace.id, "detail": "full", "criteria": [{"text": NICHE}]}
    read = api.post("/v1/public/search", body, format="json").json()["criteria"][0]

    assert read["status"] == "complete"
    (match,) = read["matched"]
    assert match["entity_id"] == "mette_norgaard"
    quotes = {item["facet"]: (item["text"], item["checked_by"]) for item in match["evidence"]}
    # The product's own words, confirmed by the second call as the person's own work: the
    # document names her "Nørgaard", the record "Norgaard".
    assert quotes["product"] == ("baby formula", "second_call")
    # Infant cereals are another product: one condition short, never a match.
    assert [entry["entity_id"] for entry in read["undetermined"]] == ["ines_carvalho"]
