"""The offline reader's words: names folded as the length rule folds them, and the phrases it
proposes as what a document states instead, never as a match (criteria/offline/nearest.py)."""

from __future__ import annotations

import pytest

from criteria.offline.nearest import phrases_of, proposer_for
from criteria.offline.reader import read_document, sentences_of
from criteria.offline.roles import second_call_answer
from criteria.offline.words import led_by_another_name, led_by_person
from criteria.rules.lengths import lead as lengths_lead
from limma.embeddings import texts_embed
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
    assert led_by_person((first, "ran", "it"), second) is same


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


PRODUCT = [{"key": "product", "kind": "condition", "text": "infant formula"}]


def proposer(text: str):
    """The embedded model's proposals over the text's own sentences, as the reader's handler
    builds them from stored vectors."""
    sentences = sentences_of(text)
    vectors = texts_embed([sentence.text for sentence in sentences])
    by_start = {s.start: v for s, v in zip(sentences, vectors, strict=True)}
    return proposer_for(lambda: by_start)


@pytest.mark.parametrize(
    ("text", "quote", "states"),
    [
        ("Mette leads marketing for Infant Formula in France.\n", "Infant Formula", None),
        # Another name, however near, is proposed as what the profile states, never quoted.
        ("Mette leads marketing for baby formula in France.\n", None, "baby formula"),
        ("Mette leads marketing for infant milks in France.\n", None, "infant milks"),
        # Nothing near enough: nothing proposed.
        ("Mette designs suspension bridges in France.\n", None, None),
        ("Mette sold staple guns in France.\n", None, None),
    ],
)
def test_the_reader_quotes_only_the_condition_s_words_and_proposes_what_is_near(
    text, quote, states
):
    facets = [*PRODUCT, {"key": "market", "kind": "condition", "text": "in France"}]
    read = read_document(text=text, facets=facets, person="Mette Norgaard", propose=proposer(text))

    (experience,) = read["experiences"]
    assert experience["conditions"]["product"] == {"quote": quote, "states": quote or states}


def test_without_the_model_the_reader_proposes_nothing():
    text = "Mette leads marketing for baby formula in France.\n"

    read = read_document(text=text, facets=PRODUCT, person="Mette Norgaard")

    assert read["experiences"] == []


@pytest.mark.parametrize(
    ("sentence", "phrases"),
    [
        (
            "She sold linear and circular staplers to public hospitals.",
            {"linear and circular staplers", "public hospitals", "staplers"},
        ),
        ("Sales, 20 years: staple guns.", {"staple guns", "Sales"}),
    ],
)
def test_phrases_name_things_and_cross_no_punctuation(sentence, phrases):
    found = set(phrases_of(sentence))

    assert phrases <= found
    # A phrase opens on no link and no verb: "to public hospitals", "sold linear" are none.
    assert not any(phrase.split()[0].casefold() in {"to", "and", "the", "sold"} for phrase in found)
    assert not any("," in phrase or ":" in phrase or "20" in phrase for phrase in found)


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


@pytest.mark.django_db(transaction=True)
def test_a_near_synonym_is_offered_never_confirmed_until_the_caller_accepts_it(
    settings, client_for
):
    """ "baby formula" ~ "infant formula" is 0.92: the reader still does not confirm it. The
    profile is one condition short, its words offered; accepted (`also`), it matches on the
    name's own sentence."""
    settings.LIMMA = {**getattr(settings, "LIMMA", {}), "PROVIDER": "offline"}
    workspace = make_workspace("Words")
    export = people_export(EXPERTS)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    api = client_for(make_key(workspace, role="analyst")[1])

    def read(also: list[str] | None = None) -> dict:
        facets = [
            {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
            {"key": "product", "kind": "condition", "text": "infant formula", "also": also or []},
            {"key": "market", "kind": "condition", "text": "in European markets"}
            | {"value": "Europe"},
        ]
        body = {
            "workspace_id": workspace.id,
            "detail": "full",
            "criteria": [{"text": NICHE, "facets": facets}],
        }
        return api.post("/v1/public/search", body, format="json").json()["criteria"][0]

    first = read()
    assert first["status"] == "complete"
    assert first["matched"] == []
    offered = {v["states"] for v in first["stated_instead"]["product"]["values"]}
    assert "baby formula" in offered
    # Nobody matched: the words stated instead, nearest the condition's own first.
    worded = first["worded_instead"]["product"]
    assert worded["proposed_by"] == "embedded_model"
    assert [v["states"] for v in worded["values"]][:2] == ["baby formula", "infant cereals"]
    by_person = {entry["entity_id"]: entry for entry in first["undetermined"]}
    assert by_person["mette_norgaard"]["missing_because"] == {"product": "different"}

    accepted = read(also=["baby formula"])
    assert accepted["worded_instead"] == {}  # somebody matched
    (match,) = accepted["matched"]
    assert match["entity_id"] == "mette_norgaard"
    product = next(item for item in match["evidence"] if item["facet"] == "product")
    # The document names her "Nørgaard", the record "Norgaard"; the name settles the product.
    assert "baby formula" in product["text"]
    assert product["checked_by"] in ("accepted_name+second_call", "second_call")
    # Infant cereals are another product: one condition short, never a match.
    assert [entry["entity_id"] for entry in accepted["undetermined"]] == ["ines_carvalho"]
