"""Where a length's sentence stands and what it names (criteria/rules/lengths/form.py): the marks
before its body, a quoted line, an item under a colon, the organisations it writes — each beside
the neighbour that reads otherwise."""

from __future__ import annotations

import pytest

from criteria.rules.lengths.form import (
    ANOTHER,
    OWN,
    Mention,
    Standing,
    organisations_in,
    quoted_line,
    standing_of,
    under_a_colon,
)

HALDEN = "Halden Foods AS"
SAID = "Anneke has done this work for 20 years."


@pytest.mark.parametrize(
    ("sentence", "standing"),
    [
        pytest.param(SAID, Standing(SAID, 0, False), id="plain"),
        pytest.param("> " + SAID, Standing(SAID, 2, True), id="a_quote_mark"),
        pytest.param('> "' + SAID, Standing(SAID, 3, True), id="two_marks"),
        pytest.param('- "' + SAID, Standing(SAID, 3, True), id="an_item_then_a_mark"),
        pytest.param('"- ' + SAID, Standing(SAID, 3, True), id="a_mark_then_an_item"),
        pytest.param("- " + SAID, Standing(SAID, 2, False), id="an_item_is_no_mark"),
    ],
)
def test_standing_of(sentence, standing):
    assert standing_of(sentence, None) == standing


@pytest.mark.parametrize(
    ("before", "quoted"),
    [
        pytest.param("Intro.\n> ", True, id="a_quoted_line"),
        pytest.param("Intro.\r> ", True, id="a_quoted_line_behind_a_carriage_return"),
        pytest.param("> Intro.\r", False, id="a_quoted_line_above"),
        pytest.param("> Intro.\n", False, id="a_quoted_line_above_a_newline"),
        pytest.param("> Intro. ", True, id="the_same_line"),
    ],
)
def test_quoted_line(before, quoted):
    assert quoted_line(before + SAID, len(before)) is quoted


@pytest.mark.parametrize(
    ("before", "under"),
    [
        pytest.param("Claims:\n", True, id="right_under"),
        pytest.param("Claims:\n- ", True, id="an_item_right_under"),
        pytest.param("Claims:\n\n- ", True, id="an_item_behind_a_blank_line"),
        pytest.param("Claims:\n\n", False, id="prose_behind_a_blank_line"),
        pytest.param("Claims.\n", False, id="no_colon"),
    ],
)
def test_under_a_colon(before, under):
    assert under_a_colon(before + SAID, len(before)) is under


@pytest.mark.parametrize(
    ("sentence", "mentions"),
    [
        pytest.param(
            "Anneke led marketing at Brightwell Nutrition for 22 years.",
            [Mention(24, 44, ANOTHER)],
            id="another_organisation",
        ),
        pytest.param("Anneke led marketing for Germany for 22 years.", [], id="a_market"),
        pytest.param(
            "At Brightwell Nutrition she led marketing for 22 years.",
            [Mention(3, 23, ANOTHER)],
            id="an_organisation_first",
        ),
        pytest.param(
            "Anneke led marketing at AMEX for 22 years.",
            [Mention(24, 28, ANOTHER)],
            id="in_capitals_ending_in_x",
        ),
        pytest.param(
            "Anneke led marketing for Brightwell Nutrition AS for 22 years.",
            [Mention(25, 48, ANOTHER)],
            id="for_a_name_an_organisation_word_marks",
        ),
        pytest.param(
            "Anneke has led marketing for Halden Foods AS for 22 years.",
            [Mention(29, 44, OWN)],
            id="for_the_employer",
        ),
        pytest.param(
            "Anneke led marketing for baby formula at Brightwell Nutrition for 22 years.",
            [Mention(41, 61, ANOTHER)],
            id="another_organisation_behind_a_lower_case_for",
        ),
        pytest.param("For Germany she led marketing for 22 years.", [], id="a_market_first"),
        pytest.param(
            "Anneke led marketing for Germany at Brightwell Nutrition for 22 years.",
            [Mention(36, 56, ANOTHER)],
            id="another_organisation_behind_a_market",
        ),
        pytest.param(
            "For Germany she has worked at Brightwell Nutrition for 22 years.",
            [Mention(30, 50, ANOTHER)],
            id="another_organisation_behind_a_market_first",
        ),
    ],
)
def test_organisations_in(sentence, mentions):
    assert organisations_in(sentence, HALDEN) == mentions
