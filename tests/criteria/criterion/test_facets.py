"""A caller's facets: what the reader makes of each, and every fault it names."""

from __future__ import annotations

from typing import Any

import pytest

from criteria.criterion.facet_words import duration_years
from criteria.criterion.facets import facets_from_caller
from limma.errors import InvalidRequest
from limma.vocabulary import Vocabulary

NICHE = "20+ years marketing baby formula in European markets"
DURATION = {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20}
FUNCTION = {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"}
PRODUCT = {"key": "product", "kind": "condition", "text": "baby formula"}
MARKET = {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"}
FACETS = [DURATION, FUNCTION, PRODUCT, MARKET]
VOCABULARY = Vocabulary.shipped()


def read(facets: list[Any], text: str = NICHE) -> tuple[dict[str, dict], list[str]]:
    made, unchecked = facets_from_caller(text, facets, VOCABULARY)
    return {facet.key: facet.echo() | {"axis": facet.axis} for facet in made}, unchecked


def faults(facets: Any, text: str = NICHE) -> list[str]:
    with pytest.raises(InvalidRequest) as refused:
        facets_from_caller(text, facets, VOCABULARY)
    assert refused.value.status == 422
    assert refused.value.type == "criterion_facets_invalid"
    return refused.value.detail()["faults"]


def named(key: str, **changed: Any) -> list[dict]:
    return [dict(facet, **changed) if facet["key"] == key else facet for facet in FACETS]


# -- the spec's examples ---------------------------------------------------------------------


def test_the_spec_split_is_typed_as_printed():
    echoed, unchecked = read(FACETS)
    typed = [(key, f["value"]) for key, f in echoed.items() if f["kind"] == "condition"]
    assert typed == [("function", "Marketing"), ("product", None), ("market", "Europe")]
    assert echoed["market"]["core"] == "European markets"
    assert echoed["product"]["typed"] is False and echoed["product"]["typed_reason"] is None
    assert unchecked == []


def test_two_conditions_in_one_facet_are_not_typed():
    work = {"key": "work", "kind": "condition", "text": "marketing baby formula"}
    echoed, unchecked = read([DURATION, MARKET, work])
    assert (echoed["work"]["typed"], echoed["work"]["typed_reason"]) == (
        False,
        "term_is_not_the_head",
    )
    assert unchecked == []


def test_a_word_no_facet_took_is_unchecked():
    _, unchecked = read([facet for facet in FACETS if facet["key"] != "function"])
    assert unchecked == ["marketing"]


@pytest.mark.parametrize(
    ("key", "name", "fault"),
    [
        ("market", "Southeast Asia", "market:also_name_outside_the_value"),
        ("product", "not baby formula", "product:also_name_negates"),
        ("product", "marketing", "product:also_name_is_another_condition"),
    ],
    ids=["a_place_outside_the_value", "a_denial", "another_conditions_words"],
)
def test_the_spec_refuses_these_names(key, name, fault):
    assert faults(named(key, also=[name])) == [fault]


@pytest.mark.parametrize(
    ("words", "years", "fault"),
    [
        ("less than 5 years", 5, "duration:min_years_is_no_minimum"),
        ("18 months", 18, "duration:min_years_not_in_years"),
    ],
    ids=["a_length_that_is_no_minimum", "a_length_not_in_years"],
)
def test_the_spec_refuses_these_lengths(words, years, fault):
    facets = [
        {"key": "duration", "kind": "duration", "text": words, "min_years": years},
        {"key": "function", "kind": "condition", "text": "marketing"},
        {"key": "product", "kind": "condition", "text": "baby formula"},
    ]
    assert faults(facets, text=words + " marketing baby formula") == [fault]


# -- lengths ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("20+ years", (20, "minimum")),
        ("more than five years", (5, "minimum")),
        ("a decade", (10, "minimum")),
        ("at least 15 years", (15, "minimum")),
        ("over 10 years", (10, "minimum")),
        ("15 years or more", (15, "minimum")),
        ("20 years", (20, "minimum")),
        ("two decades", (20, "minimum")),
        ("over a decade", (10, "minimum")),
        ("twenty-five years", (25, "minimum")),
        ("1.5 years", (1.5, "minimum")),
        ("20-plus years", (20, "minimum")),
        ("no less than 5 years", (5, "minimum")),
        ("20+  YEARS", (20, "minimum")),
        ("More Than Five Years", (5, "minimum")),
        ("less than 5 years", (None, "no_minimum")),
        ("up to five years", (None, "no_minimum")),
        ("between 5 and 10 years", (None, "no_minimum")),
        ("5-10 years", (None, "no_minimum")),
        ("5 years or less", (None, "no_minimum")),
        ("not more than 5 years", (None, "no_minimum")),
        ("nearly 20 years", (None, "no_minimum")),
        ("about 20 years", (None, "no_minimum")),
        ("several years", (None, "no_minimum")),
        ("a couple of years", (None, "no_minimum")),
        ("18 months", (None, "not_in_years")),
        ("18 month", (None, "not_in_years")),
        ("2 years and 6 months", (None, "not_in_years")),
        ("20+", (None, "not_in_years")),
        ("more than five yéars", (None, "not_in_years")),
        ("years", (None, "no_count")),
        ("seasoned", (None, "no_count")),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_duration_years_reads_a_minimum_in_years_only(words, expected):
    assert duration_years(words) == expected


# -- typing, core and carried ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "facet", "expected"),
    [
        ("marketing", {"text": "marketing"}, ("Marketing", True, None, None)),
        ("MARKETING", {"text": "marketing"}, ("Marketing", True, None, None)),
        ("márketing", {"text": "márketing"}, ("Marketing", True, None, None)),
        ("in marketing", {"text": "in marketing"}, ("Marketing", True, None, "marketing")),
        ("marketing baby formula", {"text": "marketing baby formula"},
         (None, False, "term_is_not_the_head", None)),
        ("baby formula marketing", {"text": "baby formula marketing"},
         (None, False, "term_is_not_the_head", None)),
        ("baby formula", {"text": "baby formula"}, (None, False, None, None)),
        ("in European markets", {"text": "in European markets", "value": "europe"},
         ("Europe", True, None, "European markets")),
        ("across Germany", {"text": "across Germany", "value": "germany"},
         ("Germany", True, None, "Germany")),
    ],
    ids=[
        "its_own_words_name_a_term", "a_capital", "an_accent", "behind_a_lead_in",
        "a_term_among_other_words", "a_term_last_among_other_words", "no_term_at_all",
        "a_value_given_in_another_case", "the_words_own_term_as_value",
    ],
)  # fmt: skip
def test_a_condition_is_typed_only_by_one_term(text, facet, expected):
    sent = {"key": "c", "kind": "condition", **facet}
    echoed, _ = read([sent], text=text)
    shown = echoed["c"]
    assert (shown["value"], shown["typed"], shown["typed_reason"], shown["core"]) == expected


@pytest.mark.parametrize(
    ("text", "carried", "unchecked"),
    [
        ("Experts who led marketing", ["Experts who led"], []),
        ("experts who lead marketing", ["experts who lead"], []),
        ("Who sold marketing", ["Who sold"], []),
        ("People who have worked in marketing", ["People who have worked in"], []),
        ("Experts  who   led marketing", ["Experts  who   led"], []),
        ("led marketing", ["led"], []),
        ("Senior led marketing", None, ["Senior led"]),
        ("marketed marketing", None, ["marketed"]),
        ("Experts who marketed marketing", None, ["marketed"]),
        ("Experts who léd marketing", None, ["léd"]),
        ("Experts who led the team in marketing", None, ["led the team"]),
        ("Experts with marketing", None, []),
        ("people who have marketing", None, []),
        ("Senior experts with marketing", None, ["Senior"]),
        ("Experts with hands-on marketing", None, ["hands-on"]),
        ("people with deep hands-on marketing", None, ["deep hands-on"]),
        ("with hands-on marketing", None, ["with hands-on"]),
    ],
    ids=[
        "framing_and_a_verb_of_doing", "lower_case_present_tense", "who_alone_frames",
        "an_auxiliary_and_a_particle", "extra_spaces", "a_verb_opening_the_text",
        "a_verb_behind_a_word_of_substance", "a_verb_not_on_the_list_opening_the_text",
        "a_verb_not_on_the_list", "an_accented_verb", "a_word_more_after_the_verb",
        "framing_only", "other_framing_only", "a_word_more_before_framing",
        "a_hyphenated_word_is_one", "two_words_after_framing", "with_without_framing_is_kept",
    ],
)  # fmt: skip
def test_plain_verbs_of_doing_are_carried_behind_framing_or_opening_the_text(
    text, carried, unchecked
):
    facet = {"key": "function", "kind": "condition", "text": "marketing"}
    echoed, left = read([facet], text=text)
    assert echoed["function"]["carried"] == carried
    assert left == unchecked


def test_the_model_split_text_carries_its_lead_in_under_a_callers_facets_too():
    text = "Experts who led marketing for baby formula in European markets for 20+ years"
    echoed, unchecked = read(FACETS, text=text)
    assert echoed["function"]["carried"] == ["Experts who led"]
    assert [echoed[key]["carried"] for key in ("duration", "product", "market")] == [None] * 3
    assert unchecked == []


@pytest.mark.parametrize(
    ("tail", "unchecked"),
    [
        (" through pharmacies", ["through pharmacies"]),
        (", not in Asia", ["not in Asia"]),
        (" or sales", ["or sales"]),
        (".", []),
        (" and", []),
    ],
    ids=["a_channel", "a_denial", "an_alternative", "a_full_stop", "a_connector"],
)
def test_words_after_the_facets_are_listed_as_unchecked(tail, unchecked):
    assert read(FACETS, text=NICHE + tail)[1] == unchecked


def test_the_echo_sent_back_is_accepted_as_the_same_facets():
    echoed, _ = read(FACETS)
    again, unchecked = read([{k: v for k, v in f.items() if k != "axis"} for f in echoed.values()])
    assert again == echoed and unchecked == []


# -- faults ----------------------------------------------------------------------------------


def one(text: str = "", **facet: Any) -> dict:
    return {"key": "k", "kind": "condition", "text": text} | facet


@pytest.mark.parametrize(
    ("facets", "expected"),
    [
        ([one("baby food")], ["k:text_not_in_criterion"]),
        ([one("European market")], ["k:text_not_in_criterion"]),
        ([one("baby  formulas")], ["k:text_not_in_criterion"]),
        ([one("bäby formula")], ["k:text_not_in_criterion"]),
        ([one("marketing"), one("marketing", key="k2")], ["k2:text_overlaps_another_facet"]),
        ([one("marketing"), one("baby formula")], ["k:key_duplicated"]),
        ([one("marketing", key="")], ["facets[0]:key_missing"]),
        ([one("marketing", key=None)], ["facets[0]:key_missing"]),
        (["marketing"], ["facets[0]:not_a_facet"]),
        ([one("marketing", kind="Condition")], ["k:kind_unknown"]),
        ([one("   ")], ["k:text_missing"]),
        ([one("marketing", value="Mars")], ["k:value_not_in_vocabulary"]),
        ([one("marketing", value="Sales")], ["k:value_is_not_what_the_words_name"]),
        ([one("marketing", min_years=20)], ["k:min_years_not_of_its_kind"]),
        ([one("20+ years", kind="duration")], ["k:min_years_missing"]),
        ([one("20+ years", kind="duration", min_years="20")], ["k:min_years_not_a_number"]),
        ([one("20+ years", kind="duration", min_years=True)], ["k:min_years_not_a_number"]),
        ([one("20+ years", kind="duration", min_years=15)], ["k:min_years_disagrees_with_text"]),
        ([one("20+ years", kind="duration", min_years=20, value="Europe")],
         ["k:value_not_of_its_kind"]),
        ([one("20+ years marketing", kind="duration", min_years=20)],
         ["k:text_is_more_than_a_length"]),
        ([one("marketing", kind="duration", min_years=20)], ["k:min_years_not_stated"]),
        ([one("in European markets", kind="recency")], ["k:current_or_within_years_missing"]),
        ([one("in European markets", kind="recency", current="yes")],
         ["k:current_not_a_boolean"]),
        ([one("20+ years", kind="condition")], ["k:condition_holds_a_length"]),
        ([one("baby formula", also="infant milks")], ["k:also_not_a_list"]),
        ([one("baby formula", also=[f"milk {n}" for n in range(13)])],
         ["k:also_too_many_names"]),
        ([one("baby formula", also=["one two three four five six seven"])],
         ["k:also_name_too_long"]),
        ([one("baby formula", also=[""])], ["k:also_name_names_nothing"]),
    ],
    ids=[
        "words_not_in_the_text", "one_letter_less", "one_letter_more", "an_accent",
        "the_same_words_twice", "a_key_twice", "an_empty_key", "no_key", "not_an_object",
        "a_capital_kind", "blank_text", "an_unknown_value", "a_value_the_words_do_not_name",
        "a_length_on_a_condition", "a_duration_without_min_years", "min_years_as_a_string",
        "min_years_as_a_boolean", "min_years_not_the_count_stated", "a_value_on_a_duration",
        "a_length_and_a_condition", "a_duration_that_states_no_length",
        "a_recency_that_says_when_nothing", "current_not_a_boolean", "a_condition_that_is_a_length",
        "also_a_string", "thirteen_names", "a_seven_word_name", "an_empty_name",
    ],
)  # fmt: skip
def test_each_fault_is_named(facets, expected):
    assert faults(facets, text=NICHE + " in Asia, ideally in Germany") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not in Asia", "condition_negates"),
        ("NOT in Asia", "condition_negates"),
        ("nót in Asia", "condition_negates"),
        ("other than infant formula", "condition_negates"),
        ("never worked in sales", "condition_negates"),
        ("outside of Europe", "condition_negates"),
        ("sales but not marketing", "condition_negates"),
        ("hasn't sold in Asia", "condition_negates"),
        ("ideally in Europe", "condition_is_a_preference"),
        ("Preferably in Europe", "condition_is_a_preference"),
        ("marketing or sales", "condition_is_an_alternative"),
        ("marketing/sales", "condition_is_an_alternative"),
        ("the same work", "condition_names_nothing"),
        ("for 18 months", "condition_holds_a_length"),
    ],
    ids=lambda value: value.replace(" ", "_"),
)
def test_a_condition_no_facet_can_state_is_refused(text, expected):
    assert faults([one(text)], text=text) == [f"k:{expected}"]


@pytest.mark.parametrize(
    ("facet", "name", "expected"),
    [
        ("product", "baby formula", "product:also_name_is_the_condition"),
        ("product", "Baby  Formulas", "product:also_name_is_the_condition"),
        ("market", "Europe", "market:also_name_is_the_condition"),
        ("market", "European markets", "market:also_name_is_the_condition"),
        ("product", "Marketing", "product:also_name_is_another_condition"),
        ("product", "brand management", "product:also_name_is_another_condition"),
        ("product", "in European markets", "product:also_name_is_another_condition"),
        ("product", "ideally infant milks", "product:also_name_negates"),
        ("product", "everything except infant milks", "product:also_name_negates"),
        ("product", "20 years", "product:also_name_is_a_length"),
        ("product", "2019", "product:also_name_is_a_length"),
        ("product", "infant milks for 5 years", "product:also_name_is_a_length"),
        ("product", "team", "product:also_name_names_nothing"),
        ("product", "the same work", "product:also_name_names_nothing"),
        ("market", "EMEA", "market:also_name_outside_the_value"),
        ("market", "Southeast  asia", "market:also_name_outside_the_value"),
        ("market", "Germany and Japan", "market:also_name_outside_the_value"),
    ],
    ids=[
        "its_own_words", "its_own_words_plural_case_and_spaces", "its_value", "its_core",
        "another_conditions_term", "an_alias_of_another_conditions_term",
        "another_conditions_words",
        "a_preference", "an_exception", "a_length", "a_number", "a_name_and_a_length", "a_team",
        "the_same_work", "broader_than_the_value", "outside_in_another_case",
        "a_list_one_outside",
    ],
)  # fmt: skip
def test_a_name_the_reader_can_tell_is_wrong_is_refused(facet, name, expected):
    assert faults(named(facet, also=[name])) == [expected]


@pytest.mark.parametrize(
    ("facet", "names"),
    [
        ("product", ["infant milks"]),
        ("product", ["infant milks", "infant milks"]),
        ("product", [f"milk {n}" for n in range(12)]),
        ("product", ["organic goat milk infant formula powders"]),
        ("product", ["omega-3 infant milks"]),
        ("product", ["non-dairy infant milks"]),
        ("market", ["Germany"]),
        ("market", ["Germany and Poland"]),
        ("market", ["German markets"]),
    ],
    ids=[
        "a_name", "a_name_twice", "twelve_names", "a_six_word_name", "a_number_inside_a_name",
        "a_hyphenated_non", "a_place_under_the_value", "places_under_the_value",
        "words_no_term_holds",
    ],
)  # fmt: skip
def test_a_name_in_bounds_is_accepted(facet, names):
    echoed, _ = read(named(facet, also=names))
    assert echoed[facet]["also"] == list(dict.fromkeys(names))


@pytest.mark.parametrize(
    ("words", "value"),
    [("across Germany", "Europe"), ("across Germany and Japan", "Europe"), ("in Asia", "Europe")],
    ids=["a_broader_term_than_the_words_name", "a_term_one_of_the_words_is_outside", "another"],
)
def test_a_value_must_be_what_the_words_name(words, value):
    sent = one(words, value=value)
    assert faults([sent], text=words) == ["k:value_is_not_what_the_words_name"]


def test_every_fault_is_named_at_once():
    facets = [
        {"key": "duration", "kind": "duration", "text": "less than 5 years", "min_years": 5},
        {"key": "function", "kind": "condition", "text": "sales"},
        {"key": "function", "kind": "condition", "text": "marketing"},
        {"key": "product", "kind": "condition", "text": "baby formula", "also": ["20 years"]},
    ]
    assert faults(facets, text="less than 5 years marketing baby formula") == [
        "duration:min_years_is_no_minimum",
        "function:text_not_in_criterion",
        "function:key_duplicated",
        "product:also_name_is_a_length",
    ]


@pytest.mark.parametrize(
    ("facets", "expected"),
    [([], ["facets:empty"]), ({"key": "k"}, ["facets:not_a_list"])],
    ids=["no_facets", "not_a_list"],
)
def test_facets_must_be_a_list_of_some(facets, expected):
    assert faults(facets) == expected


@pytest.mark.parametrize(
    "text",
    ["outside sales", "no-code platforms", "non-dairy creamer", "Nordic markets", "notebooks"],
    ids=["outside_is_a_kind_of_sales", "a_hyphenated_no", "a_hyphenated_non", "no_inside_a_word",
         "not_inside_a_word"],
)  # fmt: skip
def test_a_condition_near_a_refusing_word_is_accepted(text):
    echoed, unchecked = read([one(text)], text=text)
    assert echoed["k"]["text"] == text and unchecked == []


@pytest.mark.parametrize(
    ("words", "facet", "expected"),
    [
        ("currently", {"current": True}, (True, None)),
        ("in the last 5 years", {"within_years": 5}, (None, 5.0)),
        ("within the past five years", {"within_years": 5}, (None, 5.0)),
    ],
    ids=["current", "within_years", "within_years_in_words"],
)
def test_a_recency_states_current_or_within_years(words, facet, expected):
    sent = {"key": "recency", "kind": "recency", "text": words, **facet}
    echoed, _ = read([sent], text=words + " marketing")
    assert (echoed["recency"]["current"], echoed["recency"]["within_years"]) == expected


def test_a_recency_whose_count_disagrees_with_its_words_is_refused():
    sent = {"key": "recency", "kind": "recency", "text": "in the last 5 years", "within_years": 3}
    assert faults([sent], text="in the last 5 years") == [
        "recency:within_years_disagrees_with_text"
    ]


@pytest.mark.parametrize(
    ("words", "core", "min_years"),
    [
        ("20+ years", None, 20),
        ("for 20+ years", "20+ years", 20),
        ("at least 15 years", None, 15),
        ("For A Decade", "A Decade", 10),
    ],
    ids=["no_lead_in", "a_lead_in", "at_least_is_its_bound", "capitals"],
)
def test_a_duration_is_held_to_its_words_without_a_lead_in(words, core, min_years):
    sent = {"key": "duration", "kind": "duration", "text": words, "min_years": min_years}
    echoed, unchecked = read([sent], text=f"marketing {words}")
    assert (echoed["duration"]["core"], echoed["duration"]["min_years"]) == (core, min_years)
    assert unchecked == ["marketing"]


@pytest.mark.parametrize(
    ("text", "carried", "unchecked"),
    [
        # Right behind another facet, a plain verb of doing leads into the next one: carried.
        ("20+ years selling baby formula", ["selling"], []),
        ("20+ years  sold baby formula", ["sold"], []),
        # Near neighbours: a break between them, a word of substance, or a verb off the list.
        ("20+ years, selling baby formula", None, ["selling"]),
        ("20+ years of selling baby formula", None, ["of selling"]),
        ("20+ years marketed baby formula", None, ["marketed"]),
    ],
    ids=["behind_a_facet", "behind_a_facet_spaced", "behind_a_comma", "behind_a_word",
         "a_verb_not_on_the_list"],
)  # fmt: skip
def test_a_verb_of_doing_right_behind_another_facet_is_carried(text, carried, unchecked):
    echoed, left = read([DURATION, PRODUCT], text=text)
    assert echoed["product"]["carried"] == carried
    assert left == unchecked
