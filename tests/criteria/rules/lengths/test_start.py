"""The start check 6 is held to (criteria/rules/lengths/start.py): the model's, the reader's from
the experience's opening sentence, or the earlier of the two — beside the neighbours where the
other one is used: the same month written twice, a bare year against a month of it, a start the
model wrote that no date reads."""

from __future__ import annotations

import pytest

from criteria.rules.lengths.start import MODEL, READER, StartUsed, start_used, start_written

SINCE_2001 = "Since 2001 she has led marketing."
NO_DATE = "She leads marketing."


def opening(sentence: str) -> tuple[tuple[int, int], ...]:
    return ((0, len(sentence)),)


@pytest.mark.parametrize(
    ("sentence", "reported", "expected"),
    [
        pytest.param(NO_DATE, "2001", StartUsed("2001", MODEL, "2001", None), id="only_the_model"),
        pytest.param(NO_DATE, None, StartUsed(None, None, None, None), id="neither"),
        pytest.param(
            SINCE_2001, None, StartUsed("2001", READER, None, "2001"), id="only_the_reader"
        ),
        pytest.param(
            SINCE_2001, "2005", StartUsed("2001", READER, "2005", "2001"), id="the_reader_earlier"
        ),
        pytest.param(
            SINCE_2001, "1999", StartUsed("1999", MODEL, "1999", "2001"), id="the_model_earlier"
        ),
        # a bare year is read from its January: the earliest it can mean
        pytest.param(
            SINCE_2001,
            "March 2001",
            StartUsed("2001", READER, "March 2001", "2001"),
            id="a_bare_year_before_a_month_of_it",
        ),
        pytest.param(
            "Since June 2001 she has led marketing.",
            "2001",
            StartUsed("2001", MODEL, "2001", "June 2001"),
            id="a_month_after_a_bare_year",
        ),
        # the same month written two ways: the model's is kept
        pytest.param(
            "Since March 2001 she has led marketing.",
            "2001-03",
            StartUsed("2001-03", MODEL, "2001-03", "March 2001"),
            id="the_same_month",
        ),
        # a start the model wrote that no date reads: the reader's is used
        pytest.param(
            SINCE_2001,
            "early on",
            StartUsed("2001", READER, "early on", "2001"),
            id="the_models_unreadable",
        ),
    ],
)
def test_start_used(sentence, reported, expected):
    assert start_used(sentence, opening(sentence), reported) == expected


def test_without_an_experience_only_the_model_is_read():
    assert start_used(SINCE_2001, (), None) == StartUsed(None, None, None, None)
    assert start_used(SINCE_2001, (), "2005") == StartUsed("2005", MODEL, "2005", None)


def test_the_opening_sentence_is_the_experiences_first():
    text = "In 2010 she moved to Halden. Since 2001 she has led marketing."
    later, first = (29, len(text)), (0, 28)
    assert start_used(text, (later, first), None).read == "2010"


@pytest.mark.parametrize(
    ("sentence", "start"),
    [
        pytest.param("Since March 2001, and from 2001, she led the team.", "2001", id="bare_first"),
        pytest.param("From 2001, and since March 2001, she led the team.", "2001", id="bare_last"),
        pytest.param("From June 2001, and since March 2001, she led.", "March 2001", id="months"),
    ],
)
def test_the_earliest_start_written_is_read(sentence, start):
    assert start_written(sentence) == start


@pytest.mark.parametrize(
    ("read", "reported", "said"),
    [
        pytest.param("2001", None, True, id="the_model_reported_none"),
        pytest.param("2001", "2005", True, id="the_two_disagree"),
        pytest.param("March 2001", "2001-03", False, id="the_same_month"),
        pytest.param(None, "2005", False, id="nothing_read"),
    ],
)
def test_a_start_is_said_only_where_the_readers_counted(read, reported, said):
    used = StartUsed(read or reported, READER, reported, read)
    assert (used.said() is not None) is said
