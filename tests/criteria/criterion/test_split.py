"""A model's split held to the text before anything is read (criteria/criterion/split.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from criteria.criterion import split as split_module
from criteria.criterion.split import SplitOutcome, split_checked, split_text
from limma import door
from limma.door import shapes
from limma.vocabulary import Vocabulary

NICHE = "20+ years marketing baby formula in European markets"
DURATION = {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20}
FUNCTION = {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"}
PRODUCT = {"key": "product", "kind": "condition", "text": "baby formula"}
DURATION_10 = {"key": "duration", "kind": "duration", "text": "10 years", "min_years": 10}
MARKET = {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"}
FACETS = [DURATION, FUNCTION, PRODUCT, MARKET]
VOCABULARY = Vocabulary.shipped()


def checked(text: str, facets: list[dict] = FACETS) -> SplitOutcome:
    return split_checked(text, facets, [], VOCABULARY)


def condition(key: str, text: str, **more: Any) -> dict[str, Any]:
    return {"key": key, "kind": "condition", "text": text, **more}


# -- the spec's examples ---------------------------------------------------------------------


def test_the_spec_split_is_accepted_with_its_actions():
    text = "Experts who led marketing for baby formula in European markets for 20+ years"
    outcome = checked(text)
    assert outcome.status == "accepted"
    assert outcome.actions == [
        {"action": "carried", "key": "function", "words": "Experts who led"},
        {"action": "lead_in", "key": "market", "core": "European markets", "words": "in"},
    ]
    shown = [(f.key, f.text, f.core, list(f.carried) or None) for f in outcome.facets]
    assert shown == [
        ("duration", "20+ years", None, None),
        ("function", "marketing", None, ["Experts who led"]),
        ("product", "baby formula", None, None),
        ("market", "in European markets", "European markets", None),
    ]
    assert outcome.unchecked_words == [] and outcome.incomplete == [] and outcome.suggested == []


def test_a_piece_no_facet_states_is_handed_back_with_a_suggestion():
    outcome = checked(NICHE + " through pharmacies")
    assert outcome.status == "incomplete"
    assert outcome.incomplete == [{"words": "through pharmacies", "why": "no_facet_states_it"}]
    assert [(f["kind"], f["text"]) for f in outcome.suggested] == [
        ("condition", "through pharmacies")
    ]
    assert [f.text for f in outcome.facets] == [f["text"] for f in FACETS]


def test_a_denial_is_handed_back_with_nothing_suggested():
    outcome = checked(NICHE + ", not in Asia")
    assert outcome.status == "incomplete"
    assert outcome.incomplete == [
        {"words": "not in Asia", "why": "negates_or_bounds_a_condition", "nothing_suggested": True}
    ]
    assert outcome.suggested == []


def test_an_ambiguous_piece_is_suggested_both_ways_under_one_shared_key():
    outcome = checked("20+ years marketing automation software", [DURATION])
    assert outcome.incomplete == [
        {"words": "marketing automation software", "why": "no_facet_states_it"}
    ]
    assert outcome.suggested == [
        condition("function", "marketing", value="Marketing", reading="split"),
        condition("automation_software", "automation software", reading="split"),
        condition("automation_software", "marketing automation software", reading="whole"),
    ]


def test_a_model_facet_joining_two_conditions_is_handed_back_both_ways():
    outcome = checked(NICHE, [DURATION, MARKET, condition("work", "marketing baby formula")])
    assert outcome.status == "incomplete"
    assert outcome.incomplete == [{"words": "marketing baby formula", "why": "joins_conditions"}]
    readings = [(f["key"], f["text"], f["reading"]) for f in outcome.suggested]
    assert readings == [
        ("function", "marketing", "split"),
        ("baby_formula", "baby formula", "split"),
        ("baby_formula", "marketing baby formula", "whole"),
    ]


# -- what no facet can state -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tail", "words", "why"),
    [
        (", not in Asia", "not in Asia", "negates_or_bounds_a_condition"),
        (", NOT in Asia", "NOT in Asia", "negates_or_bounds_a_condition"),
        (", nót in Asia", "nót in Asia", "negates_or_bounds_a_condition"),
        (" other than infant formula", "other than infant formula",
         "negates_or_bounds_a_condition"),
        (", experts who have never worked in sales", "never worked in sales",
         "negates_or_bounds_a_condition"),
        (" excluding Asia", "excluding Asia", "negates_or_bounds_a_condition"),
        (", ideally in Germany", "ideally in Germany", "a_preference"),
        (", Preferably in Germany", "Preferably in Germany", "a_preference"),
        (" or sales", "in European markets or sales", "an_alternative"),
        (" or  SALES", "in European markets or  SALES", "an_alternative"),
        (" for less than 5 years", "for less than 5 years", "no_minimum_in_years"),
        (" for up to five years", "for up to five years", "no_minimum_in_years"),
        (" for 18 months", "for 18 months", "no_minimum_in_years"),
        (" between 5 and 10 years", "between 5 and 10 years", "no_minimum_in_years"),
        (" in the same area", "in the same area", "names_nothing"),
        (" for 20 years in sales", "for 20 years in sales", "joins_conditions"),
    ],
    ids=[
        "a_denial", "a_capital_denial", "an_accented_denial", "an_exception",
        "framing_before_a_denial", "an_exclusion", "a_preference", "a_capital_preference",
        "an_alternative", "an_alternative_in_capitals_and_spaces", "an_upper_bound", "up_to",
        "months", "a_range", "words_that_name_nothing", "a_length_joined_to_a_condition",
    ],
)  # fmt: skip
def test_a_piece_no_facet_can_state_gets_no_suggestion(tail, words, why):
    outcome = checked(NICHE + tail)
    assert outcome.status == "incomplete"
    assert outcome.incomplete == [{"words": words, "why": why, "nothing_suggested": True}]
    assert outcome.suggested == []
    assert outcome.unchecked_words == [words]


@pytest.mark.parametrize(
    ("facet", "why"),
    [
        (condition("other", "not in Asia"), "negates_or_bounds_a_condition"),
        (condition("other", "ideally in Asia"), "a_preference"),
        (condition("other", "in Asia or Europe"), "an_alternative"),
        ({"key": "other", "kind": "duration", "text": "in Asia", "min_years": 3},
         "no_facet_states_it"),
    ],
    ids=["a_denial_as_a_condition", "a_preference_as_a_condition", "an_alternative_as_one",
         "a_condition_as_a_length"],
)  # fmt: skip
def test_a_model_facet_that_states_no_condition_is_handed_back(facet, why):
    outcome = checked(NICHE + ", " + facet["text"], [*FACETS, facet])
    assert outcome.status == "incomplete"
    assert outcome.incomplete[0]["words"] == facet["text"]
    assert outcome.incomplete[0]["why"] == why
    assert "market" in [f.key for f in outcome.facets]  # the model's own market still stands


@pytest.mark.parametrize(
    ("words", "why"),
    [("less than 5 years", "no_minimum_in_years"), ("18 months", "no_minimum_in_years")],
    ids=["an_upper_bound", "months"],
)
def test_a_model_duration_that_is_no_minimum_is_handed_back(words, why):
    facet = {"key": "duration", "kind": "duration", "text": words, "min_years": 5}
    outcome = checked(words + " marketing baby formula", [facet, FUNCTION, PRODUCT])
    assert outcome.incomplete == [{"words": words, "why": why, "nothing_suggested": True}]
    assert [f.key for f in outcome.facets] == ["function", "product"]


def test_a_model_min_years_is_the_count_its_words_state():
    outcome = checked(NICHE, [dict(DURATION, min_years=15), FUNCTION, PRODUCT, MARKET])
    assert outcome.status == "accepted"
    assert outcome.facets[0].min_years == 20
    assert {"action": "min_years", "key": "duration", "min_years": 20, "stated": 15} in (
        outcome.actions
    )


@pytest.mark.parametrize(
    ("tail", "suggested"),
    [
        (" for 10+ years", {"key": "duration_2", "kind": "duration", "text": "for 10+ years",
                            "min_years": 10}),
        (" currently", {"key": "recency", "kind": "recency", "text": "currently",
                        "current": True}),
        (" in the last 5 years", {"key": "recency", "kind": "recency",
                                  "text": "in the last 5 years", "within_years": 5}),
    ],
    ids=["a_length_left_out", "current_left_out", "within_years_left_out"],
)  # fmt: skip
def test_a_length_or_recency_left_out_is_suggested_as_its_kind(tail, suggested):
    outcome = checked(NICHE + tail)
    assert outcome.incomplete == [{"words": suggested["text"], "why": "no_facet_states_it"}]
    assert outcome.suggested == [suggested]


# -- what the reader completes or sets aside -------------------------------------------------


@pytest.mark.parametrize(
    ("tail", "key", "value", "actions"),
    [
        (" in Germany", "place", "Germany",
         [{"action": "completed", "key": "place", "words": "in Germany"},
          {"action": "lead_in", "key": "place", "core": "Germany", "words": "in"}]),
        (" and sales", "function_2", "Sales",
         [{"action": "completed", "key": "function_2", "words": "sales"}]),
        (" and SALES", "function_2", "Sales",
         [{"action": "completed", "key": "function_2", "words": "SALES"}]),
    ],
    ids=["a_country", "a_function_under_a_taken_key", "a_function_in_capitals"],
)  # fmt: skip
def test_a_piece_the_vocabulary_types_is_completed_by_the_reader(tail, key, value, actions):
    outcome = checked(NICHE + tail)
    assert outcome.status == "accepted"
    added = outcome.facets[-1]
    assert (added.key, added.value, added.typed, added.completed_by) == (key, value, True, "reader")
    assert outcome.actions[-len(actions) :] == actions


@pytest.mark.parametrize(
    ("text", "carried"),
    [
        ("Experts who led marketing baby formula", ("Experts who led",)),
        ("People who have worked in marketing baby formula", ("People who have worked in",)),
        ("Experts with marketing baby formula", ()),
        ("Who marketing baby formula", ()),
    ],
    ids=["a_verb_of_doing", "an_auxiliary_and_particle", "framing_only", "who_only"],
)
def test_framing_and_carried_lead_ins_leave_nothing_unchecked(text, carried):
    outcome = checked(text, [FUNCTION, PRODUCT])
    assert outcome.status == "accepted"
    assert outcome.facets[0].carried == carried and outcome.unchecked_words == []


@pytest.mark.parametrize(
    "text",
    [
        "experience with baby formula",
        "baby formula experience",
        "Experts with experience in baby formula",
        "10 years of experience in baby formula",
        "experienced in baby formula",
        "with a background in baby formula",
        "Experience with baby formula",
    ],
    ids=[
        "experience_with", "experience_behind", "framing_then_experience", "years_of_experience",
        "experienced_in", "a_background_in", "in_capitals",
    ],
)  # fmt: skip
def test_experience_is_framing_not_a_condition(text):
    facets = [PRODUCT] if "10 years" not in text else [DURATION_10, PRODUCT]
    outcome = checked(text, facets)
    assert outcome.status == "accepted"
    assert outcome.unchecked_words == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("experiential baby formula", "experiential"),
        ("experience design for baby formula", "design"),
        ("baby formula experience centres", "centres"),
    ],
    ids=["a_word_that_opens_like_it", "a_noun_behind_it", "a_noun_behind_it_after"],
)
def test_words_beside_experience_are_still_handed_back(text, words):
    outcome = checked(text, [PRODUCT])
    assert outcome.status == "incomplete"
    assert outcome.incomplete[0]["words"] == words


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Experts who marketed marketing baby formula", "marketed"),
        ("Experts who léd marketing baby formula", "léd"),
        ("Senior experts who led marketing baby formula", "Senior experts who led"),
    ],
    ids=["a_verb_not_on_the_list", "an_accented_verb", "a_word_before_the_framing"],
)
def test_words_beyond_the_closed_lists_are_handed_back(text, words):
    outcome = checked(text, [FUNCTION, PRODUCT])
    assert outcome.status == "incomplete"
    assert outcome.incomplete[0]["words"] == words


@pytest.mark.parametrize(
    ("words", "accepted"),
    [
        ("across Germany and France", True),
        ("across Germany, France and Poland", True),
        ("across Germany & France", True),
        ("across Germany and marketing", False),
        ("across Germany and Nordic markets", False),
    ],
    ids=["two_places", "three_places", "an_ampersand", "terms_of_two_axes", "a_word_more"],
)
def test_a_list_of_terms_of_one_axis_is_one_condition(words, accepted):
    outcome = checked(f"baby formula {words}", [PRODUCT, condition("market", words)])
    assert (outcome.status == "accepted") is accepted
    if accepted:
        market = outcome.facets[1]
        assert (market.value, market.typed, market.core) == (None, False, words[len("across ") :])
    else:
        assert outcome.incomplete[0]["why"] == "joins_conditions"


def test_a_list_left_out_is_suggested_whole():
    outcome = checked(NICHE + " across Germany and France")
    assert outcome.incomplete == [
        {"words": "across Germany and France", "why": "no_facet_states_it"}
    ]
    assert [(f["text"], f.get("reading")) for f in outcome.suggested] == [
        ("across Germany and France", None)
    ]


@pytest.mark.parametrize(
    ("words", "actions"),
    [
        ("at least 10 years", []),
        ("at most 10 years", None),
        ("for 10+ years", [{"action": "lead_in", "key": "duration", "core": "10+ years",
                            "words": "for"}]),
    ],
    ids=["at_least_is_no_lead_in", "at_most_is_no_minimum", "for_is_a_lead_in"],
)  # fmt: skip
def test_a_durations_lead_in_is_never_its_bound(words, actions):
    facet = {"key": "duration", "kind": "duration", "text": words, "min_years": 10}
    outcome = checked(f"marketing {words}", [FUNCTION, facet])
    if actions is None:
        assert outcome.incomplete[0]["why"] == "no_minimum_in_years"
    else:
        assert outcome.status == "accepted" and outcome.actions == actions
        assert outcome.facets[1].min_years == 10


def test_a_model_value_the_vocabulary_lacks_leaves_the_words_to_type():
    outcome = checked(NICHE, [DURATION, dict(FUNCTION, value="Marketeering"), PRODUCT, MARKET])
    function = outcome.facets[1]
    assert (function.value, function.typed) == ("Marketing", True)
    product = checked(NICHE, [DURATION, FUNCTION, dict(PRODUCT, value="baby formula"), MARKET])
    assert (product.facets[2].value, product.facets[2].typed) == (None, False)


# -- refused splits --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("facets", "faults"),
    [
        ([DURATION, condition("product", "baby food")], ["product:text_not_in_criterion"]),
        ([DURATION, condition("product", "baby formulas")], ["product:text_not_in_criterion"]),
        ([DURATION, condition("product", "baby  FORMULA")], []),
        ([FUNCTION, dict(PRODUCT, key="function")], ["function:key_duplicated"]),
        ([FUNCTION, condition("work", "marketing")], ["work:text_overlaps_another_facet"]),
        ([condition("", "marketing")], ["facets[0]:key_missing"]),
        ([condition("", "marketing"), condition("product", "baby food")],
         ["facets[0]:key_missing", "product:text_not_in_criterion"]),
    ],
    ids=["words_not_in_the_text", "one_letter_more", "case_and_spacing_aside",
         "a_key_twice", "the_same_words_twice", "no_key", "every_fault_after_no_key"],
)  # fmt: skip
def test_a_split_whose_facets_are_not_the_texts_words_is_refused(facets, faults):
    outcome = checked(NICHE, facets)
    if not faults:
        assert outcome.status != "failed"
        return
    assert (outcome.status, outcome.reason, outcome.faults) == (
        "failed",
        "decomposition_failed",
        faults,
    )
    assert outcome.facets == () and outcome.suggested == []


def test_a_split_of_nothing_but_framing_is_refused():
    outcome = checked("Experts who", [])
    assert (outcome.status, outcome.reason) == ("failed", "decomposition_failed")


def test_the_door_reply_shape_is_read_like_a_dict():
    facets = [shapes.Facet(**facet) for facet in FACETS]
    assert checked(NICHE, facets).status == "accepted"


def test_a_reply_item_of_plain_attributes_is_read_like_a_dict():
    facets = [SimpleNamespace(**facet) for facet in FACETS]
    outcome = checked(NICHE, facets)
    assert outcome.status == "accepted"
    assert [facet.key for facet in outcome.facets] == [facet["key"] for facet in FACETS]


@pytest.mark.parametrize(
    ("words", "held"),
    [
        ("baby  formula", "baby formula"),
        ("baby\tformula ", "baby formula"),
        ("baby formula", "baby formula"),
    ],
)
def test_a_model_facet_s_words_are_held_with_their_spacing_collapsed(words, held):
    outcome = checked(NICHE, [DURATION, FUNCTION, condition("product", words), MARKET])
    assert outcome.status == "accepted"
    assert outcome.facets[2].text == held


# -- the call --------------------------------------------------------------------------------


def reply_of(facets: list[dict]) -> shapes.SplitReply:
    return shapes.SplitReply(facets=[shapes.Facet(**f) for f in facets], incomplete=[])


def test_split_text_calls_the_splitter_once_and_checks_its_reply(monkeypatch):
    calls: list[tuple] = []

    def call(role: str, request: dict, *, context: Any) -> shapes.SplitReply:
        calls.append((role, request, context))
        return reply_of(FACETS)

    monkeypatch.setattr(split_module.door, "call", call)
    context = door.CallContext(workspace_id="w", api_key_id=1)
    outcome = split_text(text=NICHE, vocabulary=VOCABULARY, context=context)
    assert calls == [("criteria_splitter", {"text": NICHE}, context)]
    assert outcome.status == "accepted" and len(outcome.facets) == 4


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (lambda: door.ModelCallFailed(role="criteria_splitter", cause="timeout"),
         "decomposition_timeout"),
        (lambda: door.ModelCallFailed(role="criteria_splitter", cause="server_error"),
         "decomposition_failed"),
        (lambda: door.ModelCallFailed(role="criteria_splitter", cause="rate_limited"),
         "decomposition_failed"),
        (lambda: door.ModelReplyInvalid(role="criteria_splitter", faults=["facets:missing"]),
         "decomposition_failed"),
        (lambda: door.ModelUnavailable(role="criteria_splitter", provider="offline"),
         "model_unavailable"),
        (lambda: door.SpendSwitchOff(role="criteria_splitter"), "model_unavailable"),
    ],
    ids=["a_timeout", "a_server_error", "rate_limited", "a_malformed_reply",
         "no_model", "the_spend_switch"],
)  # fmt: skip
def test_a_failed_split_call_is_an_outcome_with_its_reason(monkeypatch, error, reason):
    def call(role: str, request: dict, *, context: Any) -> shapes.SplitReply:
        raise error()

    monkeypatch.setattr(split_module.door, "call", call)
    context = door.CallContext(workspace_id="w", api_key_id=1)
    outcome = split_text(text=NICHE, vocabulary=VOCABULARY, context=context)
    assert (outcome.status, outcome.reason, outcome.facets) == ("failed", reason, ())
    assert outcome.faults


def test_split_text_refuses_a_reply_that_is_not_the_texts_words(monkeypatch):
    monkeypatch.setattr(
        split_module.door, "call", lambda role, request, *, context: reply_of([DURATION])
    )
    context = door.CallContext(workspace_id="w", api_key_id=1)
    outcome = split_text(text="ten years of harbour pilotage", vocabulary=VOCABULARY,
                         context=context)  # fmt: skip
    assert (outcome.status, outcome.faults) == ("failed", ["duration:text_not_in_criterion"])


def test_the_decomposition_says_status_actions_and_incomplete():
    outcome = checked(NICHE + " through pharmacies")
    assert outcome.decomposition() == {
        "status": "incomplete",
        "actions": [
            {"action": "lead_in", "key": "market", "core": "European markets", "words": "in"}
        ],
        "incomplete": [{"words": "through pharmacies", "why": "no_facet_states_it"}],
    }
