"""A criterion's address and the reader's identity (criteria/criterion/address.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from criteria.criterion.address import (
    READER_SWITCHES,
    READER_VERSION,
    SWEEPS,
    criterion_address,
    normalised_text,
    reader_identity,
)

NICHE = "20+ years marketing baby formula in European markets"
FACETS = [
    {"key": "duration", "kind": "duration", "text": "20+ years", "min_years": 20},
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
]
CHECK = {"relation": "held_role", "party_slot": "company"}


def address(
    text: str = NICHE,
    facets: Any = None,
    record_check: Any = None,
    version: str = READER_VERSION,
) -> str:
    return criterion_address(
        text=text, facets_as_sent=facets, record_check=record_check, reader_version=version
    )


def with_product(**changed: Any) -> list[dict]:
    return [dict(f, **changed) if f["key"] == "product" else f for f in FACETS]


def test_an_address_is_crit_and_sixteen_hex_digits():
    assert re.fullmatch(r"crit_[0-9a-f]{16}", address())


def test_an_address_does_not_drift():
    # Stored criteria are found by address: a change here orphans every one of them. Only a new
    # reader version may change it (reader-2: accepted names, subjects and recency were wired).
    assert address() == "crit_1263acf362ebe279"
    # The identity judgments are stored under changed with the reader's own sweeps (each one a
    # switch): what a reader without them stored is another reader's, and is not served.
    assert reader_identity() == "3a88cdd25e40a582"


@pytest.mark.parametrize("sweep", SWEEPS)
def test_each_sweep_is_a_switch_of_the_reader(sweep):
    assert READER_SWITCHES[sweep] is True
    without = reader_identity(switches={**READER_SWITCHES, sweep: False})
    assert without != reader_identity()
    assert without == reader_identity(switches={**READER_SWITCHES, sweep: False})


def test_a_reader_without_the_sweeps_is_another_reader():
    before = {"length_from_record": False}
    assert reader_identity(switches=before) == "eeeb1640f78879f3"  # the identity before them
    assert reader_identity(switches=before) != reader_identity()


@pytest.mark.parametrize(
    ("other", "same"),
    [
        (NICHE.upper(), True),
        (NICHE.replace(" ", "  "), True),
        ("  " + NICHE + "\n", True),
        (NICHE.replace(" ", "\t"), True),
        (NICHE.replace(" ", "\u00a0"), True),
        (NICHE + ".", False),
        (NICHE.replace("European", "Européan"), False),
        (NICHE.replace("20+", "20 +"), False),
        (NICHE.replace("markets", "market"), False),
        ("20+ years marketing infant formula in European markets", False),
    ],
    ids=[
        "capitals", "double_spaces", "spaces_around", "tabs", "no_break_spaces",
        "a_final_full_stop", "an_accent", "a_space_inside_a_word", "one_letter_less",
        "another_phrasing",
    ],
)  # fmt: skip
def test_the_text_is_itself_but_for_case_and_spacing(other, same):
    assert (address(other) == address()) is same
    assert (normalised_text(other) == normalised_text(NICHE)) is same


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        (None, FACETS, False),
        (FACETS, list(reversed(FACETS)), True),
        (FACETS, [dict(f, typed=True, core=None, carried=None) for f in FACETS], True),
        (FACETS, with_product(text="Baby  Formula"), True),
        (FACETS, [dict(f, min_years=20.0) if "min_years" in f else f for f in FACETS], True),
        (FACETS, with_product(value="Baby formula"), False),
        (FACETS, with_product(key="goods"), False),
        (FACETS, FACETS[:3], False),
        (FACETS, with_product(also=["infant milks"]), False),
        (with_product(also=["infant milks", "follow-on milks"]),
         with_product(also=["follow-on milks", "infant milks"]), True),
        (with_product(also=["infant milks"]), with_product(also=["Infant  Milks"]), True),
        (with_product(also=["infant milks"]), with_product(also=["infant milk"]), False),
        (FACETS, with_product(also=[]), True),
    ],
    ids=[
        "a_models_split_and_a_callers", "facets_in_another_order", "echo_fields_aside",
        "a_facets_case_and_spacing", "min_years_as_a_float", "another_value", "another_key",
        "a_facet_less", "a_name_accepted", "names_in_another_order", "a_names_case",
        "a_name_one_letter_less", "no_names",
    ],
)  # fmt: skip
def test_the_split_and_the_names_are_part_of_the_identity(first, second, same):
    assert (address(facets=first) == address(facets=second)) is same


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        (None, CHECK, False),
        (CHECK, dict(CHECK), True),
        (CHECK, dict(CHECK, label_slot="title"), False),
        (CHECK, dict(CHECK, label_slot=None), True),
        (CHECK, dict(CHECK, party_slot="employer"), False),
        (CHECK, dict(CHECK, note="ignored"), True),
    ],
    ids=[
        "a_check_stated",
        "the_same_check",
        "a_label_slot_stated",
        "a_label_slot_of_none",
        "another_party_slot",
        "a_field_that_is_no_slot",
    ],
)
def test_the_record_checks_slots_are_part_of_the_identity(first, second, same):
    assert (address(facets=FACETS, record_check=first) == address(
        facets=FACETS, record_check=second
    )) is same  # fmt: skip


def test_the_reader_version_is_part_of_the_identity():
    assert address(version="reader-0") != address()
    assert address(facets=FACETS, version=READER_VERSION + "-next") != address(facets=FACETS)


@pytest.mark.parametrize(
    "facets",
    ["not a list", [1, 2], [{"key": ["x"], "also": "infant milks", "min_years": True}], {}],
    ids=["a_string", "numbers", "odd_fields", "an_object"],
)
def test_a_malformed_split_still_has_an_address(facets):
    # The address is computed before the facets' own check refuses them with named faults.
    assert re.fullmatch(r"crit_[0-9a-f]{16}", address(facets=facets))


def test_the_reader_identity_is_its_version_and_every_switch():
    assert re.fullmatch(r"[0-9a-f]{16}", reader_identity())
    switches = {"length_from_record": False, **dict.fromkeys(SWEEPS, True)}
    assert switches == READER_SWITCHES
    assert reader_identity() == reader_identity(READER_VERSION, switches)
    assert reader_identity(switches={**switches, "length_from_record": True}) != reader_identity()
    assert reader_identity(READER_VERSION + "-next") != reader_identity()
    assert reader_identity(switches={**switches, "other": False}) != reader_identity()
