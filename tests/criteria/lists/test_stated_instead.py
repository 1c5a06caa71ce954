"""What the near-misses state instead (criteria/lists/stated_instead.py), and the ON_RECORD
example of accepting a name, rebuilt from hand-built entries (docs/concepts.md#stated-instead)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from criteria.lists.stated_instead import could_send_back, stated_instead
from criteria.rules.names.rule import (
    ACCEPTED_NAME_AND_SECOND_CALL,
    REFUSED,
    SETTLED,
    VOTE,
    checked_by_for,
    find_stated,
    name_fate,
    name_stated,
    other_conditions_of,
    stated_for_others_of,
    vocabulary_terms_of,
)
from criteria.types import Facet, Quote
from limma.vocabulary import Vocabulary
from tests.criteria.niche import DURATION, FACETS, FUNCTION, MARKET, PRODUCT

VOCABULARY = Vocabulary.shipped()
TERMS = vocabulary_terms_of(VOCABULARY)
NAMED = (DURATION, FUNCTION, replace(PRODUCT, also=("infant milks",)), MARKET)


def entry(
    entity_id: str,
    facet: str = "product",
    why: str = "different",
    states: str | None = None,
    *,
    text: str | None = None,
    value: str | None = None,
    stated: str | None = None,
    reason: str = "silent",
    more_open: dict[str, str] | None = None,
) -> dict[str, Any]:
    """An undetermined entry one condition short, as criteria/lists/four.py builds it, with the
    stated words on its `different` quote (and, given `stated`, under "stated")."""
    different = []
    if states is not None or text is not None:
        quote = Quote(facet, text or states or "", "doc", 0, 1, value=value, states=states)
        different.append(quote.as_json())
    built: dict[str, Any] = {
        "entity_id": entity_id,
        "reason": reason,
        "missing_because": {facet: why, **(more_open or {})},
        "different": different,
    }
    if stated is not None:
        built["stated"] = {facet: stated}
    return built


def offered(entries: list[dict], facets: tuple[Facet, ...] = FACETS, limit: int = 10) -> dict:
    listed = stated_instead(entries, facets, list_limit=limit, vocabulary=VOCABULARY)
    return {
        key: (value["distinct"], [(v["states"], v["people"]) for v in value["values"]])
        for key, value in listed.items()
    }


# -- the spec's ON_RECORD example ------------------------------------------------------------

# The three people short of the product alone, and others of the read who are not offered.
OTTOLINE = ("ottoline_brandvold", "Ottoline Brandvold", "From 2004 her portfolio centred on "
            "infant milks.", "her portfolio centred on infant milks")  # fmt: skip
RAGNHILD = ("ragnhild_storvik", "Ragnhild Storvik", "Ragnhild Storvik launched infant milks in "
            "Poland.", "launched infant milks in Poland")  # fmt: skip
BENEDIKTE = ("benedikte_ravn", "Benedikte Ravn", "Benedikte Ravn designed packaging for infant "
             "milks.", "designed packaging for infant milks")  # fmt: skip
ON_RECORD = [
    entry(OTTOLINE[0], states="infant milks", text=OTTOLINE[3]),
    entry(RAGNHILD[0], states="infant milks", text=RAGNHILD[3]),
    entry(BENEDIKTE[0], states="packaging for infant milks", text=BENEDIKTE[3]),
    # short of the market: the vocabulary places Southeast Asia outside Europe
    entry(
        "sunniva_lie",
        "market",
        states="Southeast Asia",
        text="across Southeast Asia",
        value="Southeast Asia",
    ),
    # the product's words read in another role
    entry("tove_engen", why="second_call:role_different", states="infant milks"),
    # two conditions short
    entry("ingvild_moe", states="infant milks", more_open={"duration": "duration_unknown"}),
    # a conflict
    entry("marit_dahl", states="infant milks", reason="conflict"),
]


def test_the_spec_near_misses_state_instead_as_printed():
    lines = [
        f"{key} | {distinct} distinct | {values}"
        for key, (distinct, values) in offered(ON_RECORD).items()
    ]
    assert lines == [
        "product | 2 distinct | [('infant milks', 2), ('packaging for infant milks', 1)]"
    ]


def named_quote(person: tuple[str, str, str, str], states: str) -> tuple[Quote | None, str]:
    """The product quote of one person once "infant milks" is accepted: the name their stated
    words are, the name's fate by its own sentence, and the second call (scripted: own work)."""
    entity_id, name, sentence, quoted = person
    start = sentence.index(quoted)
    quote = Quote("product", quoted, entity_id, start, start + len(quoted), states=states)
    accepted = name_stated(states, NAMED[2].also)
    if accepted is None:
        return None, "different"
    span = find_stated(sentence, states)
    assert span is not None
    fate = name_fate(
        sentence=sentence,
        name_span=span,
        person=name,
        other_conditions=other_conditions_of(NAMED, "product", VOCABULARY),
        vocabulary_terms=TERMS,
        stated_for_others=stated_for_others_of(NAMED, "product", {}),
    )
    if fate.fate == REFUSED:
        return None, "different"
    checked_by = checked_by_for(fate)
    named = accepted if fate.fate == SETTLED else None
    return replace(quote, checked_by=checked_by, accepted_name=named), fate.fate


def test_the_spec_accepted_name_matches_two_ways_and_leaves_packaging_offered():
    printed, undetermined = [], []
    for person, states, first in (
        (OTTOLINE, "infant milks", ON_RECORD[0]),
        (RAGNHILD, "infant milks", ON_RECORD[1]),
        (BENEDIKTE, "packaging for infant milks", ON_RECORD[2]),
    ):
        quote, _ = named_quote(person, states)
        if quote is None:
            undetermined.append(first)
            continue
        product = quote.as_json()
        printed.append(
            f"{person[0]} | {product['text']!r} | the name: {product.get('accepted_name')} "
            f"| checked by {product['checked_by']}"
        )
    still = stated_instead(undetermined, NAMED, list_limit=10, vocabulary=VOCABULARY)
    printed.append(
        f"still offered: {[(v['states'], v['people']) for v in still['product']['values']]}"
    )
    printed.append(
        f"not matched by the name: {[(e['entity_id'], e['missing_because']) for e in undetermined]}"
    )
    assert printed == [
        "ottoline_brandvold | 'her portfolio centred on infant milks' | the name: infant milks "
        "| checked by accepted_name+second_call",
        "ragnhild_storvik | 'launched infant milks in Poland' | the name: None "
        "| checked by second_call",
        "still offered: [('packaging for infant milks', 1)]",
        "not matched by the name: [('benedikte_ravn', {'product': 'different'})]",
    ]


def test_the_two_matches_rest_on_two_different_things():
    ottoline, settled = named_quote(OTTOLINE, "infant milks")
    ragnhild, vote = named_quote(RAGNHILD, "infant milks")
    assert (settled, vote) == (SETTLED, VOTE)
    assert ottoline is not None and ottoline.checked_by == ACCEPTED_NAME_AND_SECOND_CALL
    assert ottoline.accepted_name == "infant milks"
    assert ragnhild is not None and "accepted_name" not in ragnhild.as_json()


def test_a_name_the_criterion_already_holds_is_never_offered_again():
    # Had the name left one of them undetermined (the second call said no), their words would
    # still not be offered: the criterion holds them now.
    entries = [ON_RECORD[0], ON_RECORD[2]]
    assert offered(entries, NAMED) == {"product": (1, [("packaging for infant milks", 1)])}


# -- counting and cutting ---------------------------------------------------------------------


def test_values_are_cut_at_list_limit_and_distinct_stays_whole():
    entries = [
        entry("a", states="infant milks"),
        entry("b", states="infant milks"),
        entry("c", states="follow-on milks"),
        entry("d", states="growing-up milks"),
    ]
    assert offered(entries, limit=2) == {
        "product": (3, [("infant milks", 2), ("follow-on milks", 1)])
    }
    assert offered(entries, limit=0) == {"product": (3, [])}


@pytest.mark.parametrize("limit", [-1, 201])
def test_a_list_limit_outside_0_to_200_is_refused(limit):
    with pytest.raises(ValueError):
        offered([], limit=limit)


def test_most_people_first_then_by_words():
    entries = [
        entry("a", states="yoghurt"),
        entry("b", states="Cereals"),
        entry("c", states="infant milks"),
        entry("d", states="infant milks"),
        entry("e", states="baby food"),
    ]
    assert offered(entries)["product"][1] == [
        ("infant milks", 2),
        ("baby food", 1),
        ("Cereals", 1),
        ("yoghurt", 1),
    ]


def test_one_name_however_written_is_one_value_shown_as_most_write_it():
    entries = [
        entry("a", states="infant milks"),
        entry("b", states="the infant milks"),
        entry("c", states="Infant milk"),
        entry("d", states="infant milks"),
    ]
    assert offered(entries) == {"product": (1, [("infant milks", 4)])}


def test_a_person_is_counted_once():
    entries = [entry("a", states="infant milks"), entry("a", states="infant milk")]
    assert offered(entries) == {"product": (1, [("infant milks", 1)])}


def test_a_condition_nobody_offers_words_for_is_left_out():
    assert offered([]) == {}
    assert offered([entry("a", "function", states="category planning")]) == {
        "function": (1, [("category planning", 1)])
    }


# -- what an entry must carry -----------------------------------------------------------------


def test_the_first_readings_stated_words_win_over_a_quotes():
    first = entry("a", states="infant formula milks", stated="infant milks")
    assert offered([first]) == {"product": (1, [("infant milks", 1)])}


def test_stated_words_without_a_different_quote_are_offered():
    assert offered([entry("a", stated="infant milks")]) == {"product": (1, [("infant milks", 1)])}


def test_a_quotes_text_is_never_offered_in_place_of_stated_words():
    assert offered([entry("a", text="She sold infant milks across Poland.")]) == {}


@pytest.mark.parametrize(
    "why",
    ["different", "second_call:different", "second_call:no", "typing_call:no_term"],
)
def test_the_reasons_that_state_another_value_offer_it(why):
    assert offered([entry("a", why=why, states="infant milks")]) == {
        "product": (1, [("infant milks", 1)])
    }


@pytest.mark.parametrize(
    "why",
    [
        "second_call:role_different",
        "second_call:another_role",
        "second_call:beside_the_work",
        "second_call:not_the_person",
        "second_call:failed",
        "second_call:unsure",
        "silent",
        "quote_not_in_document",
        "quote_outside_experience",
        "typer_and_vocabulary_disagree",
        "typing_call:failed",
    ],
)
def test_words_read_in_another_role_or_not_read_are_not_offered(why):
    assert offered([entry("a", why=why, states="infant milks")]) == {}


def test_only_people_one_condition_short_and_no_conflict_are_counted():
    assert offered(ON_RECORD[5:]) == {}
    assert offered([entry("a", "duration", "duration_unknown", states="20 years")]) == {}


# -- only words a caller could send back ------------------------------------------------------


@pytest.mark.parametrize(
    ("facet", "states", "value"),
    [
        pytest.param("market", "Southeast Asia", "Southeast Asia", id="placed_outside_by_a_quote"),
        pytest.param("market", "Southeast Asia", None, id="placed_outside_by_its_words"),
        pytest.param("market", "across Southeast Asia", None, id="outside_behind_a_preposition"),
        pytest.param("market", "EMEA", None, id="broader_than_the_value"),
        pytest.param("market", "Germany and Brazil", None, id="one_place_outside"),
        pytest.param("product", "everything except infant milks", None, id="a_denial"),
        pytest.param("product", "not baby food", None, id="a_not"),
        pytest.param("product", "infant milks other than goat", None, id="other_than"),
        pytest.param("product", "ideally infant milks", None, id="a_preference"),
        pytest.param("product", "She sold infant milks across Poland", None, id="a_sentence"),
        pytest.param("product", "sold infant milks", None, id="a_verb_phrase"),
        pytest.param("product", "infant milks; yoghurt", None, id="sentence_punctuation"),
        pytest.param("product", "her own infant milks", None, id="a_pronoun"),
        pytest.param(
            "product", "infant milks for calves and foals in Norway", None, id="seven_words"
        ),
        pytest.param("product", "marketing director", None, id="a_rank"),
        pytest.param("product", "VP", None, id="a_rank_alone"),
        pytest.param("product", "head of sales", None, id="a_rank_of_a_function"),
        pytest.param("product", "senior brand manager", None, id="a_qualified_rank"),
        pytest.param("product", "Poland", None, id="a_country_under_a_product"),
        pytest.param("product", "Germany and France", None, id="countries_under_a_product"),
        pytest.param("function", "Poland", None, id="a_country_under_a_function"),
        pytest.param("product", "baby formula", None, id="the_conditions_own_words"),
        pytest.param("product", "baby formulas", None, id="its_own_words_plural"),
        pytest.param("product", "marketing", None, id="another_conditions_words"),
        pytest.param("product", "European markets", None, id="another_conditions_core"),
        pytest.param("product", "brand management", None, id="another_conditions_term"),
        pytest.param("product", "5 years", None, id="a_length"),
        pytest.param("product", "a decade", None, id="a_length_in_words"),
        pytest.param("product", "2019", None, id="a_number"),
        pytest.param("product", "the same work", None, id="names_nothing"),
        pytest.param("product", "team", None, id="a_team"),
    ],
)
def test_words_no_caller_could_send_back_are_not_offered(facet, states, value):
    assert offered([entry("a", facet, states=states, value=value)]) == {}


@pytest.mark.parametrize(
    ("facet", "states"),
    [
        pytest.param("product", "Greek yoghurt", id="a_demonym_is_no_country"),
        pytest.param("product", "omega-3 infant milks", id="a_number_in_a_name"),
        pytest.param("product", "IT services", id="IT_is_no_it"),
        pytest.param("product", "managed nutrition", id="a_participle_in_a_name"),
        pytest.param("product", "LED lighting", id="LED_is_no_led"),
        pytest.param("product", "follow-on milks", id="a_hyphenated_name"),
        pytest.param("product", "no-code tools", id="no_code_is_no_denial"),
        pytest.param("product", "brand merchandise", id="a_rank_qualifier_is_no_rank"),
        pytest.param("product", "packaging for infant milks", id="a_longer_phrase"),
        pytest.param("product", "infant milks and yoghurt", id="a_list"),
        pytest.param("market", "Alpine cluster", id="words_the_vocabulary_cannot_place"),
        pytest.param("market", "the Nordics", id="a_place_under_the_value"),
        pytest.param("product", "infant milks for calves and foals", id="six_words"),
    ],
)
def test_neighbours_a_caller_could_send_back_are_offered(facet, states):
    assert could_send_back(states, {f.key: f for f in FACETS}[facet], FACETS, VOCABULARY)
