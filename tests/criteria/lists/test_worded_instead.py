"""For a niche that met nobody: the near misses' words for each open condition, nearest the
condition's own words first — a ranking, never an acceptance."""

from __future__ import annotations

from criteria.lists.worded_instead import PROPOSED_BY, worded_instead
from criteria.types import Facet
from limma.vocabulary import Vocabulary

FACETS = (
    Facet("function", "condition", "sold", value="Sales", axis="function", typed=True),
    Facet("product", "condition", "surgical stapling devices"),
    Facet("channel", "condition", "via government procurement", core="government procurement"),
)


def entry(person: str, **stated: str) -> dict:
    return {
        "entity_id": person,
        "reason": "silent",
        "missing_because": dict.fromkeys(stated, "different"),
        "different": [],
        "stated": stated,
    }


ENTRIES = [
    entry("anna", product="surgical staplers", channel="public tenders"),
    entry("bruno", product="surgical staplers", channel="private clinics"),
    entry("chiara", product="infant formula", channel="public tenders"),
    entry("dario", product="never surgical staplers"),  # a denial is never offered
    {**entry("eva", product="staple guns"), "reason": "conflict"},  # a conflict offers nothing
]


def ranked(key: str) -> list[tuple[str, int]]:
    block = worded_instead(ENTRIES, FACETS, list_limit=10, vocabulary=Vocabulary.shipped())
    assert block[key]["proposed_by"] == PROPOSED_BY
    return [(value["states"], value["people"]) for value in block[key]["values"]]


def test_the_words_nearest_the_condition_come_first_with_their_people():
    assert ranked("product") == [("surgical staplers", 2), ("infant formula", 1)]
    assert ranked("channel") == [("public tenders", 2), ("private clinics", 1)]


def test_similarities_are_given_and_fall_and_a_typed_condition_gets_none():
    block = worded_instead(ENTRIES, FACETS, list_limit=1, vocabulary=Vocabulary.shipped())

    assert "function" not in block
    product = block["product"]
    assert product["distinct"] == 2 and len(product["values"]) == 1
    assert 0 < product["values"][0]["similarity"] <= 1
